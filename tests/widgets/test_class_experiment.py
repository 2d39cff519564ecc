"""The class-experiment pages, driven through their Python entry points: a teacher makes
an experiment from a lesson's link, students join and run trials by hand and in batches,
the teacher's page pools them live; keys, reloads, duplicates, freeze, reset, reveal, the
board, the CSV and reopening."""

from __future__ import annotations

import csv
import html
import io
import re
import time

import ipywidgets as w
import pytest

from village_games.experiments import kind
from village_games.experiments.export import csv_name
from village_games.experiments.store import ExperimentStore
from village_games.tables import open_store
from widgets.experiments import teacher as teacher_module
from widgets.experiments.app import ClassExperimentPage
from widgets.experiments.create import CreateApp
from widgets.experiments.student import JoinApp, StudentApp
from widgets.experiments.teacher import TeacherApp
from widgets.server.lobby import LobbyApp

# three dice a recruit, every one rolled: none can reach 7 without a bonus (so every trial
# takes three clicks, whatever the experiment's secret seed)
RECRUIT = {"kind": "vv-recruit", "position": "7", "extra": "2"}
CARD_FOUR = {"kind": "vv-recruit", "position": "4", "extra": "2"}  # 7/8


@pytest.fixture
def url(store_url: str) -> str:
    """An empty store of each backend: the pages read it as the store tests write it."""
    return store_url


def device(url: str, query: dict[str, str], loop=None) -> ClassExperimentPage:
    """A page in a kernel of its own (its own connection to the store)."""
    return ClassExperimentPage(query, open_store(url, shared=False), loop)


def teacher_page(url: str, query: dict[str, str] | None = None) -> ClassExperimentPage:
    page = device(url, query or RECRUIT)
    assert isinstance(page.app, CreateApp)
    page.app.key.value = open_store(url, shared=False).teacher_key()
    page.app.button.click()
    assert isinstance(page.app, TeacherApp), page.banner.value
    return page


def student_page(url: str, experiment_id: str, name: str) -> ClassExperimentPage:
    page = device(url, {"experiment": experiment_id})
    assert isinstance(page.app, JoinApp)
    page.app.name.value = name
    page.app.button.click()
    assert isinstance(page.app, StudentApp), page.banner.value
    return page


def texts(widget) -> str:
    """Every text a page's widgets hold (what its browser could receive)."""
    out = []
    for child in [widget, *getattr(widget, "children", ())]:
        if isinstance(child, w.HTML | w.Text):
            out.append(child.value)
        if child is not widget:
            out.append(texts(child))
    return html.unescape("\n".join(out))


def by_hand(student: StudentApp) -> None:
    """One whole trial, one click per roll."""
    number = student.number
    while student.number == number:
        student.pad.click_step()


def test_a_lessons_link_makes_an_experiment_with_the_teacher_key_only(url):
    page = device(url, RECRUIT)
    create = page.app
    assert "Recruit the card in position 7 with 3 dice" in texts(create.widget)
    create.key.value = "a-guess"
    create.button.click()
    assert "not this server's teacher key" in html.unescape(page.banner.value)
    assert ExperimentStore(open_store(url, shared=False)).recent() == []
    create.key.value = open_store(url, shared=False).teacher_key()
    create.button.click()
    teacher = page.app
    assert isinstance(teacher, TeacherApp) and page.banner.value == ""
    e = teacher.experiment
    assert (e.kind, e.settings["position"], e.settings["extra"]) == ("vv-recruit", "7", "2")
    assert page.address.query == f"?experiment={e.id}&key={teacher.key}"
    assert f"class_experiment.ipynb?experiment={e.id}\"" in teacher.links.value  # no key
    assert "<svg" in teacher.links.value  # the QR code, shown


