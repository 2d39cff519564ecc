"""Pinned transcripts of seeded Villagers & Villains games (the shared tool:
`tests/transcripts.py`).

    .venv/bin/python -m tests.villagers_and_villains.transcript_tool           # check
    .venv/bin/python -m tests.villagers_and_villains.transcript_tool --update  # rewrite
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.transcripts import Spec, TranscriptTool, load
from village_games import villagers_and_villains

__all__ = ["GAMES", "TOOL", "check", "load", "path_for", "transcript_paths"]

GAMES = (
    Spec("two_players_basic", 2, seed=31, chooser=1,
         options={"advanced": False, "ordinance": False, "pony_express": False}),
    Spec("three_players_advanced", 3, seed=32, chooser=8,
         options={"advanced": True, "ordinance": False, "pony_express": True}),
    Spec("five_players_advanced", 5, seed=34, chooser=23,
         options={"advanced": True, "ordinance": True, "pony_express": False}),
)
TOOL = TranscriptTool(villagers_and_villains, Path(__file__).resolve().parent / "transcripts",
                      GAMES, ".venv/bin/python -m tests.villagers_and_villains.transcript_tool"
                      " --update")
check, path_for, transcript_paths = TOOL.check, TOOL.path_for, TOOL.transcript_paths

if __name__ == "__main__":
    sys.exit(TOOL.main())
