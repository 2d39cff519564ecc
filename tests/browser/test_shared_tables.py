"""Tables that live on the server, in a real browser: several browser contexts (devices)
at one table of each game, a reload, a stale link, a spectator, two clicks at once, and a
server restart in the middle of a game."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.chromium import close_page
from harness.pages import play_a_move
from harness.postgres import fresh_schema, postgres_server
from harness.voila import free_port, running_voila
from tests.browser.conftest import EXPECT_MS, NOTEBOOKS, new_device, open_app, patient

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/shared_table_shots"))

READY = ".vg-table-app"
GAMES = {  # the play notebook and a link for three seats: you, a remote person, a bot
    "village_pillage": ("village_pillage_play.ipynb", "seats=human,remote,bot&seed=6"),
    "villagers": ("villagers_play.ipynb", "seats=human,remote,bot&seed=4"),
    "villagers_and_villains": ("villagers_and_villains_play.ipynb",
                               "seats=human,remote,bot&seed=4"),
    "villages": ("villages_play.ipynb", "seats=human,remote,bot&seed=4"),
}


def device(browser: Browser) -> Page:
    """A page in a browser context of its own: another device."""
    return new_device(browser)


def log_text(page: Page) -> str:
    """The log as the page shows it, whitespace folded (once it has a line)."""
    page.locator(".vg-log .vg-log-line").first.wait_for()
    return " ".join((page.locator(".vg-log").text_content() or "").split())


def log_lines(page: Page) -> int:
    return page.locator(".vg-log .vg-log-line").count()


def expect_more_lines(page: Page, than: int) -> None:
    """Wait until the page's log has more lines than `than` (a move arrived)."""
    page.wait_for_function(
        "n => document.querySelectorAll('.vg-log .vg-log-line').length > n", arg=than,
        timeout=EXPECT_MS)


def expect_log(page: Page, text: str) -> None:
    page.wait_for_function(
        "t => (document.querySelector('.vg-log')?.textContent || '')"
        ".split(/\\s+/).join(' ').trim() === t", arg=text, timeout=EXPECT_MS)


def seat_link(page: Page, seat: int) -> str:
    """The link of `seat` (counted from 1, as the page labels it)."""
    link = page.locator(f"a.vg-seat-link[data-seat='{seat}']")
    expect(link).to_have_count(1)
    return link.get_attribute("href") or ""


@pytest.mark.parametrize("game", list(GAMES))
def test_two_devices_and_a_spectator_at_one_table(voila_server, browser, game):
    notebook, query = GAMES[game]
    host = open_app(device(browser), voila_server, notebook, query, ready=READY)
    try:
        expect(host.locator("a.vg-seat-link")).to_have_count(1)  # only the remote seat's
        expect(host.locator("a.vg-watch-link")).to_have_count(1)
        assert "table=" in host.url and "key=" in host.url  # F5 brings the table back
        link = seat_link(host, 2)
        ben = device(browser)
        ben.goto(link)
        ben.locator(".vg-seat-line").wait_for()
        expect(ben.locator(".vg-seat-line")).to_contain_text("you play")
        expect(ben.locator("a.vg-seat-link")).to_have_count(0)  # never another seat's key
        assert parse_qsl(urlparse(host.url).query) != parse_qsl(urlparse(ben.url).query)
        log_text(ben)  # (drawn)
        before = log_lines(ben)
        play_a_move(host)  # Ana moves on her device...
        expect_more_lines(ben, before)  # ...and Ben sees it on his
        seen = log_text(ben)
        ben.reload()  # Ben's reload finds the table as it is
        ben.locator(".vg-seat-line").wait_for()
        expect_log(ben, seen)
        watch = host.locator("a.vg-watch-link").get_attribute("href") or ""
        spectator = device(browser)
        spectator.goto(watch)
        spectator.locator(".vg-seat-line").wait_for()
        expect(spectator.locator(".vg-seat-line")).to_contain_text("watching")
        expect(spectator.locator(".vg-picker button")).to_have_count(0)
        expect(spectator.locator(".vg-setup")).to_be_hidden()
        stale = device(browser)
        stale.goto(re.sub(r"key=[^&]+", "key=not-a-real-key", link))
        refused = stale.locator(".vg-table-refused")
        expect(refused).to_be_visible()  # (it was hidden with the table's bars)
        expect(refused).to_contain_text("does not open this table")
        expect(stale.locator(".vg-board-html")).to_be_hidden()
        expect(stale.locator(".vg-turn-bar")).to_be_hidden()
        for page in (ben, spectator, stale):
            close_page(page)
    finally:
        close_page(host)


