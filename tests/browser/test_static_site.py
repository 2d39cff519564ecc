"""The static site (`make site`) in a real browser, with no server but a folder of files.

The site is built (scripts/build-site, 20 s or so once build/site-cache holds the
downloads; skipped when site/ is newer than everything it is built from), served from its
folder by Python's plain file server on 127.0.0.1, and opened in Chromium with every
request to anything but that server refused and recorded: the site must need nothing
else (no CDN, no package index). Each page runs Python in the browser (Pyodide), installs
the project from the site's wheels and draws its app; the test clicks from the gallery to
the Village Pillage walkthrough by an example's link (the page reads its own address),
steps Next and Back, goes on to the play page and plays one whole round against the bots.

Set $VILLAGE_SCREENSHOTS to a folder to keep a screenshot of each page (static-*.png).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from harness.chromium import close_page
from harness.file_server import serving
from harness.pages import FINISHED_JS, play_a_move
from harness.voila import ROOT

SITE = ROOT / "site"
GALLERY = SITE / "voici" / "render" / "index.html"
# what the site is built from: a change to any of these makes the test build it again
SOURCES = [ROOT / "village_games", ROOT / "widgets", ROOT / "notebooks",
           ROOT / "scripts" / "build-site", *sorted((ROOT / "scripts").glob("site_*.py")),
           ROOT / "scripts" / "site-static",
           ROOT / "constraints.txt", ROOT / "constraints-site.txt", ROOT / "pyproject.toml"]
SHOTS = os.environ.get("VILLAGE_SCREENSHOTS")
# a page starts Python and installs the project before its first cell ends: allow minutes
# on a loaded machine (a bound on a stuck page, not how long a page takes)
PAGE_MS = 240_000


# what a step of the round changes: the step's text, the round, the prompt
TABLE_NOW_JS = """() => ['.vg-step-text', '.vg-board-html .vg-round', '.vg-prompt']
    .map(s => document.querySelector(s)?.textContent ?? '').join('|')"""

# a step to click through, or the round over: round 2 is being planned
STEP_OR_NEXT_ROUND_JS = """() => {
    const shown = s => !!document.querySelector(s)?.offsetParent;
    return shown('.vg-next-step') || (!shown('.vg-step-text')
        && document.querySelector('.vg-board-html .vg-round')?.textContent === 'Round 2');
}"""


def newest_source() -> float:
    times = []
    for source in SOURCES:
        files = [source] if source.is_file() else [
            p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        times += [f.stat().st_mtime for f in files]
    return max(times)


@pytest.fixture(scope="module")
def static_site() -> Path:
    """site/, built now unless it is newer than everything it is built from."""
    if not GALLERY.exists() or GALLERY.stat().st_mtime < newest_source():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build-site"),
                        f"--output={SITE}"], check=True, cwd=ROOT, timeout=1200)
    assert GALLERY.exists(), "scripts/build-site built no gallery page"
    return SITE


@pytest.fixture(scope="module")
def site_url(static_site: Path) -> Iterator[str]:
    """The site's folder served as plain files (what any static host does)."""
    with serving(static_site) as url:
        yield url


