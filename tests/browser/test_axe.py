"""axe-core on every page and on the states a player meets (issue 37 item 1).

axe-core 4.12 (bundled by the pinned `axe-playwright-python`) runs its WCAG 2.0/2.1 level A
and AA rules; a critical or serious finding fails the test with the rule, its help text
and the first elements it names. Every notebook is checked as it opens, and then the
states that only a few steps reach: a Villagers build phase, a Villages battle, a
Villagers & Villains score sheet, the hot-seat hand-over, a shared seat page, the lobby
with the teacher's key, a class experiment's teacher and student pages, and the strategy
lab after a run. One server and one page serve the whole file; every wait is on the
page's own signal.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from harness.chromium import close_page
from tests.browser.conftest import NOTEBOOKS, new_device, open_app
from tests.browser.test_villagers_play import load_save, padlock_save
from tests.browser.test_villages_play import battle_save, click_picked
from village_games.tables import open_store
from widgets.table.page import open_table
from widgets.villagers.adapter import VillagersAdapter

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("critical", "serious")
AXE = Axe()


def findings(page: Page) -> list[dict]:
    """The critical and serious findings of axe-core's WCAG A/AA rules on `page`."""
    result = AXE.run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    return [v for v in result.response["violations"] if v["impact"] in BLOCKING]


def assert_accessible(page: Page, what: str) -> None:
    bad = findings(page)
    if bad:
        lines = [f"{what}: {len(bad)} critical/serious axe finding(s)"]
        for v in bad:
            lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
            for node in v["nodes"][:3]:
                summary = " ".join((node.get("failureSummary") or "").split())
                lines.append(f"      {node['target']} {summary[:240]}")
        pytest.fail("\n".join(lines), pytrace=False)


@pytest.fixture(scope="module")
def axe_page(browser) -> Iterator[Page]:
    """One page for the whole file (a desktop window)."""
    page = new_device(browser, 1366, 900)
    yield page
    close_page(page)


