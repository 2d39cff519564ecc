"""Phones and 400% zoom (issue 37 item 5): on a 390 x 844 touch phone a move is made in
each game by taps alone, and at 390 and 320 CSS pixels no page scrolls sideways (a row of
cards may scroll inside its own box). On a window shorter than 700 px the turn bar is not
pinned. Screenshots of each play app at 1366, 800, 390 and 320 px go to $VG_SHOTS
(/tmp/shots): <game>_<width>.png.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.chromium import close_page, local_only
from harness.pages import play_a_move
from tests.browser.conftest import new_device, open_app, patient

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/shots"))
GAMES = {
    "village_pillage": "village_pillage_play.ipynb",
    "villagers": "villagers_play.ipynb",
    "villagers_and_villains": "villagers_and_villains_play.ipynb",
    "villages": "villages_play.ipynb",
}
# a remote seat beside you and a bot: the same page shows the seat and watch links
QUERY = "seats=human,remote,bot&seed=4"
NO_SIDEWAYS_JS = "() => document.documentElement.scrollWidth <= window.innerWidth"
WIDE_JS = """() => [...document.querySelectorAll('body *')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && r.right > window.innerWidth + 1;
  }).slice(0, 5).map(e => e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""
# The setup's controls past the window's right edge: cut off by a box that hides its
# overflow, they cannot even be scrolled to (the Villagers expansions' checkboxes were).
CUT_OFF_JS = """() => [...document.querySelectorAll(
      '.vg-setup input, .vg-setup select, .vg-setup button')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && r.right > window.innerWidth + 1;
  }).map(e => (e.closest('.widget-inline-hbox, .widget-checkbox, .widget-dropdown')
               || e).textContent.trim() || e.outerHTML.slice(0, 80))"""


def phone(browser: Browser, width: int = 390, height: int = 844) -> Page:
    """A touch phone in a browser context of its own, reaching only 127.0.0.1."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=True, device_scale_factor=2)
    page = patient(context.new_page())
    page.route("**/*", local_only)
    return page


@pytest.fixture
def handset(browser) -> Iterator[Page]:
    page = phone(browser)
    yield page
    close_page(page)


def assert_no_sideways_scroll(page: Page, what: str) -> None:
    width = page.evaluate("window.innerWidth")
    page.wait_for_function("w => window.innerWidth === w", arg=width)
    if not page.evaluate(NO_SIDEWAYS_JS):
        wide = page.evaluate("document.documentElement.scrollWidth")
        raise AssertionError(f"{what}: the page is {wide} px wide in a {width} px window; "
                             f"past the edge: {page.evaluate(WIDE_JS)}")


def resize(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("w => window.innerWidth === w", arg=width)


def shoot(page: Page, game: str, width: int) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}_{width}.png"), full_page=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_move_by_taps_on_a_phone_and_no_sideways_scroll(browser, handset, voila_server,
                                                          game):
    page = open_app(handset, voila_server, GAMES[game], QUERY, ready=".vg-table-app")
    assert_no_sideways_scroll(page, f"{game} at 390")
    assert page.evaluate(CUT_OFF_JS) == [], f"{game}: setup controls out of reach at 390"
    play_a_move(page, "tap", or_waiting=True)
    expect(page.locator(".vg-error")).to_be_hidden()
    assert_no_sideways_scroll(page, f"{game} at 390 after a move")
    page.locator(".vg-turn-bar").scroll_into_view_if_needed()
    shoot(page, game, 390)
    # a tall phone keeps the turn bar pinned; a short window must not
    assert page.locator(".vg-turn-bar").evaluate("e => getComputedStyle(e).position") == "sticky"
    resize(page, 320, 568)
    assert_no_sideways_scroll(page, f"{game} at 320")
    assert page.locator(".vg-turn-bar").evaluate("e => getComputedStyle(e).position") == "static"
    page.locator(".vg-turn-bar").scroll_into_view_if_needed()
    shoot(page, game, 320)

    # the seat page of the remote seat and the watch page, on the phone at 390 and 320
    for kind in ("seat", "watch"):
        href = page.locator(f"a.vg-{kind}-link").first.get_attribute("href") or ""
        other = phone(browser)
        try:
            other.goto(href)
            expect(other.locator(".vg-board-html")).to_be_visible()
            assert_no_sideways_scroll(other, f"{game} {kind} page at 390")
            resize(other, 320, 568)
            assert_no_sideways_scroll(other, f"{game} {kind} page at 320")
        finally:
            close_page(other)


@pytest.mark.parametrize("game", list(GAMES))
def test_screenshots_at_1366_and_800(browser, voila_server, game):
    page = new_device(browser, 1366, 900)
    try:
        open_app(page, voila_server, GAMES[game], QUERY, ready=".vg-table-app")
        shoot(page, game, 1366)
        resize(page, 800, 900)
        assert_no_sideways_scroll(page, f"{game} at 800")
        shoot(page, game, 800)
    finally:
        close_page(page)


LESSON = "villagers_and_villains_recruit_lesson.ipynb"


def test_a_lesson_and_the_class_experiment_page_on_a_phone(handset, voila_server):
    page = open_app(handset, voila_server, LESSON, ready=".vg-class-link")
    href = page.locator(".vg-class-link").get_attribute("href") or ""
    for width, height in ((390, 844), (320, 568)):
        resize(page, width, height)
        assert_no_sideways_scroll(page, f"lesson at {width}")
    resize(page, 390, 844)
    open_app(page, voila_server, f"class_experiment.ipynb?{urlparse(href).query}",
             ready=".vg-xp-create")
    for width, height in ((390, 844), (320, 568)):
        resize(page, width, height)
        assert_no_sideways_scroll(page, f"class experiment page at {width}")
