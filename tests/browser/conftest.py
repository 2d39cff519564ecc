"""Browser-test fixtures: Voila on loopback, Debian's Chromium through Playwright.

The server and the browser come from `harness` (harness/voila.py: `scripts/serve`, so
tests run the exact flags of `make serve`; harness/chromium.py: Debian's Chromium, pages
that reach only 127.0.0.1); the fixtures here wrap them. Every test in this directory
gets the `browser` marker; none may skip for a missing browser. Pages are opened one at a
time: on 2 cores the browser is the bottleneck.

Pre-heated kernels (`--preheat_kernel`) run a notebook before its page is asked for, so
an app that reads the URL query must call `voila.utils.wait_for_request()` first.

Tests wait on the page's own signals (an element the kernel draws, a text or attribute it
writes: `expect(...)`), never for a fixed time: a loaded machine makes them slower, not
red. Every page made here (`patient`) and every `expect` allow minutes, not Playwright's
5 s (expect) and 30 s (clicks, file choosers, page loads): the time allowed bounds a stuck
page, it is not how long a test takes.
"""

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from harness.chromium import ChromiumMissing, close_page, launch_chromium, new_page
from harness.pages import (  # noqa: F401 (tests import these from here too)
    ACTION_MS,
    DEFAULT_READY,
    EXPECT_MS,
    FINISHED_JS,
    new_device,
    open_app,
    patient,
)
from harness.voila import ROOT, running_voila

HERE = Path(__file__).resolve().parent
# Served directory for `voila_server`; override to point the app tests elsewhere.
NOTEBOOKS = Path(os.environ.get("VILLAGE_NOTEBOOKS", ROOT / "notebooks"))
expect.set_options(timeout=EXPECT_MS)


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
    page = patient(new_page(browser))
    yield page
    close_page(page)
