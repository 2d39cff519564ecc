"""The play apps' save file, and what the save of a very long game leaves out.

A save holds the engine's whole state (`Game.to_dict()`: history and log included) and
who sits at each seat. In a very long game the log is most of it: five Villages bots
played 25,116 moves whose save came to 9 MB, more than the 8 MB a page may upload or
paste, so that save could never be loaded again. A save longer than `SAVE_KEEPS_LOG`
therefore leaves the log out and says so; loading it replays the moves from the seed to
write the log again, and refuses the file unless the moves lead to exactly the state it
holds.
"""

from __future__ import annotations

import json
from typing import Any

from village_games.core import Game
from village_games.core.replay import RecordError, replay

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


def with_log(game: Game, state: dict[str, Any]) -> Game:
    """`game`, loaded from a save `state` that left its log out, replayed from its seed so
    that it has its log again. ValueError when the moves do not replay, or lead elsewhere
    than the saved state (a file changed by hand or damaged)."""
    try:
        full = replay(game.record(), type(game).new, type(game).from_dict)
    except RecordError as exc:
        raise ValueError(f"this save left out its log, and its moves do not replay to "
                         f"write it again: {exc}") from None
    replayed = json.loads(json.dumps(full.to_dict()))  # (as the save's JSON reads back)
    replayed.pop("log", None)
    saved = {k: v for k, v in state.items() if k != "log"}
    if replayed != saved:
        different = sorted(k for k in replayed.keys() | saved.keys()
                           if replayed.get(k) != saved.get(k))
        raise ValueError("this save left out its log, and its moves do not lead to the "
                         f"game it holds (they differ in: {', '.join(different[:5])}); the "
                         "file was changed or damaged")
    return full
