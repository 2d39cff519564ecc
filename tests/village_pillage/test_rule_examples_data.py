"""The walkthrough's rule examples (rule_examples.toml) run through the real engine.

Every example loads, every scripted action is legal, and every `expect` holds, so the
examples are rule tests too. The tampering tests show that a wrong expectation or an
illegal step does fail.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from village_games.core.card_data import CardDataError
from village_games.village_pillage.rule_examples import (
    EXAMPLES_FILE,
    ExampleFailed,
    Step,
    game_counts,
    load_examples,
    observation_at,
    parse_examples,
    replay,
    run_example,
)

EXAMPLES = load_examples()
BY_ID = {ex.id: ex for ex in EXAMPLES}

# The worked examples the walkthrough promises (rulebook examples and rules readings).
REQUIRED = {
    "wall-vs-raider", "raider-vs-each-type", "merchant-cannot-afford", "simultaneous-steals",
    "split-odd-turnip", "bank-cap", "exhaust", "relic-costs", "duel-queue",
    "tie-most-turnips",
}


def test_every_required_example_is_there():
    assert REQUIRED <= set(BY_ID)
    assert len(EXAMPLES) == len(BY_ID)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda ex: ex.id)
def test_example_runs_legally_and_every_expectation_holds(example):
    frames = run_example(example)
    assert len(frames) == len(example.steps)
    assert any(step.expect for step in example.steps), "an example must check something"
    last = frames[-1]
    assert not last.pending, "the last step must show every event"
    for frame in frames:
        assert frame.game.audit() == []
        if not frame.pending:  # the count timeline agrees with the engine
            assert frame.counts() == game_counts(frame.game)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda ex: ex.id)
def test_every_scripted_action_is_among_the_legal_actions(example):
    for k, step in enumerate(example.steps):
        if not step.actions:
            continue
        g = replay(example, k).game
        for seat, act in step.actions:
            action = g.codec.from_dict(act)
            assert action in g.legal_actions(seat), (example.id, k + 1, act)
            g.apply(seat, action)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda ex: ex.id)
def test_the_mid_round_board_shows_counts_as_of_the_events_shown(example):
    for k in range(1, len(example.steps) + 1):
        frame = replay(example, k)
        obs = observation_at(frame)
        assert [[p["stockpile"], p["bank"], p["relics"]] for p in obs["players"]] \
            == frame.counts()
        assert all(p["hand"] is None for p in obs["players"])  # a spectator's view


def test_the_reveal_shows_the_played_cards_before_the_round_is_over():
    frame = replay(BY_ID["simultaneous-steals"], 3)  # shown up to the Merchant phase
    assert frame.pending
    obs = observation_at(frame)
    assert obs["phase"] == "resolve"
    assert obs["players"][0]["plan"] == ["Merchant", "Raider"]
    assert obs["players"][1]["stockpile"] == 5
    assert frame.changed() == [0, 1, 2]


def test_the_duel_back_card_stays_face_down_mid_round():
    frame = replay(BY_ID["duel-queue"], 3)
    obs = observation_at(frame)
    assert [p["plan"] for p in obs["players"]] == [["Merchant", "?"], ["Wall", "?"]]


def test_exhaust_marks_show_while_the_round_resolves():
    obs = observation_at(replay(BY_ID["exhaust"], 2))
    marked = [(p["seat"], p["card"]) for p in obs["played"] if p["exhausting"]]
    assert marked == [(0, "Wall")]


# ---------------------------------------------------------------- they can fail
def _with_step(example, index, **changes):
    steps = list(example.steps)
    steps[index] = dataclasses.replace(steps[index], **changes)
    return dataclasses.replace(example, steps=tuple(steps))


def test_a_wrong_expectation_fails_with_the_step_named():
    ex = BY_ID["simultaneous-steals"]
    wrong = _with_step(ex, 2, expect={"stockpile": {"Tania": 8}})  # as if she stole 4
    with pytest.raises(ExampleFailed, match=r"'simultaneous-steals' step 3: "
                                            r"Tania's stockpile is 5, expected 8"):
        run_example(wrong)


def test_an_illegal_step_fails_with_the_engines_reason():
    ex = BY_ID["exhaust"]
    plan = ((0, {"type": "Plan", "left": "Wall", "right": "Raider"}),) + ex.steps[3].actions[1:]
    wrong = _with_step(ex, 3, actions=plan)
    with pytest.raises(ExampleFailed, match="step 4: Nicole cannot play .*Wall is exhausted"):
        run_example(wrong)


def test_show_until_that_matches_nothing_is_an_error():
    ex = BY_ID["wall-vs-raider"]
    wrong = _with_step(ex, 1, show_until="phase:Merchant")
    with pytest.raises(ExampleFailed, match="matches no event still to show"):
        replay(wrong, 2)


def test_acting_while_events_are_hidden_is_an_error():
    ex = BY_ID["wall-vs-raider"]
    steps = list(ex.steps[:2]) + [Step("again", ex.steps[1].actions)]
    wrong = dataclasses.replace(ex, steps=tuple(steps))
    with pytest.raises(ExampleFailed, match="still hidden"):
        replay(wrong, 3)


# ---------------------------------------------------------------- the loader
def _data():
    import tomllib

    with EXAMPLES_FILE.open("rb") as fh:
        return tomllib.load(fh)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["example"][0]["step"][0].pop("narration"),
     r"example 'wall-vs-raider' step 1: missing field 'narration'"),
    (lambda d: d["example"][0]["step"][1]["actions"][0].update(type="Jump"),
     r"step 2 actions\[0\]: unknown action type 'Jump'"),
    (lambda d: d["example"][0]["step"][1]["actions"][0].update(seat="Bob"),
     r"seat must be a player name \(Nicole, Tania, Tom\)"),
    (lambda d: d["example"][0]["step"][1].update(show_until="Raider phase!"),
     r"show_until must look like 'kind' or 'kind:value'"),
    (lambda d: d["example"][0]["step"][1]["expect"].update(stockpiles=[1, 2, 3]),
     r"step 2 expect: unknown field\(s\) stockpiles"),
    (lambda d: d["example"][0]["step"][1]["expect"].update(stockpile=[1, 2]),
     r"expect.stockpile: give one whole number per seat \(3\)"),
    (lambda d: d["example"][0]["step"][1]["expect"].update(winners=["Nicole"]),
     r"with show_until only counts and log lines can be expected"),
    (lambda d: d["example"][0]["scenario"]["players"][0].update(hand=["Farmer", "Dragon"]),
     r"example 'wall-vs-raider' scenario: .*no Village Pillage card named 'Dragon'"),
    (lambda d: d["example"][1].update(id="wall-vs-raider"), r"the id appears twice"),
    (lambda d: d.pop("example"), r"needs at least one \[\[example\]\] table"),
])
def test_a_broken_example_file_fails_clearly(change, message):
    data = copy.deepcopy(_data())
    change(data)
    with pytest.raises(CardDataError, match=message):
        parse_examples(data, "rule_examples.toml")


def test_a_bad_file_on_disk_names_the_file(tmp_path):
    bad = tmp_path / "examples.toml"
    bad.write_text("[[example]]\nid = 'x'\ntitle = \n")
    with pytest.raises(CardDataError, match="examples.toml is not valid TOML"):
        load_examples(bad)
