"""The teacher's page of a class experiment: the link and QR code for the class, and live,
the pooled share with its interval narrowing as trials arrive, the exact answer beside it
once revealed, how single students' shares spread, the running share; freeze, reset,
reveal, show the board (names), a CSV of every trial, and the other experiments to reopen.

In a live kernel the page looks at the store's change mark four times a second and reads
only the trials that are new; the numbers follow at once, the two charts at most once a
second (they are the costly part).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import ipywidgets as w

from village_games.experiments import MODULES, kind
from village_games.experiments.export import csv_name, trials_csv
from village_games.experiments.pooled import Tally
from village_games.experiments.store import Experiment, ExperimentStore
from village_games.tables.database import Database
from village_games.tables.tokens import same_key

from ..kit.charts import chart_image, show_chart
from ..kit.download import DownloadButton
from ..kit.live import every
from ..kit.page_address import PageAddress
from ..kit.safe import ErrorBanner, guarded
from ..table.links import link_row
from .charts import running_share_png, students_png
from .links import experiment_query, student_url, teacher_url
from .render import board_html, experiments_html, numbers_html, question_html, settings_html

CHECK_S = 0.25  # how often the page looks at the store's change mark
CHARTS_S = 1.0  # the charts are drawn again at most this often
LIST_S = 5.0  # the list of experiments is read again this often (others', and "ago")
LISTED = 50  # experiments in the list to reopen
RESET_TIP = ("Start a new run: it takes trials at once, with the exact answer hidden again; "
             "the trials so far are kept (with their run, and in the CSV), and the board "
             "stays as it is")


def is_teacher(store: Database, key: str | None) -> bool:
    return bool(key) and same_key(key or "", store.teacher_key())


def listing(xs: ExperimentStore, key: str, limit: int = LISTED, current: str = "") -> str:
    """The experiments on this server, with the teacher's link to each (to reopen one);
    `current` is the one of the page showing the list."""
    rows = []
    for e in xs.recent(limit):
        k = kind(e.kind) if e.kind in MODULES else None
        title = f"{k.game}: {k.title}" if k else e.kind
        rows.append((e, title, teacher_url(e.id, key)))
    return experiments_html(rows, current=current)


class TeacherApp:
    """Python entry points (tests): the buttons' `click()`, `refresh(charts=True)`."""

    def __init__(self, xs: ExperimentStore, experiment: Experiment, key: str,
                 banner: ErrorBanner, address: PageAddress,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        if not is_teacher(xs.db, key):
            raise PermissionError("the teacher's page needs this server's teacher key")
        self.xs, self.experiment, self.key = xs, experiment, key
        self.kind = kind(experiment.kind)
        self.values = self.kind.check(experiment.settings)
        self.answer = self.kind.exact(self.values)
        self.banner = banner
        guard = guarded(banner)
        address.query = experiment_query(experiment.id, key)
        self.tally = Tally(experiment.run)
        self._mark: Any = None
        self._charts_at = -1e9  # when the charts were last drawn (monotonic)
        self._charts_due = True
        self.charts_drawn = 0
        self._listed_at = -1e9  # when the list of experiments was last read (monotonic)
        self._runs_for = 0  # the run whose earlier runs `runs` shows

        self.head = w.HTML(question_html(self.kind, self.values)
                           + settings_html(self.kind, self.values))
        self.links = w.HTML("")
        self.links.add_class("vg-xp-links")
        self.numbers = w.HTML("")
        self.numbers.add_class("vg-xp-numbers-box")
        self.running = chart_image()
        self.running.add_class("vg-xp-running")
        self.spread = chart_image()
        self.spread.add_class("vg-xp-spread")
        self.freeze_button = self._button("vg-xp-freeze", self.toggle_freeze, guard)
        self.reset_button = self._button("vg-xp-reset", self.reset, guard, "Reset: a new run",
                                         "repeat")
        self.reset_button.tooltip = RESET_TIP
        self.reveal_button = self._button("vg-xp-reveal", self.toggle_reveal, guard)
        self.board_button = self._button("vg-xp-show-board", self.toggle_board, guard)
        self.csv_button = DownloadButton("CSV of every trial", self.csv_file, wrap=guard,
                                         hint="Every trial of every run, as a CSV file")
        self.csv_button.add_class("vg-xp-csv")
        self.status = w.HTML("")  # what the last button did, when it needs saying
        self.status.add_class("vg-xp-status")
        self.board = w.HTML("")
        self.runs = w.HTML("")
        self.others = w.HTML("")
        controls = w.HBox([self.freeze_button, self.reset_button, self.reveal_button,
                           self.board_button, self.csv_button])
        controls.add_class("vg-xp-controls")
        charts = w.HBox([self.running, self.spread])
        charts.add_class("vg-xp-charts")
        self.widget = w.VBox([self.head, self.links, controls, self.status, self.numbers,
                              charts,
                              self.board, self.runs,
                              w.HTML("<div class='vg-xp-head'>Experiments on this server "
                                     "(open one to see it again, or to go on with it)</div>"),
                              self.others])
        self.widget.add_class("vg-xp-teacher")
        self.links.value = self._links_html()
        self.refresh(charts=True)
        every(loop, CHECK_S, self.tick, banner)

    @staticmethod
    def _button(css: str, action: Any, guard: Any, label: str = "", icon: str = "") -> w.Button:
        b = w.Button(description=label, icon=icon)
        b.add_class(css)
        b.on_click(guard(lambda _b: action()))
        return b

    def _links_html(self) -> str:
        row = link_row("The class", student_url(self.experiment.id), "vg-xp-student-link",
                       qr_open=True)
        return ("<div class='vg-table-links'><div class='vg-note'>The class joins by this "
                "link (or its QR code); each student picks a name. This page's own "
                "address holds the teacher key: keep it to yourself.</div>"
                f"<ul class='vg-link-list'>{row}"
                "</ul></div>")

    # ------------------------------------------------------------------ live
    def tick(self) -> None:
        """Read what is new when the store's mark moved; draw charts that are due; read
        the list of experiments every `LIST_S` (the others' changes, the times ago)."""
        if self.xs.watermark(self.experiment.id) != self._mark:
            self.refresh()
        elif self._charts_due and time.monotonic() - self._charts_at >= CHARTS_S:
            self.draw_charts()
        elif time.monotonic() - self._listed_at >= LIST_S:
            self.list_experiments()

    def list_experiments(self) -> None:
        """The experiments on this server, this one's counts as they are now."""
        self.others.value = listing(self.xs, self.key, current=self.experiment.id)
        self._listed_at = time.monotonic()

    def refresh(self, charts: bool | None = None) -> None:
        """Read the experiment and its new trials and draw the numbers; the charts too
        when `charts`, or (None) when a second has passed since they were drawn."""
        self._mark = self.xs.watermark(self.experiment.id)
        e = self.experiment = self.xs.get(self.experiment.id)
        if e.run != self.tally.run:
            self.tally = Tally(e.run)
        self.tally.add(self.xs.trials(e.id, after=self.tally.last_seq, shown=False))
        self.numbers.value = numbers_html(self.kind, e, self.tally.interval(), self.answer,
                                          len(self.tally.students()), teacher=True)
        self._label_buttons(e)
        self.board.value = (board_html(self.kind, self.xs.students(e.id),
                                       self.tally.students()) if e.board else "")
        if self._runs_for != e.run:  # earlier runs take no more trials: read them once
            self._runs_for = e.run
            runs = {r: n for r, n in self.xs.runs(e.id).items() if r != e.run}
            self.runs.value = ("<div class='vg-note vg-xp-runs'>Earlier runs (kept, and in "
                               "the CSV): " + "; ".join(
                                   f"run {r}: {n:,} {self.kind.unit}s, share {h / n:.3f}"
                                   for r, (n, h) in runs.items()) + ".</div>") if runs else ""
        self.list_experiments()  # this one's row: its students, trials, run and state
        self._charts_due = True
        if charts or (charts is None and time.monotonic() - self._charts_at >= CHARTS_S):
            self.draw_charts()

    def draw_charts(self) -> None:
        exact = (float(self.answer.value) if self.answer.value is not None
                 and self.experiment.revealed else None)
        interval = self.tally.interval()
        trials = len(self.tally.hits_in_order())
        share = f", share {interval.share:.3f}" if interval else ""
        show_chart(self.running, running_share_png(self.tally.hits_in_order(), exact,
                                                   self.kind.unit),
                   f"Chart of the class's share as its {trials:,} {self.kind.unit}s came in"
                   f"{share}" + (f"; the exact answer is {exact:.3f}." if exact is not None
                                 else "."))
        show_chart(self.spread, students_png(self.tally.students(),
                                             interval.share if interval else None, exact),
                   f"Chart of each of the {len(self.tally.students())} students' shares "
                   "beside the class's; the board lists them.")
        self._charts_at = time.monotonic()
        self._charts_due = False
        self.charts_drawn += 1

    def _label_buttons(self, e: Experiment) -> None:
        self.freeze_button.description = "Open again: take trials" if e.frozen else "Freeze"
        self.freeze_button.icon = "play" if e.frozen else "pause"
        if self.answer.exact:
            self.reveal_button.description = ("Hide the exact answer" if e.revealed
                                              else "Reveal the exact answer")
            self.reveal_button.icon = "eye-slash" if e.revealed else "eye"
        else:
            self.reveal_button.description = "No exact answer to reveal"
            self.reveal_button.disabled = True
        self.board_button.description = "Hide the board" if e.board else "Show the board (names)"
        self.board_button.icon = "users"

    # ------------------------------------------------------------------ the teacher's buttons
    def toggle_freeze(self) -> None:
        self.xs.freeze(self.experiment.id, not self.experiment.frozen)
        self.status.value = ""
        self.refresh(charts=False)

    def reset(self) -> None:
        """Start a new run, open and with the exact answer hidden: the trials so far
        stay in the store and the CSV; the board stays as it is."""
        before = self.experiment.run
        e = self.xs.reset(self.experiment.id)
        board = "shown" if e.board else "hidden"
        self.status.value = (
            f"<div class='vg-note vg-xp-reset-note' role='status'>Run {e.run} has started: "
            "it takes trials now, and the exact answer is hidden from the class again. "
            f"Run {before}'s trials are kept (below, and in the CSV); the board stays "
            f"{board}.</div>")
        self.refresh(charts=True)

    def toggle_reveal(self) -> None:
        if not self.answer.exact:
            raise ValueError("this experiment has no exact answer: the class's share is the "
                             "answer")
        self.xs.reveal(self.experiment.id, not self.experiment.revealed)
        self.status.value = ""
        self.refresh(charts=True)

    def toggle_board(self) -> None:
        self.xs.show_board(self.experiment.id, not self.experiment.board)
        self.status.value = ""
        self.refresh(charts=False)

    def csv_text(self) -> str:
        """Every trial (all runs) as CSV."""
        e = self.xs.get(self.experiment.id)
        return trials_csv(e, self.xs.students(e.id), self.xs.trials(e.id))

    def csv_file(self) -> tuple[str, str]:
        """What the CSV button downloads: (file name, text). `csv_button.click()` is the
        click's entry point."""
        return csv_name(self.experiment), self.csv_text()