def test_a_link_with_bad_settings_says_what_is_allowed_and_makes_nothing(url):
    page = device(url, {"kind": "vv-recruit", "position": "12", "key": "x"})
    assert "Position of the card (position) must be a whole number from 1 to 7, got '12'" in (
        texts(page.app.widget))
    with pytest.raises(ValueError, match="no experiment to make"):
        page.app.create()
    page = device(url, {"kind": "coin-flip"})
    assert "no kind of experiment 'coin-flip'" in texts(page.app.widget)
    assert "Start from a lesson" in texts(device(url, {}).app.widget)


def test_students_roll_by_hand_one_die_per_click_and_the_teacher_pools_them(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    first = ana.trial(1)
    ana.pad.click_step()
    assert ana.shown == 1 and ana.number == 1  # one die shown, nothing stored yet
    assert ana.current.value.count("class='vg-die'") == 1
    ana.pad.click_step()
    assert ana.current.value.count("class='vg-die'") == 2 and ana.mine == []
    ana.pad.click_step()  # the third die: the recruit is made and stored
    assert ana.number == 2 and "Recruit 1: <b>missed</b>" in ana.current.value
    assert ana.mine[-1].number == 1 and ana.mine[-1].hit == first.hit is False
    assert ana.mine[-1].shown["steps"] == [s.to_dict() for s in first.steps]
    for _ in range(4):
        by_hand(ana)
    teacher.refresh(charts=True)
    assert 'data-trials=\'5\'' in teacher.numbers.value
    assert "95% interval (Wilson's)" in teacher.numbers.value
    assert "1 student joined, 1 with recruits" in teacher.numbers.value
    assert teacher.running.value[:4] == b"\x89PNG" and teacher.spread.value[:4] == b"\x89PNG"


def test_a_double_click_or_a_batch_sent_twice_counts_once(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    token = ana.pad.step_token
    ana.pad.receive({"type": "step", "token": token})
    ana.pad.receive({"type": "step", "token": token})  # the same click, twice
    assert (ana.number, ana.shown, len(ana.mine)) == (1, 1, 0)
    by_hand(ana)
    stored = ana.pad.step_token
    ana.pad.receive({"type": "step", "token": "1:3"})  # a retried last click of trial 1
    assert ana.pad.step_token == stored and len(ana.mine) == 1
    batch = {"type": "batch", "first": ana.number, "size": 10}
    ana.pad.receive(batch)
    ana.pad.receive(batch)
    assert len(ana.mine) == 11 and ana.number == 12
    assert [t.number for t in ana.mine] == list(range(1, 12))
    assert teacher.xs.get(teacher.experiment.id).run_trials == 11
    with pytest.raises(ValueError, match="a batch holds 10, 50 and 100 recruits, not 7"):
        ana.batch(ana.number, 7)


def test_a_step_token_the_page_never_sends_changes_nothing(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    for token in ("", "1", "1:", ":1", "²:1", "1:²", "9" * 5000 + ":1", "1:" + "9" * 5000,
                  "-1:1", "1:1:1", "x:y"):
        ana.pad.receive({"type": "step", "token": token})
        assert (ana.number, ana.shown, len(ana.mine)) == (1, 0, 0), token
        assert ana.banner.value == "", token  # ignored, not "something went wrong"
    ana.pad.click_step()
    assert ana.shown == 1


def test_a_reload_keeps_a_students_trials_and_a_half_made_trial_keeps_its_dice(url):
    teacher = teacher_page(url).app
    page = student_page(url, teacher.experiment.id, "Ana")
    ana = page.app
    by_hand(ana)
    ana.pad.click_batch(10)
    ana.pad.click_step()
    half = ana.current.value
    again = device(url, dict(re.findall(r"(\w+)=([^&]+)", page.address.query)))
    back = again.app
    assert isinstance(back, StudentApp) and back.student == ana.student
    assert [t.number for t in back.mine] == list(range(1, 12)) and back.number == 12
    back.pad.click_step()
    assert back.current.value == half  # the same die as before the reload
    assert "11 recruits" in back.own.value


def test_two_tabs_of_one_student_count_each_trial_once(url):
    teacher = teacher_page(url).app
    page = student_page(url, teacher.experiment.id, "Ana")
    tab1 = page.app
    tab2 = device(url, dict(re.findall(r"(\w+)=([^&]+)", page.address.query))).app
    by_hand(tab1)
    by_hand(tab2)  # tab 2 still thought trial 1 was next: the same trial, counted once
    assert tab2.number == 2 and [t.number for t in tab2.mine] == [1]
    by_hand(tab2)
    assert teacher.xs.get(teacher.experiment.id).run_trials == 2


def test_keys_open_only_their_own_page(url):
    teacher = teacher_page(url).app
    eid = teacher.experiment.id
    ana = student_page(url, eid, "Ana").app
    # a student's key opens that student's page, never the teacher's
    assert isinstance(device(url, {"experiment": eid, "key": ana.student.token}).app,
                      StudentApp)
    with pytest.raises(PermissionError):
        TeacherApp(teacher.xs, teacher.experiment, ana.student.token, teacher.banner,
                   device(url, {}).address)
    stale = device(url, {"experiment": eid, "key": "x" * 24})
    assert isinstance(stale.app, JoinApp) and "opens nothing in this experiment" in (
        stale.notice.value)
    assert "no experiment 'nope'" in texts(device(url, {"experiment": "nope"}).notice)
    # a student's page has nothing that changes the settings or the data
    buttons = [c for c in _all(ana.widget) if isinstance(c, w.Button)]
    assert buttons == []
    assert "Taking" not in texts(ana.widget)


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def test_names_stay_off_students_pages_until_the_teacher_shows_the_board(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    ben = student_page(url, teacher.experiment.id, "Benedikt").app
    by_hand(ana)
    ben.pad.click_batch(10)
    ana.refresh()
    teacher.refresh()
    assert "Benedikt" not in texts(ana.widget) and "Ana" not in texts(ben.widget)
    assert "Benedikt" not in texts(teacher.widget)  # projected: names wait for the board
    assert "11 recruits" in ana.totals.value  # the class total, nameless
    teacher.board_button.click()
    ana.refresh()
    assert "Benedikt" in ana.board.value and "Benedikt" in teacher.board.value
    teacher.board_button.click()
    ana.refresh()
    assert "Benedikt" not in texts(ana.widget)


def test_the_exact_answer_shows_once_the_teacher_reveals_it(url):
    teacher = teacher_page(url, CARD_FOUR).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    ana.pad.click_batch(50)
    ana.refresh()
    teacher.refresh()
    exact = "1 − (1/2)^3"
    assert "Exact answer: hidden" in teacher.numbers.value and "7/8" not in ana.totals.value
    teacher.reveal_button.click()
    ana.refresh()
    assert "7/8 = 0.8750" in teacher.numbers.value and "7/8 = 0.8750" in ana.totals.value
    assert "inside the class's interval" in teacher.numbers.value or "outside" in (
        teacher.numbers.value)
    assert exact not in teacher.numbers.value  # the page says it in words


def test_a_frozen_experiment_takes_no_trials_and_says_so(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    by_hand(ana)
    ana.pad.click_step()
    ana.pad.click_step()  # two dice of trial 2 shown
    teacher.freeze_button.click()
    ana.pad.click_step()  # the page had not heard yet: the store refuses the trial
    assert "frozen this experiment" in html.unescape(ana.banner.value)
    assert [t.number for t in ana.mine] == [1] and ana.pad.disabled
    assert "frozen" in ana.notice.value
    ana.pad.click_batch(10)  # the pad is off: nothing happens
    assert [t.number for t in ana.mine] == [1]
    teacher.freeze_button.click()  # open again: trial 2 comes back with the same dice
    ana.refresh()
    by_hand(ana)
    assert ana.mine[-1].number == 2 and ana.mine[-1].shown == ana.trial(2).shown()


def test_a_reset_starts_run_2_and_the_csv_keeps_every_run(url):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    ana.pad.click_batch(10)
    teacher.reset_button.click()
    assert "Run 2" in teacher.numbers.value and "No recruits in this run yet" in (
        teacher.numbers.value)
    assert "run 1: 10 recruits" in teacher.runs.value
    ana.refresh()
    by_hand(ana)
    teacher.refresh()
    assert "data-trials='1'" in teacher.numbers.value
    rows = list(csv.DictReader(io.StringIO(teacher.csv_button.click().decode())))
    assert [r["run"] for r in rows] == ["1"] * 10 + ["2"]
    assert {r["student"] for r in rows} == {"Ana"} and rows[-1]["how"] == "hand"
    assert teacher.csv_button.last[0] == f"experiment-vv-recruit-{teacher.experiment.id}.csv"


def test_a_spreadsheet_never_runs_a_name_as_a_formula(url):
    teacher = teacher_page(url).app
    student_page(url, teacher.experiment.id, "=SUM(A1)").app.pad.click_batch(10)
    rows = list(csv.DictReader(io.StringIO(teacher.csv_text())))
    assert rows[0]["student"] == "'=SUM(A1)"


def test_bot_games_have_no_exact_answer_to_reveal(url):
    teacher = teacher_page(url, {"kind": "villagers-solo-games", "mode": "beginner"}).app
    assert teacher.reveal_button.disabled
    assert "No formula gives this chance" in teacher.numbers.value
    ana = student_page(url, teacher.experiment.id, "Ana").app
    assert ana.pad.batch_sizes == [1, 5, 10]
    ana.pad.click_step()
    assert "Gold" in ana.current.value and len(ana.mine) == 1


def test_finished_experiments_are_listed_for_the_teacher_and_reopen(url):
    teacher = teacher_page(url).app
    eid = teacher.experiment.id
    student_page(url, eid, "Ana").app.pad.click_batch(10)
    teacher.freeze_button.click()
    key = teacher.key
    lobby = LobbyApp(open_store(url, shared=False), key)
    assert f"class_experiment.ipynb?experiment={eid}&amp;key={key}" in lobby.experiments.value
    assert "frozen, run 1" in lobby.experiments.value
    assert LobbyApp(open_store(url, shared=False), None).experiments.value == ""
    again = device(url, {"experiment": eid, "key": key}).app  # reopened
    assert isinstance(again, TeacherApp) and "data-trials='10'" in again.numbers.value
    again.freeze_button.click()
    assert not again.experiment.frozen


class Loop:
    """A stand-in for the kernel's event loop: keeps what is scheduled."""

    def __init__(self) -> None:
        self.calls: list = []

    def call_later(self, delay, fn):
        self.calls.append((delay, fn))

    def run_due(self) -> None:
        due, self.calls = self.calls, []
        for _delay, fn in due:
            fn()


def heard(xs: ExperimentStore, experiment_id: str, before) -> None:
    """Wait until the store's mark of the experiment moved from `before` (PostgreSQL: the
    notification of a write on another connection can take a moment to arrive)."""
    for _ in range(200):
        if xs.watermark(experiment_id) != before:
            return
        time.sleep(0.01)
    raise AssertionError("the store never said the experiment changed")


def test_the_teachers_page_follows_the_class_live_and_draws_charts_at_most_once_a_second(
        url, monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(teacher_module.time, "monotonic", lambda: clock[0])
    loop = Loop()
    page = device(url, RECRUIT, loop)
    page.app.key.value = open_store(url, shared=False).teacher_key()
    page.app.create()
    teacher = page.app
    assert loop.calls and loop.calls[0][0] == teacher_module.CHECK_S
    drawn = teacher.charts_drawn
    ana = student_page(url, teacher.experiment.id, "Ana").app
    for _ in range(3):  # three trials within a quarter of a second each
        before = teacher.xs.watermark(teacher.experiment.id)
        by_hand(ana)
        heard(teacher.xs, teacher.experiment.id, before)
        clock[0] += 0.25
        loop.run_due()
    assert "data-trials='3'" in teacher.numbers.value  # the numbers follow every trial
    assert teacher.charts_drawn == drawn  # drawn as the page opened, under a second ago
    clock[0] += 0.5
    loop.run_due()  # nothing new, but a second has passed: the charts catch up
    assert teacher.charts_drawn == drawn + 1
    clock[0] += 5
    loop.run_due()
    assert teacher.charts_drawn == drawn + 1 and len(loop.calls) == 1  # nothing to draw


def test_every_kind_runs_on_a_students_page(url):
    from tests.experiments.test_kinds import EXAMPLES

    for key, settings in EXAMPLES.items():
        if key == "villagers-solo-games":
            continue
        teacher = teacher_page(url, {"kind": key, **settings}).app
        ana = student_page(url, teacher.experiment.id, "Ana").app
        by_hand(ana)
        ana.pad.click_batch(kind(key).batch_sizes[0])
        teacher.refresh(charts=True)
        assert ana.banner.value == "" and teacher.banner.value == ""
        assert f"data-trials='{1 + kind(key).batch_sizes[0]}'" in teacher.numbers.value


# ---------------------------------------------------------------- a new teacher's issue
class Clock:
    """The store's clock (trials are stamped with it; the per-second cap reads it)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    from village_games.experiments import store as store_module

    c = Clock()
    monkeypatch.setattr(store_module, "time", c)
    return c


def test_a_page_sending_batch_after_batch_is_capped_and_told_why_in_plain_words(url, clock):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    ben = student_page(url, teacher.experiment.id, "Ben").app
    caps = ana.caps
    assert (caps.per_run, caps.per_second) == (500, 200)
    for _ in range(4):  # as fast as a page can send them: within one second
        ana.pad.click_batch(100)
    assert [t.number for t in ana.mine] == list(range(1, 201))  # two batches, then no more
    assert ana.banner.value == ""  # not "something went wrong": the page says why
    limit = html.unescape(ana.limit.value)
    assert "Slow down a little: one student adds at most 200 recruits a second" in limit
    assert "no single page floods the class's share" in limit
    assert ana.number == 201 and ana.pad.next_number == 201  # the same trials come back
    ben.pad.click_batch(100)  # a cap is one student's: the others go on
    assert len(ben.mine) == 100
    for _ in range(5):  # a batch a second: only the cap per run stops it
        clock.now += 1.0
        ana.pad.click_batch(100)
    assert len(ana.mine) == 500 and ana.room() == 0
    assert ana.pad.disabled and ana.pad.batch_sizes == []
    limit = html.unescape(ana.limit.value)
    assert "You have made 500 recruits in this run: that is the most one student adds" in limit
    assert "All of yours are counted" in limit
    ana.pad.click_step()  # the pad is off
    assert len(ana.mine) == 500
    assert teacher.xs.get(teacher.experiment.id).run_trials == 600
    teacher.reset_button.click()  # a new run: room again
    ana.refresh()
    assert not ana.pad.disabled and ana.pad.batch_sizes == [10, 50, 100]
    assert ana.limit.value == ""
    clock.now += 1.0
    ana.pad.click_batch(100)
    assert ana.made_in_run() == 100


def test_batches_that_would_pass_the_run_cap_are_not_offered_and_say_why(url, clock):
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    for _ in range(4):
        clock.now += 1.0
        ana.pad.click_batch(100)
    clock.now += 1.0
    ana.pad.click_batch(50)
    clock.now += 1.0
    ana.pad.click_batch(10)
    assert ana.room() == 40 and ana.pad.batch_sizes == [10]
    assert "40 more recruits fit in this run: one student adds at most 500" in ana.limit.value
    clock.now += 1.0
    ana.batch(ana.number, 100)  # sent by a page that still offered it
    assert ana.made_in_run() == 460 and "40 more fit" in html.unescape(ana.limit.value)
    by_hand(ana)  # by hand goes on
    assert ana.made_in_run() == 461


def test_a_normal_pace_is_never_capped(url, clock):
    """By hand, a click answered before the next, and the biggest batch once a second:
    nothing refused until the run is full (benchmarks/class_caps.py measures it in a
    browser)."""
    teacher = teacher_page(url).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    for _ in range(20):  # twenty trials in one second, by hand: far more than a person
        by_hand(ana)
    clock.now += 1.0
    for _ in range(4):
        ana.pad.click_batch(100)
        assert ana.limit.value == "" or "more recruits fit" in ana.limit.value
        clock.now += 1.0
    assert ana.made_in_run() == 420 and "Slow down" not in ana.limit.value


def test_join_happens_once_per_page_however_often_join_is_clicked(url):
    teacher = teacher_page(url).app
    page = device(url, {"experiment": teacher.experiment.id})
    join = page.app
    join.name.value = "Ana"
    join.button.click()
    student = page.app
    assert isinstance(student, StudentApp) and join.button.disabled and join.name.disabled
    for name in ("Ana", "Ana 2", "Ben"):  # clicks that reached the old button late
        join.name.value = name
        join.button.click()
        assert join.join() == student.student
    assert page.app is student and page.banner.value == ""
    assert [s.name for s in teacher.xs.students(teacher.experiment.id)] == ["Ana"]
    assert teacher.xs.get(teacher.experiment.id).students == 1


def test_join_happens_once_even_when_the_students_page_failed_to_open(url):
    teacher = teacher_page(url).app
    page = device(url, {"experiment": teacher.experiment.id})
    opened = []

    def open_page(student):
        opened.append(student)
        if len(opened) == 1:
            raise RuntimeError("the page could not be drawn")

    join = JoinApp(page.xs, teacher.experiment, page.banner, open_page)
    join.name.value = "Ana"
    join.button.click()
    assert "could not be drawn" in page.banner.value and not join.button.disabled
    join.name.value = "Ana 2"  # as the page's "name is taken" would have made her do
    join.button.click()
    assert opened[0] == opened[1] and join.button.disabled and page.banner.value == ""
    assert [s.name for s in teacher.xs.students(teacher.experiment.id)] == ["Ana"]


def test_the_teachers_page_lists_its_own_experiment_with_live_counts(url):
    teacher = teacher_page(url).app
    eid = teacher.experiment.id
    row = re.compile(rf"<tr class='vg-xp-row vg-xp-this' data-experiment='{eid}'.*?</tr>")
    assert "0 students" in row.search(teacher.others.value).group(0)
    student_page(url, eid, "Ana").app.pad.click_batch(10)
    student_page(url, eid, "Ben").app.pad.click_batch(50)
    teacher.refresh()
    mine = row.search(teacher.others.value).group(0)
    assert "2 students" in mine and "<td>60</td>" in mine and "open, run 1" in mine
    assert "this page" in mine and "vg-xp-open" not in mine  # no link to itself
    teacher.freeze_button.click()
    assert "frozen, run 1" in row.search(teacher.others.value).group(0)
    teacher.reset_button.click()
    assert "open, run 2" in row.search(teacher.others.value).group(0)


def test_the_teachers_list_follows_other_experiments_on_its_timer(url, monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(teacher_module.time, "monotonic", lambda: clock[0])
    loop = Loop()
    page = device(url, RECRUIT, loop)
    page.app.key.value = open_store(url, shared=False).teacher_key()
    teacher = page.app.create()
    app = page.app
    other = teacher_page(url).app  # a second experiment, another page
    student_page(url, other.experiment.id, "Ana").app.pad.click_batch(10)
    clock[0] += teacher_module.LIST_S
    loop.run_due()
    row = re.search(rf"data-experiment='{other.experiment.id}'.*?</tr>", app.others.value)
    assert row and "1 student" in row.group(0) and "<td>10</td>" in row.group(0)
    assert teacher.id in app.others.value


def test_a_reset_starts_the_new_run_open_with_the_answer_hidden(url):
    teacher = teacher_page(url, CARD_FOUR).app
    ana = student_page(url, teacher.experiment.id, "Ana").app
    ana.pad.click_batch(10)
    teacher.reveal_button.click()
    teacher.freeze_button.click()
    ana.refresh()
    assert ana.pad.disabled and "7/8 = 0.8750" in ana.totals.value
    teacher.reset_button.click()
    e = teacher.experiment
    assert (e.run, e.frozen, e.revealed) == (2, False, False)
    assert teacher.freeze_button.description == "Freeze"
    assert teacher.reveal_button.description == "Reveal the exact answer"
    status = html.unescape(teacher.status.value)
    assert "Run 2 has started: it takes trials now, and the exact answer is hidden" in status
    assert "Run 1's trials are kept" in status and "the board stays hidden" in status
    assert "exact answer hidden" in teacher.reset_button.tooltip
    ana.refresh()
    assert not ana.pad.disabled and "7/8" not in ana.totals.value
    assert "Exact answer: hidden" in ana.totals.value and ana.notice.value == ""
    ana.pad.click_batch(10)
    assert teacher.xs.get(e.id).run_trials == 10


def test_a_reloaded_students_page_shows_her_last_trial_not_make_your_first(url):
    teacher = teacher_page(url).app
    page = student_page(url, teacher.experiment.id, "Ana")
    ana = page.app
    assert "Make your first recruit" in ana.current.value  # a new student: yes
    for _ in range(3):
        ana.pad.click_batch(50)
    by_hand(ana)
    last = ana.mine[-1]
    again = device(url, dict(re.findall(r"(\w+)=([^&]+)", page.address.query))).app
    assert isinstance(again, StudentApp)
    assert "Make your first" not in again.current.value
    assert f"Recruit {last.number}: <b>" in again.current.value and "(counted)" in (
        again.current.value)
    assert again.current.value.count("class='vg-die'") == len(last.shown["steps"])
    assert "151 recruits" in again.own.value


def test_a_students_page_has_her_own_introduction_and_no_teachers_links(url):
    teacher = teacher_page(url)
    assert "For teachers" in teacher.nav.value  # the teacher's page links the lobby
    join = device(url, {"experiment": teacher.app.experiment.id})
    for page in (join, student_page(url, teacher.app.experiment.id, "Ana")):
        shown = re.sub(r"<style>.*?</style>", "", texts(page.widget), flags=re.S)
        assert "For teachers" not in shown and "lobby" not in shown.lower()
        assert "teacher key" not in shown and "A teacher opens this page" not in shown
        assert "All apps" in shown
    assert "Your class is answering this question together" in texts(join.widget)
    ana = student_page(url, teacher.app.experiment.id, "Ben")
    assert "Press the blue button to make your next recruit" in texts(ana.widget)
    import json
    from pathlib import Path

    notebook = Path(__file__).parents[2] / "notebooks" / "class_experiment.ipynb"
    prose = "".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]
                    if c["cell_type"] == "markdown")
    assert "teacher" not in prose.lower()  # every page shows it: students' too


def test_the_csv_downloads_with_one_click(url, sent):
    teacher = teacher_page(url).app
    student_page(url, teacher.experiment.id, "Ana").app.pad.click_batch(10)
    sent.clear()
    # the page's click is one message; the answer carries the file, which the page saves
    teacher.csv_button._on_msg(teacher.csv_button, {"type": "download"}, [])
    files = [data["content"] for kind_, data in sent
             if kind_ == "comm_msg" and data.get("method") == "custom"]
    assert files == [{"type": "file", "name": csv_name(teacher.experiment),
                      "mime": "text/csv"}]
    name, data = teacher.csv_button.last
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert len(rows) == 10 and name.endswith(".csv")
