"""The Villages draw lesson in Chromium: switching the Dark and Light cards on brings the
Dark colour, and the going-out tab plays its bet out beside the exact answer; the page
does not scroll sideways on a laptop."""

import os
from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/vl_lesson_shots"))
NOTEBOOK = "villages_draw_lesson.ipynb"


def test_wild_cards_and_the_going_out_tab(page, voila_server, open_app):
    width = 1366
    page.set_viewport_size({"width": width, "height": 1700})  # the whole lesson in a shot
    open_app(page, voila_server, NOTEBOOK, ready=".vg-lesson-exact-value")
    page.locator(".vg-vl-lesson-expansion input").check()
    expect(page.locator(".vg-vl-lesson-position").first).to_contain_text("Light (wild) cards")
    # the exact answer of the new deal explains how Light cards count
    expect(page.locator(".vg-lesson-exact").first).to_contain_text(
        "never make a village alone")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "draw_tab.png"), full_page=True)
    page.get_by_text("Going out first", exact=True).click()
    tab = page.locator(".vg-vl-going-out")
    expect(tab.locator(".vg-lesson-exact-value")).to_be_visible()
    page.locator(".vg-vl-lesson-colour select").select_option(index=0)  # Red
    expect(page.locator(".vg-vl-out-info")).to_contain_text("Red Builder")
    tab.locator(".vg-lesson-run").click()
    expect(tab.locator(".vg-lesson-sim-value")).to_contain_text("±")
    expect(tab.locator(".vg-lesson-chart")).to_be_visible()
    page.screenshot(path=str(SHOTS / "going_out_tab.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_position_lists_the_whole_discard_pile_it_counts_as_seen(page, voila_server,
                                                                      open_app):
    from widgets.villages.draw_lesson import SEAT, advance

    discard = advance(3, 4, 0).observation(SEAT)["discard"]  # the lesson's opening game
    assert len(discard) > 2
    open_app(page, voila_server, NOTEBOOK, ready=".vg-lesson-exact-value")
    position = page.locator(".vg-vl-lesson-position").first
    expect(position).to_contain_text(f"Discard pile ({len(discard)} cards, all face up), "
                                     f"top first: {', '.join(reversed(discard))}.")
    expect(position).to_contain_text("Counted as seen: your 8 hand cards, the discard "
                                     f"pile's {len(discard)}")
