"""Battle in five steps: attacker, defender, reveal and compare (ties to the attacker),
reward, regroup; graveyards per player."""

from __future__ import annotations

import pytest

from village_games.villages import Attack, Defend, Discard, EndTurn, Reward
from village_games.villages.odds import DefenderCase
from village_games.villages.power import attacker_wins

from .scenarios import make, refused

BLUE = ["Blue Farmer", "Blue Builder", "Blue Monk"]
RED = ["Red Farmer", "Red Builder", "Red Squire"]


def battle(attacker: dict, defender: dict, **table: object):
    return make([attacker, defender], **table)


def test_an_attacker_from_a_village_is_face_up_and_stays_home_after_winning() -> None:
    g = battle({"villages": {"Red": [*RED, "Red Conqueror"]}},
               {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "Red"))
    assert g.phase == "defend" and g.to_act() == [1]
    assert g.observation(1)["battle"]["unit"] == "Red Conqueror"
    g.apply(1, Defend("Blue Monk", "Blue"))
    assert g.battle.a_power == 4 and g.battle.d_power == 2 and g.to_act() == [0]
    g.apply(0, Reward("destroy", "Blue Monk"))
    assert g.villages[0]["Red"][-1] == "Red Conqueror"  # gone home
    assert g.graves[1] == ["Blue Monk"] and g.graves[0] == []
    assert g.phase == "main" and g.battle is None


