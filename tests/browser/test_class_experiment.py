"""A class experiment in a real browser: a teacher makes one from a lesson's link, three
students (each in a browser context of their own) join by the class link, roll by hand
and in a batch; the teacher's page follows them live; a student reloads and keeps their
trials; the teacher freezes the experiment and the students' pages stop taking trials."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlparse

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness.chromium import close_page, local_only
from tests.browser.conftest import open_app
from village_games.tables import open_store

NOTEBOOK = "class_experiment.ipynb"
LESSON = "villagers_and_villains_recruit_lesson.ipynb"
LIVE_MS = 15_000  # a live page shows a change within a second or two; this is the limit


def device(browser: Browser, width: int = 1366) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.route("**/*", local_only)
    # a page of an app whose one pre-heated kernel was just taken waits for the next one,
    # which the server warms after the others of its queue (scripts/voila_pools.py)
    page.set_default_navigation_timeout(120_000)
    return page


def own_trials(page: Page) -> int:
    box = page.locator(".vg-xp-own")
    return int(box.get_attribute("data-trials") or 0) if box.count() else 0


def wait_own(page: Page, n: int) -> None:
    expect(page.locator(f".vg-xp-own[data-trials='{n}']")).to_be_visible(timeout=LIVE_MS)


def by_hand(page: Page) -> None:
    """One trial, one click per roll, until it is counted."""
    before = own_trials(page)
    counted = page.locator(f".vg-xp-own[data-trials='{before + 1}']")
    for _ in range(10):
        page.locator(".vg-trial-step:not([disabled])").click()
        try:
            counted.wait_for(timeout=2_000)
            return
        except PlaywrightTimeout:  # another roll of the same trial is due
            continue
    raise AssertionError("a trial made by hand was never counted")


def test_a_teacher_and_three_students_run_a_class_experiment(browser, voila_server):
    teacher = device(browser)
    students: list[Page] = []
    try:
        # the lesson links to its class experiment with its settings
        open_app(teacher, voila_server, LESSON, ready=".vg-class-link")
        href = teacher.locator(".vg-class-link").get_attribute("href") or ""
        assert href.startswith(f"{NOTEBOOK}?kind=vv-recruit&position=4&extra=0")
        open_app(teacher, voila_server, href, ready=".vg-xp-create")
        teacher.locator(".vg-xp-key input").fill(open_store().teacher_key())
        teacher.locator(".vg-xp-create").click()
        expect(teacher.locator(".vg-xp-numbers")).to_be_visible(timeout=LIVE_MS)
        address = dict(parse_qsl(urlparse(teacher.url).query))
        assert set(address) == {"experiment", "key"}  # a reload comes back to this page
        link = teacher.locator(".vg-xp-student-link").get_attribute("href") or ""
        assert link.endswith(f"?experiment={address['experiment']}") and "key=" not in link

        for name in ("Ana", "Ben", "Cleo"):
            page = device(browser, 800 if name == "Cleo" else 1366)
            path = urlparse(link)
            open_app(page, voila_server, f"{NOTEBOOK}?{path.query}", ready=".vg-xp-name")
            page.locator(".vg-xp-name input").fill(name)
            page.locator(".vg-xp-join").click()
            expect(page.locator(".vg-trial-step")).to_be_enabled(timeout=LIVE_MS)
            assert "key=" in page.url  # the address now holds this student's own key
            students.append(page)
        ana, ben, cleo = students

        for _ in range(3):
            by_hand(ana)
        expect(ana.locator(".vg-xp-current .vg-die")).to_have_count(1)  # the die drawn
        ben.locator(".vg-trial-size").select_option("10")
        ben.locator(".vg-trial-batch").click()
        wait_own(ben, 10)
        by_hand(cleo)
        expect(teacher.locator(".vg-xp-numbers[data-trials='14']")).to_be_visible(
            timeout=LIVE_MS)
        expect(teacher.locator(".vg-xp-numbers")).to_contain_text("3 students joined")
        expect(ana.locator(".vg-xp-totals")).to_contain_text("of 14 recruits", timeout=LIVE_MS)
        for page, others in ((ana, ("Ben", "Cleo")), (ben, ("Ana", "Cleo"))):
            text = page.locator("body").inner_text()
            assert not any(re.search(rf"\b{o}\b", text) for o in others)

        ana.goto(ana.url)  # a reload: her page comes back with her trials
        ana.locator(".vg-xp-own").wait_for(timeout=60_000)
        wait_own(ana, 3)
        expect(ana.locator(".vg-xp-you")).to_contain_text("Ana")

        teacher.locator(".vg-xp-reveal").click()
        expect(cleo.locator(".vg-xp-totals")).to_contain_text("Exact answer: 1/2",
                                                              timeout=LIVE_MS)
        teacher.locator(".vg-xp-freeze").click()
        for page in students:
            expect(page.locator(".vg-trial-step")).to_be_disabled(timeout=LIVE_MS)
            expect(page.locator(".vg-xp-frozen")).to_be_visible()
        expect(teacher.locator(".vg-xp-numbers")).to_contain_text("frozen")
        assert own_trials(ben) == 10 and own_trials(ana) == 3
    finally:
        for page in [teacher, *students]:
            close_page(page)
