"""A student's page of a class experiment: join with a name, run trials by hand (one click
per roll or draw, the dice and cards drawn) or in a batch, see your own trials and the
class's total.

A student never sees another student's name unless the teacher shows the board, and has
no control over the settings or the data. Their page address carries their own key, so a
reload brings back their trials; a trial half made comes back with the same dice (it is
drawn from the experiment's seed, the student and the trial number).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from village_games.core import words
from village_games.experiments import Kind, Trial, kind, trial_rng
from village_games.experiments.caps import RUN, TrialCap
from village_games.experiments.pooled import StudentTally
from village_games.experiments.store import (
    BATCH,
    HAND,
    Experiment,
    ExperimentFrozen,
    ExperimentStore,
    NewTrial,
    StoredTrial,
    Student,
)
from village_games.probability.intervals import share_interval

from ..kit.live import every
from ..kit.markup import esc
from ..kit.page_address import PageAddress
from ..kit.safe import ErrorBanner, guarded
from .links import experiment_query
from .render import board_html, numbers_html, own_html, question_html, settings_html, trial_html
from .trial_pad import TrialPad

REFRESH_S = 1.0  # how often a student's page looks for the class's new trials
FROZEN = ("<div class='vg-query-error vg-xp-frozen'>The teacher has frozen the experiment: "
          "no new trials are counted now.</div>")


def join_intro_html(k: Kind) -> str:
    """What a student reads before joining (written for students, not teachers)."""
    u = esc(k.unit)
    return ("<div class='vg-xp-intro'>Your class is answering this question together. "
            f"Everyone makes {u}s, and every {u} goes into one shared count, so the class "
            "finds out far more than one person could alone. Type a name to join: only "
            "your teacher can show names to the class.</div>")


def student_intro_html(k: Kind) -> str:
    """How a student's page works, in a few lines."""
    u = esc(k.unit)
    return ("<div class='vg-xp-intro'>Press the blue button to make your next "
            f"{u}, one roll or draw at a time, or run a batch to make many at once. Each "
            f"finished {u} counts for the whole class. Your own {u}s are on the right, "
            "with the class's share below them; your teacher shows the exact answer when "
            "the class is ready. Reloading this page keeps your place.</div>")


def cap_html(k: Kind, cap: TrialCap) -> str:
    """Why trials were not taken, in plain words (caps.py has the numbers' reasons)."""
    u = esc(k.unit)
    if cap.reason == RUN:
        return (f"<div class='vg-xp-limit vg-xp-limit-run' role='status'>That batch of "
                f"{cap.asked} would take you past {cap.cap} {u}s, the most one student "
                f"adds to a run (so that the class's share comes from everyone, not mostly "
                f"from one page). {cap.room} more fit: choose a smaller batch, or go on by "
                "hand.</div>")
    return (f"<div class='vg-xp-limit vg-xp-limit-rate' role='status'>Slow down a little: "
            f"one student adds at most {cap.cap} {u}s a second, so that no single page "
            f"floods the class's share. These {cap.asked} were not counted yet: wait a "
            "second and try again, and you get the very same ones.</div>")


def full_html(k: Kind, made: int) -> str:
    u = esc(k.unit)
    return (f"<div class='vg-xp-limit vg-xp-limit-full' role='status'>You have made {made} "
            f"{u}s in this run: that is the most one student adds to a run, so that the "
            f"class's share comes from everyone's {u}s, not mostly from one page. All of "
            "yours are counted. When your teacher starts a new run, you can go on.</div>")


class JoinApp:
    """Pick a name to join; `join()` (or the button) makes the student and calls
    `on_joined(student)`."""

    def __init__(self, xs: ExperimentStore, experiment: Experiment, banner: ErrorBanner,
                 on_joined: Callable[[Student], Any]) -> None:
        self.xs, self.experiment, self._joined = xs, experiment, on_joined
        self.student: Student | None = None  # once joined: this page joins nobody else
        self.entered = False  # the student's page was opened
        k = kind(experiment.kind)
        values = k.check(experiment.settings)
        self.name = w.Text(placeholder="your first name, or a nickname",
                           description="Your name", style={"description_width": "initial"})
        self.name.add_class("vg-xp-name")
        self.button = w.Button(description="Join", button_style="primary", icon="sign-in")
        self.button.add_class("vg-xp-join")
        self.button.on_click(guarded(banner)(lambda _b: self.join()))
        self.widget = w.VBox([
            w.HTML(question_html(k, values) + join_intro_html(k) + settings_html(k, values)),
            w.HBox([self.name, self.button])])
        self.widget.add_class("vg-xp-join-box")

    def join(self) -> Student:
        """Join once: a click that arrives after this page has joined (a double click,
        a click queued while the page was changing, a click on the old button) returns
        the same student and makes no other. Should her page fail to open, the next
        click opens it for the same student."""
        if self.student is None:
            self.student = self.xs.join(self.experiment.id, self.name.value)
            self.name.disabled = True
            self.button.description = "Open my page"  # (seen only if opening it failed)
        if not self.entered:
            self._joined(self.student)
            self.entered = True
            self.button.disabled = True
        return self.student


