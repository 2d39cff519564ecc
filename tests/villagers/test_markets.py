"""End of the Build Phase, the two Market Phases, every Silver formula, and the winner."""

from __future__ import annotations

from typing import Any

import pytest

from village_games.villagers import AgentReads, EndTurn

from .scenarios import EMPTY_STACKS, make

FIRST_MARKET_STACKS = [[], [], ["Fisher"], ["Hunter"], ["Mason"], ["Seeker"]]


def last_build_turn(villages: list[list[Any]], stacks: list[list[str]], **more: Any):
    """Two players; seat 1 is about to end the round's Build Phase."""
    return make([{"village": v, "gold": 0} for v in villages], phase="build", first=0, turn=1,
                stacks=stacks, **more)


def test_first_market_worth_23_the_rulebook_example() -> None:
    """Visible Gold symbols plus coins: 2 + 9 + 4 + (2 + 4 coins) + 2 = 23; the Freemason's
    Silver waits for the Second Market; coins stay on the cards. (A Hunter's Food keeps
    the Founders on their Gold side.)"""
    village = ["Founders", ["Lumberjack", "Wheeler", "Cartwright"], [1, "Cooper"],
               ["Miner", {"card": "Blacksmith", "coins": 4}], ["Hayer", "Thatcher"],
               "Freemason", "Hunter"]
    g = last_build_turn([village, ["Founders"]], FIRST_MARKET_STACKS)
    g.apply(1, EndTurn())
    assert g.players[0].gold == 23
    assert g.players[0].village[6].coins == 4
    assert g.markets == 1 and g.phase == "draft" and g.round == 2


def test_second_market_with_silver_two_grocers_9_plus_9_plus_4() -> None:
    """Two Grocers at 3 per Food (3 Food): 9 each; 4 printed Gold; 22 from the Bank, then
    the coins on the Carpenter move to the Supply."""
    village = [{"card": "Founders", "flipped": True}, "Harvester", "Hunter", "Grocer",
               "Grocer", ["Lumberjack", {"card": "Carpenter", "coins": 6}], "Beekeeper"]
    g = last_build_turn([village, ["Founders"]], EMPTY_STACKS, markets=1)
    bank = g.bank
    g.apply(1, EndTurn())
    me = g.players[0]
    assert me.gold == 22 + 6 and g.bank == bank - 22  # the other's Founders flipped: 0
    assert all(s.coins == 0 for s in me.village)
    market = [e for e in g.log if e.kind == "market" and e.data["seat"] == 0][-1]
    assert (market.data["printed"], market.data["silver"], market.data["coins"]) == (4, 18, 6)
    assert g.is_over()


