"""A quiet search copy plays exactly the game a logged one does.

Quiet copies take short cuts (no events, whole Pillage and Earning phases at once when
nobody can choose anything, the apply fast path): after every move their state must match
the logged game's, and they must offer the same choices.
"""

from __future__ import annotations

import random

import pytest

from village_games import villagers_and_villains as vv
from village_games.core.errors import IllegalAction

UNLOGGED = ("history", "log")


def _state(g: vv.Game) -> dict:
    return {k: v for k, v in g.to_dict().items() if k not in UNLOGGED}


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_quiet_copy_follows_the_logged_game(players: int, advanced: bool) -> None:
    for seed in range(6):
        g = vv.new_game(players=players, seed=seed, advanced=advanced)
        q = g.clone(keep_log=False)
        rnd = random.Random(seed).random
        while not g.is_over():
            seat = g.to_act()[0]
            assert q.to_act() == [seat]
            legal = g.legal_actions(seat)
            assert tuple(q.legal_actions(seat)) == tuple(legal)
            action = legal[int(rnd() * len(legal))]
            g.apply(seat, action)
            assert q.apply(seat, action) == []
            assert _state(q) == _state(g)
        assert q.is_over() and q.outcome() == g.outcome()
        assert not q.history and not q.log


def test_quiet_copy_still_refuses_an_action_not_offered() -> None:
    q = vv.new_game(players=3, seed=1).clone(keep_log=False)
    seat = q.to_act()[0]
    q.legal_actions(seat)
    before = q.to_dict()
    with pytest.raises(IllegalAction):
        q.apply((seat + 1) % 3, q.legal_actions(seat)[0])
    assert q.to_dict() == before