@pytest.mark.parametrize("notebook", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_every_notebook_as_it_opens(axe_page, voila_server, notebook):
    open_app(axe_page, voila_server, notebook)
    assert_accessible(axe_page, notebook)


def test_a_villagers_build_phase(axe_page, voila_server):
    open_app(axe_page, voila_server, "villagers_play.ipynb",
             "players=2&seats=human,bot&seed=1", ready=".vg-pick")
    load_save(axe_page, padlock_save())
    expect(axe_page.locator(".vg-prompt")).to_contain_text("uild")
    assert_accessible(axe_page, "Villagers build phase")


def test_a_villages_battle(axe_page, voila_server):
    page = open_app(axe_page, voila_server, "villages_play.ipynb",
                    "players=2&seats=human,bot&seed=1", ready=".vg-pick")
    page.get_by_text("Save / load").click()
    page.locator(".vg-load-text textarea").fill(battle_save())
    page.locator(".vg-load").click()
    board = page.locator(".vg-board-html")
    hand = board.locator(".vg-vl-hand-0")
    expect(hand.locator('[data-vg-value="Red Dragon"]')).to_be_visible()
    page.get_by_text("Save / load").click()
    for card in ("Red Farmer", "Red Dragon", "Red Orc"):
        click_picked(hand.locator(f'[data-vg-value="{card}"]'))
    page.locator(".vg-turn-confirm").click()
    mine = board.locator(".vg-vl-seat-0 .vg-vl-village.vg-vl-red")
    expect(mine).to_contain_text("Dragon")
    click_picked(mine.locator('[data-vg-field="unit"][data-vg-value="Red Dragon"]'))
    click_picked(mine.locator('[data-vg-field~="source"][data-vg-value="Red"]'))
    click_picked(board.locator('[data-vg-field="seat"][data-vg-value="1"]'))
    click_picked(board.locator('[data-vg-field="village"][data-vg-value="Green"]'))
    page.locator(".vg-turn-confirm").click()
    expect(board.locator(".vg-vl-battle")).to_contain_text("The attacker wins")
    assert_accessible(page, "Villages battle")


def test_a_villagers_and_villains_score_sheet(axe_page, voila_server):
    open_app(axe_page, voila_server, "villagers_and_villains_play.ipynb",
             "players=4&seats=bot,bot,bot,bot&seed=3&variant=advanced", ready=".vg-vv-sheet")
    assert_accessible(axe_page, "Villagers & Villains score sheet")


def test_the_hot_seat_hand_over(axe_page, voila_server):
    open_app(axe_page, voila_server, "villagers_play.ipynb",
             "players=2&seats=human,human&seed=3", ready=".vg-handover")
    expect(axe_page.locator(".vg-handover")).to_contain_text("Pass to Ana")
    assert_accessible(axe_page, "hot-seat hand-over")


def test_a_shared_seat_page(axe_page, browser, voila_server):
    host = open_app(new_device(browser), voila_server, "villagers_play.ipynb",
                    "seats=human,remote,bot&seed=4", ready=".vg-table-app")
    try:
        link = host.locator("a.vg-seat-link[data-seat='2']")
        expect(link).to_have_count(1)
        href = link.get_attribute("href") or ""
        axe_page.goto(href)
        expect(axe_page.locator(".vg-table-app")).to_be_visible()
        expect(axe_page.locator(".vg-board-html")).to_be_visible()
        assert_accessible(axe_page, "shared seat page")
    finally:
        close_page(host)


def test_the_lobby_with_the_key(axe_page, voila_server):
    store = open_store()
    host = open_table(VillagersAdapter(), {"seats": "human,remote,bot", "seed": "4"},
                      store=store)
    tid = host.session.table.id
    open_app(axe_page, voila_server, "lobby.ipynb", f"key={store.teacher_key()}",
             ready=f".vg-lobby-row[data-table='{tid}']")
    assert_accessible(axe_page, "lobby with the key")


def test_a_class_experiment_teacher_and_student(axe_page, browser, voila_server):
    teacher = axe_page
    open_app(teacher, voila_server, "villagers_and_villains_recruit_lesson.ipynb",
             ready=".vg-class-link")
    href = teacher.locator(".vg-class-link").get_attribute("href") or ""
    open_app(teacher, voila_server, href, ready=".vg-xp-create")
    assert_accessible(teacher, "class experiment, before it is made")
    teacher.locator(".vg-xp-key input").fill(open_store().teacher_key())
    teacher.locator(".vg-xp-create").click()
    expect(teacher.locator(".vg-xp-numbers")).to_be_visible()
    link = teacher.locator(".vg-xp-student-link").get_attribute("href") or ""
    student = new_device(browser)
    try:
        open_app(student, voila_server, f"class_experiment.ipynb?{urlparse(link).query}",
                 ready=".vg-xp-name")
        assert_accessible(student, "class experiment, a student's page before joining")
        student.locator(".vg-xp-name input").fill("Ana")
        student.locator(".vg-xp-join").click()
        expect(student.locator(".vg-xp-own")).to_be_visible()
        assert_accessible(student, "class experiment, a student's page")
    finally:
        close_page(student)
    expect(teacher.locator(".vg-xp-this")).to_have_attribute("data-students", "1")
    assert_accessible(teacher, "class experiment, the teacher's page")


def test_the_strategy_lab_after_a_run(axe_page, voila_server):
    query = ("game=village_pillage&players=2&options=duel&lineup=heuristic,random&games=20"
             "&seed=5")
    page = open_app(axe_page, voila_server, "strategy_lab.ipynb", query, ready=".vg-lab-start")
    page.locator(".vg-lab-start").click()
    expect(page.locator(".vg-lab-count")).to_contain_text("20 of 20")
    expect(page.locator(".vg-lab-intervals img, img.vg-lab-intervals")).to_be_visible()
    assert_accessible(page, "strategy lab after a run")
