"""`Game.apply`'s one gate, in every engine, while a legal list is handed out: the very
objects of that list pass at once, an equal copy or the action's dict passes the full
test, and anything else is refused with nothing changed."""

import dataclasses
import random

import pytest

from village_games import village_pillage, villagers, villagers_and_villains, villages
from village_games.core import IllegalAction

ENGINES = [village_pillage, villagers, villagers_and_villains, villages]
NAMES = [m.INFO.name for m in ENGINES]


def positions(module, moves=40):
    """A seeded 3-player game after each of its first `moves` moves, the seat to act and
    the list just handed out to them."""
    g = module.new_game(players=3, seed=11)
    rnd = random.Random(11)
    for _ in range(moves):
        if g.is_over():
            return
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        yield g, seat, legal
        g.apply(seat, legal[int(rnd.random() * len(legal))])


def played(g, seat, action):
    twin = g.clone()
    twin.apply(seat, action)
    return twin.to_dict()


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_an_equal_copy_or_the_dict_of_a_listed_action_plays_as_the_listed_one(module):
    for g, seat, legal in positions(module):
        listed = legal[len(legal) // 2]
        copy = dataclasses.replace(listed)
        assert copy == listed
        after = played(g, seat, listed)
        for other in (copy, listed.to_dict()):
            twin = g.clone()
            twin.legal_actions(seat)  # (handed out, so the gate looks in it first)
            twin.apply(seat, other)
            assert twin.to_dict() == after


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_what_is_not_listed_is_refused_with_nothing_changed_while_a_list_is_handed_out(
        module):
    seen = [a for g, seat, legal in positions(module) for a in legal]
    for g, seat, legal in positions(module, moves=12):
        before = g.to_dict()
        unlisted = [a for a in seen if a not in legal][::50][:6]  # (from other moments)
        assert unlisted
        for garbage in [None, 42, [], {"type": []}, {"type": "Nothing"}, *unlisted]:
            with pytest.raises(IllegalAction):
                g.apply(seat, garbage)
            assert g.to_dict() == before
            assert list(g.legal_actions(seat)) == list(legal)
