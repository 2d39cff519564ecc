"""A Voila page for a test or a benchmark: opened, waited for, patient on a slow machine.

Pages wait on the page's own signals (Voila's "every cell ran", an element the kernel
draws), never for a fixed time; the time allowed (`EXPECT_MS`, `ACTION_MS`) bounds a
stuck page, it is not how long a wait takes.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness.chromium import local_only

# Voila shows #loading ("Executing k of N") and hides #rendered_cells until every cell ran.
FINISHED_JS = """() => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'"""
DEFAULT_READY = "#rendered_cells .jupyter-widgets"
# How long a wait on the page may take before the test fails (see the module docstring).
EXPECT_MS = 90_000  # expect(locator)...: the kernel's answer to a click shows
ACTION_MS = 120_000  # a click, a fill, a file chosen, a page opened
# one try at clicking what a move needs: `play_a_move` looks again after it, so that ten
# tries end well inside a test's time limit and say what the page showed
CLICK_MS = 30_000


def patient(page: Page) -> Page:
    """`page` with the time allowed to its actions and page loads (`ACTION_MS`)."""
    page.set_default_timeout(ACTION_MS)
    page.set_default_navigation_timeout(ACTION_MS)
    return page


def new_device(browser: Browser, width: int = 1366, height: int = 900) -> Page:
    """A patient page in a browser context of its own (another device), that can reach
    only 127.0.0.1."""
    page = patient(browser.new_context(viewport={"width": width, "height": height}).new_page())
    page.route("**/*", local_only)
    return page


def open_app(
    page: Page,
    base_url: str,
    notebook: str,
    query: str = "",
    ready: str = DEFAULT_READY,
    timeout: float = 90_000,
) -> Page:
    """Open `/voila/render/<notebook>?<query>` and wait until every cell ran and `ready`
    is visible. One more load on a time-out, as Voila's own UI tests do (rare stuck loads);
    it opens the address asked for, not the page's own (which by then may name a stored
    table that played on). The time allowed covers a first page that waits for the
    server to warm its app's kernel behind the other notebooks'.
    """
    url = f"{base_url}/voila/render/{notebook}" + (f"?{query}" if query else "")
    patient(page)
    for attempt in (1, 2):
        try:
            page.goto(url, timeout=timeout)
            page.wait_for_function(FINISHED_JS, timeout=timeout)
            page.locator(ready).first.wait_for(state="visible", timeout=timeout)
            return page
        except PlaywrightTimeout:
            if attempt == 2:
                body = page.locator("body").inner_text(timeout=5_000)[-2000:]
                raise AssertionError(
                    f"{notebook}: {ready!r} not visible after two loads. Page text:\n{body}"
                ) from None
    raise AssertionError("unreachable")


# What a click or a tap on the table changes once the kernel has taken it: the log (a
# move was made), the cards picked, Confirm offered, the picker's choice.
TABLE_STATE_JS = """() => [document.querySelectorAll('.vg-log .vg-log-line').length,
    document.querySelectorAll('.vg-board-content .vg-picked').length,
    !!document.querySelector('.vg-turn-confirm:not([disabled])'),
    document.querySelectorAll('.vg-picker .vg-selected').length
    ].join(' ')"""


def play_a_move(page: Page, press: str = "click", or_waiting: bool = False) -> None:
    """One move as a player makes it, by `press` ("click" or "tap"): what the table offers
    (the picker's buttons where the table has nothing left to pick), then Confirm when it
    is offered, each time waiting for the kernel's answer, until the log has a new line
    (or, with `or_waiting`, the page waits for another seat: a move the log tells only
    later).

    Each try first looks whether the move is already made: the kernel redraws the board
    and the log as separate messages, so a click's first visible change may come before
    the log's line (on a loaded machine, seconds before), and the next try then finds
    nothing left to click on this seat's turn."""
    log = page.locator(".vg-log .vg-log-line")
    before = log.count()

    def made() -> bool:
        return log.count() > before or (
            or_waiting and page.locator(".vg-prompt", has_text="Waiting for").count() > 0)

    for _ in range(10):
        if made():
            return
        state = page.evaluate(TABLE_STATE_JS)
        confirm = page.locator(".vg-turn-confirm")
        if confirm.is_visible() and confirm.is_enabled():
            target = confirm
        else:
            on_board = page.locator(".vg-board-content .vg-clickable:not(.vg-picked)")
            target = (on_board if on_board.count()
                      else page.locator(".vg-picker button:not([disabled]):visible")).first
        if not target.count():  # nothing to press yet: the kernel's answer is on its way
            try:
                _wait_for_change(page, state, before)
            except PlaywrightTimeout:
                break  # (and nothing came: say what the page shows)
            continue
        try:
            getattr(target, press)(timeout=CLICK_MS)
        except PlaywrightTimeout:
            continue  # the element went in a redraw (a busy kernel): look again
        _wait_for_change(page, state, before)
    if made():
        return
    prompt = page.locator(".vg-prompt").first
    said = prompt.inner_text(timeout=5_000) if prompt.count() else "(no prompt)"
    raise AssertionError(f"no move was made by {press}: {page.evaluate(TABLE_STATE_JS)}; "
                         f"the page said: {said[:300]!r}")


def _wait_for_change(page: Page, state: str, lines: int) -> None:
    """Until the table's state differs from `state` or the log has more than `lines`
    lines (the kernel answered)."""
    page.wait_for_function(
        f"([s, n]) => ({TABLE_STATE_JS})() !== s"
        " || document.querySelectorAll('.vg-log .vg-log-line').length > n",
        arg=[state, lines], timeout=EXPECT_MS)
