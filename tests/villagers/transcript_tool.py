"""Pinned transcripts of seeded Villagers games (the shared tool: `tests/transcripts.py`).

    .venv/bin/python -m tests.villagers.transcript_tool           # check, like the test
    .venv/bin/python -m tests.villagers.transcript_tool --update  # rewrite the files
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.transcripts import Spec, TranscriptTool, load
from village_games import villagers

__all__ = ["GAMES", "TOOL", "check", "load", "path_for", "transcript_paths"]

GAMES = (
    Spec("two_players", 2, seed=21, chooser=1),
    Spec("three_players", 3, seed=22, chooser=2),
    Spec("four_players", 4, seed=23, chooser=3),
    Spec("five_players", 5, seed=24, chooser=4),
    # the four Kickstarter expansions together (the Courier is dealt to Player 2)
    Spec("all_expansions", 4, seed=25,
         options={"expansions": ["saints", "scoundrels", "profiteers", "developments"]},
         lineup=(("VillagersBot", 1), ("VillagersBot", 2), ("VillagersBot", 3),
                 ("RandomBot", 4)),
         description="Every expansion: three Villagers bots and a random player"),
    # the solo mode against the Countess (normal mode: events, the Jester, her village)
    Spec("solo_normal", 1, seed=26, options={"solo_mode": "normal"},
         lineup=(("VillagersBot", 7),),
         description="Solo against the Countess (normal mode): the Villagers bot"),
)
TOOL = TranscriptTool(villagers, Path(__file__).resolve().parent / "transcripts", GAMES,
                      ".venv/bin/python -m tests.villagers.transcript_tool --update")
check, path_for, transcript_paths = TOOL.check, TOOL.path_for, TOOL.transcript_paths

if __name__ == "__main__":
    sys.exit(TOOL.main())
