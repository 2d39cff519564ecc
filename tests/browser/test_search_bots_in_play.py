"""Search bots in the served play apps, in Chromium: a table of search bots at about a
second a move keeps playing in bursts while the page still answers a click, and the
coach shows what the search bot thinks of a person's move, with a note on each button."""

import os
import re
from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/search_bot_shots"))


def _moves(page) -> int:
    text = page.locator(".vg-bots-playing").inner_text()
    return int(re.search(r"([\d,]+) moves? so far", text).group(1).replace(",", ""))


def test_a_table_of_search_bots_plays_on_while_the_page_answers(page, voila_server,
                                                                 open_app):
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=2&seats=bot,bot&seed=4&bots=search&strength=1000",
             ready=".vg-bots-playing")
    expect(page.locator(".vg-bot-kind select")).to_have_value(
        "Bots search ahead (Monte Carlo tree search)")
    first = _moves(page)
    # a click that needs the kernel: the dice button draws a new seed into the box
    seed = page.locator(".vg-seed input")
    before = seed.input_value()
    page.locator('button[title="Pick a random seed"]').click()
    expect(seed).not_to_have_value(before)
    page.wait_for_function(
        f"() => /([\\d,]+) moves? so far/.test(document.querySelector('.vg-bots-playing')"
        f"?.innerText || '') && parseInt(document.querySelector('.vg-bots-playing')"
        f".innerText.match(/([\\d,]+) moves? so far/)[1].replace(',', '')) > {first}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(SHOTS / "search_bots_playing.png"))
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_coach_shows_what_the_search_bot_thinks(page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, "villages_play.ipynb",
             query="players=2&seats=human,bot&seed=2", ready=".vg-pick")
    page.locator(".vg-coach-toggle input").check()
    page.locator(".vg-coach-model select").select_option(
        label="What the search bot thinks (300 iterations)")
    panel = page.locator(".vg-search-coach")
    expect(panel).to_contain_text("The search bot would play")
    expect(panel).to_contain_text("300 iterations")
    expect(page.locator(".vg-pick", has_text="wins ").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "search_coach_villages.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 900})
    page.screenshot(path=str(SHOTS / "search_coach_villages_800.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_strength_menu_fits_an_800_pixel_screen(page, voila_server, open_app):
    page.set_viewport_size({"width": 800, "height": 900})
    open_app(page, voila_server, "villages_play.ipynb",
             query="players=2&seats=human,bot&seed=2&bots=search&strength=4000",
             ready=".vg-pick")
    expect(page.locator(".vg-bot-strength select")).to_have_value(
        "Strongest: 4,000 iterations")
    menu = page.locator(".vg-bot-strength").bounding_box()
    row = page.locator(".vg-bot-row").bounding_box()
    assert menu["x"] + menu["width"] <= row["x"] + row["width"]  # wrapped, not cut off
    page.screenshot(path=str(SHOTS / "strength_menu_800.png"))
