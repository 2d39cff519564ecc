"""Scoundrels: Barbarian, Flaker, Noble, Schemer, Sheriff, Thief, each with its
clarification (the Courier has its own file, test_courier.py)."""

from __future__ import annotations

from village_games.villagers import EndTurn
from village_games.villagers.expansions.actions import (
    PlayBarbarian,
    PlayFlaker,
    PlayNoble,
    PlaySchemer,
    PlaySheriff,
    TakeCard,
    ThiefSteals,
)

from .expansion_scenarios import make_ext
from .scenarios import refused, slot_of, village_cards

SCOUNDRELS = ["scoundrels"]


def test_barbarian_clears_the_road_takes_its_coins_and_deals_from_the_reserve() -> None:
    road = [{"card": "Cooper", "coins": 2}, {"card": "Wheeler", "coins": 1}, "Grazier",
            "Mason", "Graper", "Wattler"]
    reserve = ["Fisher", "Hunter", "Agent", "Priest", "Thatcher", "Seeker", "Jeweler"]
    g = make_ext([{"gold": 5, "hand": ["Barbarian"]}, {}], SCOUNDRELS, phase="draft",
                 road=road, reserve=reserve)
    g.apply(0, PlayBarbarian())
    assert g.players[0].gold == 8
    assert g.road == ["Jeweler", "Seeker", "Thatcher", "Priest", "Agent", "Hunter"]
    assert g.road_coins == [0] * 6
    assert {"Cooper", "Wattler", "Barbarian"} <= set(g.discard)
    assert g.to_act() == [0]  # not a draft: Ana still drafts


def test_flaker_takes_from_another_village_square() -> None:
    g = make_ext([{"hand": ["Flaker"]}, {"square": ["Cooper"]}], SCOUNDRELS, phase="draft")
    g.apply(0, PlayFlaker(1, "Cooper"))
    assert g.players[0].hand() == ["Cooper"] and g.players[1].square == []
    assert g.to_act() == [0]


def test_flaker_on_your_own_square_frees_a_draft() -> None:
    g = make_ext([{"hand": ["Flaker"], "square": ["Mason"]}, {}], SCOUNDRELS, phase="draft")
    assert "no Jeweler" in refused(g, 0, PlayFlaker(1, "Jeweler"))
    g.apply(0, PlayFlaker(0, "Mason"))
    assert g.players[0].square == [] and g.players[0].hand() == ["Mason"]
    assert g.players[0].drafting and g.to_act() == [0]


def test_noble_looks_through_a_hand_and_steals_a_non_special() -> None:
    g = make_ext([{"hand": ["Noble"]}, {"hand": ["Jeweler", "Monk"]}, {"hand": ["Tinner"]}],
                 SCOUNDRELS, phase="build")
    assert "other than a Special" in refused(g, 0, PlayNoble(2))
    g.apply(0, PlayNoble(1))
    seen = g.observation(0)["expansions"]["pending"]
    assert seen["options"] == ["Jeweler"] and seen["hand"] == ["Jeweler", "Monk"]
    assert g.observation(2)["expansions"]["pending"]["hand"] is None
    assert "one of Jeweler" in refused(g, 0, TakeCard("Monk"))
    g.apply(0, TakeCard("Jeweler"))
    assert g.players[0].hand() == ["Jeweler"] and g.players[1].hand() == ["Monk"]


def test_schemer_steals_a_top_villager_and_its_coins_go_to_the_owner() -> None:
    g = make_ext([{"gold": 1, "hand": ["Schemer"]},
                  {"gold": 0, "village": ["Founders", ["Lumberjack",
                                                      {"card": "Cooper", "coins": 2}]]}],
                 SCOUNDRELS, phase="build")
    assert "another player's Founders" in refused(g, 0, PlaySchemer(1, 0))
    assert "nothing on it" in refused(g, 0, PlaySchemer(1, 1))  # covered
    g.apply(0, PlaySchemer(1, slot_of(g, 1, "Cooper")))
    assert g.players[0].hand() == ["Cooper"] and g.players[1].gold == 2
    assert village_cards(g, 1) == ["Founders", "Lumberjack"]
    assert g.players[1].village[1].kids == 0


def test_schemer_on_your_own_village_and_a_monk_left_on_top_goes_home() -> None:
    g = make_ext([{"hand": ["Schemer"],
                   "village": ["Founders", ["Miner", {"card": "Monk", "role": "Seeker"},
                                            "Spelunker"]]}, {}],
                 SCOUNDRELS, phase="build")
    g.apply(0, PlaySchemer(0, slot_of(g, 0, "Spelunker")))
    assert village_cards(g, 0) == ["Founders", "Miner"]
    assert sorted(g.players[0].hand()) == ["Monk", "Spelunker"]
    assert not g.audit()


def four(players: list[dict]):
    return make_ext(players + [{}] * (4 - len(players)), SCOUNDRELS, phase="build")


def test_sheriff_discards_a_thief_and_takes_his_coins() -> None:
    g = four([{"gold": 0, "hand": ["Sheriff"]},
              {"village": ["Founders", {"card": "Thief", "coins": 6}]}])
    g.apply(0, PlaySheriff(1, slot_of(g, 1, "Thief")))
    assert g.players[0].gold == 6
    assert village_cards(g, 1) == ["Founders"] and "Thief" in g.discard


def test_sheriff_on_your_own_thief_moves_his_coins_to_your_supply() -> None:
    g = four([{"gold": 0, "hand": ["Sheriff"],
               "village": ["Founders", {"card": "Thief", "coins": 3}]}])
    g.apply(0, PlaySheriff(0, 1))
    assert g.players[0].gold == 3 and village_cards(g, 0) == ["Founders"]


def test_thief_steals_three_gold_once_per_build_phase() -> None:
    g = four([{"village": ["Founders", "Thief"]}, {"gold": 5}, {"gold": 2}])
    thief = slot_of(g, 0, "Thief")
    assert "fewer than 3 Gold" in refused(g, 0, ThiefSteals(thief, 2))
    assert "another player's Supply" in refused(g, 0, ThiefSteals(thief, 0))
    g.apply(0, ThiefSteals(thief, 1))
    assert g.players[1].gold == 2 and g.players[0].village[thief].coins == 3
    assert "already in this Build Phase" in refused(g, 0, ThiefSteals(thief, 3))


def test_a_thief_is_built_like_a_villager_and_steals_in_the_same_turn() -> None:
    g = four([{"hand": ["Thief"]}, {"gold": 8}])
    from village_games.villagers import Build

    g.apply(0, Build("Thief", None, None))
    assert ThiefSteals(1, 1) in g.legal_actions(0)
    g.apply(0, EndTurn())
    assert g.to_act() == [1]
