"""The rulebook's official variants as options: Pony Express (sell your coming recruit
roll for another mayor's extra-roll gold; it then counts as a 1) and Ordinance (once per
game, a pool card goes back into the deck and is replaced from the top)."""

from __future__ import annotations

from village_games import villagers_and_villains as vv
from village_games.villagers_and_villains import (
    BuyRoll,
    BuyRollFrom,
    KeepRoll,
    Ordinance,
    Recruit,
    Roll,
    SellRoll,
    UseAbility,
)

from .scenarios import make, refused

PONY = {"players": 3, "pony_express": True}


def test_a_mayor_sells_their_coming_roll_for_the_buyers_gold() -> None:
    g = make([{"gold": 2}, {}, {}], options=PONY, dice=[2, 4])
    g.apply(0, Recruit(4))
    assert {BuyRollFrom(1), BuyRollFrom(2)} <= set(g.legal_actions(0))
    g.apply(0, BuyRollFrom(1))
    assert g.to_act() == [1] and set(g.legal_actions(1)) == {SellRoll(), KeepRoll()}
    g.apply(1, SellRoll())
    assert (g.players[0].gold, g.players[1].gold) == (1, 7) and g.sold == [1]
    g.apply(0, Roll())  # 2 misses, 4 reaches card 4
    assert g.players[0].hand_pub[-1] == "Cathedral"
    # the seller's own roll now counts as a 1: card 2 is out of reach, card 1 it is
    g.apply(1, Recruit(2))
    events = g.apply(1, Roll())
    assert "sold_roll" in [e.kind for e in events] and "die" not in [e.kind for e in events]
    assert g.players[1].town == ["Imps"] and g.sold == []


def test_a_sold_roll_still_takes_bonuses_and_extra_rolls_are_normal() -> None:
    g = make([{"gold": 2}, {"gold": 1, "town": ["Tower"]}, {}],
             options={**PONY, "advanced": True}, dice=[6])
    g.apply(0, Recruit(2))
    g.apply(0, BuyRollFrom(1))
    g.apply(1, SellRoll())
    g.apply(0, Roll())
    g.apply(1, Recruit(2))
    g.apply(1, UseAbility("Tower"))  # 1 + 1 reaches position 2
    g.apply(1, Roll())
    assert g.players[1].town[-1] == "Flood"


def test_the_seller_may_keep_the_roll_and_is_asked_once_per_turn() -> None:
    g = make([{"gold": 2}, {}, {}], options=PONY)
    g.apply(0, Recruit(4))
    g.apply(0, BuyRollFrom(1))
    g.apply(1, KeepRoll())
    assert g.players[0].gold == 2 and g.sold == [] and g.to_act() == [0]
    assert "not sold it and was not asked" in refused(g, 0, BuyRollFrom(1))
    g.apply(0, BuyRoll())  # the bank still sells
    assert g.players[0].gold == 1


def test_only_mayors_still_to_recruit_can_sell() -> None:
    g = make([{}, {}, {}], options=PONY)
    g.apply(0, Recruit(1))
    g.apply(1, Recruit(1))
    g.apply(2, Recruit(3))
    assert not any(isinstance(a, BuyRollFrom) for a in g.legal_actions(2))


def test_pony_express_is_only_in_play_when_chosen() -> None:
    g = make([{}, {}])
    g.apply(0, Recruit(3))
    assert "not in play" in refused(g, 0, BuyRollFrom(1))
    assert g.observation(0)["pony_express"] is None


def test_variants_are_options_saved_with_the_game_and_its_record() -> None:
    g = vv.new_game(3, seed=2, ordinance=True, pony_express=True)
    assert g.options == {"players": 3, "advanced": False, "ordinance": True,
                         "pony_express": True}
    again = vv.Game.from_dict(g.to_dict())
    assert again.ordinance and again.pony_express
    assert vv.replay(g.record()).pony_express


def test_ordinance_variant_swaps_a_pool_card_once_per_game_per_mayor() -> None:
    g = make([{}, {}], options={"players": 2, "ordinance": True},
             deck=["Jeweler", "Banker", "Shepherd"])
    assert Ordinance(2) in g.legal_actions(0)
    events = g.apply(0, Ordinance(2))
    assert g.pool[1] != "Weaver" and "Weaver" in g.deck and len(g.deck) == 3
    assert events[0].kind == "ordinance" and events[0].chance and events[0].reveals
    assert "once per game" in refused(g, 0, Ordinance(3))
    g.apply(0, Recruit(1))
    assert Ordinance(1) in g.legal_actions(1)
    g.apply(1, Recruit(1))
    assert "once per game" in refused(g, 0, Ordinance(1))
    assert g.observation(1)["ordinance"] == {"used": [0]}


def test_ordinance_is_only_in_play_when_chosen() -> None:
    g = make([{}, {}])
    assert not any(isinstance(a, Ordinance) for a in g.legal_actions(0))
    assert "not in play" in refused(g, 0, Ordinance(2))
    assert g.observation(0)["ordinance"] is None
