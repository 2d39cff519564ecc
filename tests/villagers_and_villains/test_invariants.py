"""Seeded random play-outs through the shared invariant harness, 2 to 5 mayors, basic and
advanced game.

Besides the harness's own checks (round trips, clones, refusals, fair determinize,
traces, replays), the engine's audit runs after every move: gold conserved with the
bank, every card in exactly one place, nothing negative, the King's Favor in one place.
"""

from __future__ import annotations

import pytest

from village_games import villagers_and_villains as vv
from village_games.core.invariants import run_playouts


@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_with_deep_checks(players: int,
                                                             advanced: bool) -> None:
    stats = run_playouts(vv.new_game, range(1),
                         options=lambda s: {"players": players, "advanced": advanced,
                                            "ordinance": players % 2 == 1,
                                            "pony_express": players % 2 == 0},
                         deep_every=11)
    assert stats.finished == 1 and stats.illegal_checked > 50


def test_hundreds_of_random_games_end_and_conserve_everything() -> None:
    stats = run_playouts(vv.new_game, range(100, 300),
                         options=lambda s: {"players": 2 + s % 4, "advanced": s % 2 == 0,
                                            "ordinance": s % 3 == 0,
                                            "pony_express": s % 5 < 2},
                         deep_every=4999)
    assert stats.finished == 200
    assert min(stats.lengths) > 20
