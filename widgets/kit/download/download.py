"""`DownloadButton`: a button that downloads a file with one click.

A link whose address holds the file (`data:...`) must be made before the click: for a
file that changes while the page is open (a class experiment's trials), that took a
first click to make the link and a second to follow it. This button asks the kernel for
the file when it is clicked; the kernel makes it then and sends it back in the same
message's binary buffer, and the front end (download.js, next to this file) saves it
under its name at once, as a link with `download` would. Its look is in
widgets/kit/style.css (`.vg-download-button`).

    button = DownloadButton("CSV of every trial", lambda: ("trials.csv", text), wrap=guard)
    button.click()      # the Python entry point: as a click (returns the file's bytes)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

HERE = Path(__file__).resolve().parent
Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]
MakeFile = Callable[[], tuple[str, str | bytes]]  # -> (file name, content)


class DownloadButton(anywidget.AnyWidget):
    """`make()` gives (file name, text or bytes) when the button is clicked; `wrap`
    wraps it (an app's `guarded`), so an error shows in the app and the button frees
    itself. `mime` is the file's type."""

    _esm = HERE / "download.js"

    label = t.Unicode("Download").tag(sync=True)
    hint = t.Unicode("").tag(sync=True)  # the button's title (DOMWidget owns `tooltip`)
    disabled = t.Bool(False).tag(sync=True)

    def __init__(self, label: str, make: MakeFile, *, mime: str = "text/csv",
                 wrap: Wrap | None = None, **kwargs: Any) -> None:
        super().__init__(label=label, **kwargs)
        self.add_class("vg-download-widget")
        self.mime = mime
        self._make = make
        self._click = (wrap or (lambda fn: fn))(self.click)
        self.last: tuple[str, bytes] | None = None  # the file last sent (name, bytes)
        self.on_msg(self._on_msg)

    def click(self) -> bytes:
        """As a click: make the file and send it to the page, which saves it."""
        name, content = self._make()
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        self.last = (name, data)
        self.send({"type": "file", "name": name, "mime": self.mime}, [data])
        return data

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "download":
            return
        if self.disabled:
            self.send({"type": "file"})  # nothing to save: the button frees itself
            return
        if self._click() is None:  # (the wrap showed an error)
            self.send({"type": "file"})