def shoot(page: Page, name: str) -> None:
    """The page at a laptop's, a tablet's and a phone's width (SHOTS)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1366, 800, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function("w => window.innerWidth === w", arg=width)
        page.screenshot(path=str(SHOTS / f"{name}_{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})


def test_a_wrong_seat_key_shows_only_its_notice(voila_server, browser):
    """It showed the notice, then an empty move bar with a Confirm button; then (once the
    table view was split) nothing at all: hiding the bar hid the notice with it."""
    notebook, query = GAMES["village_pillage"]
    host = open_app(device(browser), voila_server, notebook, query, ready=READY)
    stale = device(browser)
    try:
        stale.goto(re.sub(r"key=[^&]+", "key=an-old-key", seat_link(host, 2)))
        refused = stale.locator(".vg-table-refused")
        expect(refused).to_be_visible()
        expect(refused).to_have_text(re.compile(
            r"for your seat's link\. Start a game of your own\.$"))
        for part in (".vg-turn-bar", ".vg-turn-confirm", ".vg-board-html", ".vg-lower",
                     ".vg-setup"):
            expect(stale.locator(part)).to_be_hidden()
        shoot(stale, "refused_link")
    finally:
        close_page(stale)
        close_page(host)


def test_a_watch_page_offers_no_coach_and_a_closed_tables_replay_shows_every_card(
        voila_server, browser):
    """A spectator was offered a Coach checkbox that did nothing. When the host starts a
    new game, the old table closes: its seat's page says so, and its replay says it was
    closed (not "Still running") and offers every card."""
    notebook, query = GAMES["village_pillage"]
    host = open_app(device(browser), voila_server, notebook, query, ready=READY)
    expect(host.locator(".vg-coach-toggle")).to_be_visible()
    ben, spectator = device(browser), device(browser)
    try:
        ben.goto(seat_link(host, 2))
        expect(ben.locator(".vg-seat-line")).to_contain_text("(seat 2 of 3)")
        expect(ben.locator(".vg-coach-toggle")).to_be_visible()
        spectator.goto(host.locator("a.vg-watch-link").get_attribute("href") or "")
        expect(spectator.locator(".vg-seat-line")).to_contain_text("watching")
        expect(spectator.locator(".vg-board-html .vg-village").first).to_be_visible()
        expect(spectator.locator(".vg-coach-toggle")).to_be_hidden()
        shoot(spectator, "watch_page")
        host.locator(".vg-new-game").click()  # the host's next game closes this table
        expect(ben.locator(".vg-prompt")).to_contain_text("This table is closed")
        with ben.context.expect_page() as opened:
            ben.locator(".vg-replay-link").first.click()
        replay = patient(opened.value)
        try:
            summary = replay.locator(".vg-rp-summary")
            expect(summary).to_contain_text("Closed before the end (its host started a new "
                                            "game)")
            expect(summary).not_to_contain_text("Still running")
            expect(replay.locator(".vg-rp-view select")).to_have_value(  # (its label)
                "All cards (the table is closed)")
            expect(replay.locator(".vg-rp-view option")).to_have_text(
                ["Ana (seat 1)", "Ben (seat 2)", "Cy (seat 3)",
                 "The table: public cards only", "All cards (the table is closed)"])
            shoot(replay, "closed_table_replay")
        finally:
            close_page(replay)
    finally:
        for page in (ben, spectator, host):
            close_page(page)


def test_two_plans_clicked_at_once_both_stand(voila_server, browser):
    notebook, query = GAMES["village_pillage"]
    host = open_app(device(browser), voila_server, notebook, query, ready=READY)
    ben = device(browser)
    ben.goto(seat_link(host, 2))
    ben.locator(".vg-seat-line").wait_for()
    try:
        for page in (host, ben):  # both pick a plan...
            for card in page.locator(".vg-board-content .vg-clickable").all()[:2]:
                card.click()
            expect(page.locator(".vg-turn-confirm")).to_be_enabled()
        host.locator(".vg-turn-confirm").click()  # ...and confirm together
        ben.locator(".vg-turn-confirm").click()
        for page in (host, ben):  # the bot plans last: the round is revealed everywhere
            expect(page.locator(".vg-log")).to_contain_text("reveal", ignore_case=True)
    finally:
        close_page(ben)
        close_page(host)


def test_a_table_continues_after_the_server_restarts(browser, tmp_path):
    port = free_port()
    env = {"VILLAGE_GAMES_DATA": str(tmp_path / "data")}
    log = tmp_path / "server.log"
    notebook, query = GAMES["villagers"]
    with running_voila(NOTEBOOKS, log, port=port, env=env) as url:
        host = open_app(device(browser), url, notebook, query, ready=READY)
        play_a_move(host)
        seen, address = log_text(host), host.url
        close_page(host)
    # the server (and every kernel) is gone; a new one starts on the same data folder
    with running_voila(NOTEBOOKS, log, port=port, env=env):
        again = device(browser)
        again.goto(address)
        expect_log(again, seen)
        expect(again.locator("a.vg-seat-link")).to_have_count(1)
        close_page(again)


def test_two_servers_sharing_one_postgresql_show_one_table(browser, tmp_path):
    notebook, query = GAMES["villagers"]
    with postgres_server() as pg:
        env = {"VILLAGE_GAMES_STORE": fresh_schema(pg)}
        with running_voila(NOTEBOOKS, tmp_path / "a.log", env=env) as a, \
                running_voila(NOTEBOOKS, tmp_path / "b.log", env=env) as b:
            host = open_app(device(browser), a, notebook, query, ready=READY)
            link = seat_link(host, 2)
            other = link.replace(a, b) if link.startswith(a) else b + urlparse(link).path + \
                "?" + urlparse(link).query
            ben = device(browser)
            ben.goto(other)  # Ben's page is served by the second server
            ben.locator(".vg-seat-line").wait_for()
            log_text(ben)
            before = log_lines(ben)
            play_a_move(host)  # on the first server; it shows on the second
            expect_more_lines(ben, before)
            close_page(ben)
            close_page(host)

