"""Debian's Chromium through Playwright, for browser tests and the page benchmarks.

Recipe and pitfalls: ../shared/reference/jupyter_stack.md. Debian's package, never
`playwright install`: the browser is a system package that CI installs (.ci/run). A
missing browser raises `ChromiumMissing`, which says how to install it; the browser tests
turn it into a failure, never a skip. Pages reach only 127.0.0.1, so a test or a benchmark
never waits on the network (a Font Awesome CDN, say), and close as a tab closes, so their
kernels end.
"""

from __future__ import annotations

import os
from urllib.parse import urlparse

from playwright.sync_api import Browser, Page, Playwright, Route
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian package
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class ChromiumMissing(RuntimeError):
    """Debian's Chromium is not installed where `CHROMIUM` says."""


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium, or `ChromiumMissing` saying how to get it."""
    if not os.access(CHROMIUM, os.X_OK):
        where = "CI: .ci/run should have installed it" if os.environ.get("CI") else "locally"
        raise ChromiumMissing(
            f"{CHROMIUM} is missing ({where}). Run scripts/ensure-chromium "
            "(apt-get install chromium as root); never `playwright install`.")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)


def local_only(route: Route) -> None:
    """Abort every request that leaves the machine (Font Awesome CDN and the like)."""
    if urlparse(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


def new_page(browser: Browser) -> Page:
    """A laptop-sized page that can reach only 127.0.0.1."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route("**/*", local_only)
    return page


def close_page(page: Page) -> None:
    """Leave the page as a closed tab does, so the page's kernel shuts down.

    Voila's page asks for the shutdown with `navigator.sendBeacon` on `beforeunload`.
    Playwright's `page.close(run_before_unload=True)` fires the event but tears the page
    down before the beacon leaves (the kernel stayed alive); navigating away lets the
    page unload normally, as closing a tab does in a browser. The beacon must not wait
    for `local_only` (a route handler of a page that is going away), so routes go first.
    """
    try:
        page.unroute_all(behavior="ignoreErrors")
        page.goto("about:blank", timeout=10_000)
    except PlaywrightError:
        pass  # a page that cannot unload cleanly is still closed below
    page.close()
    page.context.close()
