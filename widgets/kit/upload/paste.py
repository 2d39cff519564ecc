"""`SizedText`: a text box like ipywidgets' `Textarea` that never sends more than its limit.

Why: a Textarea sends its whole text to the kernel as the user types or pastes, in one
message, and the Jupyter server drops the page's connection on a message over 10 MiB. A
pasted 12 MB file left the page dead without a word. The front end (paste.js, next to
this file) sends the text only while it is within `max_bytes` (UTF-8); a longer paste is
kept back, the box is emptied, and `refused` carries its size so Python can say what
happened. The limits are upload.py's (a save or record: SAVE_FILE_LIMIT).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from .upload import SAVE_FILE_LIMIT, size_text

HERE = Path(__file__).resolve().parent


class SizedText(anywidget.AnyWidget):
    """`SizedText(what="a saved game", placeholder=..., max_bytes=...)`; read the text
    with `check()`, and hear of a paste the browser kept back with `when_refused`."""

    _esm = HERE / "paste.js"
    _css = HERE / "paste.css"

    value = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("").tag(sync=True)
    max_bytes = t.Int(SAVE_FILE_LIMIT).tag(sync=True)
    read_only = t.Bool(False).tag(sync=True)  # for text the app writes (a save to copy)
    refused = t.Int(0).tag(sync=True)  # the size of the last paste kept back; 0: none
    what = t.Unicode("a saved game")  # what the box takes, as messages name it (not synced)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("vg-sized-text")

    def check(self) -> str:
        """The text, or ValueError when it is over the limit (the browser keeps such a
        text back; this is the kernel's own check)."""
        size = len(self.value.encode("utf-8"))
        if size > self.max_bytes:
            raise ValueError(self.too_big(size))
        return self.value

    def too_big(self, size: int) -> str:
        return (f"the pasted text is {size_text(size)}; {self.what} may be at most "
                f"{size_text(self.max_bytes)}")

    def when_refused(self, say: Callable[[str], Any]) -> None:
        """Call `say(message)` each time the browser keeps a paste back for its size."""

        def refused(change: dict[str, Any]) -> None:
            if change["new"]:
                self.refused = 0  # the same size may be refused again
                say(self.too_big(change["new"]))

        self.observe(refused, names="refused")
