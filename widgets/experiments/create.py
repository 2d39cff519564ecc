"""Making a class experiment: the page a lesson's "run this as a class experiment" link
opens. It shows the question and the settings the link carries (fixed from then on), and
makes the experiment with the teacher key; then the page becomes the teacher's page.

Without a lesson's settings it lists the lessons (each has the link) and, for the teacher,
the experiments on this server.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from village_games.experiments import all_kinds, kind
from village_games.experiments.settings import NOT_SETTINGS
from village_games.experiments.store import Experiment, ExperimentStore

from ..kit.markup import esc
from ..kit.page_names import page_name
from ..kit.safe import ErrorBanner, guarded
from .render import question_html
from .teacher import is_teacher, listing

NOT_KEY = ("that is not this server's teacher key (make serve printed it, and the teacher's "
           "lobby link carries it)")


TEACHER_INTRO = (
    "<div class='vg-xp-intro'>A class experiment runs one lesson's question with the whole "
    "class: each student rolls the dice or draws the cards, one click at a time or in "
    "batches, and every trial goes into one pooled share that settles on the exact answer "
    "as the trials pile up. Make it here with the teacher key; the page then gives the "
    "class a link and a QR code, and follows their trials live.</div>")


def lessons_html() -> str:
    """Every lesson that runs as a class experiment, with what it asks."""
    rows = "".join(f"<li><a href='{esc(page_name(k.lesson))}' target='_blank'>{esc(k.game)}: "
                   f"{esc(k.title)}</a></li>" for k in all_kinds())
    return ("<div class='vg-xp-lessons'><div class='vg-xp-head'>Start from a lesson</div>"
            "<div class='vg-note'>Open a lesson, set it up as you want the class to try it, "
            "and follow its <b>Run this as a class experiment</b> link.</div>"
            f"<ul>{rows}</ul></div>")


class CreateApp:
    """`create()` (or the button) makes the experiment and calls `on_created(e, key)`."""

    def __init__(self, xs: ExperimentStore, query: Mapping[str, str], banner: ErrorBanner,
                 on_created: Callable[[Experiment, str], Any]) -> None:
        self.xs, self._created = xs, on_created
        self.problem = ""
        key = query.get("key", "").strip()
        self.key = w.Password(value=key, description="Teacher key",
                              placeholder="the key make serve printed",
                              style={"description_width": "initial"})
        self.key.add_class("vg-xp-key")
        self.button = w.Button(description="Create the class experiment",
                               button_style="primary", icon="users")
        self.button.add_class("vg-xp-create")
        self.button.on_click(guarded(banner)(lambda _b: self.create()))
        parts: list[w.Widget] = [w.HTML(TEACHER_INTRO)]
        key_of = query.get("kind", "").strip()
        if key_of:
            try:
                self.kind = kind(key_of)
                self.values = self.kind.check({k: v for k, v in query.items()
                                               if k not in NOT_SETTINGS})
            except ValueError as exc:
                self.problem = str(exc)
        else:
            self.problem = "none"
        if not self.problem:
            k, v = self.kind, self.values
            lesson = esc(page_name(k.lesson))
            rows = "".join(f"<tr><th>{esc(label)}</th><td>{esc(value)}</td></tr>"
                           for label, value in k.summary(v))
            parts.append(w.HTML(
                question_html(k, v)
                + f"<table class='vg-eq-table vg-xp-settings-table'>{rows}</table>"
                "<div class='vg-note'>These settings are fixed once the experiment is made "
                f"(to change them, go back to <a href='{lesson}'>the lesson</a> and "
                "follow its link again). The exact answer stays hidden from the class until "
                "you reveal it.</div>"))
            parts.append(w.HBox([self.key, self.button]))
        else:
            if self.problem != "none":
                parts.append(w.HTML("<div class='vg-query-error'><b>This link cannot make a "
                                    f"class experiment:</b> {esc(self.problem)}</div>"))
            parts.append(w.HTML(lessons_html()))
            if is_teacher(xs.db, key):
                parts.append(w.HTML("<div class='vg-xp-head'>Experiments on this server</div>"
                                    + listing(xs, key)))
        self.widget = w.VBox(parts)
        self.widget.add_class("vg-xp-create-box")

    def create(self) -> Experiment:
        if self.problem:
            raise ValueError("this page has no experiment to make: start from a lesson's link")
        key = self.key.value.strip()
        if not is_teacher(self.xs.db, key):
            raise ValueError(NOT_KEY)
        e = self.xs.create(self.kind.key, self.kind.text(self.values))
        self._created(e, key)
        return e
