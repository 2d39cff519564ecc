"""Seeded random play-outs with every combination of the expansion options, through the
shared invariant harness (round trips, clones, refusals, fair determinize, replays) and
the engine's audit: every card conserved, each village holding only cards that fit it,
the Location card in play and out of its pile."""

from __future__ import annotations

from itertools import combinations

import pytest

from village_games import villages
from village_games.core.invariants import run_playouts

OPTIONS = ("locations", "dark_light", "dual")
COMBOS = [dict.fromkeys(c, True) for k in range(1, 4) for c in combinations(OPTIONS, k)]


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "+".join(c))
def test_seeded_rounds_with_expansions_keep_every_invariant(combo: dict) -> None:
    stats = run_playouts(villages.new_game, range(40),
                         options=lambda s: {"players": 2 + s % 4, "max_rounds": 1, **combo},
                         deep_every=401)
    assert stats.finished == 40 and stats.illegal_checked > 5


def test_whole_games_with_every_expansion_end_and_round_trip() -> None:
    stats = run_playouts(villages.new_game, range(500, 503),
                         options=lambda s: {"players": 2 + s % 3, "locations": True,
                                            "dark_light": True, "dual": True},
                         deep_every=997)
    assert stats.finished == 3 and min(stats.lengths) > 50
