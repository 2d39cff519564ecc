"""The class-experiment page (`notebooks/class_experiment.ipynb`): what its address opens.

* `?kind=...&<settings>` (a lesson's link): make an experiment with the teacher key;
* `?experiment=<id>&key=<teacher key>`: the teacher's live page;
* `?experiment=<id>`: a student joins with a name, and the address becomes
  `?experiment=<id>&key=<their key>`, which brings their page back after a reload;
* nothing: the lessons that run as class experiments (and, with the teacher key, the
  experiments on this server).

    from widgets.experiments.app import class_experiment_app
    class_experiment_app()      # reads the page's address
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Mapping

import ipywidgets as w

from village_games.experiments.store import (
    Experiment,
    ExperimentStore,
    Student,
    UnknownExperiment,
)
from village_games.tables import StoreError, TableStore, open_store

from ..kit.apps import nav_html
from ..kit.live import running_loop
from ..kit.page_address import PageAddress
from ..kit.pages import CLASS_EXPERIMENT, in_voila
from ..kit.query import page_query
from ..kit.safe import ErrorBanner
from ..kit.theme import style_tag
from .create import CreateApp
from .student import JoinApp, StudentApp
from .teacher import TeacherApp, is_teacher

STUDENT_NAV = nav_html(CLASS_EXPERIMENT, apps=[])  # the gallery only
WRONG_KEY = ("<div class='vg-query-error'>That key opens nothing in this experiment (a "
             "mistyped or old link?): join it as a new student below.</div>")


class ClassExperimentPage:
    """Routes the address to the app it opens; `page.app` is that app (tests drive it)."""

    def __init__(self, query: Mapping[str, str], store: TableStore,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.xs = ExperimentStore(store)
        self.loop = loop
        self.banner = ErrorBanner()
        self.notice = w.HTML("")
        self.address = PageAddress(enabled=in_voila())
        self.body = w.VBox([])
        self.app: CreateApp | TeacherApp | JoinApp | StudentApp | None = None
        self.nav = w.HTML(STUDENT_NAV)  # the teacher's pages link the other teachers' apps
        self.widget = w.VBox([style_tag(), self.nav, self.banner, self.notice, self.address,
                              self.body])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-xp-page")
        self._route(query)

    def _route(self, query: Mapping[str, str]) -> None:
        eid, key = query.get("experiment", "").strip(), query.get("key", "").strip()
        if not eid:
            self.nav.value = nav_html(CLASS_EXPERIMENT)
            self._show(CreateApp(self.xs, query, self.banner, self.teach))
            return
        try:
            e = self.xs.get(eid)
        except UnknownExperiment as exc:
            self.notice.value = ("<div class='vg-query-error'>This link opens no class "
                                 f"experiment: {html.escape(str(exc))}</div>")
            return
        if is_teacher(self.xs.db, key):
            self.teach(e, key)
            return
        student = self.xs.student_by_key(e.id, key)
        if student is not None:
            self.learn(e, student)
            return
        if key:
            self.notice.value = WRONG_KEY
        self._show(JoinApp(self.xs, e, self.banner, lambda s: self.learn(e, s)))

    def teach(self, experiment: Experiment, key: str) -> None:
        self.notice.value = ""
        self.nav.value = nav_html(CLASS_EXPERIMENT)
        self._show(TeacherApp(self.xs, experiment, key, self.banner, self.address, self.loop))

    def learn(self, experiment: Experiment, student: Student) -> None:
        self.notice.value = ""
        self.nav.value = STUDENT_NAV
        self._show(StudentApp(self.xs, experiment, student, self.banner, self.address,
                              self.loop))

    def _show(self, app: CreateApp | TeacherApp | JoinApp | StudentApp) -> None:
        self.app = app
        self.body.children = (app.widget,)


def class_experiment_app(query: dict[str, str] | None = None) -> w.Widget:
    """The page, as its address opens it."""
    params = page_query() if query is None else query
    try:
        store = open_store()
    except StoreError as exc:
        return w.HTML(f"<div class='vg-query-error'>The table store cannot be opened: "
                      f"{html.escape(str(exc))}</div>")
    return ClassExperimentPage(params, store, running_loop()).widget
