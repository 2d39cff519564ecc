"""The Villages draw lesson driven in Python: the exact answer is the engine's
hypergeometric count, the simulation agrees with it, and the controls keep valid choices
as the position moves."""

from __future__ import annotations

from village_games.villages.odds import DRAW_PLANS, set_question
from widgets.villages.draw_lesson import SEAT, DrawLesson, draw_lesson


def test_exact_is_the_engine_count_and_the_simulation_agrees() -> None:
    lesson = DrawLesson(seed=3)
    assert lesson.banner.value == ""
    q = set_question(lesson.game.observation(SEAT), lesson.game.cards, lesson.colour.value)
    want = q.plan_chance(lesson.game.cards, lesson.plan.value, lesson.later.value)
    assert lesson.lesson.last_exact.value == float(want)
    est = lesson.lesson.run(20_000)
    assert est.covers(float(want)) or abs(est.mean - float(want)) < 0.02
    assert "Of the" in lesson.lesson.exact_html.value or "sure" in lesson.lesson.exact_html.value
    assert lesson.curve.value[:4] == b"\x89PNG"
    assert "deck + deck" in lesson.table.value


def test_discard_plans_count_the_known_top_card() -> None:
    lesson = DrawLesson(seed=1)
    for plan in [k for _, k in lesson.plan.options]:
        lesson.plan.value = plan
        q = lesson.question()
        known = q.known_from_discard(lesson.game.cards, DRAW_PLANS[plan].count("discard"))
        assert lesson.lesson.last_exact.value == float(
            q.plan_chance(lesson.game.cards, plan, lesson.later.value))
        assert known >= 0
    lesson.later.value = 3
    assert lesson.banner.value == ""


def test_moving_the_game_forward_keeps_choices_valid() -> None:
    lesson = draw_lesson(seed=2)
    for moves in (5, 17, 40):
        lesson.moves.value = moves
        assert lesson.banner.value == "", lesson.banner.value
        assert lesson.colour.value in [v for _, v in lesson.colour.options]
    lesson.players.value = 5
    lesson.game_seed.value = 11
    assert lesson.banner.value == ""
    lesson.lesson.run(1_000)
