"""The coach in the served play app: switched on in the page, it shows advice and notes."""

import os

from playwright.sync_api import expect

NOTEBOOK = "village_pillage_play.ipynb"
QUERY = "players=3&seats=human,bot,bot&seed=7"


def test_coach_toggle_shows_advice_beside_the_cards(page, voila_server, open_app, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, QUERY, ready=".vg-pick-card")
    expect(page.locator(".vg-coach")).to_have_count(0)
    page.locator(".vg-coach-toggle input").check()
    expect(page.locator(".vg-coach-head")).to_contain_text("Coach: best is")
    expect(page.locator(".vg-coach-model")).to_be_visible()
    # round 1 of three villages: the buying order goes by coin, yet every outcome is
    # played out, so the answer is exact
    expect(page.locator(".vg-coach")).to_contain_text("Exact: all")
    page.locator(".vg-coach-model select").select_option(
        label="Others mix like the lesson's equilibrium")
    expect(page.locator(".vg-coach")).to_contain_text("Farmer 7/24, Wall 10/24, Raider 7/24")
    raider = page.locator(".vg-pick-card", has_text="Raider").first
    expect(raider).to_contain_text("relic")
    page.locator(".vg-coach-table").scroll_into_view_if_needed()
    shot = os.environ.get("VG_SHOT_DIR")
    page.screenshot(path=str((shot and os.path.join(shot, "coach.png")) or tmp_path / "c.png"))
    page.locator(".vg-coach-toggle input").uncheck()
    expect(page.locator(".vg-coach")).to_have_count(0)
    expect(raider).not_to_contain_text("relic")
