"""Pinned transcripts of seeded Villages games, two rounds each (the `max_rounds` option;
the shared tool: `tests/transcripts.py`).

    .venv/bin/python -m tests.villages.transcript_tool           # check, like the test
    .venv/bin/python -m tests.villages.transcript_tool --update  # rewrite the files
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.transcripts import Spec, TranscriptTool, load
from village_games import villages

__all__ = ["GAMES", "TOOL", "check", "load", "path_for", "transcript_paths"]

GAMES = tuple(Spec(name, players, seed=19 + players, chooser=players - 1,
                   options={"max_rounds": 2})
              for name, players in (("two_players", 2), ("three_players", 3),
                                    ("four_players", 4), ("five_players", 5)))
TOOL = TranscriptTool(villages, Path(__file__).resolve().parent / "transcripts", GAMES,
                      ".venv/bin/python -m tests.villages.transcript_tool --update")
check, path_for, transcript_paths = TOOL.check, TOOL.path_for, TOOL.transcript_paths

if __name__ == "__main__":
    sys.exit(TOOL.main())
