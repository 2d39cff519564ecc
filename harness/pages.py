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
