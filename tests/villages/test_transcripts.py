"""What the pinned transcripts of this game must cover (replaying them, and the check
itself, are tested for every game in tests/test_transcripts.py)."""

from __future__ import annotations

from . import transcript_tool as tt

PATHS = tt.transcript_paths()


def test_the_pinned_games_cover_two_to_five_players() -> None:
    assert sorted(tt.load(p)["record"]["options"]["players"] for p in PATHS) == [2, 3, 4, 5]


def test_transcripts_together_show_the_rare_events() -> None:
    kinds = {line.split()[0] for p in PATHS for line in tt.load(p)["events"]}
    assert kinds >= {"round", "deal", "draw", "build", "add", "give", "discard", "attack",
                     "defend", "reveal", "reward", "destroy", "paid", "empty", "deck_empty",
                     "end_turn", "score", "score_cards", "win", "next"}
