"""Each engine's observation is what its TypedDict (views.py) says: the same keys, at the
top and in each seat's entry, in every mode; mypy checks the kinds, this the keys that a
dict built in parts (a mode's section) could still get wrong."""

import random

import pytest

from village_games import village_pillage, villagers, villagers_and_villains, villages
from village_games.core import Observation, SeatBasics
from village_games.village_pillage.views import PillageObservation
from village_games.village_pillage.views import PlayerView as PillagePlayer
from village_games.villagers.views import ExpansionsView, SoloView, VillagersObservation
from village_games.villagers.views import PlayerView as VillagersPlayer
from village_games.villagers_and_villains.views import PlayerView as VVPlayer
from village_games.villagers_and_villains.views import VVObservation
from village_games.villages.views import PlayerView as VillagesPlayer
from village_games.villages.views import VillagesObservation

CASES = [
    (village_pillage, {}, 3, PillageObservation, PillagePlayer),
    (village_pillage, {}, 2, PillageObservation, PillagePlayer),
    (villagers, {}, 3, VillagersObservation, VillagersPlayer),
    (villagers, {"solo_mode": "normal"}, 1, VillagersObservation, VillagersPlayer),
    (villagers, {"expansions": ["saints", "scoundrels", "profiteers", "developments"]}, 3,
     VillagersObservation, VillagersPlayer),
    (villagers_and_villains, {"advanced": True}, 3, VVObservation, VVPlayer),
    (villages, {"locations": True}, 3, VillagesObservation, VillagesPlayer),
]


def keys(typed: type) -> tuple[set[str], set[str]]:
    """(every key, the keys a dict may leave out) of a TypedDict. (Its annotations are
    text here: `NotRequired[...]` is read from the text.)"""
    declared = typed.__annotations__
    optional = {k for k, v in declared.items()
                if getattr(v, "__forward_arg__", str(v)).startswith("NotRequired[")
                or not typed.__total__ and k not in Observation.__annotations__}
    return set(declared), optional


@pytest.mark.parametrize("module, options, players, typed, seat_typed", CASES,
                         ids=lambda x: getattr(x, "__name__", str(x)))
def test_observations_hold_the_keys_their_typed_dict_declares(module, options, players,
                                                              typed, seat_typed):
    g = module.new_game(players=players, seed=3, **options)
    rnd = random.Random(3)
    declared, optional = keys(typed)
    seat_declared, _ = keys(seat_typed)
    assert set(Observation.__annotations__) <= declared  # (every engine fills the base)
    assert set(SeatBasics.__annotations__) <= seat_declared
    for _ in range(60):
        for viewer in (None, *range(g.num_players)):
            obs = g.observation(viewer)
            assert declared - optional <= set(obs) <= declared, viewer
            for p in obs["players"]:
                assert set(p) == seat_declared
        if g.is_over():
            break
        p = g.to_act()[0]
        acts = g.legal_actions(p)
        g.apply(p, acts[rnd.randrange(len(acts))])


def test_the_modes_sections_are_there_only_in_their_modes():
    solo = villagers.new_game(players=1, seed=1).observation(0)
    assert set(solo["solo"]) == set(SoloView.__annotations__) and "expansions" not in solo
    ext = villagers.new_game(players=3, seed=1, expansions=["saints", "developments"])
    obs = ext.observation(0)
    assert set(obs["expansions"]) == set(ExpansionsView.__annotations__)
    assert "solo" not in obs
    assert {"solo", "expansions"}.isdisjoint(villagers.new_game(players=3).observation(0))
