"""A page whose connection to the server drops says so at once, refuses a click with a
word instead of losing it, and comes back by itself (issue 37 item 6;
share/jupyter/voila/templates/village/static/connection.js).

The drop: the browser goes offline (Playwright's `set_offline`) and the kernel's websocket
closes, so the widget library's own attempts to reconnect fail until it is back online.
"""

import os
from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/shots-keys"))
NOTEBOOK = "village_pillage_play.ipynb"
QUERY = "players=3&seats=human,bot,bot&seed=5"
CARD = ".vg-board-html .vg-hand .vg-clickable"


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
