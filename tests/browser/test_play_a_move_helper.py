"""The browser tests' `play_a_move` on a page whose log line comes after its board (a
loaded machine): it once clicked on at nothing for five minutes and called the move not
made (the two-server PostgreSQL test, in CI twice)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from harness.file_server import serving
from harness.pages import play_a_move

PAGES = Path(__file__).parent / "pages"


def test_a_move_whose_log_line_comes_after_the_board_is_seen_as_made(page: Page) -> None:
    with serving(PAGES) as base:
        page.goto(f"{base}/board_before_log.html")
        play_a_move(page)
        assert page.locator(".vg-log .vg-log-line").count() == 3
        assert page.locator(".vg-prompt").inner_text() == "Waiting for Ben."
