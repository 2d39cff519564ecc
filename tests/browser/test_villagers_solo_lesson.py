"""The Villagers solo lesson in Chromium: the bot's win share in Hard mode comes with an
interval that stays inside 0 to 1, however few games it wins."""

import os
from pathlib import Path

from playwright.sync_api import expect

NOTEBOOK = "villagers_solo_lesson.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))


def test_the_win_share_interval_never_goes_below_zero(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, voila_server, NOTEBOOK, ready=".vg-lesson-run")
    page.locator(".vg-solo-lesson select").first.select_option(label="Hard")
    page.locator(".vg-lesson-seed input").first.fill("3")
    page.locator(".vg-lesson-run").first.click()
    sim = page.locator(".vg-lesson-sim").first
    expect(sim).to_contain_text("95% interval (Wilson's")
    text = sim.inner_text()
    low = text.split("never below 0 or above 1): ")[1].split(" to ")[0]
    assert not low.startswith(("−", "-")), text  # the normal interval said −0.0192 here
    assert "±" not in text
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "solo_lesson_hard.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()
