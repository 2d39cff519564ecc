"""Developments: what each one counts, ties, the phase's order and when rewards count."""

from __future__ import annotations

import pytest

from village_games.villagers import DraftRoad, EndTurn
from village_games.villagers.expansions.actions import RewardBasic, RewardDraw
from village_games.villagers.expansions.deck import developments
from village_games.villagers.expansions.developments import count_for

from .expansion_scenarios import make_ext
from .scenarios import refused

DEV = ["developments"]


def table(devs: list[str], players: list[dict], holders: list | None = None, **more):
    """Ben (seat 1) is the last builder of the round: his EndTurn ends the Build Phase."""
    state = {"developments": devs, "holders": holders or [None] * len(devs)}
    return make_ext(players, DEV, phase="build", turn=1, expansion_state=state, **more)


@pytest.mark.parametrize("dev, village, hand, count", [
    ("Church", ["Founders", "Hunter", ["Miner", "Blacksmith"]], [], 4),
    ("Inn", ["Founders"], ["Monk", "Tinner", "Jeweler"], 2),
    ("Tavern", ["Founders", "Chandler", "Hunter"], [], 3),  # the Chandler shows two
    # covered Gold does not count: the Wheeler under the Cartwright
    ("Town Hall", ["Founders", ["Lumberjack", "Wheeler", "Cartwright"]], [], 2),
    ("Bank", [{"card": "Founders", "coins": 2}, {"card": "Fisher", "coins": 1}], [], 2),
    # padlocks count even covered: the Vintner under the Wine Trader
    ("Guildhall", ["Founders", ["Graper", "Vintner", "Wine Trader"]], [], 2),
    ("Lighthouse", ["Founders", ["Lumberjack", "Log Rafter"], "Lumberjack"], [], 4),
    ("Marketplace", ["Founders", "Hunter", ["Graper", "Vintner"]], [], 1),
    ("Gold Mine", ["Founders", ["Miner", "Glass Blower"]], [], 3),
    ("Ox Crane", ["Founders", ["Hayer", "Bed Builder"]], [], 3),
    ("Sawmill", ["Founders", ["Lumberjack", "Log Rafter"]], [], 3),
    # chains of 2+: Founders-Swineherd and Miner-Blacksmith; the lone Hunter is none
    ("Windmill", [["Founders", "Swineherd"], ["Miner", "Blacksmith"], "Hunter"], [], 2),
])
def test_what_each_development_counts(dev: str, village: list, hand: list[str],
                                      count: int) -> None:
    g = table([dev], [{"village": village, "hand": hand}, {}])
    assert count_for(g, 0, developments()[dev].condition) == count


def test_the_winner_takes_the_token_and_the_gold() -> None:
    g = table(["Gold Mine"], [{"gold": 0, "village": ["Founders", "Miner"]}, {"gold": 0}])
    g.apply(1, EndTurn())
    assert g.ext.holders == [0]
    assert g.players[0].gold == 5 and g.players[1].gold == 0


def test_a_tie_has_no_winner_and_the_token_goes_back() -> None:
    g = table(["Gold Mine"], [{"gold": 0, "village": ["Founders", "Miner"]},
                              {"gold": 0, "village": ["Founders", "Miner"]}],
              holders=[0])
    g.apply(1, EndTurn())
    assert g.ext.holders == [None]
    assert g.players[0].gold == g.players[1].gold == 0
    assert any(e.kind == "development" and "a tie" in e.text for e in g.log)


def draft_to_build(g) -> None:
    while g.phase not in ("build", "over"):
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0])


def test_builder_reward_counts_from_the_next_round_while_the_token_is_held() -> None:
    g = table(["Ox Crane"], [{"gold": 0, "village": ["Founders", "Hayer"]}, {"gold": 0}])
    assert g.limit == 2  # Ben's limit this round; Ana's was 2 too
    g.apply(1, EndTurn())
    assert g.ext.holders == [0] and g.players[0].gold == 2
    draft_to_build(g)
    while g.turn != 0:
        g.apply(g.turn, EndTurn())
    assert g.limit == 3  # 2 + the Ox Crane's Builder


def test_food_reward_raises_the_next_drafting_limit_but_never_past_five() -> None:
    village = [["Founders", "Swineherd"], ["Graper", "Vintner"], "Hunter", "Harvester",
               "Fisher"]
    g = table(["Windmill"], [{"gold": 0, "village": village}, {}])
    # Food: Swineherd, Hunter, Harvester, Fisher = 4, so 2 + 4 = 6 is capped at 5 anyway
    g.apply(1, EndTurn())
    assert g.ext.holders == [0]
    assert g.players[0].draft_limit == 5
    h = table(["Windmill"], [{"gold": 0, "village": [["Founders", "Swineherd"],
                                                     ["Graper", "Vintner"]]}, {}])
    h.apply(1, EndTurn())
    assert h.players[0].draft_limit == 2 + 1 + 1  # 1 Food (Swineherd) + the Windmill's


def test_winners_are_found_before_rewards_are_taken() -> None:
    """Ana's Church draw brings her a Special, but the Inn was already settled (a tie)."""
    stacks = [["Wattler", "Monk"], [], [], [], [], []]
    g = table(["Church", "Inn"], [{"gold": 0, "village": ["Founders", "Hunter"]},
                                  {"gold": 0}], stacks=stacks)
    g.apply(1, EndTurn())
    assert g.phase == "reward" and g.to_act() == [0]
    assert g.players[0].gold == 3
    assert "a stack that has cards" in refused(g, 0, RewardDraw(3))
    g.apply(0, RewardDraw(0))
    assert "Monk" in g.players[0].hand()
    assert g.ext.holders == [0, None]
    assert g.phase == "draft"


def test_tavern_places_a_basic_villager_of_the_winners_choice() -> None:
    g = table(["Tavern"], [{"gold": 0, "village": ["Founders", "Hunter"]}, {"gold": 0}])
    g.apply(1, EndTurn())
    assert "Basic Villager" in refused(g, 0, RewardBasic("Jeweler"))
    g.apply(0, RewardBasic("Miner"))
    assert [s.card for s in g.players[0].village][-1] == "Miner"
    assert g.players[0].gold == 3 and g.basics["Miner"] == 9


def test_the_development_phase_comes_before_the_market() -> None:
    g = table(["Gold Mine"], [{"gold": 0, "village": ["Founders", "Miner"]}, {"gold": 0}],
              stacks=[[], [], ["Wattler"], ["Wattler"], ["Hunter"], ["Fisher"]])
    g.apply(1, EndTurn())
    kinds = [e.kind for e in g.log]
    assert kinds.index("dev_reward") < kinds.index("market")


def test_everyone_sees_who_currently_leads_each_development() -> None:
    g = table(["Gold Mine", "Church"], [{"village": ["Founders", "Miner"]},
                                        {"village": ["Founders", "Hunter", "Wattler"]}])
    rows = g.observation(1)["expansions"]["developments"]
    assert [(r["name"], r["leader"], r["counts"]) for r in rows] == [
        ("Gold Mine", 0, [1, 0]), ("Church", 1, [2, 3])]
    assert rows[0]["condition"] == "the most Ore symbols" and "5 Gold" in rows[0]["reward"]
    assert DraftRoad(0) not in g.legal_actions(1)
