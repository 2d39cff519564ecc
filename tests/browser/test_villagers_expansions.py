"""Villagers with the Kickstarter expansions in Chromium: tick Saints, Scoundrels and
Developments on the setup screen of a five-player table, start the game, see who leads
each Development, and play the Courier by clicking before the next player's draft turn."""

import os
import re
from pathlib import Path

from playwright.sync_api import expect

NOTEBOOK = "villagers_play.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))
# seed 25 at five players with these expansions deals Ana (the human) the Courier
QUERY = "players=5&seats=human,bot,bot,bot,bot&seed=25"


def test_tick_expansions_see_the_developments_and_play_the_courier(page, voila_server,
                                                                   open_app):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    for title in ("Saints", "Scoundrels", "Developments"):
        box = page.locator(".vg-flag", has_text=title).locator("input")
        expect(box).to_be_enabled()  # five players: every expansion is offered
        box.check()
    page.locator(".vg-new-game").click()

    board = page.locator(".vg-board-html")
    devs = board.locator(".vg-vdev")
    expect(devs).to_have_count(3)
    for k in range(3):
        expect(devs.nth(k)).to_contain_text(re.compile(r"Leads now: \S"))

    # Ana drafts first; then, before Ben's turn, her Courier's moment comes
    road = board.locator('[data-vg-field~="DraftRoad.slot"]')
    expect(road.nth(0)).to_have_class(re.compile(r"\bvg-clickable\b"))  # the board is live
    road.nth(0).click()
    expect(road.and_(board.locator(".vg-picked"))).to_have_count(1)
    page.locator(".vg-turn-confirm").click()
    prompt = page.locator(".vg-prompt")
    expect(prompt).to_contain_text("Ben's draft turn is about to begin")
    keep = page.locator(".vg-pick.vg-kind-let-draft-go-on")
    expect(keep).to_be_visible()
    keep.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "expansions_courier_moment.png"))
    taken = road.nth(2).locator(".vg-vname").inner_text()
    expect(road.nth(2)).to_have_class(re.compile(r"\bvg-clickable\b"))
    road.nth(2).click()
    expect(road.and_(board.locator(".vg-picked"))).to_have_count(1)
    page.locator(".vg-turn-confirm").click()

    log = page.locator(".vg-log")
    expect(log).to_contain_text(f"Ana plays the Courier and takes the {taken}")
    expect(page.locator(".vg-pick.vg-kind-let-draft-go-on")).to_have_count(0)
    expect(board.locator(".vg-vhand-0")).to_contain_text(taken)  # face up: all saw it
    log.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "expansions_courier_played.png"))
    expect(page.locator(".vg-error")).to_be_hidden()
