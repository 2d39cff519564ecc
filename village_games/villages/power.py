"""A unit's power in a battle, after its abilities and its village's grey cards."""

from __future__ import annotations

from ..core import words
from .cards import CardSet
from .locations import Location, battle_parts
from .options import HAND


def attacker_wins(a_power: int, d_power: int | None, ties_to_attacker: bool = True) -> bool:
    """The one comparison of a battle (the battle itself, the odds and the bot ask it):
    the attacker wins unopposed (`d_power` None), with more power, or on a tie when ties
    go to the attacker (the rule, unless a Location card gives them to the defender)."""
    if d_power is None or a_power > d_power:
        return True
    return a_power == d_power and ties_to_attacker


def power_parts(cards: CardSet, unit: str, opponent: str | None, attacking: bool,
                village: list[str] | None, location: Location | None = None,
                hired: bool = False) -> list[tuple[str, int]]:
    """(reason, amount) pairs whose sum is `unit`'s power against `opponent`.

    `village`: the cards of the village the unit fights for (an attacker's own village,
    a defender's attacked village) when the unit lives there; None for a hired unit or
    an Archer defending another village. `location`: the round's Location card, if any
    (`hired`: the unit came from a hand, for a location that rewards hiring).
    """
    me = cards.cards[unit]
    parts = [("power", me.power)]
    if attacking and me.attack_bonus:
        parts.append(("attacking", me.attack_bonus))
    if not attacking and me.defend_bonus:
        parts.append(("defending", me.defend_bonus))
    if opponent is not None:
        other = cards.cards[opponent]
        if me.same_colour_bonus:
            # a dual-colour card counts as both its colours, on either side of the battle;
            # Reading: a Light unit is Light in any village, so only Light matches Light
            shared = [x for x in me.colours if x in other.colours]
            if shared:
                parts.append((f"against its own colour ({shared[0]})", me.same_colour_bonus))
        if me.bonus_vs and other.name == me.bonus_vs_name:
            parts.append((f"against {words.a(other.name)}", me.bonus_vs))
    if village:
        for c in village:
            grey = cards.cards[c]
            bonus = grey.village_attack_bonus if attacking else grey.village_defend_bonus
            if bonus:
                parts.append((f"{grey.name} in its village", bonus))
    if location is not None:
        parts += battle_parts(location, attacking, hired)
    return parts


def home_village(villages: dict[str, list[str]], source: str, fights_for: str | None
                 ) -> list[str] | None:
    """The village whose grey cards help a unit: its own, if it fights for it."""
    if source == HAND:
        return None
    # Reading: a village's grey bonuses help only units that live there; an Archer
    # defending another village gets neither village's defence bonus
    if fights_for is not None and source != fights_for:
        return None
    return villages.get(source)
