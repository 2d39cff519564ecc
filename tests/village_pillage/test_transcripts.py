"""Village Pillage's pinned transcripts: what the check's message shows, and what the games
must cover (every game's transcripts replay and fail on change in tests/test_transcripts.py).

No bot runs here: the actions come from the files (the bots only chose them once).
"""

from __future__ import annotations

import copy

import pytest

from tests.village_pillage import transcript_tool as tt

PATHS = tt.transcript_paths()


@pytest.fixture(scope="module")
def three_players() -> dict:
    return tt.load(tt.path_for("three_players"))


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


def test_transcript_check_reports_an_action_the_engine_refuses(three_players: dict) -> None:
    broken = copy.deepcopy(three_players)
    broken["record"]["actions"][1] = broken["record"]["actions"][0]  # seat 0 plans twice
    with pytest.raises(AssertionError, match=r"no longer replay(.|\n)*action 2 of"):
        tt.check(broken, "three_players.json")


def test_transcripts_cover_two_to_five_players_and_both_duel_bank_sides() -> None:
    options = [tt.load(p)["record"]["options"] for p in PATHS]
    assert sorted({o["players"] for o in options}) == [2, 3, 4, 5]
    assert {o["bank_side"] for o in options if o["players"] == 2} == {"duel", "standard"}


def test_each_file_names_the_bots_that_played_it() -> None:
    for spec in tt.GAMES:
        assert tt.load(tt.path_for(spec.name))["lineup"] == spec.header()["lineup"]


def test_transcripts_together_show_every_event_kind_with_its_flags() -> None:
    # Whole games, not only the common path: the rare events (split, choice, exhaust, draw,
    # nobuy) are pinned too. Reveals and chance flags sit on the kinds the undo relies on.
    lines = {line for p in PATHS for line in tt.load(p)["events"]}
    kinds = {line.split()[0] for line in lines}
    assert kinds >= {"setup", "plan", "reveal", "phase", "gain", "bank", "steal", "split",
                     "exhaust", "choice", "order", "awaiting", "relic", "unable", "buy",
                     "draw", "nobuy", "refresh", "win"}
    assert {"setup +chance", "reveal +reveals", "buy +chance"} <= lines
