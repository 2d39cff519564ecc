"""What the pinned transcripts of this game must cover (replaying them, and the check
itself, are tested for every game in tests/test_transcripts.py)."""

from __future__ import annotations

from . import transcript_tool as tt

PATHS = tt.transcript_paths()


def test_the_pinned_games_cover_both_modes() -> None:
    specs = sorted((tt.load(p)["record"]["options"]["players"],
                    tt.load(p)["record"]["options"]["advanced"]) for p in PATHS)
    assert specs == [(2, False), (3, True), (5, True)]


def test_transcripts_together_show_the_rare_events() -> None:
    kinds = {line.split()[0] for p in PATHS for line in tt.load(p)["events"]}
    assert kinds >= {"setup", "pool", "phase", "announce", "buy_roll", "die", "recruit",
                     "fail", "attack", "mob", "hit", "defeat", "miss", "gain", "pillage",
                     "build", "clear", "favor", "ability", "vend_ask", "vend_allow", "vend_refuse",
                     "draw", "favor_move", "favor_keep", "favor_use", "ordinance", "tax",
                     "roll_ask", "roll_sold", "roll_keep", "sold_roll", "end", "next"}
