"""Play Villagers in the served notebook, in Chromium: draft a Road card by clicking it and
confirming, then (from a loaded position) build a chain and pay a padlock by clicking the
table alone, and see the 2 Gold move onto the other village's unlocker; a picked card
lights up only the places it can go, and a click elsewhere does nothing; the turn bar
stays in view over a long page; hot seat hands the screen over and hides the other
hand; a finished game shows each Market's breakdown."""

import json
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from village_games.villagers import Villagers
from widgets.table.save_file import SAVE_FORMAT

NOTEBOOK = "villagers_play.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-turn-bar").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def click_picked(card) -> None:
    """Click a card on the table once it is clickable, and wait until the kernel marks
    it picked."""
    expect(card).to_have_class(re.compile(r"\bvg-clickable\b"))
    card.click()
    expect(card.and_(card.page.locator(".vg-picked"))).to_be_visible()


ROAD = '[data-vg-field~="DraftRoad.slot"]'  # a Road card (its fields name their kinds)


def save_of(scenario: dict, seats: list[str]) -> str:
    state = Villagers.from_dict(scenario).to_dict()
    return json.dumps({"game": "villagers", "format": SAVE_FORMAT, "state": state,
                       "seats": seats})


def padlock_save() -> str:
    """Ana holds a Wheeler and a Cooper (both seen face up); Ben owns a Blacksmith."""
    return save_of({"seed": 1, "phase": "build", "players": [
        {"name": "Ana", "gold": 8, "hand_pub": ["Cooper", "Wheeler"],
         "village": ["Founders", "Wattler", "Lumberjack"]},
        {"name": "Ben", "village": ["Founders", ["Miner", "Blacksmith"]]}]}, ["human", "bot"])


def load_save(page, text: str) -> None:
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(text)
    page.locator(".vg-load").click()
    expect(page.locator(".vg-load-ok")).to_be_visible()
    page.get_by_text("Save / load").click()  # fold the tools away again


