"""Play Villagers & Villains in the served notebook, in Chromium at 1366x768: recruit by
clicking a pool card and the Roll button (each final, so each confirmed), and defend by
clicking a challenge, a hero and the Angry Mob; the dice and the odds show on the table,
another mayor's VEND ability shows the chance it would give, and the page never scrolls
sideways (at 1366 px, nor at 800 px)."""

import json
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from village_games import villagers_and_villains as vv
from widgets.table.save_file import SAVE_FORMAT

NOTEBOOK = "villagers_and_villains_play.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/vv_shots"))
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def save(state: dict) -> str:
    return json.dumps({"game": "villagers_and_villains", "format": SAVE_FORMAT,
                       "state": vv.Game.from_dict(state).to_dict(), "seats": ["human", "bot"]})


def load(page, state: dict) -> None:
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(save(state))
    page.locator(".vg-load").click()
    expect(page.locator(".vg-load-ok")).to_be_visible()
    page.get_by_text("Save / load").click()  # fold the tools away again


def clickable(locator):
    expect(locator).to_have_class(re.compile(r"\bvg-clickable\b"))
    return locator


def test_recruit_and_defend_by_clicking(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-vv-pool")
    board = page.locator(".vg-board-html")
    expect(board.locator(".vg-vv-standin")).to_contain_text("stand-in deck")
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "1_play_start")
    # recruit: Tim announces the Castle (position 4), buys a roll, rolls a 2 and a 5; Ana's
    # Tower (a VEND ability he could pay for) shows what it would add
    load(page, {"advanced": True, "pool": ["Goblins", "Farm", "Witch", "Castle", "Rats",
                                           "Bridge"],
                "dice": [2, 5], "players": [{"name": "Tim", "gold": 3},
                                            {"name": "Ana", "town": ["Tower"]}]})
    castle = board.locator('[data-vg-field="position"][data-vg-value="4"]')
    expect(board.locator(".vg-vv-odds").nth(3)).to_contain_text("50%")
    clickable(castle).click()
    page.locator(".vg-turn-confirm").click()  # announcing is final: it waits for Confirm
    expect(page.locator(".vg-kind-pay-vend", has_text="Tower")).to_contain_text(
        "Tower (1 gold): 50% → 67%")
    buy = page.locator(".vg-kind-buy-roll")
    expect(buy).to_contain_text("50% → 75%")
    buy.click()
    roll = page.locator(".vg-kind-roll")
    expect(roll).to_contain_text("Roll 2 dice")
    roll.click()
    page.locator(".vg-turn-confirm").click()
    expect(board.locator(".vg-vv-hand-0")).to_contain_text("Castle")
    expect(board.locator(".vg-vv-dice .vg-vv-die").first).to_be_visible()
    board.locator(".vg-vv-dice").scroll_into_view_if_needed()
    shot(page, "2_recruited")
    # defend: the Troll (needs 5) with the Knight (+2) and the Angry Mob (+3), a 2 rolled
    load(page, {"phase": "defend", "dice": [2], "players": [
        {"name": "Tim", "town": ["Troll", "Knight"]}, {"name": "Ana"}]})
    mine = board.locator(".vg-vv-mayor-0")
    expect(mine.locator(".vg-vv-defodds")).to_contain_text("Knight 67%")
    clickable(mine.locator('[data-vg-field~="challenge"][data-vg-value="Troll"]')).click()
    clickable(mine.locator('[data-vg-field~="hero"][data-vg-value="Knight"]')).click()
    expect(page.locator(".vg-turn-confirm")).to_be_enabled()
    shot(page, "3_defend_picked")
    page.locator(".vg-turn-confirm").click()
    mob = page.locator(".vg-kind-declare-mob")
    expect(mob).to_contain_text("67% → 100%")
    mob.click()
    page.locator(".vg-kind-roll").click()
    page.locator(".vg-turn-confirm").click()
    expect(mine.locator(".vg-vv-hand")).to_contain_text("Troll")
    expect(mine.locator(".vg-vv-town")).not_to_contain_text("Troll")
    shot(page, "4_defended")
    assert page.evaluate(NO_SIDEWAYS)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_finished_game_fits_800_px_and_shows_the_score_sheet(page, voila_server, open_app):
    page.set_viewport_size({"width": 800, "height": 900})
    open_app(page, voila_server, NOTEBOOK,
             query="players=4&seats=bot,bot,bot,bot&seed=3&variant=advanced",
             ready=".vg-vv-sheet")
    sheet = page.locator(".vg-vv-sheet")
    expect(sheet).to_contain_text("Matchmaker Bonus")
    # the gold row is our tie-break, not a line of the printed pad; both say how they count
    tiebreak = sheet.locator(".vg-vv-tiebreak th")
    expect(tiebreak).to_have_text("Gold left (our tie-break, not on the printed pad)")
    expect(tiebreak).to_have_attribute("title", re.compile("printed pad has no tie-break"))
    expect(sheet.locator("th", has_text="Matchmaker Bonus")).to_have_attribute(
        "title", re.compile("not rearranged to make more"))
    assert page.evaluate(NO_SIDEWAYS)
    sheet.scroll_into_view_if_needed()
    shot(page, "5_sheet_800")
