"""Monte Carlo sampling and confidence intervals, checked against exact answers."""

from __future__ import annotations

import numpy as np
import pytest

from village_games.probability import (
    Estimate,
    estimate,
    expected_payoff,
    in_batches,
    running_mean_with_ci,
    sample_matches,
)

GAME = np.array([[3.0, -1.0, 0.0], [-2.0, 1.0, 4.0]])
ROW = np.array([0.4, 0.6])
COL = np.array([0.5, 0.3, 0.2])
# Exact expected payoff worked out by hand:
# 0.4 * (1.5 - 0.3 + 0) + 0.6 * (-1.0 + 0.3 + 0.8) = 0.48 + 0.06 = 0.54
EXACT_MEAN = 0.54


def test_exact_mean_used_below_agrees_with_expected_payoff() -> None:
    assert expected_payoff(GAME, ROW, COL) == pytest.approx(EXACT_MEAN)


def test_monte_carlo_mean_lies_within_ci_of_exact_expected_payoff() -> None:
    samples = sample_matches(GAME, ROW, COL, 200_000, np.random.default_rng(12345))
    result = estimate(samples)
    assert result.trials == 200_000
    assert result.covers(EXACT_MEAN)
    assert result.ci_low < result.mean < result.ci_high
    assert result.half_width < 0.02


def test_confidence_interval_shrinks_like_one_over_root_trials() -> None:
    rng = np.random.default_rng(99)
    small = estimate(sample_matches(GAME, ROW, COL, 1_000, rng))
    large = estimate(sample_matches(GAME, ROW, COL, 100_000, rng))
    ratio = small.half_width / large.half_width
    assert 7 < ratio < 13  # sqrt(100) = 10, give or take sampling noise


def test_sampled_move_pairs_follow_the_product_of_mixes() -> None:
    # Distinct entries let us read the move pair back off each payoff.
    game = np.arange(6, dtype=float).reshape(2, 3)
    samples = sample_matches(game, ROW, COL, 100_000, np.random.default_rng(3))
    frequencies = np.bincount(samples.astype(int), minlength=6) / samples.size
    np.testing.assert_allclose(frequencies, np.outer(ROW, COL).ravel(), atol=0.006)


def test_pure_strategies_always_give_the_same_payoff() -> None:
    samples = sample_matches(GAME, [0, 1], [0, 0, 1], 50, np.random.default_rng(0))
    np.testing.assert_array_equal(samples, np.full(50, 4.0))


def test_same_seed_replays_the_same_matches() -> None:
    first = sample_matches(GAME, ROW, COL, 1_000, np.random.default_rng(42))
    second = sample_matches(GAME, ROW, COL, 1_000, np.random.default_rng(42))
    np.testing.assert_array_equal(first, second)


def test_estimate_matches_textbook_formulas() -> None:
    samples = np.array([1.0, 2.0, 4.0, 7.0])
    result = estimate(samples)
    mean = 3.5
    sample_sd = np.sqrt(((samples - mean) ** 2).sum() / 3)  # = sqrt(21/3) = sqrt(7)
    assert result == Estimate(
        mean=pytest.approx(mean),
        std_error=pytest.approx(sample_sd / 2),
        ci_low=pytest.approx(mean - 1.959963984540054 * sample_sd / 2),
        ci_high=pytest.approx(mean + 1.959963984540054 * sample_sd / 2),
        trials=4,
    )


def test_higher_confidence_gives_wider_interval() -> None:
    samples = np.random.default_rng(1).normal(size=500)
    assert estimate(samples, 0.99).half_width > estimate(samples, 0.95).half_width
    assert estimate(samples, 0.99).half_width / estimate(samples).std_error == pytest.approx(
        2.5758293035489
    )


