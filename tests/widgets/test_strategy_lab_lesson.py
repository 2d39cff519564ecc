"""The lesson "how many games before we know?", driven from Python."""

from __future__ import annotations

from widgets.lab.lesson import GamesLesson, games_lesson


def test_the_exact_side_follows_the_true_share() -> None:
    lesson = GamesLesson()
    before = lesson.exact_html.value
    assert "Exact (binomial)" in before and "187</b> games" in before  # p = 0.6
    lesson.true_share.value = 0.7
    assert lesson.exact_html.value != before and "43</b> games" in lesson.exact_html.value


def test_playing_the_games_shows_the_interval_and_the_chart() -> None:
    lesson = games_lesson(seed=3)
    lesson.games.value = 20
    lesson.run_button.click()
    assert lesson.banner.value == ""
    assert lesson.progress.value == 20 and lesson.credits.size == 20
    assert "95% interval (Wilson)" in lesson.sim_html.value
    assert lesson.chart.value[:4] == b"\x89PNG"
    first = lesson.credits.copy()
    lesson.run_button.click()
    assert (lesson.credits == first).all()  # the same seed, the same games
