"""One test per stand-in card ability: each card with an ability is put in a town, in its
phase, and used (or bought by VEND, or left to act by itself); the effect its data names
must show in the game."""

from __future__ import annotations

from typing import Any

import pytest

from village_games.villagers_and_villains import (
    AllowVend,
    Attack,
    PayVend,
    Recruit,
    UseAbility,
    VillagersAndVillains,
    standard_deck,
)
from village_games.villagers_and_villains.cards import Card

from .scenarios import make

DECK = standard_deck()
ACTIVE = [c for c in DECK if c.ability and not c.ability.passive]
VEND = [c for c in ACTIVE if c.ability and c.ability.vend is not None]
PASSIVE = [c for c in DECK if c.ability and c.ability.passive]

# what each phase's table needs so that every effect has something to act on
EXTRA_TOWN = {"defend": ["Ogre"], "pillage": ["Witch", "Bandits"]}
DECK_TOP = ["Jeweler", "Banker", "Shepherd"]


def table_for(card: Card, owner: int) -> VillagersAndVillains:
    ab = card.ability
    assert ab is not None
    towns: list[list[str]] = [[], []]
    towns[0] += EXTRA_TOWN.get(ab.phase, [])
    towns[owner].append(card.name)
    players: list[dict[str, Any]] = [
        {"gold": 5, "town": towns[0], "hand": ["Angry Mob", "Farm"]},
        {"gold": 0, "town": towns[1]}]
    return make(players, advanced=True, phase=ab.phase, deck=DECK_TOP)


def get_ready(g: VillagersAndVillains, card: Card) -> None:
    """Announce the recruit or choose the DEFENSE when the bonus is declared for a roll."""
    ab = card.ability
    assert ab is not None and g.to_act() == [0]
    if ab.when == "declare":
        g.apply(0, Recruit(6) if ab.phase == "recruit" else Attack("Ogre", None))


def snapshot(g: VillagersAndVillains) -> dict[str, int]:
    t = g.turn_state
    return {"bonus": t.bonus, "rolls": t.rolls, "town_left": t.town_left,
            "reduce": t.reduce, "builds_left": t.builds_left, "discount": t.discount,
            "drawn": len(g.players[0].hand_sec), "gold": g.players[0].gold}


EFFECT_FIELD = {"recruit_bonus": "bonus", "free_roll": "rolls", "defense_bonus": "bonus",
                "extra_defense": "town_left", "reduce_pillage": "reduce",
                "extra_build": "builds_left", "discount": "discount", "draw": "drawn"}


def pillage_paid(g: VillagersAndVillains) -> int:
    return sum(e.data["lost"] for e in g.log if e.kind == "pillage" and e.data["seat"] == 0)


def check_effect(card: Card, before: dict[str, int], after: dict[str, int], paid: int,
                 earned: int = 0, g: VillagersAndVillains | None = None) -> None:
    ab = card.ability
    assert ab is not None
    if ab.effect == "reduce_pillage":  # the lowered loss was then paid (the last ruling)
        assert g is not None and pillage_paid(g) == 4 - ab.amount, card.name
        return
    if ab.effect == "gain":
        assert after["gold"] == before["gold"] - paid + ab.amount + earned, card.name
        return
    key = EFFECT_FIELD[ab.effect]
    assert after[key] == before[key] + ab.amount, (card.name, key)
    assert after["gold"] == before["gold"] - paid + earned, card.name


@pytest.mark.parametrize("card", ACTIVE, ids=[c.name for c in ACTIVE])
def test_each_card_ability_does_what_its_data_says(card: Card) -> None:
    g = table_for(card, owner=0)
    get_ready(g, card)
    assert UseAbility(card.name) in g.legal_actions(0)
    before = snapshot(g)
    g.apply(0, UseAbility(card.name))
    earned = card.earnings if card.ability and card.ability.phase == "earning" else 0
    check_effect(card, before, snapshot(g), card.ability.cost, earned, g)  # type: ignore[union-attr]
    assert UseAbility(card.name) not in g.legal_actions(0)  # once per turn


@pytest.mark.parametrize("card", VEND, ids=[c.name for c in VEND])
def test_each_vend_ability_can_be_bought_by_another_mayor(card: Card) -> None:
    g = table_for(card, owner=1)
    get_ready(g, card)
    assert PayVend(1, card.name) in g.legal_actions(0)
    before = snapshot(g)
    g.apply(0, PayVend(1, card.name))
    g.apply(1, AllowVend())
    check_effect(card, before, snapshot(g), card.ability.vend, 0, g)  # type: ignore[union-attr,arg-type]
    ab = card.ability
    assert ab is not None and ab.vend is not None
    # the owner got the VEND price (and the card's earnings if the Earning Phase has run)
    earned = card.earnings if ab.phase in ("pillage", "earning") else 0
    assert g.players[1].gold == ab.vend + earned


@pytest.mark.parametrize("card", PASSIVE, ids=[c.name for c in PASSIVE])
def test_each_passive_ability_acts_by_itself(card: Card) -> None:
    ab = card.ability
    assert ab is not None
    if ab.effect == "tax":  # seat 1's card takes its due on seat 0's Pillage turn
        g = make([{"gold": 5, "town": ["Witch"]}, {"gold": 0, "town": [card.name]}],
                 advanced=True, phase="pillage")
        g.apply(0, g.legal_actions(0)[0])  # either order: there is gold for both
        assert g.players[1].gold == ab.amount
    else:  # income: the owner is paid at the Reset
        g = make([{"gold": 0, "town": [card.name]}, {"gold": 0}], advanced=True,
                 phase="build")
        assert g.round == 2 and g.players[0].gold == ab.amount


def test_every_card_with_an_ability_is_tested() -> None:
    assert len(ACTIVE) + len(PASSIVE) == sum(1 for c in DECK if c.ability)
    assert len(VEND) >= 4