class Offline:
    """A browser context that reaches only the site's server: any other request is
    refused, and noted (with the page's uncaught errors) for the test to check."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.origin = urlparse(site_url).netloc
        self.served = 0
        self.refused: list[str] = []
        self.elsewhere: list[str] = []
        self.errors: list[str] = []
        self.context: BrowserContext = browser.new_context(
            viewport={"width": 1280, "height": 900})
        self.context.route("**/*", self.only_the_site)
        # (a request that some path leaves unrouted, a service worker's say, still shows)
        self.context.on("request", lambda r: self.local(r.url) or self.elsewhere.append(r.url))

    def local(self, url: str) -> bool:
        return urlparse(url).netloc == self.origin or url.startswith(("data:", "blob:"))

    def only_the_site(self, route: Route) -> None:
        if self.local(route.request.url):
            self.served += 1
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()

    def new_page(self) -> Page:
        page = self.context.new_page()
        page.set_default_timeout(PAGE_MS)
        page.set_default_navigation_timeout(PAGE_MS)
        page.on("pageerror", lambda e: self.errors.append(f"{e.name}: {e.message}"[:500]))
        return page

    def check(self) -> None:
        assert self.served, "no request went through the route: it checked nothing"
        assert not self.refused, f"the site asked another host for {self.refused[:5]}"
        assert not self.elsewhere, f"requests left the site: {self.elsewhere[:5]}"
        assert not self.errors, f"uncaught errors in the page: {self.errors[:3]}"


@pytest.fixture
def offline(browser: Browser, site_url: str) -> Iterator[Offline]:
    net = Offline(browser, site_url)
    yield net
    with contextlib.suppress(Exception):
        net.context.close()


def wait_for_app(page: Page, ready: str) -> None:
    """Wait until the page ran every cell (Voici shows "Executing k of N" until then) and
    its app drew `ready`; no cell printed an error."""
    page.wait_for_function(FINISHED_JS, timeout=PAGE_MS)
    page.locator(ready).first.wait_for(state="visible", timeout=PAGE_MS)
    errors = page.locator("#rendered_cells [data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()


def screenshot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"static-{name}.png"))


@pytest.mark.timeout(600)  # a build (when due) and three pages, each its own Python
def test_gallery_walkthrough_and_a_game_against_bots_run_offline(offline, site_url):
    page = offline.new_page()
    page.goto(f"{site_url}/voici/render/index.html")
    wait_for_app(page, ".vg-gallery-card")
    # only the apps this site has, each a built page (an .ipynb link is a 404 here)
    hrefs = page.locator(".vg-gallery a").evaluate_all("links => links.map(a => a.href)")
    assert hrefs and not [h for h in hrefs if ".ipynb" in h or "lesson" in h]
    expect(page.locator(".vg-gallery-static-note")).to_contain_text("need a server")
    screenshot(page, "gallery")

    # a gallery link with a setting in its address: the page reads it in the browser
    page.locator(".vg-gallery a", has_text="Two thieves, one stockpile: the split").click()
    page.wait_for_url("**/village_pillage_rules.html?example=split-odd-turnip")
    wait_for_app(page, ".vg-wt-next")
    expect(page.locator(".vg-wt-heading")).to_contain_text("Two thieves, one stockpile")
    counter = page.locator(".vg-wt-count")
    narration = page.locator(".vg-wt-narration")
    expect(counter).to_have_text("Step 1 of 5")
    first = narration.inner_text()
    page.locator("button.vg-wt-next").click()
    expect(counter).to_have_text("Step 2 of 5")
    expect(narration).not_to_have_text(first)
    screenshot(page, "walkthrough")
    page.locator("button.vg-wt-back").click()
    expect(counter).to_have_text("Step 1 of 5")
    expect(narration).to_have_text(first)
    expect(page.locator(".vg-error")).to_be_hidden()

    page.locator(".vg-nav a", has_text="Village Pillage: Play").click()
    page.wait_for_url("**/village_pillage_play.html")
    wait_for_app(page, ".vg-board-content .vg-clickable")
    expect(page.locator(".vg-in-this-tab")).to_contain_text("This game stays in this tab")
    round_label = page.locator(".vg-board-html .vg-round")
    expect(round_label).to_have_text("Round 1")
    # the page opens with a person (Ana) against two bots: plan a round, step through it
    play_a_move(page)
    expect(page.locator(".vg-step-bar")).to_contain_text("Step 1 of")
    next_step = page.locator(".vg-next-step")
    for _ in range(60):
        page.wait_for_function(STEP_OR_NEXT_ROUND_JS)
        if not next_step.is_visible():
            break
        before = page.evaluate(TABLE_NOW_JS)
        next_step.click()
        page.wait_for_function(f"s => ({TABLE_NOW_JS})() !== s", arg=before)
    expect(page.locator(".vg-step-text")).to_be_hidden()
    expect(round_label).to_have_text("Round 2")
    expect(page.locator(".vg-prompt")).to_contain_text("Your turn")
    expect(page.locator(".vg-error")).to_be_hidden()
    screenshot(page, "game")

    offline.check()
    close_page(page)
