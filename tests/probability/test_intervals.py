import pytest

from village_games.probability.intervals import share_interval


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
