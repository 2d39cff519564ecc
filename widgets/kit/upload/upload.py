"""`SizedUpload`: a file button like ipywidgets' `FileUpload` that knows a size limit.

Why: the Jupyter server drops a page's kernel connection on a message over 10 MiB
(tornado's `websocket_max_message_size`), and FileUpload sends a file in one message. A
30 MB file left the page dead without a word. The front end (upload.js, next to this
file) reads a chosen file only when it is within `max_bytes`; a bigger one arrives
without its content, with its real `size`, so Python can say what happened.

`value` has FileUpload's shape (a list of {name, type, size, last_modified, content}),
so apps observe it and tests set it the same way. `check_upload` is the Python-side
check every app runs on it, whatever the browser did.

The limits are written down here, once:
- a data file (a deck, solo events, Location cards) is a few KB; 1 MB leaves room for
  any hand-made file (the engines' own limit, `village_games.core.card_data`);
- a save or a game record: the longest game seen (five Villages bots, 7,000 moves) saves
  as 2.6 MB; 8 MB leaves room for that and stays under the server's 10 MiB.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from village_games.core import words
from village_games.core.card_data import MAX_DATA_FILE_BYTES

HERE = Path(__file__).resolve().parent
ESM_PATH = HERE / "upload.js"
CSS_PATH = HERE / "upload.css"

MB = 1_000_000
DATA_FILE_LIMIT = MAX_DATA_FILE_BYTES  # a deck, solo event or Location file (1 MB, as engines)
SAVE_FILE_LIMIT = 8 * MB  # a saved game or a game record; below the server's 10 MiB


def size_text(n: int) -> str:
    """Bytes as people say them: "30.2 MB", "1 MB", "512 KB", "12 bytes"."""
    if n >= MB:
        return f"{n / MB:.1f} MB".replace(".0 MB", " MB")
    if n >= 1000:
        return f"{n / 1000:.0f} KB"
    return words.count(n, 'byte')


def check_upload(file: dict[str, Any], limit: int, what: str) -> tuple[str, bytes]:
    """(name, content) of an uploaded file (`value`'s shape) that is within `limit` and
    not empty; ValueError otherwise, naming the file, its size and the limit for `what`
    ("a deck file"). The size is the larger of the one the browser gave and the content's
    (a file over the limit comes without its content)."""
    name = str(file.get("name", "the file"))
    content = bytes(file.get("content") or b"")
    size = max(int(file.get("size") or 0), len(content))
    if size > limit:
        raise ValueError(f"{name} is {size_text(size)}; {what} may be at most "
                         f"{size_text(limit)}")
    if not content.strip():
        raise ValueError(f"{name} is empty")
    return name, content


def upload_text(file: dict[str, Any], limit: int, what: str, written_as: str) -> tuple[str, str]:
    """(name, text) of an uploaded text file: `check_upload`, then UTF-8; a file that is
    not text gets a ValueError saying what it should be (`written_as`: "a save is JSON")."""
    name, content = check_upload(file, limit, what)
    try:
        return name, content.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not a text file ({written_as})") from None


class SizedUpload(anywidget.AnyWidget):
    """`SizedUpload(accept=".json", description="Load a save file", max_bytes=...)`;
    observe `value` as a FileUpload's."""

    _esm = ESM_PATH
    _css = CSS_PATH

    accept = t.Unicode("").tag(sync=True)
    description = t.Unicode("Upload").tag(sync=True)
    icon = t.Unicode("upload").tag(sync=True)
    max_bytes = t.Int(DATA_FILE_LIMIT).tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    value = t.List(t.Dict()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("vg-sized-upload")
