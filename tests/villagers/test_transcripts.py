"""What the pinned transcripts of this game must cover (replaying them, and the check
itself, are tested for every game in tests/test_transcripts.py)."""

from __future__ import annotations

from . import transcript_tool as tt

PATHS = tt.transcript_paths()


def test_the_pinned_games_cover_two_to_five_players() -> None:
    base = [tt.load(p)["record"]["options"] for p in PATHS]
    assert sorted(o["players"] for o in base
                  if "expansions" not in o and "solo_mode" not in o) == [2, 3, 4, 5]


def test_one_pinned_game_is_solo_against_the_countess_with_events_and_the_jester() -> None:
    path = tt.path_for("solo_normal")
    game = tt.load(path)
    assert game["record"]["options"] == {"players": 1, "solo_mode": "normal"}
    kinds = {line.split()[0] for line in game["events"]}
    assert kinds >= {"countess", "event", "event_deal", "jester", "event_count"}


def test_one_pinned_game_plays_every_expansion_card_kind() -> None:
    """The all-expansions game: its options, and the expansions' events it shows."""
    path = tt.path_for("all_expansions")
    game = tt.load(path)
    assert game["record"]["options"]["expansions"] == ["saints", "scoundrels",
                                                       "profiteers", "developments"]
    kinds = {line.split()[0] for line in game["events"]}
    assert kinds >= {"development", "dev_reward", "bronze", "courier"}


def test_transcripts_together_show_the_rare_events() -> None:
    kinds = {line.split()[0] for p in PATHS for line in tt.load(p)["events"]}
    assert kinds >= {"setup", "deal", "phase", "draft", "refill", "hand", "road_discard",
                     "road_coins", "coin", "turn", "build", "unlock", "basic", "monk",
                     "tinner", "smuggler", "apprentice", "end_turn", "flip", "first",
                     "market", "win", "next"}
