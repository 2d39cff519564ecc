"""The Villagers & Villains rules walkthrough in Chromium: a link opens Tim's recruit of
card 4, Next rolls the scripted die, and the page fits 1366 and 800 px without scrolling
sideways."""

import os
from pathlib import Path

from playwright.sync_api import expect

NOTEBOOK = "villagers_and_villains_rules.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/vv_shots"))
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_the_walkthrough_steps_and_fits(page, voila_server, open_app):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="example=recruit-card-four",
             ready=".vg-wt-board .vg-vv-pool")
    expect(page.locator(".vg-wt-example")).to_contain_text("Tim wants card 4")
    page.locator(".vg-wt-next").click()
    expect(page.locator(".vg-wt-count")).to_contain_text("Step 2 of 2")
    expect(page.locator(".vg-vv-dice")).to_contain_text("Tim")
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(SHOTS / "6_rules_1366.png"))
    page.set_viewport_size({"width": 800, "height": 900})
    page.locator(".vg-wt-chooser select").select_option(label="A whole round: the six phases")
    expect(page.locator(".vg-wt-example")).to_contain_text("A whole round")
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(SHOTS / "7_rules_800.png"))
    expect(page.locator(".vg-error")).to_be_hidden()
