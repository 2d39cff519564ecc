"""The Courier (Scoundrels): before another player's draft turn, a Road villager straight
to the holder's hand; the Road refills as after a draft; discarded after use; secret
until played."""

from __future__ import annotations

import json
import random

import pytest

from village_games import villagers
from village_games.villagers import DraftRoad, DraftStack
from village_games.villagers.expansions.actions import (
    LetDraftGoOn,
    PlayBarbarian,
    PlayCourier,
)

from .expansion_scenarios import make_ext
from .scenarios import EMPTY_STACKS, refused, state

SCOUNDRELS = ["scoundrels"]
ROAD = [{"card": "Cooper", "coins": 2}, "Wheeler", "Grazier", "Mason", "Graper", "Wattler"]


def three_players(**table: object) -> villagers.Villagers:
    """Ana drafts first; Cy holds the Courier."""
    table = {"phase": "draft", "road": ROAD, **table}
    return make_ext([{"gold": 3}, {"gold": 3}, {"gold": 3, "hand": ["Courier"]}],
                    SCOUNDRELS, **table)


def test_the_holder_is_asked_before_another_players_turn_and_never_before_their_own() -> None:
    g = three_players()
    g.apply(0, DraftStack(0))  # Ana's turn ends; Ben's is next
    assert g.to_act() == [2] and LetDraftGoOn() in g.legal_actions(2)
    assert "nothing to decide" in refused(g, 1, DraftRoad(1))  # Ben waits for Cy
    g.apply(2, LetDraftGoOn())
    assert g.to_act() == [1]
    g.apply(1, DraftStack(0))  # now it is Cy's own turn: no moment for him
    assert g.to_act() == [2]
    assert not any(isinstance(a, (PlayCourier, LetDraftGoOn)) for a in g.legal_actions(2))
    g.apply(2, DraftStack(0))
    assert g.to_act() == [2] and PlayCourier(0) in g.legal_actions(2)  # before Ana's turn


def test_the_courier_takes_a_road_villager_with_its_coins_and_the_road_refills_from_the_leftmost_stack() -> None:  # noqa: E501
    stacks = [[], ["Hunter", "Fisher"], ["Priest"], [], [], []]
    g = three_players(stacks=stacks)
    g.apply(0, DraftStack(1))  # Ana draws the Fisher; stack 2 now holds the Hunter on top
    g.apply(2, PlayCourier(0))
    cy = g.players[2]
    assert cy.hand() == ["Cooper"] and cy.gold == 5 and cy.square == []
    assert g.road[0] == "Hunter" and g.road_coins[0] == 0  # from stack 2, the leftmost
    assert "Courier" in g.discard
    assert g.to_act() == [1] and g.phase == "draft"  # Ben's turn goes on as usual
    assert g.log[-2].kind == "courier" and "with its 2 Gold" in g.log[-2].text


def test_with_every_stack_empty_the_road_refills_from_the_reserve() -> None:
    g = three_players(stacks=EMPTY_STACKS, reserve=["Seeker", "Jeweler"])
    g.apply(0, DraftRoad(5))  # the Wattler's slot takes the Jeweler
    g.apply(2, PlayCourier(1))
    assert g.road[1] == "Seeker" and not g.reserve.cards


def test_the_courier_is_discarded_after_use_and_cannot_be_played_twice() -> None:
    g = three_players()
    g.apply(0, DraftStack(0))
    g.apply(2, PlayCourier(2))
    g.apply(1, DraftStack(0))
    g.apply(2, DraftStack(0))
    assert g.to_act() == [0]  # no moment before Ana now: the card is gone
    assert "only by its holder, when asked" in refused(g, 0, PlayCourier(1))
    assert "nothing to decide" in refused(g, 2, PlayCourier(1))
    assert g.discard.count("Courier") == 1 and "Courier" not in g.players[2].hand()