def test_a_hired_attacker_is_face_down_until_the_reveal_then_destroyed() -> None:
    g = battle({"hand": ["Red Dragon", "Pig"]}, {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    seen = g.observation(1)["battle"]
    assert seen["unit"] is None and seen["hired"] and not seen["shown"]
    assert "Red Dragon" not in str(g.observation(1))
    assert g.observation(0)["battle"]["unit"] == "Red Dragon"
    assert g.hands[0] == ["Pig"]
    events = g.apply(1, Defend("Blue Farmer", "Blue"))
    assert any(e.kind == "reveal" and e.reveals for e in events)
    assert g.observation(1)["battle"]["unit"] == "Red Dragon"
    g.apply(0, Reward("destroy", "Blue Farmer"))
    assert g.graves[0] == ["Red Dragon"]  # the hired unit is paid off
    assert g.graves[1] == ["Blue Farmer"]


def test_the_defender_may_hire_from_hand_and_is_destroyed_after_the_battle() -> None:
    g = battle({"villages": {"Red": RED}}, {"hand": ["Blue Wizard"], "villages": {
        "Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Squire", "Red"))
    assert Defend("Blue Wizard", "hand") in g.legal_actions(1)
    g.apply(1, Defend("Blue Wizard", "hand"))  # 6 against 2: the defender wins
    assert g.graves[0] == ["Red Squire"]  # a losing attacker is destroyed
    assert "Red Squire" not in g.villages[0]["Red"]
    assert g.graves[1] == ["Blue Wizard"]  # the hired defender is paid off
    assert g.hands[1] == [] and g.phase == "main" and g.to_act() == [0]


def test_units_of_other_villages_may_not_defend_except_the_archer() -> None:
    g = battle({"hand": ["Red Orc"]},
               {"villages": {"Blue": BLUE, "Green": ["Green Archer", "Green Ranger",
                                                     "Green Druid"]}})
    g.apply(0, Attack(1, "Blue", "Red Orc", "hand"))
    legal = set(g.legal_actions(1))
    assert Defend("Green Archer", "Green") in legal
    assert Defend("Green Ranger", "Green") not in legal
    assert "only an Archer" in refused(g, 1, Defend("Green Ranger", "Green"))
    g.apply(1, Defend("Green Archer", "Green"))
    assert g.battle.d_power == 2 and g.battle.a_power == 4
    g.apply(0, Reward("kidnap", "Green Archer"))
    assert "Green Archer" not in g.villages[1]["Green"] and "Green Archer" in g.hands[0]


def test_a_tie_goes_to_the_attacker() -> None:
    g = battle({"hand": ["Red Squire"]}, {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Squire", "hand"))
    events = g.apply(1, Defend("Blue Monk", "Blue"))
    assert g.battle.a_power == g.battle.d_power == 2 and g.phase == "reward"
    assert "a tie goes to the attacker" in [e for e in events if e.kind == "reveal"][0].text


def test_the_three_rewards_and_never_a_building() -> None:
    village = [*BLUE, "Pig", "Castle"]
    g = battle({"hand": ["Red Conqueror"]}, {"villages": {"Blue": village}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    assert set(g.legal_actions(0)) == {
        Reward("destroy", "Blue Monk"), Reward("kidnap", "Blue Monk"),
        Reward("take", "Blue Farmer"), Reward("take", "Blue Builder"), Reward("take", "Pig")}
    assert "never be kidnapped" in refused(g, 0, Reward("take", "Castle"))
    assert "names the defending unit" in refused(g, 0, Reward("destroy", "Blue Farmer"))
    assert "choose kidnap" in refused(g, 0, Reward("take", "Blue Monk"))
    h = g.clone()
    h.apply(0, Reward("take", "Pig"))
    assert "Pig" in h.hands[0] and "Pig" in h.known[0]  # everyone saw it taken
    assert h.graves[0] == ["Red Conqueror"]  # the hired attacker is paid off anyway
    k = g.clone()
    k.apply(0, Reward("kidnap", "Blue Monk"))
    assert "Blue Monk" in k.hands[0] and "Blue Monk" not in k.villages[1]["Blue"]


def test_destroyed_cards_go_to_their_owners_graveyard() -> None:
    g = battle({"hand": ["Red Conqueror"]}, {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    g.apply(0, Reward("destroy", "Blue Monk"))
    assert g.graves == [["Red Conqueror"], ["Blue Monk"]]


def test_kidnapping_a_hired_defender_saves_it_from_being_paid_off() -> None:
    g = battle({"hand": ["Red Conqueror"]}, {"hand": ["Blue Princess"],
                                             "villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Princess", "hand"))
    g.apply(0, Reward("kidnap", "Blue Princess"))
    assert "Blue Princess" in g.hands[0] and g.graves[1] == []


def test_a_village_left_without_cards_is_gone() -> None:
    g = battle({"hand": ["Red Conqueror"]}, {"villages": {"Blue": ["Blue Monk"]}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    g.apply(0, Reward("destroy", "Blue Monk"))
    assert g.villages[1] == {}


def test_a_village_of_only_buildings_cannot_be_attacked() -> None:
    g = battle({"hand": ["Red Conqueror"]}, {"villages": {"Blue": ["Castle"]}})
    assert not any(isinstance(a, Attack) for a in g.legal_actions(0))
    assert "no unit or animal" in refused(g, 0, Attack(1, "Blue", "Red Conqueror", "hand"))


def test_without_any_unit_to_defend_with_the_attacker_wins_unopposed() -> None:
    g = battle({"hand": ["Red Squire"]}, {"villages": {"Blue": ["Pig", "Castle"]}})
    g.apply(0, Attack(1, "Blue", "Red Squire", "hand"))
    assert g.phase == "reward" and list(g.legal_actions(0)) == [Reward("take", "Pig")]


def test_animals_and_buildings_cannot_fight() -> None:
    g = battle({"hand": ["Pig"]}, {"villages": {"Blue": BLUE}})
    assert "only units fight" in refused(g, 0, Attack(1, "Blue", "Pig", "hand"))


def test_after_the_battle_the_attacker_plays_on_and_may_not_act_again() -> None:
    g = battle({"hand": ["Red Conqueror", "Red Orc"]}, {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    g.apply(0, Reward("destroy", "Blue Monk"))
    assert EndTurn() in g.legal_actions(0)
    assert "already taken" in refused(g, 0, Discard("Red Orc"))


def test_only_the_defender_acts_during_step_two() -> None:
    g = battle({"hand": ["Red Conqueror", "Red Orc"]}, {"villages": {"Blue": BLUE}})
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    assert "nothing to decide" in refused(g, 0, EndTurn())
    assert "defender must choose" in refused(g, 1, EndTurn())


def test_a_traced_battle_shows_each_step_with_the_powers_after_abilities() -> None:
    g = battle({"hand": ["Red Dragon"]},
               {"villages": {"Blue": ["Blue Knight", "Blue Farmer", "Blue Monk"]}})
    g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    steps = g.apply_traced(1, Defend("Blue Knight", "Blue"), viewer=0)
    kinds = [s.event.kind for s in steps]
    assert kinds[:2] == ["defend", "reveal"]
    shown = steps[1].obs["battle"]
    assert shown["unit"] == "Red Dragon" and shown["defender"] == "Blue Knight"
    assert (shown["a_power"], shown["d_power"]) == (5, 6)
    assert shown["d_parts"] == [["power", 2], ["defending", 1], ["against a Dragon", 3]]
    assert steps[-1].obs["battle"] is None and steps[-1].obs["players"][0]["graveyard"] == [
        "Red Dragon"]


@pytest.mark.parametrize("a_power, d_power, ties_to_attacker, wins", [
    (3, None, False, True),  # unopposed
    (4, 3, True, True), (3, 4, True, False),
    (3, 3, True, True), (3, 3, False, False),  # a tie: to the attacker unless a Location
])
def test_one_comparison_decides_the_battle_the_odds_and_the_bot(a_power, d_power,
                                                                ties_to_attacker, wins):
    assert attacker_wins(a_power, d_power, ties_to_attacker) is wins
    if d_power is not None:  # the odds' view of one defender says the same
        case = DefenderCase("unit", "hand", a_power, d_power,
                            defender_wins_ties=not ties_to_attacker)
        assert case.beats is not wins
