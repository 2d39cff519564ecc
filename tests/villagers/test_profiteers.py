"""Profiteers: the six cards, and Bronze symbols scored once a round at the end of the
player's own Build Phase turn (the designer's ruling)."""

from __future__ import annotations

import pytest

from village_games.villagers import Build, EndTurn
from village_games.villagers.expansions.actions import PayFreelancer, PickBronze
from village_games.villagers.expansions.bronze import bronze_value
from village_games.villagers.market import silver_value

from .expansion_scenarios import make_ext
from .scenarios import refused, slot_of

PROFITEERS = ["profiteers"]


def position(village: list, hand: list[str] | None = None, gold: int = 0, **table):
    return make_ext([{"gold": gold, "village": village, "hand": hand or []}, {"gold": 8}],
                    PROFITEERS, phase="build", **table)


@pytest.mark.parametrize("card, village, value", [
    # Captain: 1 per Gold symbol showing (Founders' 2 and the Cooper's 4: two symbols)
    ("Captain", ["Founders", "Captain", ["Lumberjack", "Cooper"]], 2),
    # Arkwright: 2 per villager with coins (Founders and Fisher)
    ("Arkwright", [{"card": "Founders", "coins": 1}, ["Lumberjack", "Arkwright"],
                   {"card": "Fisher", "coins": 2}], 4),
    # Carter: 1 per chain of 3+ (Miner with two Blacksmiths; Founders-Swineherd-Truffler);
    # the Hayer with the Carter is a chain of 2 only
    ("Carter", [["Founders", "Swineherd", "Truffler"], ["Hayer", "Carter"],
                ["Miner", "Blacksmith"], [5, "Blacksmith"]], 2),
    # Alchemist: half the best Silver villager (Log Rafter: 4 Wood symbols = 4), rounded down
    ("Alchemist", ["Founders", ["Miner", "Alchemist"], ["Lumberjack", "Log Rafter"],
                   "Lumberjack"], 2),
])
def test_each_bronze_formula(card: str, village: list, value: int) -> None:
    g = position(village)
    assert bronze_value(g, 0, slot_of(g, 0, card)) == value
    g.apply(0, EndTurn())
    assert g.players[0].gold == value


def test_alchemist_rounds_half_of_an_odd_silver_down() -> None:
    g = position(["Founders", ["Miner", "Alchemist"], ["Hayer", "Horse Trader"], "Hayer",
                  "Hayer"])  # 4 Hay symbols: Horse Trader 6 -> 3; with 3 Hay: 3 -> 1
    assert bronze_value(g, 0, slot_of(g, 0, "Alchemist")) == 3
    g = position(["Founders", ["Miner", "Alchemist"], ["Hayer", "Horse Trader"], "Hayer"])
    assert bronze_value(g, 0, slot_of(g, 0, "Alchemist")) == 1


def test_wholesaler_silver_is_three_per_set_of_ore_hay_and_wood() -> None:
    g = position(["Founders", "Wholesaler", "Miner", "Hayer", "Hayer",
                  ["Lumberjack", "Log Rafter"]])
    p = g.players[0]
    k = slot_of(g, 0, "Wholesaler")
    # 1 Ore, 2 Hay, 3 Wood: one set
    assert silver_value(g.cards, p.village, p.summary(g.cards), p.village[k], None) == 3


def test_bronze_scores_the_round_it_is_built_at_the_end_of_the_own_turn() -> None:
    g = position(["Founders", ["Lumberjack", "Cooper"]], hand=["Captain"])
    g.apply(0, Build("Captain", None, None))
    assert g.players[0].gold == 0  # not yet: at the end of the turn
    g.apply(0, EndTurn())
    assert g.players[0].gold == 2
    assert [e.kind for e in g.log].count("bronze") == 1


def test_only_one_bronze_symbol_per_round_the_best_by_default() -> None:
    g = position(["Founders", "Captain", ["Lumberjack", "Arkwright"]])
    assert bronze_value(g, 0, slot_of(g, 0, "Arkwright")) == 0
    g.apply(0, EndTurn())
    assert g.players[0].gold == 1  # the Captain (1), not both
    assert g.ext.bronze_round[0] == g.round


def test_a_player_may_pick_which_bronze_symbol_scores() -> None:
    g = position(["Founders", "Captain", ["Lumberjack", "Arkwright"]])
    arkwright = slot_of(g, 0, "Arkwright")
    assert PickBronze(arkwright) in g.legal_actions(0)
    g.apply(0, PickBronze(arkwright))
    assert "already" in refused(g, 0, PickBronze(slot_of(g, 0, "Captain")))
    g.apply(0, EndTurn())
    assert g.players[0].gold == 0  # the Arkwright's 0, as chosen


def test_one_bronze_symbol_has_nothing_to_pick() -> None:
    g = position(["Founders", "Captain"])
    assert not any(type(a) is PickBronze for a in g.legal_actions(0))
    assert "nothing to choose" in refused(g, 0, PickBronze(1))


def test_freelancer_sells_an_extra_build_action_at_the_start_of_a_turn() -> None:
    g = make_ext([{"gold": 3, "hand": ["Wattler", "Hunter", "Harvester"]},
                  {"village": ["Founders", "Freelancer"]}], PROFITEERS, phase="build")
    free = slot_of(g, 1, "Freelancer")
    g.apply(0, PayFreelancer(1, free))
    assert g.limit == 3 and g.players[0].gold == 2
    assert g.players[1].village[free].coins == 1
    assert "already" in refused(g, 0, PayFreelancer(1, free))
    for card in ("Wattler", "Hunter", "Harvester"):
        g.apply(0, Build(card, None, None))
    assert g.used == 3


def test_freelancer_only_before_anything_else_and_never_past_five() -> None:
    g = make_ext([{"gold": 3, "hand": ["Wattler"]},
                  {"village": ["Founders", "Freelancer"]}], PROFITEERS, phase="build")
    g.apply(0, Build("Wattler", None, None))
    assert "start of your build turn" in refused(g, 0, PayFreelancer(1, 1))
    h = make_ext([{"gold": 3, "village": ["Founders", "Freelancer", "Wattler", "Wattler",
                                          ["Lumberjack", "Shipwright"]]}, {}],
                 PROFITEERS, phase="build")
    assert h.limit == 5
    assert "already 5" in refused(h, 0, PayFreelancer(0, 1))
