"""`Board`: a renderer's HTML on which the player clicks the cards themselves.

The renderer marks what could be picked with `data-vg-value="<value>"` and, where a value
could mean several things (a slot number), `data-vg-field="<field> ..."`: the fields the
element stands for, each a field name or `Kind.field`. The app says what may be picked now
(`targets`) and what is selected (`picked`) as keys: an element without fields matches the
bare value, one with fields matches `field=value` for one of its fields (`matches`; the
picker's `board_keys` makes both). The front end (board.js, next to this file) shows those
as the classes `vg-clickable` and `vg-picked` and sends a click on a clickable element
back as a custom message, which goes through `click` to the callbacks of `on_pick`.

Only what changed goes to the browser: new targets or picks toggle classes on the
elements already drawn, the HTML is sent and parsed again only when it changed.
The JS and CSS are files of this package (board.js, board.css), never fetched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

HERE = Path(__file__).resolve().parent
ESM_PATH = HERE / "board.js"
CSS_PATH = HERE / "board.css"

PickCallback = Callable[[str, "str | None"], Any]


def matches(keys: Sequence[str] | set[str], value: str, field: str | None) -> bool:
    """Whether an element with this value and `data-vg-field` is among `keys` (board.js
    applies the same rule)."""
    fields = (field or "").split()
    if not fields:
        return value in keys
    return any(f"{f}={value}" in keys for f in fields)
Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]


class Board(anywidget.AnyWidget):
    """`Board(html, targets, picked, wrap=guard)`; `board.on_pick(cb)` gets `cb(value, field)`.

    `wrap` wraps every callback registered with `on_pick` (as `ActionPicker(wrap=...)`
    does): a click from the browser comes in through a comm message, where an exception
    would otherwise only reach the kernel log. The default wrap leaves callbacks as is.
    """

    _esm = ESM_PATH
    _css = CSS_PATH

    html = t.Unicode("").tag(sync=True)
    targets = t.List(t.Unicode()).tag(sync=True)
    picked = t.List(t.Unicode()).tag(sync=True)

    def __init__(self, html: str = "", targets: Sequence[str] = (),
                 picked: Sequence[str] = (), *, wrap: Wrap | None = None,
                 **kwargs: Any) -> None:
        super().__init__(html=html, targets=list(targets), picked=list(picked), **kwargs)
        self.add_class("vg-board-widget")
        self._wrap: Wrap = wrap or (lambda fn: fn)
        self._callbacks: list[tuple[PickCallback, Callable[..., Any]]] = []
        self.on_msg(self._on_custom_msg)

    def on_pick(self, callback: PickCallback, remove: bool = False) -> None:
        """Call `callback(value, field)` on every pick (wrapped); `remove=True` undoes it."""
        if remove:
            self._callbacks = [(c, w) for c, w in self._callbacks if c != callback]
        else:
            self._callbacks.append((callback, self._wrap(callback)))

    def click(self, value: str, field: str | None = None) -> None:
        """Pick `value` as a click on the board would (the entry point tests use too);
        `field` is the clicked element's `data-vg-field`, if it has one."""
        if not matches(self.targets, value, field):
            raise ValueError(f"{value} cannot be picked on the board now")
        for _callback, wrapped in list(self._callbacks):
            wrapped(value, field)

    def set(self, html: str | None = None, targets: Sequence[str] | None = None,
            picked: Sequence[str] | None = None) -> None:
        """Change what differs (None leaves a trait alone), all in one comm message."""
        with self.hold_sync():
            if html is not None and html != self.html:
                self.html = html
            if targets is not None and list(targets) != self.targets:
                self.targets = list(targets)
            if picked is not None and list(picked) != self.picked:
                self.picked = list(picked)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "pick":
            return
        value, field = content.get("value"), content.get("field")
        if not isinstance(value, str):
            return
        field = field if isinstance(field, str) else None
        if matches(self.targets, value, field):
            self.click(value, field)  # the callbacks are wrapped already
        else:
            # A stale click (targets changed while the message was on its way): the
            # ValueError goes through the wrap so the app shows it, as a callback error.
            self._wrap(self.click)(value, field)