class StudentApp:
    """One student's page. Python entry points (tests): `pad.click_step()`,
    `pad.click_batch(size)`, `pad.receive(message)`, `refresh()`."""

    def __init__(self, xs: ExperimentStore, experiment: Experiment, student: Student,
                 banner: ErrorBanner, address: PageAddress,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.xs, self.experiment, self.student = xs, experiment, student
        self.kind = kind(experiment.kind)
        self.values = self.kind.check(experiment.settings)
        self.answer = self.kind.exact(self.values)
        self.caps = self.kind.caps()
        self.banner = banner
        guard = guarded(banner)
        address.query = experiment_query(experiment.id, student.token)
        self.mine: list[StoredTrial] = []  # this student's trials, every run
        self.number = 1  # the trial the next click makes
        self.shown = 0  # steps of it shown so far
        self._trials: dict[int, Trial] = {}  # drawn trials by number (this page's own)
        self.last: tuple[int, Trial, bool] | None = None  # the trial last finished
        self.batch_note = ""
        self.cap_note = ""  # why the last trials were refused (a cap), until some are taken
        self._mark: Any = None

        self.head = w.HTML(question_html(self.kind, self.values)
                           + f"<div class='vg-xp-you'>You are <b>{esc(student.name)}</b>."
                           "</div>" + student_intro_html(self.kind)
                           + settings_html(self.kind, self.values))
        self.notice = w.HTML("")
        self.limit = w.HTML("")  # a cap met, in words (caps.py)
        self.limit.add_class("vg-xp-limit-box")
        self.pad = TrialPad(self.kind.batch_sizes, batch_unit=f"{self.kind.unit}s", wrap=guard)
        self.pad.on_step(self.step)
        self.pad.on_batch(self.batch)
        self.current = w.HTML("")
        self.current.add_class("vg-xp-current")
        self.own = w.HTML("")
        self.totals = w.HTML("")
        self.totals.add_class("vg-xp-totals")
        self.board = w.HTML("")
        side = w.VBox([self.own, self.totals, self.board])
        side.add_class("vg-xp-side")
        main = w.VBox([self.notice, self.pad, self.limit, self.current])
        main.add_class("vg-xp-main")
        self.widget = w.VBox([self.head, w.HBox([main, side])])
        self.widget.add_class("vg-xp-student")
        self.read_own()
        if self.mine:  # a page opened again shows the trial its student made last
            t = self.mine[-1]
            self.last = (t.number, Trial.from_shown(t.hit, t.shown), True)
        self.refresh()
        every(loop, REFRESH_S, self.tick, banner)

    # ------------------------------------------------------------------ trials
    def trial(self, number: int) -> Trial:
        """Trial `number` of this student: the same whichever page or tab draws it."""
        if number not in self._trials:
            if len(self._trials) > 256:
                self._trials.clear()
            rng = trial_rng(self.experiment.seed, self.student.number, number)
            self._trials[number] = self.kind.trial(self.values, rng)
        return self._trials[number]

    def step(self, token: str) -> None:
        """Show the next roll or draw (`token`: "<trial>:<step>"); the last one stores the
        trial. A token for a step already shown (a double click) does nothing."""
        number, _, k = token.partition(":")
        # (a page may send anything: only "<n>:<k>" in plain digits, short enough for int())
        if not (len(token) <= 24 and token.isascii() and number.isdigit() and k.isdigit()):
            return
        if int(number) != self.number or int(k) != self.shown + 1:
            return  # made already: counted once
        trial = self.trial(self.number)
        self.shown += 1
        self.batch_note = ""
        if self.shown < len(trial.steps):
            self.draw()
            return
        self.save([NewTrial(self.number, trial.hit, trial.shown(), HAND)])

    def batch(self, first: int, size: int) -> None:
        """Make `size` trials from trial `first` on (a batch sent twice starts at a trial
        already made, and is ignored)."""
        if first != self.number:
            return
        if size not in self.kind.batch_sizes:
            raise ValueError(f"a batch holds {words.and_list(map(str, self.kind.batch_sizes))} "
                             f"{self.kind.unit}s, not {size}")
        numbers = range(first, first + size)
        made = self.kind.batch(self.values, [trial_rng(self.experiment.seed,
                                                       self.student.number, n)
                                             for n in numbers])
        for n, t in zip(numbers, made, strict=True):
            self._trials[n] = t
        hits = sum(t.hit for t in made)
        self.batch_note = (f"A batch of {size} ({self.kind.unit}s {first}–{first + size - 1}): "
                           f"{hits} {self.kind.hit_words[0]}.")
        self.save([NewTrial(n, t.hit, t.shown(), BATCH)
                   for n, t in zip(numbers, made, strict=True)])

    def save(self, trials: list[NewTrial]) -> None:
        last = trials[-1].number
        try:
            added = self.xs.add_trials(self.experiment.id, self.student.number, trials,
                                       self.caps)
        except ExperimentFrozen as exc:
            self.shown = 0  # the trial waits, with the same dice, until the teacher reopens
            self.batch_note = ""
            self.refresh()
            raise ValueError(str(exc)) from None
        except TrialCap as cap:  # not an error: the page says why, and nothing is lost
            self.shown = 0  # the same trials come back when they are sent again
            self.batch_note = ""
            self.cap_note = cap_html(self.kind, cap)
            self.read_own()  # (another tab of this student may have added some)
            self.refresh()
            return
        self.cap_note = ""
        self.experiment = added.experiment
        self.last = (last, self.trial(last), True)
        self.read_own()
        self.refresh()

    def read_own(self) -> None:
        """This student's trials stored since the last look (another tab's too)."""
        after = self.mine[-1].seq if self.mine else 0
        self.mine += self.xs.trials(self.experiment.id, after=after,
                                    student=self.student.number)
        done = max((t.number for t in self.mine), default=0)
        if done >= self.number:
            self.number, self.shown = done + 1, 0

    # ------------------------------------------------------------------ the page
    def tick(self) -> None:
        mark = self.xs.watermark(self.experiment.id)
        if mark != self._mark:
            self.refresh()

    def refresh(self) -> None:
        """Read the experiment (the class's total, frozen, revealed, the board) and draw."""
        self._mark = self.xs.watermark(self.experiment.id)
        e = self.experiment = self.xs.get(self.experiment.id)
        interval = share_interval(e.run_hits, e.run_trials) if e.run_trials else None
        tallies = self.xs.tallies(e.id, e.run) if e.board else None
        with_trials = len(tallies) if tallies is not None else None
        self.totals.value = numbers_html(self.kind, e, interval, self.answer, with_trials,
                                         teacher=False)
        if tallies is not None:
            self.board.value = board_html(self.kind, self.xs.students(e.id),
                                          [StudentTally(n, t, h) for n, (t, h) in
                                           tallies.items()])
        else:
            self.board.value = ""
        self.notice.value = FROZEN if e.frozen else ""
        self.draw()

    def made_in_run(self) -> int:
        """This student's trials in the current run (every tab's)."""
        return sum(1 for t in self.mine if t.run == self.experiment.run)

    def room(self) -> int:
        """How many more trials this student may add to the current run."""
        return max(0, self.caps.per_run - self.made_in_run())

    def draw(self) -> None:
        """The pad's next click, the trial in hand (or the last one made), own trials."""
        trial = self.trial(self.number)
        room = self.room()
        sizes = [size for size in self.kind.batch_sizes if size <= room]  # batches that fit
        with self.pad.hold_sync():
            self.pad.step_label = trial.steps[self.shown].action
            self.pad.step_token = f"{self.number}:{self.shown + 1}"
            self.pad.next_number = self.number
            self.pad.disabled = self.experiment.frozen or room == 0
            if sizes != self.pad.batch_sizes:
                self.pad.batch_sizes = sizes
        if room == 0:
            self.limit.value = full_html(self.kind, self.made_in_run())
        elif self.cap_note:
            self.limit.value = self.cap_note
        elif room < max(self.kind.batch_sizes):  # why the bigger batches are gone
            self.limit.value = (f"<div class='vg-note vg-xp-limit-near'>{room} more "
                                f"{esc(self.kind.unit)}s fit in this run: one student adds "
                                f"at most {self.caps.per_run} to a run.</div>")
        else:
            self.limit.value = ""
        if self.shown:
            html = trial_html(self.kind, self.number, trial, self.shown, False)
        elif self.last is not None:
            number, done, stored = self.last
            html = trial_html(self.kind, number, done, len(done.steps), stored)
        else:
            html = (f"<div class='vg-note'>Make your first {self.kind.unit}: one click per "
                    "roll or draw, or run a batch.</div>")
        if self.batch_note:
            html = f"<div class='vg-xp-batch-note'>{esc(self.batch_note)}</div>" + html
        self.current.value = html
        self.own.value = own_html(self.kind, self.mine, self.experiment.run)
