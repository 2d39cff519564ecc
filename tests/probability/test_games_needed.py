"""Exact binomial answers to "how many games before the interval tells the bots apart"."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from village_games.probability.games_needed import (
    chance_to_tell,
    expected_width,
    games_needed,
    wins_to_tell,
)
from village_games.probability.intervals import share_interval


def test_the_threshold_is_the_fewest_wins_whose_interval_clears_the_fair_share() -> None:
    k = wins_to_tell(50, 0.5)
    assert share_interval(k, 50).low > 0.5 >= share_interval(k - 1, 50).low


def test_the_chance_to_tell_is_the_binomial_tail_beyond_the_threshold() -> None:
    k = wins_to_tell(100, 0.5)
    assert chance_to_tell(100, 0.6, 0.5) == pytest.approx(binom.sf(k - 1, 100, 0.6))
    # checked against simulated wins: 200,000 draws of 100 games
    wins = np.random.default_rng(1).binomial(100, 0.6, size=200_000)
    assert chance_to_tell(100, 0.6, 0.5) == pytest.approx(np.mean(wins >= k), abs=0.005)


def test_more_games_tell_more_often_and_narrow_the_interval() -> None:
    assert chance_to_tell(400, 0.6, 0.5) > chance_to_tell(100, 0.6, 0.5) > 0.3
    assert expected_width(400, 0.6) < expected_width(100, 0.6) / 1.8  # about 1/sqrt(n)


def test_games_needed_is_the_first_count_that_reaches_the_chance() -> None:
    n = games_needed(0.7, 0.5, chance=0.8)
    assert chance_to_tell(n, 0.7, 0.5) >= 0.8
    assert all(chance_to_tell(m, 0.7, 0.5) < 0.8 for m in range(1, n))
    assert games_needed(0.5, 0.5) is None  # no edge: no number of games will do


def test_bad_numbers_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="games must be a whole number of at least 1"):
        chance_to_tell(0, 0.6, 0.5)
    with pytest.raises(ValueError, match="the true share must be from 0 to 1"):
        expected_width(10, 1.5)
    with pytest.raises(ValueError, match="chance must be between 0 and 1"):
        games_needed(0.6, 0.5, chance=1.0)
