"""Every lesson's "Run this as a class experiment" link, clicked with the mouse after a run
of the simulation (when the results box is drawn beside it), opens the class-experiment
page in a new tab with the lesson's settings: no box lies over the link and takes the
click (issue item 8)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from harness.chromium import local_only
from harness.pages import open_app

# notebook -> the tab to open first (the Village Pillage lesson's match is its third tab)
LESSONS = {
    "villagers_and_villains_recruit_lesson.ipynb": None,
    "villagers_and_villains_defend_lesson.ipynb": None,
    "villagers_backs_lesson.ipynb": None,
    "villagers_facedown_lesson.ipynb": None,
    "villagers_solo_lesson.ipynb": None,
    "villages_draw_lesson.ipynb": None,
    "village_pillage_market_lesson.ipynb": None,
    "village_pillage_lesson.ipynb": "3 · Match",
}
CLICK_MS = 10_000  # a link nothing covers takes the click at once


@pytest.mark.parametrize("notebook", list(LESSONS))
def test_the_class_experiment_link_opens_the_experiment_when_clicked_after_a_run(
        page: Page, voila_server, notebook):
    tab = LESSONS[notebook]
    open_app(page, voila_server, notebook, ready=".vg-payoff-table" if tab else ".vg-lesson-run")
    if tab:  # built when first opened
        page.locator(".lm-TabBar-tab", has_text=tab).click()
        expect(page.locator(".vg-lesson-run:visible")).to_have_count(1, timeout=60_000)
    page.locator(".vg-lesson-run:visible").first.click()
    results = page.locator(".vg-lesson-sim:visible .vg-lesson-box")
    expect(results.first).to_be_visible(timeout=120_000)  # the run's results are drawn

    link = page.locator(".vg-class-link:visible").first
    href = link.get_attribute("href") or ""
    wanted = dict(parse_qsl(urlparse(href).query))
    assert wanted.get("kind"), href
    page.context.route("**/*", local_only)  # the new tab too reaches only 127.0.0.1
    with page.context.expect_page(timeout=CLICK_MS) as opened:
        link.click(timeout=CLICK_MS)  # a person's click: no force, nothing on top of it
    experiment = opened.value
    try:
        experiment.wait_for_load_state()
        url = urlparse(experiment.url)
        assert url.path.endswith("/class_experiment.ipynb")
        assert dict(parse_qsl(url.query)) == wanted  # the lesson's settings, all of them
        experiment.set_default_timeout(120_000)  # its kernel may wait behind the others
        expect(experiment.locator(".vg-xp-settings-table")).to_be_visible()
        expect(experiment.locator(".vg-xp-create")).to_be_visible()
    finally:
        try:  # leave it as a closed tab does, so its kernel shuts down
            experiment.goto("about:blank", timeout=10_000)
        except PlaywrightError:
            pass
        experiment.close()
