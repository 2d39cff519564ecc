"""A class experiment in a real browser: a teacher makes one from a lesson's link, three
students (each in a browser context of their own) join by the class link, roll by hand
and in a batch; the teacher's page follows them live; a student reloads and keeps their
trials; the teacher freezes the experiment and the students' pages stop taking trials."""

from __future__ import annotations

import csv
import re
from urllib.parse import parse_qsl, urlparse

from playwright.sync_api import Browser, Page, expect

from harness.chromium import close_page
from tests.browser.conftest import EXPECT_MS, new_device, open_app
from village_games.experiments.store import BATCH, ExperimentStore, NewTrial
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
            page.locator(".vg-xp-join").click(click_count=3)  # an impatient triple click
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
        # each page joined once, whatever the clicks: three students, no "name taken"
        for page in students:
            expect(page.locator(".vg-error")).to_be_hidden()
        expect(teacher.locator(".vg-xp-this")).to_have_attribute("data-students", "3")
        expect(ana.locator(".vg-xp-totals")).to_contain_text("of 14 recruits", timeout=LIVE_MS)
        for page, others in ((ana, ("Ben", "Cleo")), (ben, ("Ana", "Cleo"))):
            text = page.locator("body").inner_text()
            assert not any(re.search(rf"\b{o}\b", text) for o in others)

        ana.goto(ana.url)  # a reload: her page comes back with her trials
        ana.locator(".vg-xp-own").wait_for()
        wait_own(ana, 3)
        expect(ana.locator(".vg-xp-you")).to_contain_text("Ana")
        expect(ana.locator(".vg-xp-current")).to_contain_text("Recruit 3:")  # her last one
        expect(ana.locator(".vg-xp-current")).not_to_contain_text("Make your first")

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


# ---------------------------------------------------------------- a new teacher's issue
def new_experiment(settings: dict[str, str] | None = None) -> tuple[str, str]:
    """An experiment made in the store the server uses: (its id, the teacher key)."""
    store = open_store()
    e = ExperimentStore(store).create("vv-recruit", settings or {"position": "4",
                                                                  "extra": "0"})
    return e.id, store.teacher_key()


def open_teacher(browser: Browser, server: str, eid: str, key: str, width: int = 1366
                 ) -> Page:
    page = device(browser, width)
    open_app(page, server, NOTEBOOK, f"experiment={eid}&key={key}", ready=".vg-xp-numbers")
    return page


def open_student(browser: Browser, server: str, eid: str, name: str, width: int = 1366
                 ) -> Page:
    page = device(browser, width)
    open_app(page, server, NOTEBOOK, f"experiment={eid}", ready=".vg-xp-name")
    page.locator(".vg-xp-name input").fill(name)
    page.locator(".vg-xp-join").click()
    expect(page.locator(".vg-trial-step")).to_be_enabled(timeout=LIVE_MS)
    return page


