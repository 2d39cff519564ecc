"""Pinned transcripts of seeded Village Pillage games (the shared tool: `tests/transcripts.py`).

Each game is played by seeded bots; the check replays the stored actions without them.

    .venv/bin/python -m tests.village_pillage.transcript_tool           # check, like the test
    .venv/bin/python -m tests.village_pillage.transcript_tool --update  # rewrite the files
    .venv/bin/python -m tests.village_pillage.transcript_tool --update --fresh
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.transcripts import Spec, TranscriptTool, load, mutated
from village_games import village_pillage

__all__ = ["GAMES", "TOOL", "UPDATE_COMMAND", "check", "load", "mutated", "path_for",
           "transcript_paths"]

UPDATE_COMMAND = ".venv/bin/python -m tests.village_pillage.transcript_tool --update"
# Seeds picked so that, together, the games show every event kind the engine emits
# (the 3- and 4-player games cover the rare ones: split, choice, exhaust, draw, nobuy).
GAMES = (
    Spec("duel_2p", 2, seed=8, lineup=(("PillageBot", 8), ("BeginnerBot", 9)),
         description="2-player duel (bank side 'duel'): PillageBot against BeginnerBot."),
    Spec("long_duel_2p_standard", 2, seed=6, options={"bank_side": "standard"},
         lineup=(("PillageBot", 6), ("PillageBot", 7)),
         description="2-player long duel (bank side 'standard'): PillageBot against "
                     "PillageBot; ends on the 'most cards' tiebreak."),
    Spec("three_players", 3, seed=5,
         lineup=(("PillageBot", 5), ("BeginnerBot", 6), ("RandomBot", 7)),
         description="3 players: PillageBot, BeginnerBot, RandomBot."),
    Spec("four_players", 4, seed=6,
         lineup=(("PillageBot", 6), ("RandomBot", 7), ("PillageBot", 8), ("BeginnerBot", 9)),
         description="4 players: PillageBot, RandomBot, PillageBot, BeginnerBot."),
    Spec("five_players", 5, seed=4,
         lineup=(("PillageBot", 4), ("BeginnerBot", 5), ("RandomBot", 6), ("PillageBot", 7),
                 ("BeginnerBot", 8)),
         description="5 players: PillageBot, BeginnerBot, RandomBot, PillageBot, "
                     "BeginnerBot; ends in a shared win."),
)
TOOL = TranscriptTool(village_pillage, Path(__file__).resolve().parent / "transcripts", GAMES,
                      UPDATE_COMMAND)
check, path_for, transcript_paths = TOOL.check, TOOL.path_for, TOOL.transcript_paths

if __name__ == "__main__":
    sys.exit(TOOL.main())
