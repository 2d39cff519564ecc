"""Seeded random play-outs through the shared invariant harness, 2 to 5 players.

Besides the harness's own checks (round trips, clones, refusals, fair determinize,
traces, replays), the engine's audit runs after every move: Gold conserved with the
Bank, every villager card in exactly one place, Basic Villagers conserved, stacking
hints and drafting/build limits never exceeded, no Monk or Apprentice left on top.
"""

from __future__ import annotations

import pytest

from village_games import villagers
from village_games.core.invariants import run_playouts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_with_deep_checks(players: int) -> None:
    stats = run_playouts(villagers.new_game, range(2), options=lambda s: {"players": players},
                         deep_every=7)
    assert stats.finished == 2 and stats.illegal_checked > 100


def test_hundreds_of_random_games_end_and_conserve_everything() -> None:
    stats = run_playouts(villagers.new_game, range(100, 300),
                         options=lambda s: {"players": 2 + s % 4}, deep_every=997)
    assert stats.finished == 200
    assert min(stats.lengths) > 20
