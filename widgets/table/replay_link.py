"""Sharing a replay: as a link (`?record=...&view=...&step=...`) or as a record file.

The link holds the record packed (`village_games.core.records.pack_record`), so it needs no
server to keep games; the file is a `data:` download, so it needs no network either.

`view` in a link is a seat number counted from 1 (as every page counts seats, and as this
key always has: no link counted seats from 0), `table` (a spectator: public cards only) or
`all` (every card, for a finished game); `step` counts from 1.
"""

from __future__ import annotations

import base64

from village_games.core import ALL_CARDS, Record
from village_games.core.records import pack_record, record_json
from village_games.core.timeline import Viewer

from ..kit.markup import esc
from ..kit.query import echo

TABLE_VIEW = "table"
# The server drops a request whose address is longer than about 64 KB (tornado's
# max_header_size): a link past this opens nothing, so such a game is shared as a file.
# (A packed record takes about 4.4 characters a move: some 13,000 moves fit.)
LINK_LIMIT = 60_000


def view_key(viewer: Viewer) -> str:
    """The link's word for a viewer: "1".."n", "table" or "all"."""
    if viewer == ALL_CARDS:
        return ALL_CARDS
    return TABLE_VIEW if viewer is None else str(int(viewer) + 1)


def viewer_of(key: str, players: int) -> Viewer:
    """The viewer a link's `view` names; ValueError (saying what is allowed) otherwise."""
    raw = key.strip().lower()
    if raw == ALL_CARDS:
        return ALL_CARDS
    if raw in (TABLE_VIEW, "spectator"):
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 3 and 1 <= int(raw) <= players:
        return int(raw) - 1
    raise ValueError(f"view must be a seat number from 1 to {players}, {TABLE_VIEW!r} or "
                     f"{ALL_CARDS!r}; got {echo(key)}")


def replay_query(record: Record | str, viewer: Viewer | str = "",
                 step: int | None = None) -> str:
    """`?record=...` (plus `view` and `step`, 0-based here, 1-based in the link) that opens
    this record (or a record already packed) in a replay notebook. `viewer=""` leaves the
    view to the replay app. Check the length with `fits_in_link`."""
    packed = record if isinstance(record, str) else pack_record(record)
    parts = [f"record={packed}"]
    if viewer != "":
        parts.append(f"view={view_key(viewer)}")
    if step is not None:
        parts.append(f"step={step + 1}")
    return "?" + "&".join(parts)


def fits_in_link(address: str) -> bool:
    """Whether a page address is short enough for the server to answer (`LINK_LIMIT`)."""
    return len(address) <= LINK_LIMIT


def record_file_name(record: Record) -> str:
    return (f"{record.get('game', 'game')}_seed{record.get('seed', '')}_"
            f"{len(record.get('actions', []))}moves.record.json")


def download_html(record: Record, label: str = "Download the record") -> str:
    """A link that saves the record as a JSON file (a `data:` address: no network)."""
    data = base64.b64encode(record_json(record).encode()).decode()
    return (f'<a class="vg-download vg-record-download" download="{esc(record_file_name(record))}"'
            f' href="data:application/json;base64,{data}">{esc(label)}</a>')
