"""The Schemer takes any Top Villager that is not a Special: a lone Basic Villager too, and
your own uncovered Founders (never another player's). What a Basic Villager or the
Founders does once in a hand (READINGS.md, 34)."""

from __future__ import annotations

from village_games.villagers import Build, EndTurn, TakeBasic, Villagers
from village_games.villagers.expansions.actions import (
    PlayFlaker,
    PlayNoble,
    PlaySchemer,
    TakeCard,
)

from .expansion_scenarios import make_ext
from .scenarios import refused, slot_of, village_cards

SCOUNDRELS = ["scoundrels"]


def schemer_targets(g: Villagers, seat: int) -> set[tuple[int, int]]:
    return {(a.seat, a.slot) for a in g.legal_actions(seat) if isinstance(a, PlaySchemer)}


def test_schemer_takes_a_lone_basic_villager_from_another_village() -> None:
    g = make_ext([{"hand": ["Schemer"]},
                  {"village": ["Founders", "Lumberjack", ["Miner", "Blacksmith"]]}],
                 SCOUNDRELS, phase="build")
    lumberjack = slot_of(g, 1, "Lumberjack")
    assert (1, lumberjack) in schemer_targets(g, 0)
    supply = dict(g.basics)
    g.apply(0, PlaySchemer(1, lumberjack))
    assert g.players[0].hand_pub == ["Lumberjack"]  # everyone saw it go
    assert village_cards(g, 1) == ["Founders", "Miner", "Blacksmith"]
    assert g.basics == supply  # it is a card in a hand now, not back in its supply
    assert g.observation(1)["players"][0]["hand_known"] == ["Lumberjack"]
    assert not g.audit()
    assert Villagers.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_schemer_takes_your_own_uncovered_founders_but_never_another_players() -> None:
    g = make_ext([{"hand": ["Schemer"], "village": [{"card": "Founders", "flipped": True}]},
                  {"village": ["Founders"]}], SCOUNDRELS, phase="build")
    assert schemer_targets(g, 0) == {(0, 0)}
    assert "another player's Founders" in refused(g, 0, PlaySchemer(1, 0))
    g.apply(0, PlaySchemer(0, 0))
    assert village_cards(g, 0) == [] and g.players[0].hand_pub == ["Founders"]
    assert not g.audit()
    assert Villagers.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_schemer_still_refuses_a_special_and_a_covered_villager() -> None:
    # (a guard: the wider reading must not reach Specials or covered cards)
    g = make_ext([{"hand": ["Schemer"]},
                  {"village": ["Founders", "Nun", ["Lumberjack", "Carpenter"]]}],
                 SCOUNDRELS + ["saints"], phase="build")
    nun, lumberjack = slot_of(g, 1, "Nun"), slot_of(g, 1, "Lumberjack")
    assert schemer_targets(g, 0) == {(0, 0), (1, slot_of(g, 1, "Carpenter"))}  # (0, 0): yours
    assert "not a Special" in refused(g, 0, PlaySchemer(1, nun))
    assert "nothing on it" in refused(g, 0, PlaySchemer(1, lumberjack))


def test_a_stolen_basic_villager_is_placed_without_a_build_action() -> None:
    g = make_ext([{"hand": ["Schemer", "Carpenter"]},
                  {"village": ["Founders", "Lumberjack"]}],
                 SCOUNDRELS, phase="build", limit=2, used=1)
    g.apply(0, PlaySchemer(1, slot_of(g, 1, "Lumberjack")))
    g.apply(0, Build("Lumberjack", None, None))
    assert g.used == 1  # Basic Villagers have nothing to do with the Build Limit
    g.apply(0, Build("Carpenter", slot_of(g, 0, "Lumberjack"), None))
    assert village_cards(g, 0) == ["Founders", "Lumberjack", "Carpenter"]
    assert g.used == 2 and g.players[0].hand() == []
    assert not g.audit()


def test_a_stolen_basic_villager_is_placed_even_with_the_build_limit_used_up() -> None:
    g = make_ext([{"hand": ["Schemer", "Mason"]}, {"village": ["Founders", "Hayer"]}],
                 SCOUNDRELS, phase="build", limit=2, used=2)
    g.apply(0, PlaySchemer(1, slot_of(g, 1, "Hayer")))
    legal = g.legal_actions(0)
    assert Build("Hayer", None, None) in legal
    assert Build("Mason", None, None) not in legal
    g.apply(0, Build("Hayer", None, None))
    assert village_cards(g, 0) == ["Founders", "Hayer"] and g.used == 2


