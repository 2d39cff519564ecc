"""`TrialPad`: a student's buttons for the next roll or draw, and for a batch of trials.

Each button sends what it would make: the step button the trial number and step it
reveals (`step_token`, "7:2"), the batch button the first trial number and the size. A
message that arrives twice (a double click, a message sent again) names a step or a batch
already made, and the app ignores it: the trial is counted once. After a click the page
keeps both buttons disabled until the kernel has handled it (`serial` rises), so a
double click rarely sends twice at all. The JS and CSS are files beside this one
(trial_pad.js, trial_pad.css), never fetched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

HERE = Path(__file__).resolve().parent
Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]


class TrialPad(anywidget.AnyWidget):
    """`pad.on_step(cb)` gets `cb(token)`; `pad.on_batch(cb)` gets `cb(first, size)`.
    `click_step()` and `click_batch(size)` are the Python entry points (as the buttons);
    `receive(content)` takes a message as the page sends it."""

    _esm = HERE / "trial_pad.js"
    _css = HERE / "trial_pad.css"

    step_label = t.Unicode("").tag(sync=True)
    step_token = t.Unicode("").tag(sync=True)
    batch_sizes = t.List(t.Int()).tag(sync=True)
    batch_unit = t.Unicode("trials").tag(sync=True)
    next_number = t.Int(1).tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    serial = t.Int(0).tag(sync=True)

    def __init__(self, batch_sizes: Sequence[int] = (), *, wrap: Wrap | None = None,
                 **kwargs: Any) -> None:
        super().__init__(batch_sizes=list(batch_sizes), **kwargs)
        self.add_class("vg-trial-pad-widget")
        self._wrap: Wrap = wrap or (lambda fn: fn)
        self._step: Callable[[str], Any] | None = None
        self._batch: Callable[[int, int], Any] | None = None
        self.on_msg(lambda _w, content, _b: self.receive(content))

    def on_step(self, callback: Callable[[str], Any]) -> None:
        self._step = self._wrap(callback)

    def on_batch(self, callback: Callable[[int, int], Any]) -> None:
        self._batch = self._wrap(callback)

    def click_step(self) -> None:
        """As a click on the step button."""
        self.receive({"type": "step", "token": self.step_token})

    def click_batch(self, size: int) -> None:
        """As choosing `size` and clicking the batch button."""
        self.receive({"type": "batch", "first": self.next_number, "size": size})

    def receive(self, content: Any) -> None:
        """Handle a message from the page; whatever it was, tell the page it was handled."""
        try:
            if not isinstance(content, dict) or self.disabled:
                return
            if content.get("type") == "step" and self._step is not None:
                token = content.get("token")
                if isinstance(token, str):
                    self._step(token)
            elif content.get("type") == "batch" and self._batch is not None:
                first, size = content.get("first"), content.get("size")
                if isinstance(first, int) and isinstance(size, int):
                    self._batch(first, size)
        finally:
            self.serial += 1