def test_an_illegal_courier_attempt_changes_nothing() -> None:
    road = [None, *ROAD[1:]]
    g = three_players(road=road)
    g.apply(0, DraftStack(0))
    assert "slot 1 is empty" in refused(g, 2, PlayCourier(0))
    assert "slots 1 to 6" in refused(g, 2, PlayCourier(9))
    assert "play the Courier" in refused(g, 2, DraftRoad(1))
    assert "nothing to decide" in refused(g, 0, LetDraftGoOn())


def test_the_courier_taking_the_last_villager_ends_the_draft() -> None:
    road = [None, None, None, None, None, "Mason"]
    g = make_ext([{"gold": 3, "square": ["Cooper"]}, {"gold": 3},
                  {"gold": 3, "hand": ["Courier"]}], SCOUNDRELS, phase="draft", turn=1,
                 road=road, stacks=EMPTY_STACKS, reserve=[], expansion_state={"courier": 2})
    g.apply(2, PlayCourier(5))
    assert g.phase == "build" and all(not p.drafting for p in g.players)
    assert g.players[0].hand() == ["Cooper"]


def test_the_courier_stays_secret_until_it_is_played() -> None:
    g = three_players()
    g.apply(0, DraftStack(0))
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs["to_act"] == [1] and obs["expansions"]["courier"] is None
        assert obs["players"][2]["hand"] is None and "Courier" not in json.dumps(obs)
        world = g.determinize(seat, random.Random(4))
        assert world.to_act() == [1]  # in the worlds of the others, Ben simply drafts
    mine = g.observation(2)
    assert mine["to_act"] == [2] and mine["expansions"]["courier"] == {"seat": 2, "before": 1}
    assert g.determinize(2, random.Random(4)).to_act() == [2]
    events = g.apply(2, LetDraftGoOn())
    assert events == []  # holding back tells the table nothing


def test_an_open_moment_survives_save_and_load() -> None:
    g = three_players()
    g.apply(0, DraftStack(0))
    h = villagers.Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert state(h) == state(g) and h.to_act() == [2]
    h.apply(2, PlayCourier(3))
    assert h.players[2].hand() == ["Mason"]


def test_a_saved_moment_must_name_the_holder() -> None:
    with pytest.raises(ValueError, match="seat holding the Courier"):
        three_players(expansion_state={"courier": 1})


def test_scoundrels_deal_all_five_at_five_players_the_courier_included() -> None:
    g = villagers.new_game(players=5, seed=3, expansions=["scoundrels"])
    dealt = {"Barbarian", "Courier", "Flaker", "Noble", "Schemer"}
    assert sorted(g.ext.dealt) == sorted(dealt)
    assert all(len(dealt & set(p.hand_sec)) == 1 for p in g.players)


def test_a_barbarian_who_leaves_nothing_to_draft_ends_the_draft() -> None:
    g = make_ext([{"gold": 0, "hand": ["Barbarian"]}, {"gold": 0}], SCOUNDRELS,
                 phase="draft", road=ROAD, stacks=EMPTY_STACKS, reserve=[])
    g.apply(0, PlayBarbarian())
    assert g.phase == "road" and g.to_act() == [1]


def test_the_bots_play_the_courier() -> None:
    from village_games.bots.random_bot import RandomBot
    from village_games.bots.villagers_bot import VillagersBot
    from village_games.core.seat import SeatView

    g = three_players()
    g.apply(0, DraftStack(0))
    picks = {RandomBot(seed=s).act(SeatView(g, 2)) for s in range(20)}
    assert LetDraftGoOn() in picks and any(isinstance(a, PlayCourier) for a in picks)
    # early on the bot waits for something better than the starting Road; once the stacks
    # are gone an unused Courier is wasted, so it takes the best villager there
    assert VillagersBot(seed=1).act(SeatView(g, 2)) == LetDraftGoOn()
    late = three_players(stacks=[["Hunter"], [], [], [], [], []])
    late.apply(0, DraftStack(0))
    assert VillagersBot(seed=1).act(SeatView(late, 2)) == PlayCourier(0)  # Cooper, 2 Gold
