"""The rulebook's worked examples, as data in rule_examples.toml, reproduce its numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from village_games.core.card_data import CardDataError
from village_games.villagers.rule_examples import (
    EXAMPLES_FILE,
    ExampleFailed,
    load_examples,
    replay,
    run_example,
)

EXAMPLES = load_examples()
WANTED = {"draft-one-food", "cartwright-builder", "basic-villagers", "padlocks",
          "special-villagers", "first-market", "second-market", "road-update-two",
          "road-update-three", "saints-prophet", "scoundrels-thief-and-sheriff",
          "profiteers-bronze", "developments-phase", "solo-draft", "solo-event-phase-end"}


def test_every_worked_example_and_one_per_expansion_is_there() -> None:
    assert {e.id for e in EXAMPLES} == WANTED


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_runs_and_every_expectation_holds(example) -> None:
    frames = run_example(example)
    assert len(frames) == len(example.steps)
    assert all(f.step is not None and f.step.narration for f in frames)


def by_id(ex_id: str):
    return next(e for e in EXAMPLES if e.id == ex_id)


def final(ex_id: str):
    ex = by_id(ex_id)
    return replay(ex, len(ex.steps)).game


def test_first_market_narration_says_the_gold_comes_from_the_bank_and_the_coins_stay() -> None:
    """At the first Market a player takes the total from the Bank; the coins on her
    villagers are counted but not picked up (the rulebook's First Market example)."""
    text = by_id("first-market").steps[-1].narration
    assert "from the Bank" in text and "stay where they lie" in text
    assert "takes the coins" not in text
    blacksmith = next(s for s in final("first-market").players[0].village
                      if s.card == "Blacksmith")
    assert blacksmith.coins == 4


def test_the_headline_numbers() -> None:
    """The rulebook's numbers, checked here again outside the data file."""
    assert final("draft-one-food").players[0].gold == 9
    assert final("padlocks").players[0].gold == 4
    assert final("special-villagers").players[0].gold == 8 + 10
    assert final("first-market").players[0].gold == 23
    g = final("second-market")
    market = [e for e in g.log if e.kind == "market" and e.data["seat"] == 0][-1]
    assert (market.data["printed"], market.data["silver"], market.data["coins"]) == (4, 18, 6)
    assert final("road-update-three").road_coins == [1] * 6
    assert final("road-update-two").road_coins[2] == 2


def test_back_replays_from_the_scenario() -> None:
    ex = by_id("padlocks")
    assert replay(ex, 1).game.players[0].gold == 8
    assert replay(ex, 3).game.players[0].gold == 6
    assert replay(ex, 1).new_lines == []
    assert any("Blacksmith" in line for line in replay(ex, 2).new_lines)


def test_a_wrong_number_in_the_data_fails(tmp_path: Path) -> None:
    text = EXAMPLES_FILE.read_text().replace("gold = {Ana = 23}", "gold = {Ana = 24}")
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    ex = next(e for e in load_examples(bad) if e.id == "first-market")
    with pytest.raises(ExampleFailed, match="gold of Ana is 23"):
        run_example(ex)


def test_an_illegal_step_fails_naming_the_rule(tmp_path: Path) -> None:
    text = EXAMPLES_FILE.read_text().replace('card = "Cooper", on = 2, unlock = "1:2"',
                                             'card = "Cooper", on = 2, unlock = "bank"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    ex = next(e for e in load_examples(bad) if e.id == "padlocks")
    with pytest.raises(ExampleFailed, match="Blacksmith"):
        run_example(ex)


@pytest.mark.parametrize("change, message", [
    (('id = "padlocks"', 'id = "Pad locks"'), "lower-case"),
    (('{seat = "Ana", type = "PlayTinner"}', '{seat = "Zoe", type = "PlayTinner"}'),
     "unknown player"),
    (('type = "PlayTinner"', 'type = "Dance"'), "bad action"),
    (('gold = {Ana = 23}', 'goold = {Ana = 23}'), "unknown field"),
])
def test_bad_data_is_refused_saying_where(tmp_path: Path, change, message) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLES_FILE.read_text().replace(*change))
    with pytest.raises(CardDataError, match=message):
        load_examples(bad)
