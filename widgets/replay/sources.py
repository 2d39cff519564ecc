"""Where a replay's record comes from, and what its viewer may see: pasted or uploaded text
(a record, or a save of the table app), a table on the server (as its link's key may see
it), or a `?record=` link with its view and step. No widgets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from village_games.core import ALL_CARDS, Game, Record, RecordError
from village_games.core.actions import short_repr
from village_games.core.json_text import read_json
from village_games.core.records import record_from_json, unpack_record
from village_games.core.timeline import Viewer, build_timeline, viewers
from village_games.tables import StoreError, TableStore

from ..kit.query import echo
from ..table.adapter import GameAdapter
from ..table.replay_link import viewer_of
from ..table.save_file import SAVE_FORMAT


def record_from_text(text: str, adapter: GameAdapter) -> Record:
    """The record in JSON text: a record itself, a table-app save or a bare engine state
    with its history (a save holds the whole game: its record replays to it)."""
    if not text.strip():
        raise RecordError("paste a game record (JSON) into the box first")
    try:
        data = read_json(text)
    except ValueError:
        data = None  # record_from_json says what is wrong with it
    if not (isinstance(data, dict) and "actions" not in data and (
            data.get("format") == SAVE_FORMAT or "history" in data)):
        return record_from_json(text)
    state = data.get("state") if data.get("format") == SAVE_FORMAT else data
    if not isinstance(state, dict):
        raise RecordError("that save has no game in it: its 'state' part is missing")
    if state.get("game") != adapter.info.name:
        raise RecordError(f"that save is for {short_repr(state.get('game'), 40)}, not "
                          f"{adapter.info.name!r}")
    try:
        return adapter.from_dict(state).record()
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise RecordError(f"the saved game is incomplete or damaged ({exc!r})") from None


@dataclass(frozen=True)
class TableRecord:
    """A table on the server as a link's key may replay it: its record, the link (table id
    and key), the viewers it may choose while the game runs (None: any the engine offers),
    the one it opens with, and why the table was closed before its game finished ("" for
    a table still open, or a finished game)."""

    record: Record
    link: tuple[str, str]
    allowed: set[Viewer] | None
    own_view: Viewer
    closed: str = ""


def table_record(store: TableStore, table_id: str, key: str | None, adapter: GameAdapter,
                 new_game: Callable[..., Game]) -> TableRecord:
    """While the game runs, only the key's own seat (or seats, at the screen that set the
    table up) or the public view, never another seat's; once it is over, any seat or every
    card. ValueError for a wrong table or key.

    A table closed before its game finished (by its host's next game, or by the teacher)
    counts as over: it will never go on, so nothing at it is a secret that play could
    still use, and its replay shows any seat, every card and the seed, as a finished
    game's does. (Until it closes, its hidden cards and its seed stay hidden.)"""
    try:
        table, moves = store.load(table_id)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    if table.game != adapter.info.name:
        raise ValueError(f"that table plays {table.game!r}, not {adapter.info.name!r}")
    access = table.access(key)
    if access is None:
        raise ValueError("that link's key does not open this table (a mistyped or old link)")
    record = table.record(moves)
    over = build_timeline(record, new_game, adapter.from_dict, None).over
    closed = "" if over else table.closed
    people = [s for s in access.seats if table.seats[s].kind != "bot"]
    allowed: set[Viewer] | None = None if over or closed else {None, *people}
    own = people[0] if len(people) == 1 else None
    return TableRecord(record, (table.id, key or ""), allowed, own, closed)


def not_allowed(viewer: Viewer, game: Game, allowed: set[Viewer] | None) -> str:
    """Why a table link may not show the running game as `viewer`."""
    if viewer == ALL_CARDS:
        return "all cards are shown only once the game is over"
    return (f"this link shows the running game as {allowed_words(game, allowed)} only: "
            "hidden cards stay hidden until it is over")


def allowed_words(game: Game, allowed: set[Viewer] | None) -> str:
    """The views a table link may choose while the game runs, in words."""
    seats = sorted(v for v in allowed or set() if isinstance(v, int))
    words = [f"{game.player_name(v)} (seat {v + 1})" for v in seats] + ["the public table"]
    return " or ".join(words)


@dataclass
class RecordLink:
    """What a `?record=` link asks for: the record (None: none it can replay), the view
    and step (0-based), and notices for what it cannot use."""

    record: Record | None
    view: str | None
    step: int
    notices: list[str]


def record_link(params: dict[str, str], adapter: GameAdapter,
                new_game: Callable[..., Game]) -> RecordLink:
    """Read `record`, `view` and `step`; a bad view or step falls back (with a notice)."""
    notices: list[str] = []
    raw = params.get("record", "")
    if not raw.strip():
        for key in ("view", "step"):
            if params.get(key, "").strip():
                notices.append(f"{key} {echo(params[key])} needs a record in the link as well.")
        return RecordLink(None, None, 0, notices)
    try:
        record = unpack_record(raw)
        plain = build_timeline(record, new_game, adapter.from_dict, None)
    except ValueError as exc:
        return RecordLink(None, None, 0, [f"record {echo(raw)} cannot be replayed: {exc}."])
    view: str | None = None
    if params.get("view", "").strip():
        view = params["view"]
        try:
            chosen = viewer_of(view, plain.game.num_players)
            if chosen not in viewers(plain.game):
                raise ValueError("all cards are shown only once the game is over")
        except ValueError as exc:
            view = None
            notices.append(f"{exc}; the replay shows the "
                           f"{'whole table' if plain.over else 'public view'}.")
    step = 0
    if params.get("step", "").strip():
        raw_step = params["step"].strip()
        if raw_step.isascii() and raw_step.isdigit() and len(raw_step) <= 6 and (
                1 <= int(raw_step) <= len(plain)):
            step = int(raw_step) - 1
        else:
            notices.append(f"step must be a whole number from 1 to {len(plain)}; got "
                           f"{echo(raw_step)}, so the replay starts at step 1.")
    return RecordLink(record, view, step, notices)
