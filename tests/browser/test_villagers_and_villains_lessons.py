"""The Villagers & Villains dice lessons in Chromium: rolling shows the simulated answer
beside the exact one, and neither page scrolls sideways on a laptop or at 800 px."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/vv_lesson_shots"))


@pytest.mark.parametrize(("notebook", "width"), [
    ("villagers_and_villains_recruit_lesson.ipynb", 1366),
    ("villagers_and_villains_defend_lesson.ipynb", 800),
])
def test_rolling_dice_shows_both_answers_and_the_page_fits(page, voila_server, open_app,
                                                          notebook, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_app(page, voila_server, notebook, ready=".vg-lesson-exact-value")
    page.locator(".vg-lesson-run").click()
    # both open on a share (a recruit that gets the card, a challenge defeated): Wilson's
    # interval, and the chart's axis says it is a share
    expect(page.locator(".vg-lesson-sim")).to_contain_text("95% interval (Wilson's")
    expect(page.locator(".vg-lesson-sim-value")).not_to_contain_text("±")
    expect(page.locator(".vg-lesson-chart")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{notebook.removesuffix('.ipynb')}_{width}.png"),
                    full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.locator(".vg-error")).to_be_hidden()
