"""A generic rules walkthrough: step through scripted examples with Back and Next.

Engine-agnostic. The app supplies three things:

* `load()`: the examples, each with `id`, `title`, `intro` and `steps` (each step has a
  `narration`); called once, inside the error guard, so a bad data file shows its message;
* `frame(example, k)`: the real engine's state after the first k steps (k = 1..N), rebuilt
  from the example's scenario every time: Back replays from the start, it never runs a
  game backwards;
* `board(frame)`: the HTML of the board for that frame.

The log panel shows `lines(frame)` (by default `frame.new_lines`): what this step added.
Every callback goes through `guarded`, so errors appear in the app's ErrorBanner.

A step is one HTML widget (`.view`): the example's heading, the step counter, the narration,
the board and the log are rendered into a single value, so Next or Back sends one message to
the browser (plus a button's `disabled` only when it changes, e.g. Back on leaving step 1)
instead of one per panel, each applied after the other. The panels keep their classes
(`.vg-wt-heading`, `.vg-wt-count`, `.vg-wt-narration`, `.vg-wt-board`, `.vg-wt-log`) on
elements inside that HTML; `.parts` holds each panel's HTML as shown.

`start` opens an example other than the first, e.g. from a link (`?example=<id>`, read with
`example_from_query`; `&step=k` opens it at step k): an unknown id shows a notice listing
the valid ones and the first example opens instead. `choose(id)` on the other hand raises
for an unknown id.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import ipywidgets as w

from ..kit.query import echo, notice_html, unknown_keys
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def narration_html(text: str) -> str:
    """Plain narration to HTML: escaped, `**bold**` allowed, blank lines make paragraphs."""
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "".join("<p>" + _BOLD.sub(r"<b>\1</b>", html.escape(p)) + "</p>" for p in paras)


class ExampleStep(Protocol):
    @property
    def narration(self) -> str: ...


class Example(Protocol):
    """What a walkthrough reads of an example (an engine's `RuleExample`); its `intro`,
    when it has one, is read too."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def steps(self) -> Sequence[ExampleStep]: ...


class StepFrame(Protocol):
    """A frame as the default log panel reads it: the lines the step added."""

    @property
    def new_lines(self) -> list[str]: ...


E = TypeVar("E", bound=Example)  # a game's examples
F = TypeVar("F", bound=StepFrame)  # its frames (the engine's state after some steps)


def _default_lines(frame: StepFrame) -> list[str]:
    return list(frame.new_lines)


LINK_KEYS = ("example", "step")  # what a walkthrough's link may say


def example_from_query(params: dict[str, str]) -> str | None:
    """The example a link asks for (`?example=<id>`), or None."""
    return params.get("example", "").strip() or None


class Walkthrough(Generic[E, F]):
    """The widget (`.widget`) plus a small Python API used by tests: `next()`, `back()`,
    `choose(example_id)`, `example`, `step` (1-based), `steps` and `parts` (the HTML of the
    panels now shown in `.view`: `heading`, `count`, `narration`, `board`, `log`)."""

    def __init__(self, load: Callable[[], Sequence[E]], frame: Callable[[E, int], F],
                 board: Callable[[F], str], *, title: str | None = None,
                 lines: Callable[[F], list[str]] = _default_lines,
                 start: str | None = None) -> None:
        self._frame_fn, self._board_fn, self._lines_fn = frame, board, lines
        self.examples: list[E] = []
        self.example: E | None = None
        self.step = 0
        self.frame: F | None = None

        self.banner = ErrorBanner()
        self.notices: list[str] = []
        self.notice = w.HTML("")
        self.notice.add_class("vg-notice")
        self.title = w.HTML(f'<div class="vg-title">{html.escape(title)}</div>' if title else "")
        self.chooser = w.Dropdown(description="Example:", options=[],
                                  layout=w.Layout(width="440px"))
        self.chooser.add_class("vg-wt-chooser")
        self.back_button = w.Button(description="◀ Back", tooltip="previous step",
                                    layout=w.Layout(width="110px"))
        self.back_button.add_class("vg-wt-back")
        self.next_button = w.Button(description="Next ▶", tooltip="next step",
                                    button_style="primary", layout=w.Layout(width="110px"))
        self.next_button.add_class("vg-wt-next")
        self.view = w.HTML()  # heading, counter, narration, board and log: one value a step
        self.view.add_class("vg-wt-view")
        self.parts: dict[str, str] = {}

        nav = w.HBox([self.chooser, self.back_button, self.next_button])
        nav.add_class("vg-wt-nav")
        self.widget = w.VBox([style_tag(), self.title, self.banner, self.notice, nav,
                              self.view])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-walkthrough")

        guard = guarded(self.banner)
        self.back_button.on_click(guard(lambda _b: self.back()))
        self.next_button.on_click(guard(lambda _b: self.next()))
        self.chooser.observe(guard(self._on_choose), names="value")
        guard(self._load)(load, start)

    # ------------------------------------------------------------ actions
    def _load(self, load: Callable[[], Sequence[E]], start: str | None = None) -> None:
        self._set_enabled(False)
        self.examples = list(load())
        if not self.examples:
            raise ValueError("there are no examples to walk through")
        self._choosing = True
        try:
            self.chooser.options = [(ex.title, ex.id) for ex in self.examples]
            self.chooser.value = self.examples[0].id
        finally:
            self._choosing = False
        ids = [ex.id for ex in self.examples]
        if start is not None and start not in ids:
            self.add_notices([
                f"there is no example {echo(start)}, so the first one is shown; the examples "
                f"are: {', '.join(ids)}."])
            start = None
        self.choose(start or ids[0])

    def add_notices(self, notices: Sequence[str]) -> None:
        """Say, above the walkthrough, what of its link it could not follow."""
        self.notices += notices
        self.notice.value = notice_html(self.notices)

    def _on_choose(self, change: dict) -> None:
        if not getattr(self, "_choosing", False) and change["new"] is not None:
            self.choose(change["new"])

    def choose(self, example_id: str, step: int = 1) -> None:
        """Show an example from its first step (or `step`)."""
        by_id = {ex.id: ex for ex in self.examples}
        if example_id not in by_id:
            raise ValueError(f"no example {example_id!r}; examples: {', '.join(by_id)}")
        previous, self.example = self.example, by_id[example_id]
        try:
            self.go(step)
        except Exception:
            self.example = previous  # keep showing what was there
            raise
        finally:
            self._choosing = True
            try:
                self.chooser.value = self.example.id if self.example else None
            finally:
                self._choosing = False

    @property
    def steps(self) -> int:
        return len(self.example.steps) if self.example is not None else 0

    def next(self) -> None:
        if self.step < self.steps:
            self.go(self.step + 1)

    def back(self) -> None:
        if self.step > 1:
            self.go(self.step - 1)

    def go(self, k: int) -> None:
        """Show step k (1..N), rebuilt from the scenario."""
        if not 1 <= k <= self.steps:
            raise ValueError(f"step must be from 1 to {self.steps}, got {k}")
        ex = self.example
        assert ex is not None  # (no example has no steps)
        frame = self._frame_fn(ex, k)  # replays steps 1..k from the scenario
        board = self._board_fn(frame)
        lines = self._lines_fn(frame)
        parts = _step_parts(ex, k, len(ex.steps), board, lines)
        view = _view_html(parts)
        self.frame, self.step, self.parts = frame, k, parts
        with self.view.hold_sync():  # everything the step shows: one message
            self.view.value = view
        self._set_enabled(True)  # after the view, and only what changed

    def _set_enabled(self, on: bool) -> None:
        _set_if_changed(self.back_button, "disabled", not on or self.step <= 1)
        _set_if_changed(self.next_button, "disabled", not on or self.step >= self.steps)
        _set_if_changed(self.chooser, "disabled", not self.examples)


def _set_if_changed(widget: w.Widget, name: str, value: object) -> None:
    """Set a trait only when it changes: every change is a message to the browser."""
    if getattr(widget, name) != value:
        with widget.hold_sync():
            setattr(widget, name, value)


def _step_parts(ex: Example, k: int, steps: int, board: str, lines: Sequence[str]
                ) -> dict[str, str]:
    """The HTML of each panel for step k of `ex` (see `_view_html` for the layout)."""
    intro_text = getattr(ex, "intro", "")
    intro = (f'<div class="vg-wt-intro">{html.escape(intro_text)}</div>' if intro_text
             else "")
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    happened = f"<ul>{items}</ul>" if items else '<div class="vg-note">Nothing new yet.</div>'
    return {
        "heading": f'<div class="vg-wt-example">{html.escape(ex.title)}</div>{intro}',
        "count": (f'<span class="vg-wt-count" data-step="{k}" data-steps="{steps}">'
                  f"Step {k} of {steps}</span>"),
        "narration": narration_html(ex.steps[k - 1].narration),
        "board": board,
        "log": f'<div class="vg-wt-log-head">What happened</div>{happened}',
    }


def _view_html(parts: dict[str, str]) -> str:
    """A top row (the example's heading, the step counter at its right end), then the board
    and beside it the narration over the log: the classes the stylesheet, tests and
    benchmarks look for."""
    return ('<div class="vg-wt-top">'
            f'<div class="vg-wt-heading">{parts["heading"]}</div>'
            f'<div class="vg-wt-counter">{parts["count"]}</div>'
            '</div><div class="vg-wt-body">'
            f'<div class="vg-wt-board">{parts["board"]}</div>'
            '<div class="vg-wt-side">'
            f'<div class="vg-wt-narration">{parts["narration"]}</div>'
            f'<div class="vg-wt-log">{parts["log"]}</div>'
            "</div></div>")


def open_walkthrough(load: Callable[[], Sequence[E]], frame: Callable[[E, int], F],
                     board: Callable[[F], str], example: str | None,
                     query: dict[str, str] | None, **options: Any) -> Walkthrough[E, F]:
    """A game's walkthrough opened where it was asked: `example` picks the first example
    (an unknown id is a ValueError naming the ids that exist); without it, `query`'s
    `example` does (an unknown id is a notice in the app, and the first example opens)."""
    params = query or {}
    start = example if example is not None else example_from_query(params)
    wt = Walkthrough(load, frame, board, start=start, **options)
    shown = wt.example.id if wt.example is not None else None
    if example is not None and wt.examples and shown != example:
        wt.choose(example)
    notices = unknown_keys(params, LINK_KEYS)
    raw = params.get("step", "").strip()
    if raw and wt.example is not None:
        if raw.isascii() and raw.isdigit() and len(raw) <= 6 and 1 <= int(raw) <= wt.steps:
            wt.go(int(raw))
        else:
            notices.append(f"step must be a whole number from 1 to {wt.steps} (the steps of "
                           f"this example); got {echo(raw)}, so it opens at step 1.")
    if notices:
        wt.add_notices(notices)
    return wt