def test_one_click_on_the_csv_button_downloads_every_trial(browser, voila_server):
    eid, key = new_experiment()
    xs = ExperimentStore(open_store())
    ana = xs.join(eid, "Ana")
    xs.add_trials(eid, ana.number, [NewTrial(n, n % 2 == 0, {"result": "r"}, BATCH)
                                    for n in range(1, 26)])
    teacher = open_teacher(browser, voila_server, eid, key)
    try:
        with teacher.expect_download(timeout=LIVE_MS) as downloading:
            teacher.locator(".vg-xp-csv button").click()  # one click, nothing else
        download = downloading.value
        assert download.suggested_filename == f"experiment-vv-recruit-{eid}.csv"
        with open(download.path(), encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        assert len(rows) == 25 and {r["student"] for r in rows} == {"Ana"}
        expect(teacher.locator(".vg-error")).to_be_hidden()
    finally:
        close_page(teacher)


def test_a_student_sending_batch_after_batch_is_capped_and_reads_why(browser,
                                                                      voila_server):
    eid, key = new_experiment()
    ana = open_student(browser, voila_server, eid, "Ana")
    try:
        ana.locator(".vg-trial-size").select_option("100")
        batch = ana.locator(".vg-trial-batch")
        limit = ana.locator(".vg-xp-limit")
        for _ in range(6):  # as fast as the button comes back: more than 200 a second
            batch.click()
            if limit.count():
                break
        expect(limit).to_contain_text("Slow down a little: one student adds at most 200 "
                                      "recruits a second", timeout=LIVE_MS)
        expect(ana.locator(".vg-error")).to_be_hidden()
        for _ in range(40):  # on to the cap of a run, a click whenever the page takes one
            if own_trials(ana) >= 500:
                break
            if batch.is_enabled():
                batch.click()
            ana.wait_for_timeout(300)
        wait_own(ana, 500)
        expect(ana.locator(".vg-xp-limit-full")).to_contain_text(
            "You have made 500 recruits in this run: that is the most one student adds to "
            "a run")
        expect(ana.locator(".vg-trial-step")).to_be_disabled()
        stored = ExperimentStore(open_store()).get(eid)
        assert stored.run_trials == 500
    finally:
        close_page(ana)


def test_a_reset_starts_the_students_new_run_open_with_the_answer_hidden(browser,
                                                                        voila_server):
    eid, key = new_experiment()
    teacher = open_teacher(browser, voila_server, eid, key)
    ana = open_student(browser, voila_server, eid, "Ana", 800)
    try:
        teacher.locator(".vg-xp-reveal").click()
        teacher.locator(".vg-xp-freeze").click()
        expect(ana.locator(".vg-trial-step")).to_be_disabled(timeout=LIVE_MS)
        expect(ana.locator(".vg-xp-totals")).to_contain_text("Exact answer: 1/2")
        teacher.locator(".vg-xp-reset").click()
        expect(ana.locator(".vg-xp-totals")).to_contain_text("Run 2", timeout=LIVE_MS)
        expect(ana.locator(".vg-trial-step")).to_be_enabled(timeout=LIVE_MS)
        expect(ana.locator(".vg-xp-totals")).to_contain_text("Exact answer: hidden")
        expect(ana.locator(".vg-xp-frozen")).to_have_count(0)
        expect(teacher.locator(".vg-xp-status")).to_contain_text(
            "Run 2 has started: it takes trials now, and the exact answer is hidden")
        by_hand(ana)
        expect(teacher.locator(".vg-xp-numbers[data-run='2'][data-trials='1']")).to_be_visible(
            timeout=LIVE_MS)
    finally:
        close_page(ana)
        close_page(teacher)


def test_the_teachers_page_lists_its_experiment_with_live_counts(browser, voila_server):
    eid, key = new_experiment()
    teacher = open_teacher(browser, voila_server, eid, key)
    try:
        this = teacher.locator(f".vg-xp-list tr[data-experiment='{eid}']")
        expect(this).to_contain_text("0 students")
        xs = ExperimentStore(open_store())
        for name in ("Ana", "Ben"):
            s = xs.join(eid, name)
            xs.add_trials(eid, s.number, [NewTrial(n, True, {}, BATCH) for n in range(1, 11)])
        expect(this).to_contain_text("2 students", timeout=LIVE_MS)
        expect(this.locator("td").nth(2)).to_have_text("20")
        expect(this).to_contain_text("open, run 1")
        expect(this).to_contain_text("this page")
        teacher.locator(".vg-xp-freeze").click()
        expect(this).to_contain_text("frozen, run 1", timeout=LIVE_MS)
    finally:
        close_page(teacher)


def test_a_students_page_has_her_own_introduction_and_no_teachers_links(browser,
                                                                       voila_server):
    eid, key = new_experiment()
    ana = open_student(browser, voila_server, eid, "Ana", 390)
    try:
        body = ana.locator("body")
        expect(ana.locator(".vg-xp-intro")).to_contain_text("Press the blue button to make "
                                                            "your next recruit")
        expect(body).not_to_contain_text("For teachers")
        expect(body).not_to_contain_text("teacher key")
        expect(ana.locator(".vg-nav a")).to_have_count(1)  # the gallery only
    finally:
        close_page(ana)
