"""A hand grouped the way the main-phase legal list reads it, kept up to date card by card.

`choices.main_legal` runs after nearly every main-phase move and needs the mover's hand
by village colour each time: the units that may join (or found) a village of each colour,
and the animals and buildings. Grouping the hand afresh on every call is costly (with
dual-colour and Light units a unit may join several colours), yet a hand changes by a card
or two between calls. So each seat may have a `HandIndex` (`Villages._hand_index`) that
`hands.put` and `hands.take` update as they change the hand.

Safety: an index keeps its own copy of the hand it describes (`hand`), changed in step with
its groups. `index_for` uses an index only while that copy equals the real hand, and
groups the hand afresh otherwise, so a hand replaced or changed some other way (a new
round's deal, a determinized copy, a test's setup) is never read through a stale index.
Copies of a game start without indexes. `audit` checks every index against a fresh one.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .cards import ANIMAL_KEY, BUILDING_KEY, CardSet
from .options import SET_SIZE

if TYPE_CHECKING:
    from .game import Villages


class HandIndex:
    """A hand by `CardSet.group_keys`, each group in hand (card) order: `units[colour]`
    the units that may join a village of that colour, `animals`, `buildings` (perhaps
    empty), and `big`, the colours with enough units to found a village."""

    __slots__ = ("animals", "big", "buildings", "cards", "hand", "units")

    def __init__(self, cards: CardSet, hand: list[str]) -> None:
        self.cards = cards
        self.hand = hand[:]  # the hand this index describes: its own copy
        units: dict[str, list[str]] = {}
        keys_of = cards.group_keys
        for c in hand:
            for k in keys_of[c]:
                group = units.get(k)
                if group is None:
                    units[k] = [c]
                else:
                    group.append(c)
        self.animals = units.pop(ANIMAL_KEY, [])
        self.buildings = units.pop(BUILDING_KEY, [])
        self.units = units
        self.big = {k for k, group in units.items() if len(group) >= SET_SIZE}

    def add(self, card: str) -> None:
        """`card` came into the hand."""
        cards = self.cards
        order = cards.order.__getitem__
        insort(self.hand, card, key=order)
        colours = cards.fit_colours[card]  # () for a grey card
        if not colours:
            insort(self.buildings if card in cards.building_ids else self.animals, card,
                   key=order)
            return
        units = self.units
        for k in colours:
            group = units.get(k)
            if group is None:
                units[k] = [card]
            else:
                insort(group, card, key=order)
                if len(group) == SET_SIZE:
                    self.big.add(k)

    def remove(self, card: str) -> bool:
        """`card` left the hand (False, changing nothing, if this index lacks it)."""
        try:
            self.hand.remove(card)
        except ValueError:
            return False
        cards = self.cards
        colours = cards.fit_colours[card]  # () for a grey card
        if not colours:
            (self.buildings if card in cards.building_ids else self.animals).remove(card)
            return True
        units = self.units
        for k in colours:
            group = units[k]
            group.remove(card)
            n = len(group)
            if n < SET_SIZE:
                if n == SET_SIZE - 1:
                    self.big.discard(k)
                elif not n:
                    del units[k]
        return True


def index_for(g: Villages, seat: int) -> HandIndex:
    """`seat`'s hand as a HandIndex: the kept one while it describes the hand exactly, else
    a fresh one (kept from now on)."""
    hand = g.hands[seat]
    ix = g._hand_index.get(seat)
    if ix is None or ix.hand != hand:
        ix = g._hand_index[seat] = HandIndex(g.cards, hand)
    return ix


def index_problems(g: Villages) -> list[str]:
    """Every kept index against a fresh grouping of the hand it describes (for `audit`)."""
    problems: list[str] = []
    for seat, ix in g._hand_index.items():
        fresh = HandIndex(g.cards, ix.hand)
        if (ix.units != fresh.units or ix.animals != fresh.animals
                or ix.buildings != fresh.buildings or ix.big != fresh.big):
            problems.append(f"seat {seat}: the kept hand index does not match its hand")
        if ix.hand != sorted(ix.hand, key=g.order.__getitem__):
            problems.append(f"seat {seat}: the kept hand index is out of card order")
    return problems
