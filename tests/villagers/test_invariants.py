"""Seeded random play-outs through the shared invariant harness, 2 to 5 players.

Besides the harness's own checks (round trips, clones, refusals, fair determinize,
traces, replays), the engine's audit runs after every move: Gold conserved with the
Bank, every villager card in exactly one place, Basic Villagers conserved, stacking
hints and drafting/build limits never exceeded, no Monk or Apprentice left on top.
"""

from __future__ import annotations

import itertools

import pytest

from village_games import villagers
from village_games.core.invariants import run_playouts
from village_games.villagers.expansions import EXPANSIONS, PLAYERS


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


COMBOS = [c for r in range(1, 5) for c in itertools.combinations(EXPANSIONS, r)]


def expansion_options(seed: int) -> dict:
    """Every combination of expansions in turn, at a player count each of them allows."""
    combo = COMBOS[seed % len(COMBOS)]
    hi = min(PLAYERS[name][1] for name in combo)
    return {"players": 2 + (seed // len(COMBOS)) % (hi - 1), "expansions": list(combo)}


def test_every_combination_of_expansions_keeps_every_invariant_with_deep_checks() -> None:
    stats = run_playouts(villagers.new_game, range(len(COMBOS)), options=expansion_options,
                         deep_every=7)
    assert stats.finished == len(COMBOS) and stats.illegal_checked > 100


def test_a_hundred_expansion_games_end_and_conserve_everything() -> None:
    stats = run_playouts(villagers.new_game, range(1000, 1100), options=expansion_options,
                         deep_every=997)
    assert stats.finished == 100


def test_solo_games_against_the_countess_keep_every_invariant() -> None:
    """Beginner, normal and Hard in turn: the Countess's village, the event decks and the
    Jester go through the same round trips, refusals, fair determinize and audits."""
    stats = run_playouts(villagers.new_game, range(150),
                         options=lambda s: {"players": 1,
                                            "solo_mode": ("beginner", "normal", "hard")[s % 3]},
                         deep_every=31)
    assert stats.finished == 150 and stats.illegal_checked > 100
