"""The Villagers card-backs lesson driven in Python: exact answer, simulation, controls."""

from __future__ import annotations

import math

from village_games.villagers.odds import chance_top_fits, fits_now, top_card_chances
from widgets.villagers.backs_lesson import advance, backs_lesson
from widgets.villagers.facedown_lesson import facedown_lesson


def test_exact_matches_the_engine_odds_and_the_simulation_agrees() -> None:
    app = backs_lesson(seed=3)
    assert app.banner.value == ""
    chances = top_card_chances(app.game.observation(0), app.game.cards)[app.stack.value]
    p = float(chances[app.villager.value])
    assert app.lesson.last_exact.value == p
    app.lesson.seed_box.value = "12"
    est = app.lesson.run(2000)
    assert abs(est.mean - p) < 4 * math.sqrt(p * (1 - p) / 2000)
    assert app.lesson.chart.value[:4] == b"\x89PNG"
    again = app.lesson.run(2000)
    assert again.mean == est.mean  # the Seed field repeats a run exactly


def test_a_fresh_seed_each_run_without_the_seed_field() -> None:
    app = backs_lesson()
    app.lesson.run(100)
    first = app.lesson.last_seed
    app.lesson.run(100)
    assert app.lesson.last_seed != first


def test_moving_the_game_forward_changes_the_position_and_keeps_choices_valid() -> None:
    app = backs_lesson(seed=1)
    app.moves.value = 30
    assert app.banner.value == ""
    g = advance(3, 5, 30)
    assert app.game.to_dict() == g.to_dict()
    assert app.villager.value in top_card_chances(g.observation(0), g.cards)[app.stack.value]
    assert "chance" in app.curve.value
    for stack in [v for _, v in app.stack.options]:
        app.stack.value = stack
        assert app.banner.value == ""
        assert 0 < app.lesson.last_exact.value <= 1


def test_face_down_lesson_exact_and_simulated_agree() -> None:
    app = facedown_lesson(seed=2)
    assert app.banner.value == ""
    obs = app.game.observation(0)
    p = float(chance_top_fits(obs, app.game.cards, app.stack.value, app.fitting))
    assert app.lesson.last_exact.value == p and 0 < p < 1
    app.lesson.seed_box.value = "5"
    est = app.lesson.run(2000)
    assert abs(est.mean - p) < 4 * math.sqrt(p * (1 - p) / 2000)
    app.moves.value = 0
    assert app.banner.value == "" and "blind draft fits" in app.table.value


def test_face_down_lesson_shows_the_village_and_counts_villagers_for_a_basic_villager() -> None:
    """The count reads the first player's village, so the page shows it; and a villager
    that goes on a Basic Villager still in the supply fits (take the Basic first), so a
    stack of such a suit is not 0% for a village without one."""
    app = facedown_lesson(seed=2)  # Player 1: Founders and two Miners (no Lumberjack, Hayer)
    g = app.game
    me = g.observation(0)["players"][0]
    assert all(v["card"] in app.village.value for v in me["village"])
    assert "vg-vvillage" in app.village.value and "Basic Villagers left" in app.village.value
    obs = g.observation(0)
    now = {j: chance_top_fits(obs, g.cards, j, fits_now(g, 0))
           for j, s in enumerate(obs["stacks"]) if s["size"]}
    with_basic = {j: chance_top_fits(obs, g.cards, j, app.fitting) for j in now}
    gained = [j for j in now if now[j] == 0 < with_basic[j]]
    assert gained, "no stack's chance came from a Basic Villager"
    assert "Grazier" in app.on_basic or "Wheeler" in app.on_basic  # Hay, Wood chains
    assert "of which on your village as it is" in app.table.value