def test_draft_a_road_card_with_confirm(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-pick")
    board = page.locator(".vg-board-html")
    road0 = board.locator(f'{ROAD}[data-vg-value="0"]')
    name = road0.locator(".vg-vname").inner_text()
    shot(page, "1_draft")
    road0.click()
    expect(board.locator(f'{ROAD}[data-vg-value="0"].vg-picked')).to_be_visible()
    page.locator(".vg-turn-confirm").click()
    expect(board.locator(".vg-vseat-0 .vg-vsquare")).to_contain_text(name)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_build_a_chain_and_pay_a_padlock_by_clicking_the_table_alone(page, voila_server,
                                                                     open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-pick")
    load_save(page, padlock_save())
    board = page.locator(".vg-board-html")
    hand = board.locator(".vg-vhand-0")
    expect(hand.locator('[data-vg-value="Cooper"]')).to_be_visible()
    shot(page, "2_build")
    mine = board.locator(".vg-vseat-0")
    # the Wheeler can only go on the Lumberjack and has no padlock: one click, then Confirm
    click_picked(hand.locator('[data-vg-value="Wheeler"]'))
    expect(mine.locator('[data-vg-field~="on"][data-vg-value="2"].vg-picked')).to_be_visible()
    expect(page.locator(".vg-pick-hint")).to_contain_text("Ready: build the Wheeler on")
    expect(page.locator(".vg-turn-confirm")).to_be_enabled()
    page.locator(".vg-turn-confirm").click()
    expect(mine.locator(".vg-vchain .vg-vcovered")).to_contain_text("Lumberjack")
    # a Cooper branches off the same Lumberjack: its padlock pays Ben's Blacksmith 2 Gold,
    # whose pay spot shows on his card
    click_picked(hand.locator('[data-vg-value="Cooper"]'))
    pay = board.locator('.vg-vseat-1 .vg-vpay.vg-picked')
    expect(pay).to_contain_text("pay this Blacksmith")
    shot(page, "3_pay_spot")
    page.locator(".vg-turn-confirm").click()
    expect(board.locator(".vg-vseat-1 .vg-vcoins")).to_contain_text("2")
    expect(mine.locator(".vg-vpanel")).to_contain_text("6 Gold")
    shot(page, "3_paid")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_picked_card_lights_up_only_where_it_can_go(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-pick")
    load_save(page, save_of({"seed": 1, "phase": "build", "players": [
        {"name": "Ana", "gold": 8, "hand_pub": ["Glass Blower", "Graper"],
         "village": ["Founders", "Miner", "Lumberjack"]},
        {"name": "Ben", "village": ["Founders", ["Miner", "Blacksmith"]]}]},
        ["human", "bot"]))
    board = page.locator(".vg-board-html")
    mine = board.locator(".vg-vseat-0")
    click_picked(board.locator('.vg-vhand-0 [data-vg-value="Glass Blower"]'))
    founders = mine.locator('[data-vg-field~="on"][data-vg-value="0"]')
    expect(mine.locator('[data-vg-field~="on"][data-vg-value="1"]')).to_have_class(
        re.compile(r"\bvg-clickable\b"))  # the Miner takes a Glass Blower
    expect(founders).not_to_have_class(re.compile(r"\bvg-clickable\b"))
    expect(board.locator('.vg-vhand-0 [data-vg-value="Graper"]')).not_to_have_class(
        re.compile(r"\bvg-clickable\b"))
    shot(page, "6_lit_places")
    founders.click()  # not on offer: nothing happens, and no error
    expect(page.locator(".vg-error")).to_be_hidden()
    expect(page.locator(".vg-pick-hint")).to_contain_text("padlock")
    # a Graper starts a new chain: the spot appears, picked, and Confirm is ready at once
    board.locator('.vg-vhand-0 [data-vg-value="Glass Blower"]').click()
    click_picked(board.locator('.vg-vhand-0 [data-vg-value="Graper"]'))
    expect(mine.locator(".vg-vnew.vg-picked")).to_be_visible()
    expect(page.locator(".vg-turn-confirm")).to_be_enabled()
    page.locator(".vg-turn-confirm").click()
    expect(mine.locator(".vg-vchain .vg-vname", has_text="Graper")).to_be_visible()
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_turn_bar_stays_in_view_over_a_long_page(page, voila_server, open_app):
    for width, height in ((1366, 768), (800, 700)):
        page.set_viewport_size({"width": width, "height": height})
        open_app(page, voila_server, NOTEBOOK, query="players=4&seats=human,bot,bot,bot&seed=5",
                 ready=".vg-pick")
        bar = page.locator(".vg-turn-bar")
        page.locator(".vg-board-html .vg-vseat-3").scroll_into_view_if_needed()
        page.mouse.wheel(0, 600)
        box = bar.bounding_box()
        assert box is not None and 0 <= box["y"] <= 40, box  # stuck to the top
        expect(page.locator(".vg-turn-confirm")).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"7_sticky_{width}.png"))


def test_hot_seat_hands_the_screen_over_and_hides_the_other_hand(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,human&seed=3",
             ready=".vg-handover")
    expect(page.locator(".vg-handover")).to_contain_text("Pass to Ana")
    expect(page.locator(".vg-board-html .vg-vhand-0")).to_have_count(0)  # nothing shown yet
    page.locator(".vg-ready-button").click()
    board = page.locator(".vg-board-html")
    expect(board.locator(".vg-vhand-0 .vg-vname").first).to_be_visible()
    road0 = board.locator(f'{ROAD}[data-vg-value="0"]')
    road0.click()
    expect(board.locator(f'{ROAD}[data-vg-value="0"].vg-picked')).to_be_visible()
    page.locator(".vg-turn-confirm").click()
    # the draft was final: the screen goes straight to the hand-over for Ben
    expect(page.locator(".vg-handover")).to_contain_text("Pass to Ben")
    expect(page.locator(".vg-board-html .vg-vhand-0")).to_have_count(0)
    page.locator(".vg-ready-button").click()
    expect(board.locator(".vg-vhand-1 .vg-vname").first).to_be_visible()
    expect(board.locator(".vg-vhand-0 .vg-vback")).to_have_count(5)  # her dealt cards: backs
    shot(page, "4_hot_seat")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_finished_game_shows_each_market_broken_down_per_villager(page, voila_server,
                                                                    open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=bot,bot&seed=5",
             ready=".vg-vmarket-scores")
    scores = page.locator(".vg-vmarket-scores")
    expect(scores).to_have_count(2)
    expect(scores.first).to_contain_text("First Market")
    expect(scores.nth(1)).to_contain_text("Second Market")
    expect(scores.nth(1)).to_contain_text("printed")
    expect(scores.first.locator("tr.vg-vtotal")).to_have_count(2)  # one total per village
    expect(scores.first).not_to_contain_text("<b>")
    expect(page.locator(".vg-vresult")).to_be_visible()
    scores.first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "5_markets.png"))
