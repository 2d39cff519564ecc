"""Every kind of class experiment: its trials agree with its exact answer, a trial is a
function of its generator, and bad settings are refused with what is allowed."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from village_games.experiments import KEYS, all_kinds, kind, trial_rng
from village_games.experiments.kind import Trial
from village_games.probability.intervals import share_interval

# one position per kind whose answer is neither 0 nor 1 (so a wrong trial shows)
EXAMPLES = {
    "vp-round": {"you": "raider", "they": "equilibrium", "my_stockpile": "3",
                 "their_bank": "2", "relic_bonus": "2"},
    "vp-market": {"wanted": "Bard,Innkeeper", "purchases": "3"},
    "villagers-backs": {"players": "3", "game": "5", "moves": "0", "stack": "1",
                        "villager": "Jeweler"},
    "villagers-facedown": {"players": "3", "game": "5", "moves": "20", "stack": "1"},
    "villagers-solo-events": {"mode": "normal", "game": "3", "round": "3", "events": "2"},
    "villagers-solo-games": {"mode": "beginner"},
    "vv-recruit": {"position": "6", "extra": "2", "favor": "1", "tower": "1"},
    "vv-defend": {"challenge": "Murder Bats", "heroes": "3", "hero_bonus": "0",
                  "rounds": "2"},
    "villages-draw": {"moves": "6", "dark_light": "1", "colour": "Green",
                      "plan": "deck-deck", "later": "2"},
    "villages-going-out": {"moves": "12", "dark_light": "1", "colour": "Green"},
}
TRIALS = 3000


def test_every_kind_has_an_example_and_every_lesson_of_the_gallery_has_a_kind():
    assert set(EXAMPLES) == set(KEYS)
    lessons = {k.lesson for k in all_kinds()}
    assert lessons == {
        "village_pillage_lesson.ipynb", "village_pillage_market_lesson.ipynb",
        "villagers_backs_lesson.ipynb", "villagers_facedown_lesson.ipynb",
        "villagers_solo_lesson.ipynb", "villagers_and_villains_recruit_lesson.ipynb",
        "villagers_and_villains_defend_lesson.ipynb", "villages_draw_lesson.ipynb"}


@pytest.mark.parametrize("key", [k for k in EXAMPLES if k != "villagers-solo-games"])
def test_the_share_of_seeded_trials_lands_on_the_exact_answer(key):
    k = kind(key)
    values = k.check(EXAMPLES[key])
    answer = k.exact(values)
    assert isinstance(answer.value, Fraction) and 0 < answer.value < 1, answer
    hits = sum(k.trial(values, trial_rng(2026, 1, n)).hit for n in range(1, TRIALS + 1))
    # a wide (99.9%) interval: these seeded trials fall outside it only if a trial is wrong
    assert share_interval(hits, TRIALS, level=0.999).covers(float(answer.value)), (
        hits / TRIALS, float(answer.value))


def test_bot_games_say_that_they_have_no_exact_answer():
    k = kind("villagers-solo-games")
    values = k.check(EXAMPLES["villagers-solo-games"])
    answer = k.exact(values)
    assert answer.value is None and not answer.exact and "No formula" in answer.text
    t = k.trial(values, trial_rng(1, 1, 1))
    assert t.steps[0].kind == "game" and "Gold" in t.steps[0].value


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_a_trial_is_a_function_of_its_generator_and_a_batch_is_the_same_trials(key):
    k = kind(key)
    values = k.check(EXAMPLES[key])
    by_hand = [k.trial(values, trial_rng(7, 2, n)) for n in (1, 2, 3)]
    again = k.batch(values, [trial_rng(7, 2, n) for n in (1, 2, 3)])
    assert by_hand == again
    for t in by_hand:
        assert isinstance(t, Trial) and t.steps and t.result
        assert Trial.from_shown(t.hit, t.shown()) == t  # what the store keeps reads back
        assert all(s.action and s.value for s in t.steps)


def test_different_students_and_numbers_get_different_trials():
    k = kind("vv-recruit")
    values = k.check({"position": "6", "extra": "6"})
    faces = {tuple(s.value for s in k.trial(values, trial_rng(7, st, n)).steps)
             for st in (1, 2) for n in range(1, 30)}
    assert len(faces) > 20


def test_a_recruit_rolls_die_by_die_and_stops_at_the_first_that_reaches():
    k = kind("vv-recruit")
    values = k.check({"position": "5", "extra": "3", "favor": "1"})
    for n in range(1, 40):
        t = k.trial(values, trial_rng(3, 1, n))
        dice = [s for s in t.steps if s.kind == "die"]
        assert all(not s.hit for s in dice[:-1]) and dice[-1].hit == t.hit
        assert len(dice) == 4 or t.hit
        assert dice[0].tag == "+2"  # the Favor's bonus, on the first die only
    assert kind("vv-recruit").trial(k.check({"position": "1"}), trial_rng(1, 1, 1)).hit


def test_settings_are_checked_with_every_problem_and_what_is_allowed():
    k = kind("vv-recruit")
    with pytest.raises(ValueError) as refused:
        k.check({"position": "9", "extra": "x", "colour": "red"})
    text = str(refused.value)
    assert "there is no setting 'colour'" in text
    assert "Position of the card (position) must be a whole number from 1 to 7, got '9'" in text
    assert "Extra rolls bought (extra) must be a whole number from 0 to 6, got 'x'" in text
    assert k.check({"kind": "vv-recruit", "position": "2"})["position"] == 2  # link parts


def test_settings_that_depend_on_the_game_name_what_that_position_allows():
    backs = kind("villagers-backs")
    with pytest.raises(ValueError, match=r"Villager you need \(villager\) must be one of .*"
                                         r"Jeweler.*what stack 1's top card can be"):
        backs.check({**EXAMPLES["villagers-backs"], "villager": "Farmer"})
    with pytest.raises(ValueError, match=r"Stack \(stack\) must be one of 1, 2"):
        backs.check({**EXAMPLES["villagers-backs"], "stack": "9"})
    vp = kind("vp-round")
    with pytest.raises(ValueError, match=r"Your bank \(my_bank\) must be from 0 to 4 \(the "
                                         r"duel bank cap\), got 5"):
        vp.check({"my_bank": "5"})
    assert vp.check({"my_bank": "5", "side": "standard"})["my_bank"] == 5
    draw = kind("villages-draw")
    with pytest.raises(ValueError, match=r"Colour \(colour\) must be one of Red, .*got "
                                         r"'Pink'"):
        draw.check({"colour": "Pink"})
    empty_pile = {"players": "2", "game": "0", "moves": "3", "colour": "Red"}
    with pytest.raises(ValueError, match=r"plan\) must be one of deck-deck here \(the "
                                         r"discard pile holds 0"):
        draw.check({**empty_pile, "plan": "discard-deck"})
    solo = kind("villagers-solo-events")
    with pytest.raises(ValueError, match="ended in round"):
        solo.check({"round": "8", "mode": "beginner", "game": "1"})


def test_an_unknown_kind_lists_the_kinds():
    with pytest.raises(ValueError, match="no kind of experiment 'dice'; the kinds are vp-round"):
        kind("dice")


def test_settings_written_to_text_read_back_to_the_same_values():
    for key, raw in EXAMPLES.items():
        k = kind(key)
        values = k.check(raw)
        assert k.check(k.text(values)) == values
        assert len(k.summary(values)) == len(k.settings)
        assert k.question(values).endswith("?")


def test_the_defence_counts_hits_per_round_and_carries_on_to_the_next_round():
    k = kind("vv-defend")
    values = k.check({"challenge": "Zombie Horde", "heroes": "2", "rounds": "3"})
    seen_two_rounds = False
    for n in range(1, 60):
        t = k.trial(values, trial_rng(5, 1, n))
        rounds = {s.label.split(",")[0] for s in t.steps}
        seen_two_rounds |= len(rounds) > 1
        assert len(t.steps) <= 9  # 3 rolls a round, at most 3 rounds
        if t.hit:  # the Zombie Horde needs two hits in one round
            last_round = t.steps[-1].label.split(",")[0]
            assert sum(s.hit for s in t.steps if s.label.startswith(last_round)) == 2
    assert seen_two_rounds


def test_a_market_trial_stops_when_a_wanted_card_shows():
    k = kind("vp-market")
    values = k.check({"wanted": "Bard", "purchases": "16"})
    for n in range(1, 30):
        t = k.trial(values, trial_rng(9, 1, n))
        assert t.steps[0].kind == "cards" and len(t.steps[0].value.split(", ")) == 4
        assert [s.hit for s in t.steps[:-1]] == [False] * (len(t.steps) - 1)
        assert t.hit == bool(t.steps[-1].hit)


def test_a_trial_generator_is_numpys():
    assert isinstance(trial_rng(1, 2, 3), np.random.Generator)


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_every_kind_caps_a_student_at_whole_batches_per_run_and_two_per_second(key):
    """What one student adds (caps.py): whole batches of the largest size, so the pad's
    largest batch always fits a fresh run; a second holds two of them."""
    k = kind(key)
    caps, biggest = k.caps(), max(k.batch_sizes)
    assert caps.per_second == 2 * biggest
    assert caps.per_run % biggest == 0 and caps.per_run >= 5 * biggest
    assert caps.per_run == (100 if key == "villagers-solo-games" else 5 * biggest)
