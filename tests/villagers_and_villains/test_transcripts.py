"""Pinned transcripts: replaying each stored seeded game gives the same log, event flags,
final state and outcome. Regenerate with `.venv/bin/python -m
tests.villagers_and_villains.transcript_tool --update` when a change is intended."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from . import transcript_tool as tt

PATHS = tt.transcript_paths()


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_seeded_games_replay_exactly_as_recorded(path: Path) -> None:
    tt.check(tt.load(path), path.name)


def test_every_pinned_game_has_its_file() -> None:
    assert [p.name for p in PATHS] == sorted(f"{s.name}.json" for s in tt.GAMES)
    specs = sorted((tt.load(p)["record"]["options"]["players"],
                    tt.load(p)["record"]["options"]["advanced"]) for p in PATHS)
    assert specs == [(2, False), (3, True), (5, True)]


@pytest.mark.parametrize("section", ["log", "events", "final_state", "outcome"])
def test_a_changed_transcript_fails_the_check(section: str) -> None:
    data = copy.deepcopy(tt.load(tt.path_for("three_players_advanced")))
    if section in ("log", "events"):
        data[section][10] += " (changed)"
    elif section == "final_state":
        data[section]["round"] += 1
    else:
        data[section]["scores"][0] += 1
    with pytest.raises(AssertionError, match=f"{section}: differs"):
        tt.check(data, "three_players_advanced.json")


def test_transcripts_together_show_the_rare_events() -> None:
    kinds = {line.split()[0] for p in PATHS for line in tt.load(p)["events"]}
    assert kinds >= {"setup", "pool", "phase", "announce", "buy_roll", "die", "recruit",
                     "fail", "attack", "mob", "hit", "defeat", "miss", "gain", "pillage",
                     "build", "clear", "favor", "ability", "vend_ask", "vend_allow", "vend_refuse",
                     "draw", "favor_move", "favor_keep", "favor_use", "ordinance", "tax",
                     "roll_ask", "roll_sold", "roll_keep", "sold_roll", "end", "next"}
