import numpy as np
import pytest
from scipy.stats import ttest_1samp

from village_games.probability.intervals import (
    GroupMean,
    pooled_mean_interval,
    sd_from_mean_interval,
    share_interval,
)


def test_an_interval_of_a_share_stays_inside_zero_and_one_and_is_never_empty():
    for method in ("wilson", "exact"):
        none = share_interval(0, 40, method=method)
        assert none.low == 0.0 and none.high > 0.05  # every game lost: still an interval
        every = share_interval(40, 40, method=method)
        assert every.high == 1.0 and every.low < 0.95
        edge = share_interval(1, 60, method=method)  # the normal one went below zero here
        assert 0.0 <= edge.low < edge.share < edge.high <= 1.0


def test_the_wilson_interval_matches_the_textbook_value():
    ci = share_interval(8, 20)
    assert ci.low == pytest.approx(0.2188, abs=1e-4)
    assert ci.high == pytest.approx(0.6134, abs=1e-4)
    assert ci.covers(0.4) and not ci.covers(0.7)


def test_a_bad_count_is_refused_with_the_allowed_range():
    with pytest.raises(ValueError, match="at least 1 trial"):
        share_interval(0, 0)
    with pytest.raises(ValueError, match="from 0 to 5"):
        share_interval(6, 5)
    with pytest.raises(ValueError, match="method must be one of wilson, exact"):
        share_interval(1, 5, method="normal")


def test_a_simulated_share_gets_its_interval_from_share_interval():
    from village_games.probability.intervals import share_estimate

    lost = share_estimate(np.zeros(50))  # every game lost: an interval, not a point
    assert lost.mean == 0 and lost.ci_low == 0.0 and lost.ci_high > 0.05
    one = share_estimate(np.r_[np.ones(1), np.zeros(59)])  # the normal one went below 0
    assert one.ci_low >= 0.0 and one.covers(1 / 60)
    assert (one.ci_low, one.ci_high) == (share_interval(1, 60).low, share_interval(1, 60).high)


def test_shared_wins_counted_as_halves_get_the_interval_of_the_counts_around_them():
    from village_games.probability.intervals import credit_interval, share_estimate

    est = share_estimate(np.r_[0.5, np.ones(9), np.zeros(10)])  # 9.5 of 20
    assert est.ci_low == share_interval(9, 20).low and est.ci_high == share_interval(10, 20).high
    assert credit_interval(9.5, 20) == (est.ci_low, est.ci_high)
    assert credit_interval(10.0, 20) == (share_interval(10, 20).low, share_interval(10, 20).high)


def test_the_running_band_of_a_share_never_leaves_zero_and_one():
    from village_games.probability.intervals import running_share_intervals

    samples = np.r_[np.zeros(30), np.ones(2)]
    low, high = running_share_intervals(samples, [1, 2, 10, 32])
    assert np.isnan(low[0]) and np.isnan(high[0])
    assert (low[1:] >= 0).all() and (high[1:] <= 1).all() and (high[1:] > low[1:]).all()


def test_a_share_estimate_refuses_what_is_not_a_share():
    from village_games.probability.intervals import share_estimate

    with pytest.raises(ValueError, match="from 0 to 1"):
        share_estimate(np.array([0.0, 2.0, 1.0]))
    with pytest.raises(ValueError, match="at least 2 samples"):
        share_estimate(np.array([1.0]))


def test_pooled_groups_give_the_interval_of_all_their_values_together():
    rng = np.random.default_rng(7)
    samples = [rng.normal(3.0, 10.0, size) for size in (10, 10, 7)]
    groups = []
    for s in samples:
        ci = ttest_1samp(s, 0.0).confidence_interval(0.95)
        # what a record keeps: the size, the mean and the interval
        groups.append(GroupMean(len(s), float(s.mean()),
                                sd_from_mean_interval(len(s), ci.low, ci.high)))
        assert groups[-1].sd == pytest.approx(s.std(ddof=1))
    whole = np.concatenate(samples)
    ci = ttest_1samp(whole, 0.0).confidence_interval(0.95)
    assert pooled_mean_interval(groups) == pytest.approx((whole.mean(), ci.low, ci.high))


def test_a_pooled_interval_needs_two_values():
    with pytest.raises(ValueError, match="at least 2 values"):
        pooled_mean_interval([GroupMean(1, 2.0, 0.0)])
