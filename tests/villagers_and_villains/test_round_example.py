"""The walkthrough's whole-round example passes through all six phases in order and ends
with round 2 under the next Start Marker holder."""

from __future__ import annotations

from village_games.villagers_and_villains.rule_examples import load_examples, run_example


def test_the_whole_round_visits_the_six_phases_in_order() -> None:
    ex = next(e for e in load_examples() if e.id == "a-whole-round")
    frames = run_example(ex)
    kinds = [line for f in frames for line in f.new_lines if line.startswith("Round 1, ")]
    assert [k.split(", ")[1].split(" Phase")[0] for k in kinds] == [
        "Defend", "Pillage", "Earning", "Build/Hire", "Reset"]
    last = frames[-1].game
    assert (last.round, last.phase, last.names[last.marker]) == (2, "recruit", "Ana")
    assert frames[0].game.phase == "recruit"
