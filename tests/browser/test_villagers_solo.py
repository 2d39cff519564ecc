"""Villagers solo in Chromium: at an Event Phase, throw one event away with the Jester and
resolve another, all by clicking the table: the Jester is a card beside the events, an
event clicked first waits for Confirm (and can be taken back), and nothing errs."""

import json
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.villagers.solo_scenarios import solo
from village_games.bots.villagers_bot import VillagersBot
from village_games.core.seat import SeatView
from village_games.villagers import Villagers
from widgets.table.save_file import SAVE_FORMAT

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))


def event_phase_save() -> tuple[str, list[str]]:
    """Seed 2 played by the bot up to the first Event Phase with two or more events face
    up, the Jester put back in hand; the save and the face-up events. (The position
    depends on how the bot plays, so it is searched for, not pinned to a round.)"""
    g = Villagers.new(players=1, seed=2, solo_mode="normal")
    bot = VillagersBot(2)
    while not (g.phase == "events" and len(g.solo.face_up) >= 2):
        assert not g.is_over(), "the bot's game never had two events face up at once"
        g.apply(0, bot.act(SeatView(g, 0)))
    state = g.to_dict()
    state["solo"]["jester"] = True  # the bot spent him in round 1; give him back
    del state["history"]  # a position made by hand starts there: no moves lead to it
    state = Villagers.from_dict(state).to_dict()
    return (json.dumps({"game": "villagers", "format": SAVE_FORMAT, "state": state,
                        "seats": ["human"]}), list(g.solo.face_up))


def open_with_save(page, voila_server, open_app, save: str) -> None:
    """The solo table, with `save` loaded through the page's Save / load tools (folded
    away again after)."""
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=1&seats=human&seed=2", ready=".vg-pick")
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(save)
    page.locator(".vg-load").click()
    page.get_by_text("Save / load").click()


def test_the_jester_discards_one_event_and_another_is_resolved_by_clicking(
        page, voila_server, open_app):
    save, events = event_phase_save()
    assert len(events) >= 2
    open_with_save(page, voila_server, open_app, save)
    solo = page.locator(".vg-board-html .vg-solo")
    for name in events:
        expect(solo.locator(f'.vg-sevent[data-vg-value="{name}"]')).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "solo_event_phase.png"), full_page=True)
    first = solo.locator(f'.vg-sevent[data-vg-value="{events[0]}"]')
    first.click()  # meant for the Jester, who was not clicked: nothing happens yet
    expect(first).to_have_class(re.compile(r"\bvg-picked\b"))
    expect(page.locator(".vg-pick-hint")).to_contain_text("Ready")
    first.click()  # taken back before Confirm
    expect(first).not_to_have_class(re.compile(r"\bvg-picked\b"))
    solo.locator(".vg-sjester").click()
    expect(solo.locator(".vg-sjester.vg-picked")).to_be_visible()
    first.click()
    expect(page.locator(".vg-pick-hint")).to_contain_text("Play the Jester")
    page.screenshot(path=str(SHOTS / "solo_jester_picked.png"))
    page.locator(".vg-turn-confirm").click()
    expect(solo.locator(f'.vg-sevent[data-vg-value="{events[0]}"]')).to_have_count(0)
    expect(solo.locator(".vg-sjester.vg-sjester-used")).to_be_visible()
    expect(page.locator(".vg-kind-play-jester")).to_have_count(0)  # once per game
    second = solo.locator(f'.vg-sevents .vg-sevent[data-vg-value="{events[1]}"]')
    second.click()
    page.locator(".vg-turn-confirm").click()
    expect(second).to_have_count(0)
    expect(page.locator(".vg-log")).to_contain_text(events[1])
    page.screenshot(path=str(SHOTS / "solo_after_events.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_log_reads_in_order_and_opens_on_its_newest_line(page, voila_server, open_app):
    """The setup lines come before round 1's moves in the page's text (a reader, a copy),
    and the box still opens scrolled to the newest line."""
    save, _events = event_phase_save()
    open_with_save(page, voila_server, open_app, save)
    box = page.locator(".vg-log .vg-log-scroll")
    expect(box).to_contain_text("Round 2")
    text = box.inner_text()
    assert text.index("1-player game begins") < text.index("Round 1: the Draft Phase begins")
    assert text.index("Round 1: the Draft Phase begins") < text.index("Round 2: the Draft")
    sizes = box.evaluate("b => [b.scrollHeight, b.clientHeight]")
    assert sizes[0] > sizes[1]  # long enough to scroll
    newest = box.locator(".vg-log-line").last.bounding_box()
    frame = box.bounding_box()
    assert newest is not None and frame is not None
    assert frame["y"] <= newest["y"] and newest["y"] + newest["height"] <= (
        frame["y"] + frame["height"] + 1)  # in view without scrolling
    SHOTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(SHOTS / "solo_log_in_order.png"))


def test_the_countess_bank_padlock_shows_the_three_gold_the_engine_takes(
        page, voila_server, open_app):
    """The Bank's price under the Countess Bank is the engine's 3, on the page too."""
    g = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=5)
    save = json.dumps({"game": "villagers", "format": SAVE_FORMAT, "state": g.to_dict(),
                       "seats": ["human"]})
    page.set_viewport_size({"width": 1366, "height": 768})
    open_with_save(page, voila_server, open_app, save)
    board = page.locator(".vg-board-html")
    card = board.locator('.vg-vhand-0 [data-vg-value="Poulterer"]')
    expect(card).to_have_class(re.compile(r"\bvg-clickable\b"))
    card.click()
    expect(card).to_have_class(re.compile(r"\bvg-picked\b"))
    founders = board.locator('.vg-vseat-0 [data-vg-field~="on"][data-vg-value="0"]')
    expect(founders).to_have_class(re.compile(r"\bvg-clickable\b"))
    founders.click()
    hint = page.locator(".vg-pick-hint")
    expect(hint).to_contain_text("pay 3 Gold to the Bank")
    expect(hint).not_to_contain_text("2 Gold")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-turn-bar").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "countess_bank_padlock_1366.png"))
    page.set_viewport_size({"width": 800, "height": 900})
    page.screenshot(path=str(SHOTS / "countess_bank_padlock_800.png"))
    page.locator(".vg-turn-confirm").click()
    expect(board.locator(".vg-vseat-0")).to_contain_text("2 Gold")  # 5 less the 3 named
