"""The Draft Phase: limits, face-up and face-down drafts, refills, the Reserve."""

from __future__ import annotations

from village_games.villagers import DraftReserve, DraftRoad, DraftStack, EndTurn

from .scenarios import EMPTY_STACKS, make, refused

ROAD = ["Swineherd", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"]


def test_draft_with_one_food_the_rulebook_example() -> None:
    """One Food: drafting limit 3. A coined road villager pays its coin to the Supply and
    is replaced by the top card of the leftmost stack; the third card ends the draft."""
    g = make([{"village": ["Founders", "Hunter"]}, {"village": ["Founders", "Fisher"]}, {}],
             road=[{"card": "Cooper", "coins": 1}, "Wheeler", "Grazier", "Mason", "Graper",
                   "Wattler"],
             stacks=[[], ["Tanner"] * 0 + ["Fisher", "Beekeeper"], ["Priest"], ["Agent"],
                     ["Thatcher"], ["Seeker"]])
    me = g.players[0]
    assert me.draft_limit == 3
    g.apply(0, DraftRoad(0))
    assert me.gold == 9 and me.square == ["Cooper"]
    assert g.road[0] == "Beekeeper" and g.road_coins[0] == 0  # top of stack 2 (leftmost)
    g.apply(1, DraftRoad(1))
    g.apply(2, DraftRoad(2))
    g.apply(0, DraftStack(3))
    assert me.square == ["Cooper", "Agent"]
    for seat in (1, 2):
        g.apply(seat, DraftRoad(3))
    g.apply(0, DraftRoad(4))
    assert me.square == [] and sorted(me.hand_pub) == ["Agent", "Cooper", "Graper"]
    assert not me.drafting
    # player 3 is done too (limit 2); player 2 drafts on alone
    assert g.to_act() == [1]
    g.apply(1, DraftRoad(5))
    assert g.phase == "build"


def test_drafting_limit_is_two_plus_food_at_most_five() -> None:
    many = ["Founders", "Hunter", "Harvester", "Graper", "Fisher", ["Hayer", "Grazier"]]
    g = make([{"village": many}, {"village": ["Founders", "Hunter"]}, {}])
    assert [p.draft_limit for p in g.players] == [5, 3, 2]


def test_face_down_draft_reveals_the_card_into_the_village_square() -> None:
    g = make([{}, {}, {}], stacks=[["Jeweler"], ["Cooper"], ["Agent"], ["Fisher"],
                                   ["Mason"], ["Chandler"]])
    events = g.apply(0, DraftStack(2))
    assert g.players[0].square == ["Agent"]
    assert events[0].reveals and events[0].chance
    assert events[0].text.endswith("it is an Agent.")  # the article fits the name
    assert all(o["players"][0]["square"] == ["Agent"] for o in
               (g.observation(1), g.observation(2), g.observation(None)))


def test_face_up_draft_refills_from_the_leftmost_stack_not_the_one_drafted_from() -> None:
    g = make([{}, {}, {}], stacks=[[], [], ["Priest", "Agent"], ["Fisher"], ["Mason"],
                                   ["Chandler"]])
    g.apply(0, DraftRoad(5))
    assert g.road[5] == "Agent" and [len(s) for s in g.stacks] == [0, 0, 1, 1, 1, 1]


def test_market_cards_are_never_drafted_and_empty_stacks_are_out_of_the_game() -> None:
    g = make([{}, {}, {}], stacks=[[], ["Cooper"], ["Agent"], ["Fisher"], ["Mason"],
                                   ["Chandler"]])
    assert "out of the game" in refused(g, 0, DraftStack(0))
    assert "Market cards" in refused(g, 0, DraftStack(6))


def test_reserve_only_when_all_stacks_are_empty() -> None:
    g = make([{}, {}, {}], stacks=[[], [], [], [], [], ["Chandler"]], reserve=["Fisher"])
    assert "only when all six stacks are empty" in refused(g, 0, DraftReserve())
    assert DraftReserve() not in g.legal_actions(0)
    g.apply(0, DraftStack(5))
    assert DraftReserve() in g.legal_actions(1)
    g.apply(1, DraftReserve())
    assert g.players[1].square == ["Fisher"]


def test_refill_comes_from_the_reserve_once_stacks_are_empty_then_stops() -> None:
    g = make([{}, {}, {}], stacks=EMPTY_STACKS, reserve=["Fisher"])
    g.apply(0, DraftRoad(0))
    assert g.road[0] == "Fisher" and len(g.reserve) == 0
    g.apply(1, DraftRoad(1))
    assert g.road[1] is None
    assert "empty" in refused(g, 2, DraftRoad(1))


def test_players_must_draft_up_to_their_limit() -> None:
    g = make([{}, {}, {}])
    legal = g.legal_actions(0)
    assert legal and all(type(a) in (DraftRoad, DraftStack) for a in legal)
    assert "Draft Phase" in refused(g, 0, EndTurn())


def test_a_player_who_can_draft_nothing_stops_with_what_they_have() -> None:
    g = make([{}, {}], stacks=EMPTY_STACKS, reserve=[],
             road=["Fisher", None, None, None, None, None])
    g.apply(0, DraftRoad(0))
    assert g.players[0].hand_pub == ["Fisher"] and g.players[1].hand_pub == []
    assert g.phase == "road"  # two players: the Road update asks for coins next
