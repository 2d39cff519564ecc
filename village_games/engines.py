"""The four engines by name (a record's or a table's `game`), for code that meets a game by
its name only: a stored table, a record file, a benchmark."""

from __future__ import annotations

import importlib
from types import ModuleType

ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")


def engine(name: str) -> ModuleType:
    """The engine package `village_games.<name>` (it has `new_game`, `Game`, `INFO`);
    ValueError naming the games there are."""
    if name not in ENGINES:
        raise ValueError(f"there is no game {str(name)[:40]!r}; the games are "
                         f"{', '.join(ENGINES)}")
    return importlib.import_module(f"village_games.{name}")
