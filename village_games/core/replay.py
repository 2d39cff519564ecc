"""Replaying game records: the same options, seed and actions give the same game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .game import Game


def replay(record: dict[str, Any], new_game: Callable[..., Game],
           from_dict: Callable[[dict[str, Any]], Game] | None = None) -> Game:
    """Rebuild a game from `Game.record()` output by re-applying every action.

    A record whose game began from a scenario carries it as `start`; `from_dict` loads it.
    """
    for key in ("game", "options", "seed", "actions"):
        if key not in record:
            raise ValueError(f"a game record needs the key {key!r}")
    if record.get("start") is not None:
        if from_dict is None:
            raise ValueError("this record starts from a scenario: pass from_dict to replay it")
        game = from_dict(record["start"])
    else:
        game = new_game(seed=record["seed"], **record["options"])
    if record["game"] != game.game_name:
        raise ValueError(f"record is for {record['game']!r}, not {game.game_name!r}")
    for player, action in record["actions"]:
        game.apply(int(player), action)
    return game
