"""Every card of the stand-in deck does what its data says: a check per card, so a card
whose ability the engine ignored (or misapplied) fails by name."""

from __future__ import annotations

import pytest

from village_games.villages import Add, Attack, Defend, standard_deck
from village_games.villages.scoring import village_gold

from .scenarios import make

CARDS = standard_deck()
UNITS = [c for c in CARDS if c.is_unit]
GREYS = [c for c in CARDS if not c.is_unit]


def _total(parts: list[tuple[str, int]]) -> int:
    return sum(x for _, x in parts)


def _stranger(card) -> str:
    """A plain unit of another colour, not named after anything the card reacts to."""
    colour = "Red" if card.colour != "Red" else "Blue"
    return f"{colour} Farmer"


@pytest.mark.parametrize("card", UNITS, ids=lambda c: c.id)
def test_each_units_power_attacking_and_defending(card) -> None:
    from village_games.villages import power_parts

    other = _stranger(card)
    assert _total(power_parts(CARDS, card.id, other, True, None)) == card.power + card.attack_bonus
    assert _total(power_parts(CARDS, card.id, other, False, None)) == card.power + card.defend_bonus
    same = next(c.id for c in UNITS if c.colour == card.colour and c.id != card.id
                and c.name != card.bonus_vs_name)
    assert _total(power_parts(CARDS, card.id, same, True, None)) == (
        card.power + card.attack_bonus + card.same_colour_bonus)
    if card.bonus_vs_name:
        foe = next(c.id for c in UNITS if c.name == card.bonus_vs_name
                   and c.colour != card.colour)
        assert _total(power_parts(CARDS, card.id, foe, True, None)) == (
            card.power + card.attack_bonus + card.bonus_vs)


@pytest.mark.parametrize("card", UNITS, ids=lambda c: c.id)
def test_each_unit_defends_its_own_village_and_only_archers_defend_another(card) -> None:
    home = [card.id] + [c.id for c in UNITS if c.colour == card.colour and c.id != card.id][:2]
    elsewhere = "Red" if card.colour != "Red" else "Blue"
    target = [f"{elsewhere} Monk" if elsewhere == "Blue" else "Red Squire",
              f"{elsewhere} Farmer", f"{elsewhere} Builder"]
    g = make([{"hand": ["Purple Assassin" if card.colour != "Purple" else "Red Orc"]},
              {"villages": {card.colour: home, elsewhere: target}}])
    attacker = g.hands[0][0]
    g.apply(0, Attack(1, elsewhere, attacker, "hand"))
    assert (Defend(card.id, card.colour) in g.legal_actions(1)) == card.archer
    h = make([{"hand": [attacker]}, {"villages": {card.colour: home}}])
    h.apply(0, Attack(1, card.colour, attacker, "hand"))
    assert Defend(card.id, card.colour) in h.legal_actions(1)


@pytest.mark.parametrize("card", UNITS, ids=lambda c: c.id)
def test_each_units_gold_and_multiplier_in_a_village(card) -> None:
    others = [c.id for c in UNITS if c.colour == card.colour and c.id != card.id
              and c.village_multiplier == 1][:2]
    base = sum(CARDS[c].gold for c in others)
    assert village_gold(CARDS, [card.id, *others]) == (base + card.gold) * card.village_multiplier


@pytest.mark.parametrize("card", UNITS, ids=lambda c: c.id)
def test_each_unit_supports_what_it_says(card) -> None:
    mates = [c.id for c in UNITS if c.colour == card.colour and c.id != card.id
             and c.supports is None][:2]
    g = make([{"hand": ["Pig", "Castle"], "villages": {card.colour: [card.id, *mates]}}, {}])
    legal = g.legal_actions(0)
    assert (Add("Pig", card.colour) in legal) == (card.supports == "animals")
    assert (Add("Castle", card.colour) in legal) == (card.supports == "buildings")


@pytest.mark.parametrize("card", GREYS, ids=lambda c: c.id)
def test_each_grey_card_bonus_helps_units_of_its_village(card) -> None:
    from village_games.villages import power_parts

    village = ["Red Farmer", "Red Builder", "Red Squire", card.id]
    att = _total(power_parts(CARDS, "Red Squire", "Blue Monk", True, village))
    dfd = _total(power_parts(CARDS, "Red Squire", "Blue Monk", False, village))
    assert att == 2 + card.village_attack_bonus and dfd == 2 + card.village_defend_bonus
    assert village_gold(CARDS, village) == 3 + 3 + 3 + card.gold


@pytest.mark.parametrize("card", GREYS, ids=lambda c: c.id)
def test_each_grey_card_joins_only_with_its_support(card) -> None:
    farmer = ["Red Farmer", "Red Orc", "Red Ace"]
    builder = ["Blue Builder", "Blue Monk", "Blue Ace"]
    g = make([{"hand": [card.id], "villages": {"Red": farmer, "Blue": builder}}, {}])
    legal = g.legal_actions(0)
    assert (Add(card.id, "Red") in legal) == (card.kind == "animal")
    assert (Add(card.id, "Blue") in legal) == (card.kind == "building")
