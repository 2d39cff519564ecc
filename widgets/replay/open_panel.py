"""The replay page's "Open another game" panel: paste a record (or a save), upload its
file, or watch bots play one; and a line saying what became of the last try."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..kit.safe import Guard
from ..kit.upload import SAVE_FILE_LIMIT, SizedText, SizedUpload, upload_text


class OpenPanel:
    """`panel.widget` is the accordion. `open_text(text)` is the app's: it opens the
    record and returns what to say, or raises ValueError and changes nothing."""

    def __init__(self, guard: Guard, open_text: Callable[[str], str],
                 watch_bots: Callable[[], None]) -> None:
        self._open_text = open_text
        self.paste = SizedText(placeholder="Paste a game record (JSON) or a saved game here, "
                                           "then Open.", what="a game record",
                               max_bytes=SAVE_FILE_LIMIT,
                               layout=w.Layout(width="100%", height="80px"))
        self.paste.add_class("vg-rp-paste")
        self.paste.when_refused(guard(lambda message: self.say(False, message)))
        self.open_button = w.Button(description="Open", icon="folder-open")
        self.open_button.add_class("vg-rp-open")
        self.open_button.on_click(guard(self._on_open))
        self.upload = SizedUpload(accept=".json", description="Open a record file",
                                  max_bytes=SAVE_FILE_LIMIT)
        self.upload.add_class("vg-rp-upload")
        self.upload.observe(guard(self._on_upload), names="value")
        self.bots_button = w.Button(description="Watch a game between bots",
                                    icon="android", layout=w.Layout(width="auto"))
        self.bots_button.add_class("vg-rp-bots")
        self.bots_button.on_click(guard(lambda _b: watch_bots()))
        self.load_note = w.HTML("")
        self.load_note.add_class("vg-load-note")
        opener = w.VBox([self.paste, w.HBox([self.open_button, self.upload, self.bots_button]),
                         self.load_note])
        self.widget = w.Accordion(children=[opener], titles=("Open another game",))
        self.widget.add_class("vg-rp-tools")

    def _on_open(self, _b: object = None) -> None:
        try:
            text = self.paste.check()
        except ValueError as exc:
            self.say(False, str(exc))
            return
        self.open_and_say(text)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        self.upload.value = []  # so that the same file can be chosen again
        try:
            _name, text = upload_text(files[0], SAVE_FILE_LIMIT, "a game record",
                                      "a record is JSON")
        except ValueError as exc:  # too big, empty or not text
            self.say(False, str(exc))
            return
        self.open_and_say(text)

    def open_and_say(self, text: str) -> None:
        """Open pasted or uploaded text; say beside the controls what happened (the replay
        on screen stays on a refusal)."""
        try:
            said = self._open_text(text)
        except ValueError as exc:
            self.say(False, str(exc))
            return
        self.say(True, said)

    def say(self, ok: bool, message: str) -> None:
        kind = "vg-load-ok" if ok else "vg-load-refused"
        prefix = "" if ok else "Not opened: "
        self.load_note.value = f'<div class="{kind}">{html.escape(prefix + message)}</div>'
        if not ok:
            self.widget.selected_index = 0
