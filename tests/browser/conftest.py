"""Browser-test fixtures: Voila on loopback, Debian's Chromium through Playwright.

The server and the browser come from `harness` (harness/voila.py: `scripts/serve`, so
tests run the exact flags of `make serve`; harness/chromium.py: Debian's Chromium, pages
that reach only 127.0.0.1); the fixtures here wrap them. Every test in this directory
gets the `browser` marker; none may skip for a missing browser. Pages are opened one at a
time: on 2 cores the browser is the bottleneck.

Pre-heated kernels (`--preheat_kernel`) run a notebook before its page is asked for, so
an app that reads the URL query must call `voila.utils.wait_for_request()` first.
"""

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness.chromium import ChromiumMissing, close_page, launch_chromium, new_page
from harness.voila import ROOT, running_voila

HERE = Path(__file__).resolve().parent
# Voila shows #loading ("Executing k of N") and hides #rendered_cells until every cell ran.
FINISHED_JS = """() => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'"""
DEFAULT_READY = "#rendered_cells .jupyter-widgets"
# Served directory for `voila_server`; override to point the app tests elsewhere.
NOTEBOOKS = Path(os.environ.get("VILLAGE_NOTEBOOKS", ROOT / "notebooks"))


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
    for attempt in (1, 2):
        try:
            page.goto(url)
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


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila_factory(tmp_path_factory) -> Iterator[Callable[[Path], str]]:
    """Start Voila on any directory (one server per directory); all stop at session end."""
    with contextlib.ExitStack() as stack:
        servers: dict[Path, str] = {}

        def start(root: Path) -> str:
            root = Path(root).resolve()
            if root not in servers:
                log = tmp_path_factory.mktemp("voila") / "server.log"
                servers[root] = stack.enter_context(running_voila(root, log))
            return servers[root]

        yield start


@pytest.fixture(scope="session")
def voila_server(voila_factory) -> str:
    """Base URL of Voila serving notebooks/ (or $VILLAGE_NOTEBOOKS)."""
    return voila_factory(NOTEBOOKS)


@pytest.fixture(name="open_app")
def _open_app_fixture() -> Callable[..., Page]:
    """`open_app` as a fixture, so test modules need not import this conftest."""
    return open_app


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        try:
            chromium = launch_chromium(pw)
        except ChromiumMissing as exc:
            pytest.fail(str(exc), pytrace=False)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    """A fresh page that can reach only 127.0.0.1."""
    page = new_page(browser)
    yield page
    close_page(page)
