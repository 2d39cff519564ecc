"""Seeded random play-outs through the shared invariant harness, 2 to 5 players.

Besides the harness's own checks (round trips, clones, refusals, fair determinize,
traces, replays), the engine's audit runs after every move: all 72 cards in exactly one
place (deck, discard pile, hands, villages, graveyards, the battlefield), known cards
really in their hands, hands in card order, villages holding only their colour and grey
cards, turn limits kept, running totals equal to the scored rounds.
"""

from __future__ import annotations

import pytest

from village_games import villages
from village_games.core.invariants import run_playouts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_rounds_keep_every_invariant_with_deep_checks(players: int) -> None:
    stats = run_playouts(villages.new_game, range(3),
                         options=lambda s: {"players": players, "max_rounds": 1},
                         deep_every=5)
    assert stats.finished == 3 and stats.illegal_checked > 50


def test_whole_games_to_100_end_and_conserve_every_card() -> None:
    stats = run_playouts(villages.new_game, range(100, 130),
                         options=lambda s: {"players": 2 + s % 4}, deep_every=997)
    assert stats.finished == 30
    assert min(stats.lengths) > 50


def test_hundreds_of_seeded_rounds_keep_every_invariant() -> None:
    stats = run_playouts(villages.new_game, range(1000, 1250),
                         options=lambda s: {"players": 2 + s % 4, "max_rounds": 1},
                         deep_every=401)
    assert stats.finished == 250
