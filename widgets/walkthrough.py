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

`start` opens an example other than the first, e.g. from a link (`?example=<id>`, read with
`example_from_query`): an unknown id shows a notice listing the valid ones and the first
example opens instead. `choose(id)` on the other hand raises for an unknown id.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from .query import notice_html
from .safe import ErrorBanner, guarded
from .theme import style_tag

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def narration_html(text: str) -> str:
    """Plain narration to HTML: escaped, `**bold**` allowed, blank lines make paragraphs."""
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "".join("<p>" + _BOLD.sub(r"<b>\1</b>", html.escape(p)) + "</p>" for p in paras)


def _default_lines(frame: Any) -> list[str]:
    return list(frame.new_lines)


def example_from_query(params: dict[str, str]) -> str | None:
    """The example a link asks for (`?example=<id>`), or None."""
    return params.get("example", "").strip() or None


class Walkthrough:
    """The widget (`.widget`) plus a small Python API used by tests: `next()`, `back()`,
    `choose(example_id)`, `example`, `step` (1-based) and `steps`."""

    def __init__(self, load: Callable[[], Sequence[Any]], frame: Callable[[Any, int], Any],
                 board: Callable[[Any], str], *, title: str | None = None,
                 lines: Callable[[Any], list[str]] = _default_lines,
                 start: str | None = None) -> None:
        self._frame_fn, self._board_fn, self._lines_fn = frame, board, lines
        self.examples: list[Any] = []
        self.example: Any = None
        self.step = 0
        self.frame: Any = None

        self.banner = ErrorBanner()
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
        self.counter = w.HTML()
        self.counter.add_class("vg-wt-counter")
        self.heading = w.HTML()
        self.heading.add_class("vg-wt-heading")
        self.narration = w.HTML()
        self.narration.add_class("vg-wt-narration")
        self.board = w.HTML()
        self.board.add_class("vg-wt-board")
        self.log = w.HTML()
        self.log.add_class("vg-wt-log")

        nav = w.HBox([self.chooser, self.back_button, self.counter, self.next_button])
        nav.add_class("vg-wt-nav")
        side = w.VBox([self.narration, self.log])
        side.add_class("vg-wt-side")
        body = w.HBox([self.board, side])
        body.add_class("vg-wt-body")
        self.widget = w.VBox([style_tag(), self.title, self.banner, self.notice, nav,
                              self.heading, body])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-walkthrough")

        guard = guarded(self.banner)
        self.back_button.on_click(guard(lambda _b: self.back()))
        self.next_button.on_click(guard(lambda _b: self.next()))
        self.chooser.observe(guard(self._on_choose), names="value")
        guard(self._load)(load, start)

    # ------------------------------------------------------------ actions
    def _load(self, load: Callable[[], Sequence[Any]], start: str | None = None) -> None:
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
            self.notice.value = notice_html([
                f"there is no example {start!r}, so the first one is shown; the examples "
                f"are: {', '.join(ids)}."])
            start = None
        self.choose(start or ids[0])

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
        frame = self._frame_fn(ex, k)  # replays steps 1..k from the scenario
        board = self._board_fn(frame)
        lines = self._lines_fn(frame)
        self.frame, self.step = frame, k
        step = ex.steps[k - 1]
        intro_text = getattr(ex, "intro", "")
        intro = (f'<div class="vg-wt-intro">{html.escape(intro_text)}</div>' if intro_text
                 else "")
        self.heading.value = f'<div class="vg-wt-example">{html.escape(ex.title)}</div>{intro}'
        self.counter.value = (f'<span class="vg-wt-count" data-step="{k}" data-steps='
                              f'"{self.steps}">Step {k} of {self.steps}</span>')
        self.narration.value = narration_html(step.narration)
        self.board.value = board
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        body = f"<ul>{items}</ul>" if items else '<div class="vg-note">Nothing new yet.</div>'
        self.log.value = f'<div class="vg-wt-log-head">What happened</div>{body}'
        self._set_enabled(True)

    def _set_enabled(self, on: bool) -> None:
        self.back_button.disabled = not on or self.step <= 1
        self.next_button.disabled = not on or self.step >= self.steps
        self.chooser.disabled = not self.examples
