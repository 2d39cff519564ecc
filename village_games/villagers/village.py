"""A village: its villagers as slots in a tree of production chains, and what they count.

A slot never changes in place (it is a tuple); changing one replaces it, so copying a
village is copying a list. `parent` is the slot it sits on (-1: it starts a chain or
stands alone), `kids` how many sit on it, `role` the villager it counts as in its chain
(itself, except for a Monk or an Apprentice standing in for someone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .tables import tables_for

if TYPE_CHECKING:
    from .cards import Card, CardSet


class Slot(NamedTuple):
    card: str
    role: str
    parent: int = -1
    kids: int = 0
    coins: int = 0
    flipped: bool = False  # Founders only: the Food side is up


def capacity(slot: Slot, cards: CardSet) -> int:
    """How many villagers may sit on this slot (its stacking hint; a Monk or Apprentice
    holds 2 as the bottom of a chain and 1 higher up)."""
    card = cards[slot.card]
    if card.hint_as_link is not None and slot.parent >= 0:
        return card.hint_as_link
    return card.hint or 0


def symbols(slot: Slot, card: Card) -> tuple[int, int, int]:
    """(food, builders, gold) printed on the face that is up (covered or not)."""
    side = card.flipped
    if slot.flipped and side is not None:
        return side.food, side.builders, side.gold
    return card.food, card.builders, card.gold


class Summary:
    """What a village counts, worked out once per change of the village.

    Only uncovered villagers (no one on top) count their Food, Builders and Gold;
    suit symbols and padlocks count on every card (they sit above the name).
    `open_by_role`: slots that can still take a villager on top, by the role they play;
    `by_card`: slots of each villager (where its unlocking fees go).
    """

    __slots__ = ("food", "builders", "gold", "gold_symbols", "coins", "suits", "padlocks",
                 "open_by_role", "suit_gold", "by_card")

    def __init__(self, village: list[Slot], cards: CardSet) -> None:
        t = tables_for(cards)
        faces, link_hint = t.faces, t.link_hint
        food = builders = gold = gold_symbols = coins = padlocks = 0
        suits: dict[str, int] = {}
        suit_gold: dict[str, int] = {}
        open_by_role: dict[str, tuple[int, ...]] = {}
        by_card: dict[str, tuple[int, ...]] = {}
        for i, slot in enumerate(village):
            name = slot.card
            suit, marks, padlocked, up, down, hint = faces[name]
            by_card[name] = by_card.get(name, ()) + (i,)
            coins += slot.coins
            suits[suit] = suits.get(suit, 0) + marks
            if padlocked:
                padlocks += 1
            kids = slot.kids
            if kids == 0:
                f, b, g = down if slot.flipped else up
                food += f
                builders += b
                if g:
                    gold += g
                    gold_symbols += 1
                    suit_gold[suit] = suit_gold.get(suit, 0) + g
            if slot.parent >= 0 and name in link_hint:
                hint = link_hint[name]
            if kids < hint:
                role = slot.role
                open_by_role[role] = open_by_role.get(role, ()) + (i,)
        self.food, self.builders, self.gold = food, builders, gold
        self.gold_symbols, self.coins, self.padlocks = gold_symbols, coins, padlocks
        self.suits, self.suit_gold, self.open_by_role = suits, suit_gold, open_by_role
        self.by_card = by_card


def chain_text(cards: CardSet, name: str) -> str:
    """'Lumberjack → Wheeler → Cartwright', as error messages name a chain."""
    return " → ".join(cards.chain(name))
