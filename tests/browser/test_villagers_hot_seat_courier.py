"""Hot seat with the Courier in Chromium: before another player's draft turn the shared
screen shows a pause that names nobody; "Nobody: go on" lets it pass unseen, and "I have
a card to play now" hands the screen to the holder, who then sees the Courier choice.
Looked at on a laptop (1366x768) and on a narrow window (800 px)."""

import os
import re
from pathlib import Path

from playwright.sync_api import expect

NOTEBOOK = "villagers_play.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))
# seed 25 at five players with these expansions deals Ana the Courier; Ana and Ben share
# the screen, the other three seats are bots
QUERY = ("players=5&seats=human,human,bot,bot,bot&seed=25"
         "&expansions=saints,scoundrels,developments")


def draft_first_road_card(page) -> None:
    """Click the Road's first card once the table offers it, then Confirm."""
    road = page.locator(".vg-board-html [data-vg-field~='DraftRoad.slot']")
    slot = road.nth(0)
    expect(slot).to_have_class(re.compile(r"\bvg-clickable\b"))  # the board is live
    slot.click()
    expect(road.and_(page.locator(".vg-picked"))).to_have_count(1)
    page.locator(".vg-turn-confirm").click()


def test_the_courier_pause_names_nobody_and_the_holder_can_claim_it(page, voila_server,
                                                                     open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-ready-button")
    ready, go_on = page.locator(".vg-ready-button"), page.locator(".vg-go-on-button")
    ready.click()  # "I'm Ana"
    draft_first_road_card(page)
    # the screen is still Ana's, so she is asked in the open, then lets the moment go
    page.locator(".vg-pick.vg-kind-let-draft-go-on").click()
    page.locator(".vg-turn-confirm").click()  # final: it lets Ben's turn begin
    page.locator(".vg-pass-button").click()  # pass the screen to Ben
    expect(ready).to_contain_text("I'm Ben")
    ready.click()
    draft_first_road_card(page)

    # Ben has moved; before the next seat drafts, Ana may play her Courier: a pause
    handover = page.locator(".vg-handover")
    expect(handover).to_contain_text("A pause before the next turn")
    expect(ready).to_have_text("I have a card to play now")
    expect(go_on).to_be_visible()
    expect(page.locator(".vg-board-html")).to_be_hidden()  # Ben's hand is not left open
    assert "Ana" not in handover.inner_text() + page.locator(".vg-prompt").inner_text()
    assert "Courier" not in page.locator(".vg-log").inner_text()  # the table's log only
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hot_seat_courier_pause_1366.png"))
    page.set_viewport_size({"width": 800, "height": 900})
    go_on.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hot_seat_courier_pause_800.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 800
    for button in (ready, go_on):
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 800

    go_on.click()  # nobody speaks up: a bot drafts, and the next pause comes
    expect(page.locator(".vg-log")).to_contain_text(re.compile(r"Cy drafts the \w+"))
    expect(handover).to_contain_text("A pause before the next turn")
    ready.click()  # this time Ana takes the screen
    expect(page.locator(".vg-prompt")).to_contain_text("Ana")
    expect(page.locator(".vg-pick.vg-kind-let-draft-go-on")).to_be_visible()
    expect(page.locator(".vg-board-html")).to_be_visible()
    page.screenshot(path=str(SHOTS / "hot_seat_courier_claimed_800.png"))
    expect(page.locator(".vg-log")).to_contain_text("Ana is dealt the Courier")  # her own
    expect(page.locator(".vg-error")).to_be_hidden()
