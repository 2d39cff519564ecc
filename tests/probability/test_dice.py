"""The vectorised dice samplers agree with exact counting, and with the Villagers &
Villains odds the lessons show beside them."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from village_games.probability.dice import (
    any_reaches,
    expected_rounds_survived,
    roll,
    successes,
)
from village_games.villagers_and_villains.odds import defense_chance, recruit_chance


def enumerate_any(need: int, dice: int, bonus: int) -> Fraction:
    faces = list(itertools.product(range(1, 7), repeat=dice))
    return Fraction(sum(max(f) + bonus >= need for f in faces), len(faces))


def enumerate_successes(need: int, bonuses: list[int], wanted: int) -> Fraction:
    faces = list(itertools.product(range(1, 7), repeat=len(bonuses)))
    hits = sum(sum(f + b >= need for f, b in zip(face, bonuses, strict=True)) >= wanted
               for face in faces)
    return Fraction(hits, len(faces))


@pytest.mark.parametrize(("position", "extra", "bonus"),
                         [(2, 0, 0), (4, 0, 0), (4, 2, 0), (6, 1, 2), (7, 3, 0), (5, 0, 1)])
def test_the_recruit_formula_counts_every_throw_of_the_dice(position, extra, bonus):
    assert recruit_chance(position, extra, bonus) == enumerate_any(position, extra + 1, bonus)


def test_the_rulebook_formula_for_card_4_with_two_extra_rolls():
    assert recruit_chance(4, 2) == 1 - Fraction(3, 6) ** 3  # 1 - ((k-1)/6)^(n+1)


@pytest.mark.parametrize(("defeat", "bonuses", "wanted"),
                         [(5, [0], 1), (5, [0, 1], 1), (6, [0, 3, 2], 1), (2, [0, 0, 0], 3),
                          (4, [0, 1, 1], 2)])
def test_the_defense_formula_counts_every_throw_of_the_dice(defeat, bonuses, wanted):
    assert defense_chance(defeat, bonuses, wanted) == enumerate_successes(defeat, bonuses,
                                                                          wanted)


def test_simulated_recruits_settle_on_the_exact_chance():
    rng = np.random.default_rng(1)
    for position, dice, bonus in [(4, 1, 0), (6, 3, 0), (7, 2, 2)]:
        hits = any_reaches(rng, 200_000, position, dice, bonus)
        exact = float(recruit_chance(position, dice - 1, bonus))
        se = (exact * (1 - exact) / hits.size) ** 0.5
        assert abs(hits.mean() - exact) < 4 * se + 1e-12


def test_simulated_defenses_settle_on_the_exact_chance():
    rng = np.random.default_rng(2)
    wins = successes(rng, 200_000, 2, [0, 0, 0]) >= 3  # Murder Bats: three hits of 2+
    exact = float(defense_chance(2, [0, 0, 0], 3))
    assert exact == pytest.approx((5 / 6) ** 3)
    assert abs(wins.mean() - exact) < 4 * (exact * (1 - exact) / wins.size) ** 0.5


def test_simulated_rounds_until_a_defense_succeeds_match_the_exact_expectation():
    rng = np.random.default_rng(3)
    plans = [[0, 3], [0], [0], [0]]  # the Angry Mob (+3) helps in the first round only
    alive = np.ones(200_000, dtype=bool)
    survived = np.zeros(200_000)
    for bonuses in plans:
        alive &= successes(rng, alive.size, 5, bonuses) < 1
        survived += alive
    chances = [defense_chance(5, b) for b in plans]
    assert chances[0] == 1 - Fraction(4, 6) * Fraction(1, 6) and chances[1] == Fraction(2, 6)
    exact = expected_rounds_survived(chances)
    assert exact == pytest.approx(sum(
        float((1 - chances[0]) * (1 - chances[1]) ** r) for r in range(4)))
    assert survived.mean() == pytest.approx(exact, abs=0.01)


def test_dice_are_fair_faces_one_to_six():
    faces = roll(np.random.default_rng(4), 60_000, 2)
    assert faces.shape == (60_000, 2) and faces.min() == 1 and faces.max() == 6
    counts = np.bincount(faces.ravel(), minlength=7)[1:]
    assert np.all(np.abs(counts / faces.size - 1 / 6) < 0.01)


@pytest.mark.parametrize("call", [
    lambda rng: any_reaches(rng, 10, 4, 0),
    lambda rng: successes(rng, 10, 4, []),
    lambda rng: roll(rng, -1, 2),
    lambda rng: expected_rounds_survived([1.5]),
])
def test_impossible_requests_say_what_is_wrong(call):
    with pytest.raises(ValueError, match="must"):
        call(np.random.default_rng(0))
