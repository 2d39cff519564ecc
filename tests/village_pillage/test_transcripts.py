"""Pinned transcripts: replaying each stored seeded game must give the same log, event flags,
final state and outcome. A change of behaviour or wording shows as a diff; if it is intended,
regenerate with `.venv/bin/python -m tests.village_pillage.transcript_tool --update`.

No bot runs here: the actions come from the files (the bots only chose them once).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.village_pillage import transcript_tool as tt

PATHS = tt.transcript_paths()


@pytest.fixture(scope="module")
def three_players() -> dict:
    return tt.load(tt.path_for("three_players"))


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_seeded_games_replay_exactly_as_recorded(path: Path) -> None:
    tt.check(tt.load(path), path.name)


def test_transcript_check_fails_and_shows_the_line_when_one_log_line_changes(
    three_players: dict,
) -> None:
    line = 40
    original = three_players["log"][line]
    changed = tt.mutated(three_players, "log", line)
    with pytest.raises(AssertionError) as caught:
        tt.check(changed, "three_players.json")
    message = str(caught.value)
    assert "three_players.json" in message
    assert f"log: differs, first at line {line + 1}" in message
    assert f"-{original} (changed)" in message  # the recorded (edited) line
    assert f"+{original}" in message  # what the replay says
    assert tt.UPDATE_COMMAND in message
    # Only the edited section differs: the other sections still match.
    assert "events:" not in message and "final_state:" not in message


@pytest.mark.parametrize("section", ["events", "final_state", "outcome"])
def test_transcript_check_fails_when_flags_state_or_outcome_differ(
    three_players: dict, section: str
) -> None:
    with pytest.raises(AssertionError, match=f"{section}: differs"):
        tt.check(tt.mutated(three_players, section, 4), "three_players.json")


def test_transcript_check_reports_an_action_the_engine_refuses(three_players: dict) -> None:
    broken = copy.deepcopy(three_players)
    broken["record"]["actions"][1] = broken["record"]["actions"][0]  # seat 0 plans twice
    with pytest.raises(AssertionError, match=r"no longer replay(.|\n)*action 2 of"):
        tt.check(broken, "three_players.json")


def test_transcripts_cover_two_to_five_players_and_both_duel_bank_sides() -> None:
    options = [tt.load(p)["record"]["options"] for p in PATHS]
    assert sorted({o["players"] for o in options}) == [2, 3, 4, 5]
    assert {o["bank_side"] for o in options if o["players"] == 2} == {"duel", "standard"}


def test_every_pinned_game_has_its_file_and_no_file_is_stale() -> None:
    assert [p.name for p in PATHS] == sorted(f"{spec.name}.json" for spec in tt.GAMES)
    for spec in tt.GAMES:
        data = tt.load(tt.path_for(spec.name))
        assert data["record"]["seed"] == spec.seed
        assert data["record"]["options"]["players"] == spec.players
        assert data["lineup"] == spec.header()["lineup"]


def test_transcripts_together_show_every_event_kind_with_its_flags() -> None:
    # Whole games, not only the common path: the rare events (split, choice, exhaust, draw,
    # nobuy) are pinned too. Reveals and chance flags sit on the kinds the undo relies on.
    lines = {line for p in PATHS for line in tt.load(p)["events"]}
    kinds = {line.split()[0] for line in lines}
    assert kinds >= {"setup", "plan", "reveal", "phase", "gain", "bank", "steal", "split",
                     "exhaust", "choice", "order", "awaiting", "relic", "unable", "buy",
                     "draw", "nobuy", "refresh", "win"}
    assert {"setup +chance", "reveal +reveals", "buy +chance"} <= lines