def test_running_mean_band_agrees_with_estimate_at_every_prefix() -> None:
    samples = sample_matches(GAME, ROW, COL, 300, np.random.default_rng(8))
    means, lower, upper = running_mean_with_ci(samples)
    assert means.shape == lower.shape == upper.shape == (300,)
    np.testing.assert_allclose(means, np.cumsum(samples) / np.arange(1, 301), atol=1e-12)
    for n in (2, 10, 57, 300):
        prefix = estimate(samples[:n])
        assert lower[n - 1] == pytest.approx(prefix.ci_low)
        assert upper[n - 1] == pytest.approx(prefix.ci_high)


def test_running_mean_first_band_is_undefined() -> None:
    means, lower, upper = running_mean_with_ci(np.array([5.0, 7.0]))
    assert means[0] == 5.0 and np.isnan(lower[0]) and np.isnan(upper[0])
    assert lower[1] < means[1] == 6.0 < upper[1]


def test_running_band_is_accurate_for_payoffs_far_from_zero() -> None:
    # Large offsets would wreck a naive sum-of-squares variance.
    samples = 1e9 + np.random.default_rng(5).normal(size=1_000)
    _, lower, upper = running_mean_with_ci(samples)
    direct = estimate(samples)
    assert upper[-1] - lower[-1] == pytest.approx(direct.ci_high - direct.ci_low, rel=1e-6)


def test_running_band_narrows_as_trials_grow() -> None:
    samples = sample_matches(GAME, ROW, COL, 20_000, np.random.default_rng(11))
    _, lower, upper = running_mean_with_ci(samples)
    width = upper - lower
    assert width[99] > 3 * width[9_999] > 0
    assert lower[-1] <= EXACT_MEAN <= upper[-1]


def test_batches_add_up_to_total_with_smaller_last_batch() -> None:
    assert list(in_batches(2_500, 1_000)) == [1_000, 1_000, 500]
    assert list(in_batches(3_000, 1_000)) == [1_000, 1_000, 1_000]
    assert list(in_batches(7, 10)) == [7]
    assert list(in_batches(0, 10)) == []


def test_batched_sampling_matches_one_big_draw_in_distribution() -> None:
    rng = np.random.default_rng(21)
    parts = [sample_matches(GAME, ROW, COL, size, rng) for size in in_batches(50_000, 7_000)]
    samples = np.concatenate(parts)
    assert samples.size == 50_000
    assert estimate(samples).covers(EXACT_MEAN)


@pytest.mark.parametrize(("total", "batch_size"), [(-1, 10), (10, 0), (10, 2.5)])
def test_bad_batch_arguments_are_rejected(total: object, batch_size: object) -> None:
    with pytest.raises(ValueError, match=r"integer >= [01]"):
        list(in_batches(total, batch_size))  # type: ignore[arg-type]


@pytest.mark.parametrize("trials", [0, -5, 10.0])
def test_trials_must_be_a_positive_integer(trials: object) -> None:
    with pytest.raises(ValueError, match="trials must be an integer >= 1"):
        sample_matches(GAME, ROW, COL, trials, np.random.default_rng(0))  # type: ignore[arg-type]


def test_rng_must_be_a_generator() -> None:
    with pytest.raises(TypeError, match="default_rng"):
        sample_matches(GAME, ROW, COL, 10, 42)  # type: ignore[arg-type]


def test_mix_that_does_not_sum_to_one_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"col_mix probabilities must sum to 1"):
        sample_matches(GAME, ROW, [0.5, 0.5, 0.5], 10, np.random.default_rng(0))


def test_mix_of_wrong_length_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"row_mix must be a 1-D array of 2 probabilities"):
        sample_matches(GAME, [1.0], COL, 10, np.random.default_rng(0))


@pytest.mark.parametrize(
    ("samples", "message"),
    [
        ([1.0], "at least 2"),
        ([[1.0, 2.0]], "1-D"),
        ([1.0, np.nan], "finite"),
    ],
)
def test_bad_samples_are_rejected(samples: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        estimate(samples)  # type: ignore[arg-type]


@pytest.mark.parametrize("confidence", [0.0, 1.0, 95])
def test_confidence_must_be_strictly_between_zero_and_one(confidence: float) -> None:
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        estimate([1.0, 2.0], confidence)
