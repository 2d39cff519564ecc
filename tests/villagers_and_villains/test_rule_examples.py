"""The worked rule examples (rule_examples.toml) run through the real engine with their
scripted dice, every expectation checked; the file's format is validated."""

from __future__ import annotations

from pathlib import Path

import pytest

from village_games.core.card_data import CardDataError
from village_games.villagers_and_villains.rule_examples import (
    EXAMPLES_FILE,
    ExampleFailed,
    RuleExample,
    load_examples,
    replay,
    run_example,
)

EXAMPLES = load_examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_each_rule_example_plays_out_as_its_narration_says(example: RuleExample) -> None:
    frames = run_example(example)
    assert len(frames) == len(example.steps)
    assert all(f.step is not None and f.step.narration for f in frames)


def test_the_walkthrough_covers_the_issues_examples() -> None:
    assert {e.id for e in EXAMPLES} >= {"recruit-card-four", "recruit-extra-rolls",
                                        "defend-hero-and-mob", "timing-ruling",
                                        "kings-favor", "pairs-matchmaker", "score-sheet-tie"}


def test_back_rebuilds_the_state_from_the_scenario() -> None:
    ex = EXAMPLES[0]
    first, again = replay(ex, 1), replay(ex, 1)
    assert first.game.to_dict() == again.game.to_dict()
    assert replay(ex, 0).new_events == []


def test_a_broken_expectation_names_the_example_and_the_fact(tmp_path: Path) -> None:
    text = EXAMPLES_FILE.read_text(encoding="utf-8").replace("gold = {Tim = 9}",
                                                             "gold = {Tim = 10}")
    path = tmp_path / "ex.toml"
    path.write_text(text, encoding="utf-8")
    bad = next(e for e in load_examples(path) if e.id == "defend-hero-and-mob")
    with pytest.raises(ExampleFailed, match="defend-hero-and-mob step 2: gold of Tim is 9"):
        run_example(bad)


def test_a_bad_examples_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ex.toml"
    path.write_text('[[example]]\nid = "x"\n[example.scenario]\nplayers = [{name = "A"}]\n'
                    '[[example.step]]\nnarration = "n"\nactions = [{seat = "Zed", '
                    'type = "Roll"}]\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown mayor 'Zed'"):
        load_examples(path)
