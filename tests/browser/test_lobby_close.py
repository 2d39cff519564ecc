"""The teacher's lobby in a real browser: Close on a table people are playing at asks
first, in the page ("Keep it open" keeps it; "Yes, close it" closes it), and the keyboard
goes to the question's answers (issue item 14)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import open_app
from village_games.tables import open_store
from widgets.table.page import open_table
from widgets.villagers.adapter import VillagersAdapter

NOTEBOOK = "lobby.ipynb"
LIVE_MS = 15_000


def test_the_lobby_asks_before_closing_a_table_people_are_playing_at(page: Page,
                                                                        voila_server):
    store = open_store()
    host = open_table(VillagersAdapter(), {"seats": "human,remote,bot", "seed": "4"},
                      store=store)
    host._on_choose(host.session.game.legal_actions(0)[0])  # a move: people play here
    tid = host.session.table.id
    open_app(page, voila_server, NOTEBOOK, f"key={store.teacher_key()}",
             ready=f".vg-lobby-row[data-table='{tid}']")
    row = page.locator(f".vg-lobby-row[data-table='{tid}']")
    question = page.locator(f".vg-lobby-confirm-row[data-table='{tid}']")

    row.locator(".vg-lobby-close").click()
    expect(question).to_contain_text("Close this table?", timeout=LIVE_MS)
    expect(question).to_contain_text("Ana (host's screen) and Ben (own device) are playing")
    keep = question.locator(".vg-lobby-close-no")
    expect(keep).to_be_focused()  # the keyboard is at the answers
    page.wait_for_timeout(1_500)  # the live lobby redraws meanwhile: the question stays
    expect(question).to_be_visible()
    assert not store.get(tid).closed
    keep.click()
    expect(question).to_have_count(0, timeout=LIVE_MS)
    expect(row.locator(".vg-lobby-close")).to_be_focused()  # back where it was
    assert not store.get(tid).closed

    page.keyboard.press("Enter")  # Close again, from the keyboard this time
    expect(question.locator(".vg-lobby-close-yes")).to_be_visible(timeout=LIVE_MS)
    question.locator(".vg-lobby-close-yes").click()
    expect(row).to_have_count(0, timeout=LIVE_MS)  # closed tables leave the list
    assert store.get(tid).closed == "closed by the teacher"
    expect(page.locator(".vg-error")).to_be_hidden()
