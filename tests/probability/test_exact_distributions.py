"""Exact distributions: dice and game payoffs with answers known in closed form."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from village_games.probability import (
    Distribution,
    convolve,
    estimate,
    expected_payoff,
    payoff_distribution,
    sample_matches,
)

DIE = Distribution(np.arange(1, 7), np.full(6, 1 / 6))


def test_fair_die_has_textbook_mean_and_variance() -> None:
    assert DIE.mean() == pytest.approx(3.5)
    assert DIE.variance() == pytest.approx(35 / 12)


def test_prob_adds_up_outcomes_matching_predicate() -> None:
    assert DIE.prob(lambda face: face % 2 == 0) == pytest.approx(0.5)
    assert DIE.prob(lambda face: face > 6) == 0.0


def test_two_dice_sum_matches_enumeration_of_all_36_rolls() -> None:
    total = convolve(DIE, DIE)
    counted: dict[int, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        counted[a + b] = counted.get(a + b, Fraction(0)) + Fraction(1, 36)
    assert list(total.values) == sorted(counted)
    np.testing.assert_allclose(total.probabilities, [float(counted[k]) for k in sorted(counted)])
    assert total.prob(lambda s: s == 7) == pytest.approx(6 / 36)
    assert total.mean() == pytest.approx(7.0)
    assert total.variance() == pytest.approx(35 / 6)


def test_convolving_three_coins_gives_binomial() -> None:
    coin = Distribution.from_mix([0, 1], [0.5, 0.5])
    heads = convolve(coin, coin, coin)
    np.testing.assert_array_equal(heads.values, [0, 1, 2, 3])
    np.testing.assert_allclose(heads.probabilities, [1 / 8, 3 / 8, 3 / 8, 1 / 8])


def test_convolve_merges_sums_that_differ_only_by_rounding() -> None:
    tenths = Distribution([0.1, 0.2], [0.5, 0.5])
    total = convolve(tenths, Distribution([0.2, 0.1], [0.5, 0.5]))
    np.testing.assert_allclose(total.values, [0.2, 0.3, 0.4])
    np.testing.assert_allclose(total.probabilities, [0.25, 0.5, 0.25])


def test_from_mix_adds_probability_of_repeated_labels() -> None:
    dist = Distribution.from_mix(["win", "lose", "win"], [0.25, 0.5, 0.25])
    assert dist.as_dict() == {"win": 0.5, "lose": 0.5}
    assert dist.prob(lambda outcome: outcome == "win") == pytest.approx(0.5)


def test_mean_of_label_distribution_is_a_type_error() -> None:
    moves = Distribution.from_mix(["rock", "paper", "scissors"], np.full(3, 1 / 3))
    with pytest.raises(TypeError, match="real-number outcomes"):
        moves.mean()


def test_payoff_distribution_mean_equals_expected_payoff() -> None:
    game = np.array([[3.0, -1.0, 0.0], [-2.0, 1.0, 4.0]])
    row, col = np.array([0.4, 0.6]), np.array([0.5, 0.3, 0.2])
    dist = payoff_distribution(game, row, col)
    assert dist.mean() == pytest.approx(expected_payoff(game, row, col))
    # Payoff 0 only happens as (row 0, column 2): 0.4 * 0.2.
    assert dist.as_dict()[0.0] == pytest.approx(0.08)
    assert dist.prob(lambda x: x > 0) == pytest.approx(0.4 * 0.5 + 0.6 * 0.3 + 0.6 * 0.2)


def test_payoff_distribution_drops_impossible_outcomes_and_merges_equal_payoffs() -> None:
    rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    dist = payoff_distribution(rps, [1, 0, 0], np.full(3, 1 / 3))
    assert dist.as_dict() == pytest.approx({-1.0: 1 / 3, 0.0: 1 / 3, 1.0: 1 / 3})


def test_simulated_frequencies_match_exact_payoff_distribution() -> None:
    game = np.array([[2.0, -1.0], [-1.0, 1.0]])
    row, col = np.array([0.3, 0.7]), np.array([0.6, 0.4])
    exact = payoff_distribution(game, row, col)
    samples = sample_matches(game, row, col, 100_000, np.random.default_rng(17))
    for value, probability in exact.as_dict().items():
        assert np.mean(samples == value) == pytest.approx(probability, abs=0.006)
    assert estimate(samples).covers(exact.mean())


def test_three_rounds_total_is_convolution_of_one_round() -> None:
    game = np.array([[1.0, -1.0], [-1.0, 1.0]])
    one_round = payoff_distribution(game, [0.5, 0.5], [0.5, 0.5])
    three = convolve(one_round, one_round, one_round)
    np.testing.assert_array_equal(three.values, [-3, -1, 1, 3])
    np.testing.assert_allclose(three.probabilities, [1 / 8, 3 / 8, 3 / 8, 1 / 8])


def test_sample_draws_only_possible_outcomes_with_right_frequency() -> None:
    draws = DIE.sample(60_000, np.random.default_rng(4))
    assert set(np.unique(draws)) <= set(range(1, 7))
    assert np.mean(draws == 6) == pytest.approx(1 / 6, abs=0.01)


@pytest.mark.parametrize(
    ("values", "probabilities", "message"),
    [
        ([1, 2], [0.5, 0.6], "sum to 1"),
        ([1, 2], [1.2, -0.2], r"in \[0, 1\]"),
        ([1, 2, 3], [0.5, 0.5], "1-D array of 3 probabilities"),
        ([], [], "non-empty"),
    ],
)
def test_bad_distribution_is_rejected(
    values: list[float], probabilities: list[float], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Distribution(np.array(values), np.array(probabilities))


def test_convolve_needs_at_least_one_distribution() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        convolve()
