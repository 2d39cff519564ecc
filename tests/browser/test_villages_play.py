"""Play Villages in the served notebook, in Chromium, at 1366x768: from a loaded position,
build a village by clicking three hand cards, then attack by clicking your unit, its
village, the other player and their village; the battle shows both powers after
abilities, and the page never scrolls sideways (at 800 px neither). With step by step
on, your own draws and builds need no "Next step", a draw waits for Confirm, and a build
can be taken back."""

import json
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from village_games.villages import Villages
from widgets.table.save_file import SAVE_FORMAT

NOTEBOOK = "villages_play.ipynb"
SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villages_shots"))


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def click_picked(card) -> None:
    """Click a card on the table once it is clickable, and wait until it is picked."""
    expect(card).to_have_class(re.compile(r"\bvg-clickable\b"))
    card.click()
    expect(card.and_(card.page.locator(".vg-picked"))).to_be_visible()


def battle_save() -> str:
    """Ana holds three Red units and more; Ben has a Green village of three units."""
    state = Villages.from_dict({"seed": 3, "turn": 0, "phase": "main", "players": [
        {"name": "Ana", "hand": ["Red Farmer", "Red Dragon", "Red Orc", "Blue Monk", "Pig"],
         "villages": {}},
        {"name": "Ben", "hand": ["Purple Spy", "Sheep"],
         "villages": {"Green": ["Green Farmer", "Green Builder", "Green Princess"]}},
    ]}).to_dict()
    return json.dumps({"game": "villages", "format": SAVE_FORMAT, "state": state,
                       "seats": ["human", "bot"]})


def no_sideways_scroll(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_build_a_village_and_attack_by_clicking(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-pick")
    board = page.locator(".vg-board-html")
    expect(board.locator(".vg-vl-standin")).to_contain_text("stand-in deck")
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(battle_save())
    page.locator(".vg-load").click()
    hand = board.locator(".vg-vl-hand-0")
    expect(hand.locator('[data-vg-value="Red Dragon"]')).to_be_visible()
    page.get_by_text("Save / load").click()  # fold the tools away again
    no_sideways_scroll(page, 1366)

    # build: three Red units from the hand, then Confirm
    for card in ("Red Farmer", "Red Dragon", "Red Orc"):
        click_picked(hand.locator(f'[data-vg-value="{card}"]'))
    page.locator(".vg-turn-confirm").click()
    mine = board.locator(".vg-vl-seat-0 .vg-vl-village.vg-vl-red")
    expect(mine).to_contain_text("Dragon")
    expect(board.locator(".vg-vl-odds")).to_contain_text("Attack odds")
    expect(board.locator(".vg-vl-oddsbadge")).to_contain_text("Dragon")
    shot(page, "browser_1_built")

    # attack: the Dragon, from the Red village, at Ben's Green village
    click_picked(mine.locator('[data-vg-field="unit"][data-vg-value="Red Dragon"]'))
    click_picked(mine.locator('[data-vg-field~="source"][data-vg-value="Red"]'))
    click_picked(board.locator('[data-vg-field="seat"][data-vg-value="1"]'))
    click_picked(board.locator('[data-vg-field="village"][data-vg-value="Green"]'))
    page.locator(".vg-turn-confirm").click()
    battle = board.locator(".vg-vl-battle")
    expect(battle).to_contain_text("The attacker wins")
    expect(battle.locator(".vg-vl-bpower").first).to_contain_text("power 5")
    expect(page.locator(".vg-prompt")).to_contain_text("choose your reward")
    shot(page, "browser_2_battle")
    no_sideways_scroll(page, 1366)
    page.set_viewport_size({"width": 800, "height": 900})
    page.wait_for_function("w => window.innerWidth === w", arg=800)  # (laid out anew)
    no_sideways_scroll(page, 800)
    shot(page, "browser_3_battle_800")


def test_step_mode_shows_your_own_moves_at_once_and_a_build_can_be_undone(page, voila_server,
                                                                        open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=1",
             ready=".vg-pick")
    page.locator(".vg-step-toggle input").check()
    board = page.locator(".vg-board-html")
    hand = board.locator(".vg-vl-hand-0 .vg-vl-label")
    expect(hand).to_contain_text("Hand (8)")
    deck = board.locator('[data-vg-field~="source"][data-vg-value="deck"]')
    for size in (9, 10):
        click_picked(deck)  # a draw is final: picked, then confirmed
        expect(hand).to_contain_text(f"Hand ({size - 1})")
        page.locator(".vg-turn-confirm").click()
        expect(hand).to_contain_text(f"Hand ({size})")
        expect(page.locator(".vg-step-bar")).to_be_hidden()  # no "Next step" for your own
    shot(page, "step_mode_after_draws")
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(battle_save())
    page.locator(".vg-load").click()
    page.get_by_text("Save / load").click()
    cards = board.locator(".vg-vl-hand-0")
    for card in ("Red Farmer", "Red Dragon", "Red Orc"):
        click_picked(cards.locator(f'[data-vg-value="{card}"]'))
    page.locator(".vg-turn-confirm").click()
    mine = board.locator(".vg-vl-seat-0 .vg-vl-village.vg-vl-red")
    expect(mine).to_contain_text("Dragon")
    expect(page.locator(".vg-step-bar")).to_be_hidden()
    undo = page.locator(".vg-undo")
    expect(undo).to_be_enabled()  # nobody else has acted: the build can be taken back
    undo.click()
    expect(mine).to_have_count(0)
    expect(cards.locator('[data-vg-value="Red Dragon"]')).to_be_visible()
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_link_can_ask_for_a_shorter_race(page, voila_server, open_app):
    """`target=50` in a link: the "Play to" menu says so and the totals run to 50; the
    setup row still fits a narrow window."""
    page.set_viewport_size({"width": 800, "height": 900})
    open_app(page, voila_server, NOTEBOOK,
             query="players=5&seats=human,bot,bot,bot,bot&seed=2&target=50",
             ready=".vg-vl-target select")
    box = page.locator(".vg-vl-target select")
    expect(box.locator("option:checked")).to_have_text("Play to 50 gold (house rule)")
    expect(page.locator(".vg-vl-total").first).to_contain_text("/ 50")
    no_sideways_scroll(page, 800)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-setup").first.screenshot(path=str(SHOTS / "play_to_50_setup_800.png"))
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_table_of_bots_plays_on_in_view_and_a_new_game_stops_it(page, voila_server,
                                                                 open_app):
    """Five bots, step by step off, seed 2: a game of about 25,000 moves. The page comes up
    while they play, shows the table and the count of moves as it grows, and takes a click
    on New game (seed 3, a short game) in the middle of the run."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK,
             query="players=5&seats=bot,bot,bot,bot,bot&seed=2", ready=".vg-bots-playing")
    playing = page.locator(".vg-bots-playing")
    expect(playing).to_contain_text("moves so far")
    first = playing.inner_text()
    # the count goes up while the page is open (on a fast machine the bots may finish
    # the game first: then the count is gone and the game is over, past that count)
    grown = playing.filter(has_not_text=first).or_(page.locator(".vg-prompt-over"))
    expect(grown.first).to_be_visible()
    expect(page.locator(".vg-board-html .vg-vl-total").first).to_be_visible()
    shot(page, "bots_playing")
    page.locator(".vg-seed input").fill("3")
    page.locator(".vg-new-game").click()
    expect(page.locator(".vg-prompt-over")).to_contain_text("Game over")
    expect(page.locator(".vg-bots-playing")).to_have_count(0)
    assert page.locator(".vg-seed input").input_value() == "3"
    expect(page.locator(".vg-error")).to_be_hidden()