def test_markets_come_after_the_build_phase_of_the_round_the_stacks_empty() -> None:
    g = last_build_turn([["Founders"], ["Founders"]], [[], ["Fisher"], [], [], [], []])
    g.apply(1, EndTurn())
    assert g.markets == 0 and g.phase == "draft"  # stack 2 still holds a card
    g = last_build_turn([["Founders"], ["Founders"]], [[], [], [], [], [], ["Fisher"]])
    g.apply(1, EndTurn())
    assert g.markets == 1 and not g.is_over()
    g = last_build_turn([["Founders"], ["Founders"]], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    assert g.markets == 2 and g.is_over()


def test_both_markets_in_one_round_first_then_second() -> None:
    g = last_build_turn([["Founders", "Hunter"], ["Founders"]], EMPTY_STACKS)
    g.apply(1, EndTurn())
    assert g.is_over() and g.players[0].gold == 2 + 2  # Founders paid in each Market
    assert g.players[1].gold == 0  # no Food: the Founders flipped before either Market


def test_founders_flip_when_no_food_and_the_first_player_card_passes() -> None:
    g = last_build_turn([["Founders", "Hunter"], ["Founders"]], FIRST_MARKET_STACKS[:0] + [
        ["Fisher"], [], [], [], [], []])
    g.apply(1, EndTurn())
    assert not g.players[0].village[0].flipped and g.players[1].village[0].flipped
    assert g.first == 1 and g.to_act() == [1]
    assert g.players[1].draft_limit == 3  # the flipped Founders' Food counts at once


def test_flipped_founders_never_flip_back() -> None:
    g = last_build_turn([[{"card": "Founders", "flipped": True}, ["Hayer", "Grazier"]],
                         ["Founders"]], [["Fisher"], [], [], [], [], []])
    g.apply(1, EndTurn())
    assert g.players[0].village[0].flipped


SILVER_CASES = [
    # (village, expected Silver of the formula card at the end of the list)
    ([["Lumberjack", "Wheeler", "Cartwright"], ["Lumberjack", {"card": "Cooper", "coins": 4}],
      ["Lumberjack", "Wood Carver"]], 13),  # clarification: 9 + 4, printed Gold, no coins
    ([["Lumberjack", "Log Rafter"]], 3),  # 1 Lumberjack + its own 2 Wood symbols
    ([["Hayer", "Bed Builder"], ["Hayer", "Horse Trader"]], 3 * (5 // 2)),
    ([["Miner", "Glass Blower"], ["Miner", "Seeker"], ["Hayer", "Ore Muler"]], 3 * 2),
    ([["Miner", "Spelunker"][:1], ["Miner", "Jeweler"][:1], ["Hayer", "Peddler"]], 0),
    ([["Miner", "Blacksmith"], ["Miner", "Locksmith"], ["Lumberjack", "Cooper"]], 2 * 2),
    (["Wattler", ["Hayer", "Thatcher"], "Freemason"], 3 * 2),
    (["Chandler", "Hunter", "Priest"], 3 * (4 // 2)),
]


@pytest.mark.parametrize("village,silver", SILVER_CASES,
                         ids=["wood_carver", "log_rafter", "horse_trader", "ore_muler",
                              "peddler_none", "locksmith", "freemason", "priest"])
def test_silver_formulas(village: list, silver: int) -> None:
    g = last_build_turn([["Founders", *village], ["Founders"]], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    market = [e for e in g.log if e.kind == "market" and e.data["seat"] == 0][-1]
    assert market.data["silver"] == silver


def test_peddler_counts_gold_symbols_not_their_value() -> None:
    """Two Jewelers (20 each) are two Gold symbols; with the Founders' Gold: 3 symbols,
    so 3 Gold."""
    village = ["Founders", ["Miner", "Seeker", "Spelunker", "Jeweler"],
               ["Miner", "Seeker", "Spelunker", "Jeweler"], ["Hayer", "Peddler"], "Hunter"]
    g = last_build_turn([village, ["Founders"]], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    market = [e for e in g.log if e.kind == "market" and e.data["seat"] == 0][-1]
    assert market.data["silver"] == 3 and market.data["printed"] == 2 + 40


def test_silver_only_in_the_second_market() -> None:
    g = last_build_turn([["Founders", "Hunter", "Grocer"], ["Founders"]], FIRST_MARKET_STACKS)
    g.apply(1, EndTurn())
    assert g.players[0].gold == 2


def test_agent_reads_the_coins_of_one_villager_chosen_before_coins_move() -> None:
    village = ["Founders", "Agent", ["Miner", {"card": "Blacksmith", "coins": 6}],
               ["Lumberjack", {"card": "Carpenter", "coins": 4}]]
    g = last_build_turn([village, ["Founders"]], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    assert g.phase == "agent" and g.to_act() == [0]
    assert set(g.legal_actions(0)) == {AgentReads(3), AgentReads(5)}
    g.apply(0, AgentReads(5))
    assert g.players[0].gold == 2 + 4 + 10  # Founders, the Agent's 4, the coins moved


def test_agent_with_one_villager_to_read_needs_no_choice() -> None:
    village = ["Founders", "Agent", "Agent", ["Miner", {"card": "Blacksmith", "coins": 6}]]
    g = last_build_turn([village, ["Founders"]], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    assert g.is_over() and g.players[0].gold == 2 + 6 + 6 + 6


def winner_game(golds: list[int], villages: list[list]):
    g = make([{"village": v, "gold": x} for v, x in zip(villages, golds, strict=True)],
             phase="build", first=0, turn=len(golds) - 1, stacks=EMPTY_STACKS, markets=1)
    g.apply(len(golds) - 1, EndTurn())
    return g.outcome()


def test_most_gold_wins() -> None:
    out = winner_game([10, 11, 3], [["Founders", "Hunter"], ["Founders", "Harvester"],
                                    ["Founders", "Graper"]])
    assert out.winners == (1,) and out.tiebreak == "" and out.scores == (12.0, 13.0, 5.0)


def test_tie_goes_to_the_fewest_villagers_then_it_is_shared() -> None:
    out = winner_game([10, 10, 3], [["Founders", "Wattler"], ["Founders"], ["Founders"]])
    assert out.winners == (1,) and out.tiebreak == "fewest villagers"
    out = winner_game([10, 10, 3], [["Founders"], ["Founders"], ["Founders"]])
    assert out.winners == (0, 1) and out.tiebreak == "shared" and "share" in out.reason


def test_silver_counts_only_your_own_village() -> None:
    mine = ["Founders", "Hunter", "Grocer"]
    theirs = ["Founders", "Harvester", "Graper", ["Hayer", "Grazier", "Milk Maid"]]
    g = last_build_turn([mine, theirs], EMPTY_STACKS, markets=1)
    g.apply(1, EndTurn())
    market = [e for e in g.log if e.kind == "market" and e.data["seat"] == 0][-1]
    assert market.data["silver"] == 3  # the Hunter's Food only, not the other village's 4
