"""The table's tools: save the game (as text and a file to download), load a save (pasted
or uploaded), and one section per data file a user may load (a deck, event cards), shown
while the game set up in the controls would use it."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..kit.safe import Guard
from ..kit.shared_models import Shared
from ..kit.upload import SAVE_FILE_LIMIT, SizedText, SizedUpload, upload_text
from .adapter import DataFile, GameAdapter
from .files import FileControl, Upload, declared_files

SAVE_TITLE = "Save / load"
HIDDEN_CARDS = ('<div class="vg-note">The save holds every card, hidden ones too: don\'t '
                "read it during a game.</div>")


class ToolsPanel:
    """`panel.widget` is the tools' accordion. `load(text)` is the app's: it replaces the
    game by the save and returns what to say, or raises ValueError and changes nothing.
    `use(spec, upload or None)` starts the next game with a data file (or without)."""

    def __init__(self, adapter: GameAdapter, shared: Shared,
                 guard: Guard,
                 on_save: Callable[[Any], None], load: Callable[[str], str],
                 use: Callable[[DataFile, Upload | None], None]) -> None:
        self._load = load
        make = shared.make
        self.save_button = make(w.Button, "vg-save", description="Save", icon="save")
        self.save_button.on_click(guard(on_save))
        self.save_text = SizedText(placeholder="Click Save: the game appears here as JSON.",
                                   read_only=True, layout=w.Layout(width="100%", height="90px"))
        self.save_text.add_class("vg-save-text")
        self.save_link = make(w.HTML, "vg-save-link", value="")
        self.load_text = SizedText(placeholder="Paste a saved game (JSON) here, then Load.",
                                   max_bytes=SAVE_FILE_LIMIT,
                                   layout=w.Layout(width="100%", height="90px"))
        self.load_text.add_class("vg-load-text")
        self.load_text.when_refused(guard(lambda message: self.say_load(False, message)))
        self.load_button = make(w.Button, "vg-load", description="Load", icon="upload")
        self.load_button.on_click(guard(self._on_load))
        self.load_upload = SizedUpload(accept=".json", description="Load a save file",
                                       max_bytes=SAVE_FILE_LIMIT)
        self.load_upload.add_class("vg-load-upload")
        self.load_upload.observe(guard(self._on_load_upload), names="value")
        self.load_note = make(w.HTML, "vg-load-note", value="")
        self.saveload = shared.vbox([
            shared.html(HIDDEN_CARDS), shared.hbox([self.save_button, self.save_link]),
            self.save_text, self.load_text, shared.hbox([self.load_button, self.load_upload]),
            self.load_note])
        self.files: dict[str, FileControl] = {
            spec.key: FileControl(spec, shared, use, guard) for spec in declared_files(adapter)}
        self.widget = w.Accordion(children=[self.saveload], titles=(SAVE_TITLE,))
        self.widget.selected_index = None
        self.widget.add_class("vg-tools")

    @property
    def deck(self) -> FileControl:
        return self.files["deck"]

    def show_files(self, players: int, options: dict[str, Any]) -> None:
        """A section for each file a game of `players` with `options` would use."""
        shown = [c for c in self.files.values() if c.spec.applies(players, options)]
        sections = [self.saveload, *(c.box for c in shown)]
        tools = self.widget
        if list(tools.children) == sections:
            return
        index = tools.selected_index
        opened = tools.children[index] if index is not None else None
        with tools.hold_sync():
            tools.selected_index = None
            tools.children = sections
            tools.titles = (SAVE_TITLE, *(c.spec.title for c in shown))
            tools.selected_index = sections.index(opened) if opened in sections else None

    def took(self, players: int, options: dict[str, Any]) -> None:
        """A game is on the table: the files it uses are the next games' too (a loaded save
        brings its own); a file it does not use stays for the games that will."""
        for control in self.files.values():
            if control.spec.applies(players, options):
                control.took(options)
            else:
                control.forget_message()
        self.load_note.value = ""  # what an earlier load said is over: a new game is on

    def show_save(self, text: str, file_name: str, also: str = "") -> None:
        """The save as text and as a file to download (`also`: more links beside it)."""
        self.save_text.value = text
        data = base64.b64encode(text.encode()).decode()
        self.save_link.value = (f'<a class="vg-download" download="{html.escape(file_name)}" '
                                f'href="data:application/json;base64,{data}">Download the '
                                "save file</a> " + also)

    # ------------------------------------------------------------ loading
    def _on_load(self, _b: object = None) -> None:
        try:
            text = self.load_text.check()
        except ValueError as exc:
            self.say_load(False, str(exc))
            return
        self._load_and_say(text)

    def _on_load_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_upload.value = []  # so that the same file can be chosen again
            try:
                _name, text = upload_text(files[0], SAVE_FILE_LIMIT, "a save file",
                                          "a save is JSON")
            except ValueError as exc:  # too big, empty or not text
                self.say_load(False, str(exc))
                return
            self._load_and_say(text)

    def _load_and_say(self, text: str) -> None:
        """Load, and say next to the Load control what happened (the game stays on a
        refusal)."""
        try:
            said = self._load(text)
        except ValueError as exc:
            self.say_load(False, str(exc))
            return
        self.say_load(True, said)

    def say_load(self, ok: bool, message: str) -> None:
        kind = "vg-load-ok" if ok else "vg-load-refused"
        prefix = "" if ok else "Not loaded: "
        self.load_note.value = (f'<div class="{kind}">{html.escape(prefix + message)}'
                                "</div>")
