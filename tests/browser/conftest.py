"""Browser-test fixtures: Voila on loopback, Debian's Chromium through Playwright.

Recipe and pitfalls: ../shared/reference/jupyter_stack.md. Voila is started through
`scripts/serve` so tests run the exact flags of `make serve` (plus tracebacks). Every
test in this directory gets the `browser` marker; none may skip for a missing browser.
Pages are opened one at a time: on 2 cores the browser is the bottleneck.

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
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SERVE = ROOT / "scripts" / "serve"
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
# Voila shows #loading ("Executing k of N") and hides #rendered_cells until every cell ran.
FINISHED_JS = """() => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'"""
DEFAULT_READY = "#rendered_cells .jupyter-widgets"
# Served directory for `voila_server`; override to point the app tests elsewhere.
NOTEBOOKS = Path(os.environ.get("VILLAGE_NOTEBOOKS", ROOT / "notebooks"))
# How long a wait on the page may take before the test fails (see the module docstring).
EXPECT_MS = 90_000  # expect(locator)...: the kernel's answer to a click shows
ACTION_MS = 120_000  # a click, a fill, a file chosen, a page opened
expect.set_options(timeout=EXPECT_MS)


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_voila(root: Path, log: Path, *extra: str, timeout: float = 180,
                  port: int | None = None, env: dict[str, str] | None = None) -> Iterator[str]:
    """Run `scripts/serve` on `root` on a free loopback port (or `port`); yield its base
    URL. `env` adds to the server's environment (a table store of its own, say).

    Output goes to `log` (a pipe could fill up and stall the server). The server runs in
    its own process group so the kernels it started die with it.
    """
    port = port or free_port()
    cmd = [sys.executable, str(SERVE), f"--port={port}", "--show_tracebacks=True", *extra]
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [*cmd, str(root)], stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONPATH": _this_checkout_first(), **(env or {})},
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"Voila exited with {proc.returncode}:\n{_tail(log)}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not answer within {timeout:.0f} s:\n{_tail(log)}")
            try:
                urllib.request.urlopen(f"{url}/voila/static/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # any HTTP answer (a 404 here) means the server is up
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        _stop(proc)


def _this_checkout_first() -> str:
    """PYTHONPATH for the server and its kernels: this checkout's packages before any
    other install of them (an editable install of another worktree maps `widgets` and
    `village_games` to that worktree, and the kernels run in notebooks/, not here)."""
    rest = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join(p for p in (str(ROOT), rest) if p)


def _stop(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _tail(log: Path, n: int = 40) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-n:])


def launch_chromium(playwright) -> Browser:
    """Debian's Chromium, or a loud failure: browser tests must never skip silently."""
    if not os.access(CHROMIUM, os.X_OK):
        where = "CI: .ci/run should have installed it" if os.environ.get("CI") else "locally"
        pytest.fail(
            f"{CHROMIUM} is missing ({where}). Run scripts/ensure-chromium "
            "(apt-get install chromium as root); never `playwright install`.",
            pytrace=False,
        )
    return playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)


def local_only(route) -> None:
    """Abort every request that leaves the machine (Font Awesome CDN and the like)."""
    if urlparse(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


def new_page(browser: Browser) -> Page:
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
        chromium = launch_chromium(pw)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    """A fresh page that can reach only 127.0.0.1."""
    page = patient(new_page(browser))
    yield page
    close_page(page)
