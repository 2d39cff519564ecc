"""The play apps' save file, and what the save of a very long game leaves out.

A save holds the engine's whole state (`Game.to_dict()`: history and log included) and
who sits at each seat. In a very long game the log is most of it: five Villages bots
played 25,116 moves whose save came to 9 MB, more than the 8 MB a page may upload or
paste, so that save could never be loaded again. A save longer than `SAVE_KEEPS_LOG`
therefore leaves the log out and says so.

Loading any save replays its moves from the start (`checked_by_moves`), which writes the
log again, and refuses the file unless the moves lead to exactly the state it holds: a
save whose history was cut short, or whose state was edited, is refused instead of
loading as one game while its replay shows another.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from village_games.core import Game
from village_games.core.actions import short_repr
from village_games.core.json_text import read_json
from village_games.core.replay import RecordError, replay
from village_games.tables import BOT, HUMAN, REMOTE

SAVE_FORMAT = "village-games-table"
SAVE_KEEPS_LOG = 4_000_000  # characters: half the upload limit (a game of ~10,000 moves)
LOG_LEFT_OUT = "left out: loading replays the moves to write it again"


def save_text(game: Game, seats: list[str]) -> str:
    """The save file's text: the game's whole state, without its log when that would make
    the file longer than `SAVE_KEEPS_LOG`."""
    state = game.to_dict()
    save = {"format": SAVE_FORMAT, "game": game.game_name, "seats": seats, "state": state}
    text = json.dumps(save)
    if len(text) <= SAVE_KEEPS_LOG or "log" not in state:
        return text
    del state["log"]
    return json.dumps({**save, "log": LOG_LEFT_OUT})


def log_left_out(save: dict[str, Any]) -> bool:
    """Whether a save (as read from its JSON) left its log out."""
    return save.get("format") == SAVE_FORMAT and save.get("log") == LOG_LEFT_OUT


def read_save(text: str, game_name: str,
              from_dict: Callable[[dict[str, Any]], Game]) -> tuple[Game, list[str] | None]:
    """The game in a save's text (the app's save file, or a bare `to_dict()`), checked by
    replaying its moves, and who sat at each seat (None when the save does not say). On
    any problem a ValueError that says what is wrong with the file."""
    if not text.strip():
        raise ValueError("paste a saved game (JSON) into the box first")
    data = read_json(text, "that save")  # (not JSON, a huge number, nested too deep)
    if not isinstance(data, dict):
        raise ValueError("a saved game is a JSON object ({...})")
    named = data.get("game")
    if named != game_name:
        raise ValueError(f"that save is for {short_repr(named, 40)}, not {game_name!r}"
                         if named is not None else
                         "that is not a saved game: it does not say which game it is")
    if data.get("format") == SAVE_FORMAT:
        state = data.get("state")
        if not isinstance(state, dict):
            raise ValueError("that save has no game in it: its 'state' part is missing")
    else:
        state = data  # a bare engine dump (`to_dict()`)
    if "version" not in state or not isinstance(state.get("players"), list):
        raise ValueError("that save is incomplete: a saved game has a version and every "
                         "village")
    try:
        game = from_dict(state)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"the saved game is incomplete or damaged ({exc!r})") from None
    game = checked_by_moves(game, state)  # (which also writes a log a save left out)
    kinds = data.get("seats")
    if not (isinstance(kinds, list) and len(kinds) == game.num_players
            and all(k in (HUMAN, REMOTE, BOT) for k in kinds)):
        kinds = None
    return game, kinds


def checked_by_moves(game: Game, state: dict[str, Any]) -> Game:
    """`game`, loaded from a save's `state`, checked by replaying its moves from its start
    (the replay writes the log of a save that left it out). ValueError when the moves do
    not replay, or lead elsewhere than the saved state: a save cut short, or changed by
    hand, would otherwise load as one game while its "Replay this game" showed another."""
    try:
        full = replay(game.record(), type(game).new, type(game).from_dict)
    except RecordError as exc:
        raise ValueError(f"this save's moves do not replay: {exc}") from None
    replayed = _as_saved(full.to_dict())
    # a save in an older format this program still reads compares as the program reads it;
    # a position without its history (a hand-made one) starts there, so it has no moves
    whole = "history" in state and state.get("version") == game.version
    saved = _as_saved(state if whole else game.to_dict())
    if replayed != saved:
        different = sorted(k for k in replayed.keys() | saved.keys()
                           if replayed.get(k) != saved.get(k))
        raise ValueError("this save's moves do not lead to the game it holds (they differ "
                         f"in: {', '.join(different[:5])}); the file was changed or damaged")
    # the save's own log where it kept one (a position made by hand keeps the lines that
    # led to it, which no replay from that position can write)
    return game if "log" in state else full


def _as_saved(state: dict[str, Any]) -> dict[str, Any]:
    """A state as its save's JSON reads back, without the log (words may change between
    versions of the program; the moves and the state they lead to may not)."""
    out = json.loads(json.dumps(state))
    out.pop("log", None)
    return out
