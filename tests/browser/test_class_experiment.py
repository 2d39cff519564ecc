"""A class experiment in a real browser: a teacher makes one from a lesson's link, three
students (each in a browser context of their own) join by the class link, roll by hand
and in a batch; the teacher's page follows them live; a student reloads and keeps their
trials; the teacher freezes the experiment and the students' pages stop taking trials."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlparse

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import EXPECT_MS, close_page, new_device, open_app
from village_games.tables import open_store

NOTEBOOK = "class_experiment.ipynb"
LESSON = "villagers_and_villains_recruit_lesson.ipynb"
# A live page shows a change within a second or two; a loaded machine may take longer
# (the tests wait on the change itself, this only bounds a page that never shows it).
LIVE_MS = EXPECT_MS


def device(browser: Browser, width: int = 1366) -> Page:
    # (patient: a page of an app whose one pre-heated kernel was just taken waits for the
    # next one, which the server warms after the others of its queue: voila_pools.py)
    return new_device(browser, width)


def own_trials(page: Page) -> int:
    box = page.locator(".vg-xp-own")
    return int(box.get_attribute("data-trials") or 0) if box.count() else 0


def wait_own(page: Page, n: int) -> None:
    expect(page.locator(f".vg-xp-own[data-trials='{n}']")).to_be_visible(timeout=LIVE_MS)


def by_hand(page: Page) -> None:
    """One trial, one click per roll, until it is counted. After each click the page
    keeps the button disabled until the kernel has handled it: the next roll is clicked
    only then, and only if the trial is not counted yet."""
    before = own_trials(page)
    counted = f".vg-xp-own[data-trials='{before + 1}']"
    for _ in range(10):
        page.locator(".vg-trial-step:not([disabled])").click()
        page.wait_for_function(
            "sel => document.querySelector(sel) "
            "|| !document.querySelector('.vg-trial-step').disabled", arg=counted,
            timeout=LIVE_MS)
        if page.locator(counted).count():
            return
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
        ana.locator(".vg-xp-own").wait_for()
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
