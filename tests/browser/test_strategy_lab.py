"""The strategy lab in Chromium: start a run on the local process pool, watch the interval
narrow as games arrive, stop it, and download the games as CSV."""

import csv
import io
import os
import re
from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/lab_shots"))
QUERY = ("game=village_pillage&players=2&options=duel&lineup=heuristic,random&games=600"
         "&seed=5")


def _count(page) -> int:
    text = page.locator(".vg-lab-count").inner_text()
    return int(re.match(r"([\d,]+) of", text).group(1).replace(",", ""))


def _width(page) -> float:
    cell = page.locator(".vg-lab-slots .vg-lab-interval").first.inner_text()
    low, high = (float(x) for x in re.findall(r"([\d.]+)%", cell))
    return high - low


def _wait_for_games(page, at_least: int, timeout: float = 240) -> int:
    """Wait until the page counts `at_least` games (the count the kernel writes)."""
    page.wait_for_function(
        """n => {
            const t = document.querySelector('.vg-lab-count')?.textContent || '';
            const m = t.trim().match(/^([\\d,]+) of/);
            return m && Number(m[1].replaceAll(',', '')) >= n;
        }""", arg=at_least, timeout=timeout * 1000)
    return _count(page)


def test_start_watch_the_interval_narrow_stop_and_download(page, voila_server, open_app):
    open_app(page, voila_server, "strategy_lab.ipynb", query=QUERY, ready=".vg-lab-start")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-lab-start").click()
    _wait_for_games(page, 4)
    early = _width(page)
    _wait_for_games(page, 24)
    later = _width(page)
    assert later < early, (early, later)
    expect(page.locator(".vg-lab-intervals img, img.vg-lab-intervals")).to_be_visible()
    page.screenshot(path=str(SHOTS / "lab_running.png"), full_page=True)
    page.locator(".vg-lab-stop").click()
    expect(page.locator(".vg-lab-status")).to_contain_text("stopped")
    stopped_at = _count(page)
    assert stopped_at < 600
    # (nothing to wait for: this watches, for a while, that nothing more arrives)
    page.wait_for_timeout(1500)
    assert _count(page) == stopped_at  # nothing more arrives after Stop
    with page.expect_download() as info:
        page.locator("a.vg-lab-csv").click()
    download = info.value
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text())))
    assert len(rows) == 2 * stopped_at
    assert {r["bot"] for r in rows} == {"Heuristic", "Random"}
    expect(page.locator(".vg-lab-ratings")).to_contain_text("OpenSkill")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(SHOTS / "lab_stopped_1366.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 900})
    page.screenshot(path=str(SHOTS / "lab_stopped_800.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_lesson_plays_its_duels_in_the_page(page, voila_server, open_app):
    open_app(page, voila_server, "strategy_lab_lesson.ipynb", ready=".vg-games-run")
    expect(page.locator(".vg-games-exact")).to_contain_text("Exact (binomial)")
    page.locator(".vg-games-run").click()
    expect(page.locator(".vg-games-sim")).to_contain_text("95% interval (Wilson)",
                                                         timeout=120_000)
    expect(page.locator("img.vg-games-chart")).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(SHOTS / "lesson_1366.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()
