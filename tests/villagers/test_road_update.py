"""Updating the Road after the draft: 3+ players and 2 players."""

from __future__ import annotations

from village_games.villagers import DraftRoad, PlaceCoin

from .scenarios import make, refused

ROAD = ["Swineherd", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"]


def test_three_plus_discard_coined_refill_from_reserve_one_gold_on_each() -> None:
    """3+ players: villagers with coins are discarded (coins back to the Bank), the gaps
    are dealt from the Reserve, then every face-up villager gets 1 Gold."""
    g = make(
        [{"draft_limit": 1}, {"draft_limit": 1}, {"draft_limit": 1}],
        road=[{"card": "Swineherd", "coins": 1}, "Wheeler", "Grazier",
              {"card": "Mason", "coins": 1}, "Graper", "Wattler"],
        stacks=[["Cooper"], ["Cooper"], ["Jeweler"], ["Jeweler"], ["Tinner"], ["Tinner"]],
        reserve=["Priest", "Agent", "Fisher", "Beekeeper"])
    bank, before = g.bank, len(g.discard)
    g.apply(0, DraftRoad(1))  # Wheeler -> replaced by the Cooper of stack 1
    g.apply(1, DraftRoad(2))  # Grazier -> replaced by the Cooper of stack 2
    g.apply(2, DraftRoad(4))  # Graper -> replaced by the Jeweler of stack 3
    assert g.phase == "build"
    assert g.discard[before:] == ["Swineherd", "Mason"]
    assert g.road == ["Beekeeper", "Cooper", "Cooper", "Fisher", "Jeweler", "Wattler"]
    assert g.road_coins == [1] * 6
    assert g.bank == bank + 2 - 6


def test_three_plus_refill_from_the_leftmost_stack_when_the_reserve_is_empty() -> None:
    g = make([{"draft_limit": 1}, {"draft_limit": 1}, {"draft_limit": 1}],
             road=[{"card": "Swineherd", "coins": 1}, "Wheeler", "Grazier", "Mason",
                   "Graper", "Wattler"],
             stacks=[[], ["Agent", "Cooper"], ["Jeweler"], [], [], ["Tinner"]], reserve=[])
    for seat, slot in ((0, 1), (1, 2), (2, 3)):
        g.apply(seat, DraftRoad(slot))
    # the drafts emptied stacks 2 and 3; the Swineherd's place is dealt from stack 6
    assert g.road[0] == "Tinner" and g.road[1:4] == ["Cooper", "Agent", "Jeweler"]


def test_two_players_reverse_order_coins_then_coinless_discarded() -> None:
    """2 players: in reverse turn order each may put 1 Gold on a Road villager (the same
    one is fine); villagers without coins are discarded and replaced from the Reserve;
    coins stay and pile up; no other Gold is added."""
    g = make([{"draft_limit": 1}, {"draft_limit": 1}], first=0, turn=0,
             road=ROAD, stacks=[["Cooper"], ["Cooper"], ["Jeweler"], [], [], ["Tinner"]],
             reserve=["Priest", "Agent", "Fisher", "Beekeeper", "Chandler", "Hunter"])
    g.apply(0, DraftRoad(0))
    g.apply(1, DraftRoad(1))
    assert g.phase == "road" and g.to_act() == [1]  # reverse turn order: seat 1 first
    bank, before = g.bank, len(g.discard)
    g.apply(1, PlaceCoin(2))
    assert g.to_act() == [0]
    g.apply(0, PlaceCoin(2))
    assert g.phase == "build" and g.bank == bank - 2
    assert g.road[2] == "Grazier" and g.road_coins[2] == 2
    assert g.road_coins.count(0) == 5  # the refilled villagers get nothing
    assert set(g.discard[before:]) == {"Cooper", "Mason", "Graper", "Wattler"}
    assert g.road[0] == "Hunter" and g.road[1] == "Chandler"  # dealt from the Reserve


def test_two_players_may_place_no_gold_and_only_on_face_up_villagers() -> None:
    g = make([{"draft_limit": 1}, {"draft_limit": 1}], phase="road",
             road=["Fisher", None, None, None, None, None])
    assert "holds no face-up villager" in refused(g, 1, PlaceCoin(3))
    assert set(g.legal_actions(1)) == {PlaceCoin(None), PlaceCoin(0)}
    g.apply(1, PlaceCoin(None))
    g.apply(0, PlaceCoin(None))
    assert "Fisher" in g.discard


def test_two_players_coined_villager_pays_all_its_coins_to_the_drafter() -> None:
    g = make([{"draft_limit": 1}, {"draft_limit": 1}],
             road=[{"card": "Fisher", "coins": 3}, *ROAD[1:]])
    g.apply(0, DraftRoad(0))
    assert g.players[0].gold == 11


def test_two_players_coined_villagers_stay_for_later_rounds_and_coins_pile_up() -> None:
    g = make([{"draft_limit": 1}, {"draft_limit": 1}], phase="road",
             road=[{"card": "Fisher", "coins": 2}, "Wheeler", None, None, None, None])
    g.apply(1, PlaceCoin(0))
    g.apply(0, PlaceCoin(None))
    assert g.road[0] == "Fisher" and g.road_coins[0] == 3
