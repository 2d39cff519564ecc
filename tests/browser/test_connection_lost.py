"""A page whose connection to the server drops says so at once, refuses a click with a
word instead of losing it, and comes back by itself (issue 37 item 6;
share/jupyter/voila/templates/village/static/connection.js).

The drop: the browser goes offline (Playwright's `set_offline`) and the kernel's websocket
closes, so the widget library's own attempts to reconnect fail until it is back online.
And a real one: the server stops under a stored table's page and starts again on the same
port and table store, and the page loads itself again at the same seat and move.
"""

import os
from pathlib import Path

from playwright.sync_api import expect

from harness.chromium import close_page
from harness.pages import play_a_move
from harness.voila import free_port, running_voila
from tests.browser.conftest import NOTEBOOKS, new_device, open_app
from tests.browser.test_shared_tables import READY, expect_log, log_text

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/shots-keys"))
NOTEBOOK = "village_pillage_play.ipynb"
QUERY = "players=3&seats=human,bot,bot&seed=5"
CARD = ".vg-board-html .vg-hand .vg-clickable"
CARD_ANY = ".vg-board-html .vg-card"  # (a card of the table, drawn again)


def test_a_lost_connection_is_said_and_clicks_are_refused(page, voila_server, open_app):
    page.add_init_script("window.VG_CONNECTION_PROBE_MS = 500")
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=CARD)
    banner = page.locator(".vg-connection[role=alert]")
    expect(banner).to_have_count(0)
    assert page.evaluate("() => window.VG_CONNECTION.sockets.size") >= 1

    page.context.set_offline(True)
    page.evaluate("() => window.VG_CONNECTION.sockets.forEach((s) => s.close())")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Lost the connection to the server; trying again")

    card = page.locator(CARD).first
    card.click()
    expect(banner.locator(".vg-connection-refused")).to_contain_text("Not sent")
    expect(page.locator(".vg-board-html .vg-picked")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "connection_lost.png"))
    page.keyboard.press("Enter")  # a key is refused too (whatever has the focus)

    page.context.set_offline(False)
    # back: the kernel's socket opens again (or the stored table loads again)
    page.wait_for_function("() => window.VG_CONNECTION && !window.VG_CONNECTION.lost")
    expect(page.locator(CARD).first).to_be_visible()
    page.locator(CARD).first.click()  # and a click counts again
    expect(page.locator(".vg-board-html .vg-picked")).to_have_count(1)


def test_a_stored_table_comes_back_by_itself_when_the_server_restarts(browser, tmp_path):
    """Voila stops under Ana's page (a table with a remote seat, so its address names the
    stored table and her seat's key) and starts again on the same port with the same
    table store: the page says the connection is lost, then loads itself again (the test
    never reloads it) at her seat, with the move she made, and the banner is gone."""
    port = free_port()
    env = {"VILLAGE_GAMES_DATA": str(tmp_path / "data")}  # the table store (SQLite) in it
    log = tmp_path / "server.log"
    page = new_device(browser)
    page.add_init_script("window.VG_CONNECTION_PROBE_MS = 300")
    banner = page.locator(".vg-connection[role=alert]")
    try:
        with running_voila(NOTEBOOKS, log, port=port, env=env) as url:
            open_app(page, url, NOTEBOOK, "seats=human,remote,bot&seed=6", ready=READY)
            address = page.url
            assert "table=" in address and "key=" in address
            play_a_move(page)
            seen = log_text(page)
            page.evaluate("() => { window.vgBeforeTheRestart = true; }")
            expect(banner).to_have_count(0)
        # the server and its kernels are gone
        expect(banner).to_contain_text("Lost the connection to the server; trying again")
        with running_voila(NOTEBOOKS, log, port=port, env=env):
            # connection.js finds the server again and loads the page itself
            page.wait_for_function("() => window.vgBeforeTheRestart === undefined")
            assert page.url == address  # the same table, the same seat's key
            expect_log(page, seen)  # at the same move
            expect(page.locator("a.vg-seat-link")).to_have_count(1)  # Ana's page: Ben's link
            expect(page.locator(CARD_ANY).first).to_be_visible()
            expect(banner).to_have_count(0)
    finally:
        close_page(page)
