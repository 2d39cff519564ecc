"""Every engine's `clone` carries the core's fields (`Game.copy_record`): a copy keeps the
history, the log and the scenario the game began from; a quiet search copy keeps none."""

import random

import pytest

from village_games.engines import ENGINES, engine
from village_games.villagers_and_villains import VillagersAndVillains


def _scenario(name: str):
    """A game begun from a hand-written position (so its record carries `start`)."""
    if name == "villagers_and_villains":  # (its scenarios name the players' holdings)
        return VillagersAndVillains.from_dict(
            {"players": [{"gold": 3}, {"gold": 5}], "seed": 1, "phase": "recruit"})
    g = engine(name).new_game(players=2, seed=1)
    return type(g).from_dict({k: v for k, v in g.to_dict().items()
                              if k not in ("history", "log")})


@pytest.mark.parametrize("name", ENGINES)
def test_a_clone_keeps_the_record_and_a_quiet_copy_keeps_none(name: str) -> None:
    g = _scenario(name)
    assert g.start is not None
    rng = random.Random(1)
    for _ in range(5):
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    twin = g.clone()
    assert (twin.start, twin.history, twin.log, twin.quiet) == (g.start, g.history, g.log,
                                                                 False)
    assert twin.history is not g.history and twin.record() == g.record()
    quiet = g.clone(keep_log=False)
    assert (quiet.start, quiet.history, quiet.log, quiet.quiet) == (None, [], [], True)
    assert quiet.clone().quiet  # a copy of a quiet copy is quiet too
