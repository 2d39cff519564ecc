"""The small words every game's texts share: articles, counts, agreement, lists, fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from village_games.core import words


@pytest.mark.parametrize(("noun", "with_article"), [
    ("Farm", "a Farm"), ("Ore", "an Ore"), ("Agent", "an Agent"), ("Orange", "an Orange"),
    ("Angry Mob", "an Angry Mob"), ("Unicorn", "a Unicorn"), ("Egg", "an Egg"),
    ("hour", "an hour"), ("8", "an 8"), ("11", "an 11"), ("18,000", "an 18,000"),
    ("1", "a 1"), ("110", "a 110"), ("Yellow", "a Yellow"),
])
def test_the_article_follows_the_first_sound_of_the_name(noun: str, with_article: str) -> None:
    assert words.a(noun) == with_article


def test_counts_and_verbs_agree_with_the_number() -> None:
    assert [words.count(n, "roll") for n in (0, 1, 2)] == ["0 rolls", "1 roll", "2 rolls"]
    assert words.count(3, "die", "dice") == "3 dice"
    assert words.agree(1, "leaves", "leave") == "leaves"
    assert words.agree(2, "leaves", "leave") == "leave"


def test_lists_are_joined_with_commas_and_a_last_and() -> None:
    assert [words.and_list(x) for x in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == [
        "", "A", "A and B", "A, B and C"]


def test_a_fraction_in_prose_never_reads_0_over_1() -> None:
    assert [words.fraction(p) for p in (Fraction(0), Fraction(1), Fraction(6, 8))] == [
        "0", "1", "3/4"]
