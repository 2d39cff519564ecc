"""The table app's data files: which files an adapter lets a user load (its deck, and the
`DataFile`s it declares), and the small section of the tools each file gets.

The app reads what is in use back from the game (its option `key` holds the saved form of
a user's file), so a loaded save brings its files back and nothing is kept twice. A file
over `DATA_FILE_LIMIT` (widgets/upload) or an empty one is refused before it is read.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from ..kit.safe import Guard
from ..kit.shared_models import Shared
from ..kit.upload import DATA_FILE_LIMIT, SizedUpload, check_upload, upload_text
from .adapter import DataFile, GameAdapter

Upload = tuple[str, bytes]  # (file name, contents)


def _text(value: object) -> str:
    """Safe as element text; apostrophes stay readable (names like "the game's own")."""
    return html.escape(str(value), quote=False)


def deck_file(adapter: GameAdapter) -> DataFile | None:
    """The deck as a data file, for an adapter with `load_deck`; None without."""
    load = adapter.load_deck
    if load is None:
        return None
    stand_in = " (this project's stand-in deck)" if adapter.info.stand_in_deck else ""
    return DataFile("deck", "Deck", f"the game's own cards{stand_in}",
                    upload="Use my deck file", reset="Use the game's own cards", load=load)


def declared_files(adapter: GameAdapter) -> list[DataFile]:
    """Every file a user may load into this adapter's games: the deck first."""
    deck = deck_file(adapter)
    return [*([deck] if deck else []), *adapter.data_files]


def file_kind(spec: DataFile) -> str:
    """How the messages name this kind of file: "a deck file", "a solo events file"."""
    return f"a {spec.title.lower()} file"


def parse_upload(spec: DataFile, upload: Upload, size: int = 0) -> object:
    """An uploaded file, parsed; ValueError naming the file (and the entry and field), or
    its size when it is over `DATA_FILE_LIMIT` (`size`: the one the browser gave, for a
    file it did not send) or empty."""
    name, text = upload_text({"name": upload[0], "content": upload[1], "size": size},
                             DATA_FILE_LIMIT, file_kind(spec), f"{file_kind(spec)} is TOML, "
                             "in UTF-8")
    return spec.load(name, text)


def user_file(options: Mapping[str, Any] | None, key: str) -> dict[str, Any] | None:
    """The saved form of a user's file in a game's options; None for the game's own."""
    value = (options or {}).get(key)
    return value if isinstance(value, dict) else None


class FileControl:
    """One file's section: what the games use, an upload and a reset button, and a line
    saying what became of the last try. `use(spec, upload or None)` is the app's: it
    starts the next game with the file, or raises ValueError and changes nothing."""

    def __init__(self, spec: DataFile, shared: Shared,
                 use: Callable[[DataFile, Upload | None], None],
                 guard: Guard) -> None:
        self.spec = spec
        self._use = use
        self.data: dict[str, Any] | None = None  # the user's file for the next games
        self._message = ""
        key = spec.key
        self.note = shared.html("", "vg-file-note", f"vg-{key}-note")
        self.upload = SizedUpload(accept=spec.accept, description=spec.upload,
                                  max_bytes=DATA_FILE_LIMIT, layout=w.Layout(width="auto"))
        self.upload.add_class("vg-file-upload")
        self.upload.add_class(f"vg-{key}-upload")
        self.upload.observe(guard(self._on_upload), names="value")
        self.reset = shared.make(w.Button, "vg-file-reset", f"vg-{key}-reset",
                                 description=spec.reset, icon="undo",
                                 layout={"width": "auto"})
        self.reset.on_click(guard(lambda _b: self.try_file(None)))
        self.box = shared.vbox([self.note, shared.hbox([self.upload, self.reset])],
                               "vg-file", f"vg-{key}-file")
        self.show()

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.upload.value = []  # so that the same file can be chosen again
            file = files[0]
            self.try_file((file["name"], bytes(file.get("content") or b"")),
                          size=int(file.get("size") or 0))

    def try_file(self, upload: Upload | None, size: int = 0) -> bool:
        """Use the file (None: the game's own data); say next to the buttons how it went.
        `size`: the file's size as the browser gave it (a file over the limit comes
        without its content)."""
        try:
            if upload is not None:  # too big or empty: refused before the app sees it
                check_upload({"name": upload[0], "content": upload[1], "size": size},
                              DATA_FILE_LIMIT, file_kind(self.spec))
            self._use(self.spec, upload)
        except ValueError as exc:
            said = str(exc).rstrip(".")
            self._message = (f'<div class="vg-load-refused">Not used: {_text(said)}. '
                             "Nothing has changed.</div>")
            self.show()
            return False
        name = _text(upload[0] if upload else self.spec.shipped)
        self._message = f'<div class="vg-load-ok">A new game has begun with {name}.</div>'
        self.show()
        return True

    def took(self, options: Mapping[str, Any] | None) -> None:
        """A game that uses this file is on the table: its file is the next games' too."""
        self.data = user_file(options, self.spec.key)
        self.forget_message()

    def forget_message(self) -> None:
        """A new game is on the table: what became of an earlier try (a refusal above
        all) no longer holds, so it goes."""
        self._message = ""
        self.show()

    def show(self) -> None:
        data = self.data
        if data is None:
            used = f"Playing with {_text(self.spec.shipped)}."
        else:
            used = (f"Playing with your file <b>{_text(str(data['name']))}</b>. A link "
                    "cannot carry a file: share a save file, which holds it.")
        self.note.value = f'<div class="vg-note">{used}</div>{self._message}'
        self.reset.disabled = data is None
