"""The Villagers & Villains dice lessons driven in Python: the exact answers are the
engine's odds, the simulations agree with them, and the controls change the question."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from village_games.villagers_and_villains.odds import defense_chance, recruit_chance
from widgets.villagers_and_villains.defend_lesson import LOSS, defend_lesson
from widgets.villagers_and_villains.recruit_lesson import recruit_lesson


def close(estimate, exact: float, sd: float) -> bool:
    return abs(estimate.mean - exact) < 4 * sd / math.sqrt(estimate.trials) + 1e-12


def test_the_recruit_chance_is_the_rulebook_formula_and_the_dice_agree() -> None:
    app = recruit_lesson(seed=2)
    assert app.banner.value == ""
    app.position.value, app.extra.value = 4, 2
    p = float(recruit_chance(4, 2))
    assert p == 1 - (3 / 6) ** 3 and app.lesson.last_exact.value == p
    est = app.lesson.run(20_000)
    assert close(est, p, math.sqrt(p * (1 - p)))
    assert app.lesson.chart.value[:4] == b"\x89PNG"
    # the chart's axis names a share, and the interval is a share's (no "±")
    assert app.lesson.quantity == "share of recruits that get the card"
    assert app.lesson.is_share() and "±" not in app.lesson.sim_html.value


def test_bonuses_and_free_rolls_change_the_chance() -> None:
    app = recruit_lesson(seed=3)
    app.position.value, app.extra.value = 6, 0
    plain = app.lesson.last_exact.value
    app.favor.value = True  # +2 on the first die: a 4 now reaches position 6
    assert app.lesson.last_exact.value == float(recruit_chance(6, 0, favor=2)) == 0.5 > plain
    app.stable_box.value = True  # one free roll, without the Favor: it needs a 6
    p = 1 - (3 / 6) * (5 / 6)
    assert app.lesson.last_exact.value == pytest.approx(p)
    assert app.lesson.last_exact.value == float(recruit_chance(6, 0, 0, 1, favor=2))
    assert "first die must show 4 or more" in app.lesson.exact_html.value
    est = app.lesson.run(20_000)
    assert close(est, p, math.sqrt(p * (1 - p)))


def test_the_roll_table_says_when_an_extra_roll_pays_for_itself() -> None:
    app = recruit_lesson()
    app.position.value = 6
    app.worth.value = 1  # the first extra roll adds 5/36: worth 5/36 of a gold, not 1
    assert ">worth it<" not in app.table.value
    app.worth.value = 12  # 12 * 5/36 = 1.67 gold >= 1: the first extra roll pays
    assert ">worth it<" in app.table.value
    app.position.value = 1
    assert app.lesson.last_exact.value == 1.0 and "adds nothing" in app.table.value


def test_the_defense_chance_counts_town_and_hero_rolls() -> None:
    app = defend_lesson(seed=4)
    defeat, _loss, need = app.card
    app.heroes.value, app.hero_bonus.value = 2, 1
    p = float(defense_chance(defeat, [0, 1, 1], need))
    assert app.lesson.last_exact.value == p
    assert close(app.lesson.run(20_000), p, math.sqrt(p * (1 - p)))
    app.mob.value = True  # the mob's +3 goes on the town's roll
    assert app.lesson.last_exact.value == float(defense_chance(defeat, [3, 1, 1], need)) > p


def test_murder_bats_need_three_hits_and_say_when_they_cannot_be_had() -> None:
    app = defend_lesson(seed=5)
    app.challenge.value = "Murder Bats"
    app.hero_bonus.value = 0
    app.heroes.value = 1
    assert app.lesson.last_exact.value == 0.0 and "add heroes" in app.lesson.exact_html.value
    assert "fall gives 0." in app.lesson.exact_html.value  # a zero chance is 0, not "0/1"
    app.heroes.value = 2
    assert app.lesson.last_exact.value == float(Fraction(5, 6) ** 3)


def test_the_expected_pillage_matches_the_dice_over_several_rounds() -> None:
    app = defend_lesson(seed=6)
    app.question.value = LOSS
    app.rounds.value = 5
    app.heroes.value = 0
    defeat, loss, need = app.card
    p = float(defense_chance(defeat, [0], need))
    exact = loss * sum((1 - p) ** r for r in range(1, 6))
    assert math.isclose(app.lesson.last_exact.value, exact)
    est = app.lesson.run(40_000)
    assert abs(est.mean - exact) < 4 * est.std_error + 1e-9
