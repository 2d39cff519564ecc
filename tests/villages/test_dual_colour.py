"""Dual-colour cards (Holiday Pack, stand-in cards): a unit of two colours at once. It
joins a village of either colour, founds one with either colour's units, and colour
abilities (Ace +3, Wizard -3 against their own colour) trigger for both colours."""

from __future__ import annotations

from village_games import villages
from village_games.villages import Add, Attack, Build, BuildAs, Defend, Give, Villages
from village_games.villages.odds import set_question

from .scenarios import make, refused

HOLIDAY = {"dual": True}
RED = ["Red Farmer", "Red Builder", "Red Squire"]
GREEN = ["Green Farmer", "Green Builder", "Green Ranger"]
BLUE = ["Blue Farmer", "Blue Builder", "Blue Monk"]


def holiday(players: list[dict], **table: object) -> Villages:
    return make(players, options={**HOLIDAY, **table.pop("options", {})}, **table)


def test_the_option_adds_six_dual_units_labelled_stand_in() -> None:
    g = villages.new_game(players=2, seed=1, dual=True)
    duals = [c for c in g.cards if c.is_dual]
    assert len(duals) == 6 and len(g.cards) == 78
    assert all(c.help.startswith("Stand-in") for c in duals)
    assert g.cards["Red/Green Santa"].colours == ("Red", "Green")


def test_a_dual_unit_joins_a_village_of_either_colour_but_no_other() -> None:
    g = holiday([{"hand": ["Red/Green Santa", "Green/Blue Elf"],
                  "villages": {"Red": RED}}, {"villages": {"Blue": BLUE}}])
    assert "not a Red one" in refused(g, 0, Add("Green/Blue Elf", "Red"))
    g.apply(0, Add("Red/Green Santa", "Red"))
    g.apply(0, Give("Green/Blue Elf", 1, "Blue"))
    assert g.villages[0]["Red"][-1] == "Red/Green Santa"
    assert g.villages[1]["Blue"][-1] == "Green/Blue Elf"


def test_a_dual_unit_founds_a_village_with_either_colour() -> None:
    for two, colour in ((["Red Farmer", "Red Squire"], "Red"),
                        (["Green Farmer", "Green Ranger"], "Green")):
        g = holiday([{"hand": [*two, "Red/Green Santa"]}, {}])
        trio = tuple(sorted([*two, "Red/Green Santa"], key=g.order.__getitem__))
        assert Build(*trio) in g.legal_actions(0)
        g.apply(0, Build(*trio))
        assert list(g.villages[0]) == [colour]


def test_an_ambiguous_trio_names_its_colour_with_build_as() -> None:
    # Santa (Red/Green) with two wild Light units could found either colour
    hand = ["Red/Green Santa", "Light Angel", "Light Cleric"]
    g = holiday([{"hand": hand}, {}], options={"dark_light": True})
    trio = tuple(sorted(hand, key=g.order.__getitem__))
    legal = set(g.legal_actions(0))
    assert {BuildAs(*trio, "Red"), BuildAs(*trio, "Green")} <= legal
    assert Build(*trio) not in legal
    assert "say which with BuildAs" in refused(g, 0, Build(*trio))
    assert "not a Blue one" in refused(g, 0, BuildAs(*trio, "Blue"))
    g.apply(0, BuildAs(*trio, "Green"))
    assert list(g.villages[0]) == ["Green"]


def test_build_as_is_refused_when_the_colour_is_plain() -> None:
    g = holiday([{"hand": RED}, {}])
    assert "use Build" in refused(g, 0, BuildAs(*RED, "Red"))


def test_an_ace_triggers_against_either_colour_of_a_dual_unit() -> None:
    # the rulebook's example: a Green Ace against a Red/Green Santa gets its +3
    g = holiday([{"villages": {"Green": ["Green Farmer", "Green Builder", "Green Ace"]}},
                 {"villages": {"Red": [*RED, "Red/Green Santa"]}}])
    g.apply(0, Attack(1, "Red", "Green Ace", "Green"))
    events = g.apply(1, Defend("Red/Green Santa", "Red"))
    reveal = next(e for e in events if e.kind == "reveal")
    assert ["against its own colour (Green)", 3] in reveal.data["a_parts"]


def test_a_dual_wizard_loses_power_against_either_of_its_colours() -> None:
    for foe, colour in (("Yellow Banker", "Yellow"), ("Purple Spy", "Purple")):
        g = holiday([{"villages": {"Yellow": ["Yellow Farmer", "Yellow Builder",
                                              "Yellow/Purple Jester"]}},
                     {"villages": {colour: [f"{colour} Knight", f"{colour} Princess", foe]}}])
        g.apply(0, Attack(1, colour, "Yellow/Purple Jester", "Yellow"))
        events = g.apply(1, Defend(foe, colour))
        reveal = next(e for e in events if e.kind == "reveal")
        assert [f"against its own colour ({colour})", -3] in reveal.data["a_parts"]


def test_draw_odds_count_a_dual_unit_for_both_colours() -> None:
    g = holiday([{"hand": ["Red/Green Santa", "Red Farmer"]}, {}])
    obs = g.observation(0)
    assert set_question(obs, g.cards, "Red").have == 2
    assert set_question(obs, g.cards, "Green").have == 1
    # unseen: 10 Red units less the Farmer, plus the Reindeer Rider (Orange/Red)
    assert set_question(obs, g.cards, "Red").colour_unseen == 10
