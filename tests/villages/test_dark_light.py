"""Dark and Light cards (Ghost Town, stand-in cards): Dark is a seventh colour that
supports nothing; Light units are wild, one of the three that found a village but never a
village on their own, and still Light units wherever they stand."""

from __future__ import annotations

from village_games import villages
from village_games.villages import Add, Attack, Build, BuildAs, Defend, Give, Villages
from village_games.villages.odds import set_chance, set_question

from .scenarios import make, refused

GHOST = {"dark_light": True}
DARK = ["Dark Ghost", "Dark Wraith", "Dark Ghoul"]
RED = ["Red Farmer", "Red Builder", "Red Squire"]


def ghost(players: list[dict], **table: object) -> Villages:
    return make(players, options=GHOST, **table)


def test_the_option_adds_ten_dark_and_four_light_units_labelled_stand_in() -> None:
    g = villages.new_game(players=3, seed=1, dark_light=True)
    dark = [c for c in g.cards if c.colour == "Dark"]
    light = [c for c in g.cards if c.colour == "Light"]
    assert len(dark) == 10 and len(light) == 4 and len(g.cards) == 86
    assert all(c.help.startswith("Stand-in") for c in dark + light)
    assert g.options["dark_light"] is True


def test_dark_units_build_a_village_of_their_own_colour() -> None:
    g = ghost([{"hand": [*DARK, "Dark Lich"]}, {}])
    assert Build(*DARK) in g.legal_actions(0)
    g.apply(0, Build(*DARK))
    g.apply(0, Add("Dark Lich", "Dark"))
    assert g.villages[0]["Dark"] == [*DARK, "Dark Lich"]


def test_a_dark_village_never_takes_animals_or_buildings() -> None:
    g = ghost([{"hand": ["Pig", "Tavern"], "villages": {"Dark": DARK}}, {}])
    assert not any(type(a) is Add for a in g.legal_actions(0))
    assert "need a Farmer" in refused(g, 0, Add("Pig", "Dark"))
    assert "need a Builder" in refused(g, 0, Add("Tavern", "Dark"))


def test_a_light_unit_can_be_one_of_the_three_that_found_a_village() -> None:
    g = ghost([{"hand": ["Red Farmer", "Red Squire", "Light Angel"]}, {}])
    assert Build("Red Farmer", "Red Squire", "Light Angel") in g.legal_actions(0)
    g.apply(0, Build("Red Farmer", "Red Squire", "Light Angel"))
    assert g.villages[0] == {"Red": ["Red Farmer", "Red Squire", "Light Angel"]}


def test_light_units_never_found_a_village_alone() -> None:
    trio = ("Light Angel", "Light Cleric", "Light Paladin")
    g = ghost([{"hand": list(trio)}, {}])
    assert not any(type(a) in (Build, BuildAs) for a in g.legal_actions(0))
    assert "never found a village on their own" in refused(g, 0, Build(*trio))


def test_a_light_unit_joins_any_village_and_can_be_given() -> None:
    g = ghost([{"hand": ["Light Angel", "Light Cleric"], "villages": {"Dark": DARK}},
               {"villages": {"Red": RED}}])
    g.apply(0, Add("Light Angel", "Dark"))
    g.apply(0, Give("Light Cleric", 1, "Red"))
    assert g.villages[0]["Dark"][-1] == "Light Angel"
    assert g.villages[1]["Red"][-1] == "Light Cleric"


def test_a_light_unit_in_another_village_is_still_light_for_abilities() -> None:
    # Paladin: +3 against its own colour. In a Red village it is still Light: no bonus
    # against a Red unit, the bonus against another Light unit.
    g = ghost([{"villages": {"Red": [*RED, "Light Paladin"]}},
               {"villages": {"Red": ["Red Dragon", "Red Warrior", "Red Orc",
                                     "Light Angel"]}}])
    g.apply(0, Attack(1, "Red", "Light Paladin", "Red"))
    g.apply(1, Defend("Light Angel", "Red"))
    assert any("own colour (Light)" in why for why, _ in g.battle.a_parts)
    g = ghost([{"villages": {"Red": [*RED, "Light Paladin"]}},
               {"villages": {"Red": ["Red Dragon", "Red Warrior", "Red Orc"]}}])
    g.apply(0, Attack(1, "Red", "Light Paladin", "Red"))
    reveal = [e for e in g.apply(1, Defend("Red Warrior", "Red")) if e.kind == "reveal"]
    assert not any("own colour" in why for why, _ in reveal[0].data["a_parts"])


def test_dark_abilities_look_at_the_dark_colour() -> None:
    g = ghost([{"villages": {"Dark": [*DARK, "Dark Necromancer"]}},
               {"villages": {"Dark": ["Dark Banshee", "Dark Skeleton", "Dark Vampire"]}}])
    g.apply(0, Attack(1, "Dark", "Dark Necromancer", "Dark"))
    reveal = [e for e in g.apply(1, Defend("Dark Vampire", "Dark")) if e.kind == "reveal"]
    assert dict(map(tuple, reveal[0].data["a_parts"]))["against its own colour (Dark)"] == -3
    assert reveal[0].data["winner"] == "defender"  # 6 - 3 = 3 against the Vampire's 4


def test_draw_odds_count_light_cards_as_wild_but_never_three_alone() -> None:
    # exact: with no unit of the colour in hand and 2 Light units, only a true unit
    # among the draws makes a set
    assert set_chance(0, 5, 20, 2, wild_have=2) == 1 - (
        villages.odds.at_least(0, 20, 2, 0) - villages.odds.at_least(5, 20, 2, 1))
    assert set_chance(1, 0, 20, 2, wild_have=2) == 1
    assert set_chance(0, 0, 20, 2, wild_have=3) == 0
    # without wild cards the formula is the base one
    assert set_chance(1, 6, 30, 2) == villages.odds.at_least(6, 30, 2, 2)


def test_the_wild_draw_odds_match_their_simulation() -> None:
    import numpy as np

    exact = float(set_chance(1, 6, 30, 3, wild_have=0, wild_unseen=3))
    sim = villages.odds.simulate_set(1, 6, 30, 3, 0, 40_000, np.random.default_rng(1),
                                     wild_unseen=3).mean()
    assert abs(sim - exact) < 0.01


def test_set_question_sees_light_cards_and_the_dark_colour() -> None:
    g = ghost([{"hand": ["Dark Ghost", "Light Angel"]}, {}])
    q = set_question(g.observation(0), g.cards, "Dark")
    assert q.have == 1 and q.wild_have == 1 and q.wild_unseen == 3 and q.colour_unseen == 9
