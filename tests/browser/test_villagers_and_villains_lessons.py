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
    expect(page.locator(".vg-lesson-sim-value")).to_contain_text("±", timeout=30_000)
    expect(page.locator(".vg-lesson-chart")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{notebook.removesuffix('.ipynb')}_{width}.png"),
                    full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.locator(".vg-error")).to_be_hidden()