def test_a_stolen_basic_villager_can_be_returned_to_the_road_for_a_basic_villager() -> None:
    g = make_ext([{"hand": ["Schemer"]}, {"village": ["Founders", "Lumberjack"]}],
                 SCOUNDRELS, phase="build")
    g.apply(0, PlaySchemer(1, slot_of(g, 1, "Lumberjack")))
    miners = g.basics["Miner"]
    g.apply(0, TakeBasic("Miner", "Lumberjack", 0))
    assert g.stacks[0].cards[-1] == "Lumberjack"
    assert g.stacks[0].known[-1] == g.all_seats  # printed on both sides: no back to hide
    top = len(g.stacks[0].cards) - 1
    assert [top, "Lumberjack"] in g.observation(1)["stacks"][0]["known"]
    assert g.basics["Miner"] == miners - 1 and village_cards(g, 0) == ["Founders", "Miner"]
    assert not g.audit()
    assert Villagers.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_your_founders_taken_back_are_built_again_gold_side_up_with_a_build_action() -> None:
    g = make_ext([{"hand": ["Schemer"], "village": [{"card": "Founders", "flipped": True}]},
                  {}], SCOUNDRELS, phase="build", limit=2, used=0)
    g.apply(0, PlaySchemer(0, 0))
    g.apply(0, Build("Founders", None, None))
    assert g.used == 1  # only Basic Villagers are left out of the Build Limit
    assert village_cards(g, 0) == ["Founders"] and not g.players[0].village[0].flipped
    assert g.observation(0)["players"][0]["printed_gold"] == 2
    assert not g.audit()


def test_a_village_without_its_founders_has_nothing_to_flip() -> None:
    g = make_ext([{"hand": ["Schemer"]}, {}], SCOUNDRELS, phase="build")
    g.apply(0, PlaySchemer(0, 0))
    g.apply(0, EndTurn())
    assert not g.audit()
    assert g.players[0].hand() == ["Founders"]


def test_the_noble_may_take_a_stolen_basic_but_not_another_players_founders() -> None:
    g = make_ext([{"hand": ["Noble"]}, {"hand_pub": ["Founders", "Lumberjack"],
                                        "village": []}],
                 SCOUNDRELS, phase="build")
    g.apply(0, PlayNoble(1))
    assert g.observation(0)["expansions"]["pending"]["options"] == ["Lumberjack"]
    assert "one of Lumberjack" in refused(g, 0, TakeCard("Founders"))
    g.apply(0, TakeCard("Lumberjack"))
    assert g.players[0].hand_pub == ["Lumberjack"]
    assert not g.audit()


def test_the_noble_has_no_target_in_a_hand_of_only_the_founders() -> None:
    g = make_ext([{"hand": ["Noble"]}, {"hand": ["Founders"], "village": []}],
                 SCOUNDRELS, phase="build")
    assert g.players[1].hand_pub == ["Founders"]  # (shown: it has no back)
    assert "other than a Special or the Founders" in refused(g, 0, PlayNoble(1))


def test_a_basic_villager_in_hand_needs_the_schemer_in_the_game() -> None:
    try:
        Villagers.from_dict({"players": [{"hand": ["Lumberjack"]}, {}], "phase": "build"})
    except ValueError as exc:
        assert "only a Schemer" in str(exc)
    else:
        raise AssertionError("a Basic Villager in hand was accepted without a Schemer")


def test_the_flaker_does_not_take_another_players_founders_from_their_square() -> None:
    # (Founders returned to the Road and drafted belong to whoever drafted them)
    g = make_ext([{"hand": ["Flaker"]},
                  {"square": ["Founders", "Mason"], "village": [], "draft_limit": 3}],
                 SCOUNDRELS, phase="draft")
    legal = g.legal_actions(0)
    assert PlayFlaker(1, "Mason") in legal and PlayFlaker(1, "Founders") not in legal
    assert "another player's Founders" in refused(g, 0, PlayFlaker(1, "Founders"))
