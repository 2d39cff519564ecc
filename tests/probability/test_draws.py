"""Chances of having seen a wanted card, drawing without replacement (worked by hand)."""

from fractions import Fraction

import pytest

from village_games.probability import chance_seen


def test_one_wanted_card_among_the_first_cards_seen():
    assert chance_seen(20, 1, 4) == Fraction(4, 20)
    assert chance_seen(20, 1, 20) == 1 and chance_seen(20, 1, 0) == 0


def test_two_wanted_cards_after_four_seen():
    # 1 - C(18, 4) / C(20, 4) = 1 - 3060 / 4845 = 1785 / 4845 = 7 / 19
    assert chance_seen(20, 2, 4) == Fraction(7, 19)


@pytest.mark.parametrize(("args", "message"), [
    ((20, 21, 4), "at most the 20 cards"), ((20, 1, 21), "at most the 20 cards"),
    ((20, -1, 4), "wanted must be a whole number"), ((20, 1, 2.5), "seen must be"),
])
def test_impossible_draws_are_refused_naming_the_range(args, message):
    with pytest.raises(ValueError, match=message):
        chance_seen(*args)
