"""The rulebook's illustrated cases and whole moments of play, as data in
rule_examples.toml, run through the real engine with every expectation checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from village_games.core.card_data import CardDataError
from village_games.villages.rule_examples import (
    EXAMPLES_FILE,
    ExampleFailed,
    load_examples,
    replay,
    run_example,
)

EXAMPLES = load_examples()
WANTED = {"tavern-without-builder", "builder-two-units", "valid-village",
          "wizard-vs-blue-knight", "battle-five-steps", "hired-units", "archer-defends",
          "end-of-round",
          # one per expansion mechanic
          "location-fog-marsh", "dark-supports-nothing", "light-is-wild", "dual-colour-ace"}


def test_every_illustrated_case_and_walkthrough_moment_is_there() -> None:
    assert {e.id for e in EXAMPLES} == WANTED


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_runs_and_every_expectation_holds(example) -> None:
    frames = run_example(example)
    assert len(frames) == len(example.steps)
    assert all(f.step is not None and f.step.narration for f in frames)


def by_id(ex_id: str):
    return next(e for e in EXAMPLES if e.id == ex_id)


def test_the_headline_numbers() -> None:
    """The examples' numbers, checked here again outside the data file."""
    ex = by_id("wizard-vs-blue-knight")
    reveal = [e for e in replay(ex, 2).new_events if e.kind == "reveal"][0]
    assert (reveal.data["a_power"], reveal.data["d_power"]) == (3, 3)
    g = replay(by_id("end-of-round"), 3).game
    assert [p["score"] for p in g.sheet[0]["parts"]] == [18, 21, -11]
    assert g.sheet[0]["parts"][0]["first_empty"] == 10


def test_back_replays_from_the_scenario() -> None:
    ex = by_id("battle-five-steps")
    assert replay(ex, 1).game.phase == "defend"
    assert replay(ex, 0).new_lines == []
    assert any("Princess" in line for line in replay(ex, 3).new_lines)
    assert "Yellow Princess" not in str(replay(ex, 3).observation["players"][0]["hand"])


def test_a_wrong_number_in_the_data_fails(tmp_path: Path) -> None:
    text = EXAMPLES_FILE.read_text().replace("powers = [3, 3]", "powers = [4, 3]")
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    ex = next(e for e in load_examples(bad) if e.id == "wizard-vs-blue-knight")
    with pytest.raises(ExampleFailed, match=r"powers is \[3, 3\]"):
        run_example(ex)


def test_a_refusal_that_no_longer_happens_fails(tmp_path: Path) -> None:
    text = EXAMPLES_FILE.read_text().replace('unit = "Green Ranger", source = "Green"',
                                             'unit = "Green Archer", source = "Green"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    ex = next(e for e in load_examples(bad) if e.id == "archer-defends")
    with pytest.raises(ExampleFailed, match="should be refused"):
        run_example(ex)


@pytest.mark.parametrize("change, message", [
    (('id = "hired-units"', 'id = "Hired units"'), "lower-case"),
    (('{seat = "Ana", type = "Discard", card = "Pig"}',
      '{seat = "Zoe", type = "Discard", card = "Pig"}'), "unknown player"),
    (('type = "Discard", card = "Pig"}', 'type = "Dance", card = "Pig"}'), "bad action"),
    (("powers = [3, 3]", "power = [3, 3]"), "unknown field"),
])
def test_bad_data_is_refused_saying_where(tmp_path: Path, change, message) -> None:
    bad = tmp_path / "bad.toml"
    text = EXAMPLES_FILE.read_text()
    assert change[0] in text
    bad.write_text(text.replace(*change))
    with pytest.raises(CardDataError, match=message):
        load_examples(bad)
