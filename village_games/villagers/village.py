"""A village: its villagers as slots in a tree of production chains, and what they count.

A slot never changes in place (it is a tuple); changing one replaces it, so copying a
village is copying a list. `parent` is the slot it sits on (-1: it starts a chain or
stands alone), `kids` how many sit on it, `role` the villager it counts as in its chain
(itself, except for a Monk or an Apprentice standing in for someone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..core import words
from .tables import tables_for

if TYPE_CHECKING:
    from .cards import Card, CardSet
    from .game import Villagers
    from .tables import Tables


class Slot(NamedTuple):
    card: str
    role: str
    parent: int = -1
    kids: int = 0
    coins: int = 0
    flipped: bool = False  # Founders only: the Food side is up


_tuple_new = tuple.__new__


def new_slot(card: str, role: str, parent: int, flipped: bool) -> Slot:
    """`Slot(card, role, parent, 0, 0, flipped)`, built directly (every build makes one)."""
    return _tuple_new(Slot, (card, role, parent, 0, 0, flipped))


def with_coins(slot: Slot, coins: int) -> Slot:
    """`slot._replace(coins=coins)`, built directly (`_replace` is a slow Python method)."""
    card, role, parent, kids, _, flipped = slot
    return _tuple_new(Slot, (card, role, parent, kids, coins, flipped))


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
        # (the fields unpacked: a named field of a Slot is a slower read than a tuple's)
        for i, (name, role, parent, kids, slot_coins, flipped) in enumerate(village):
            suit, marks, padlocked, up, down, hint = faces[name]
            by_card[name] = by_card.get(name, ()) + (i,)
            coins += slot_coins
            suits[suit] = suits.get(suit, 0) + marks
            if padlocked:
                padlocks += 1
            if kids == 0:
                f, b, g = down if flipped else up
                food += f
                builders += b
                if g:
                    gold += g
                    gold_symbols += 1
                    suit_gold[suit] = suit_gold.get(suit, 0) + g
            if parent >= 0 and name in link_hint:
                hint = link_hint[name]
            if kids < hint:
                open_by_role[role] = open_by_role.get(role, ()) + (i,)
        self.food, self.builders, self.gold = food, builders, gold
        self.gold_symbols, self.coins, self.padlocks = gold_symbols, coins, padlocks
        self.suits, self.suit_gold, self.open_by_role = suits, suit_gold, open_by_role
        self.by_card = by_card

    def copy(self) -> Summary:
        """An independent copy (the counts of a village copied from this one)."""
        s = Summary.__new__(Summary)
        s.food, s.builders, s.gold = self.food, self.builders, self.gold
        s.gold_symbols, s.coins, s.padlocks = self.gold_symbols, self.coins, self.padlocks
        s.suits, s.suit_gold = self.suits.copy(), self.suit_gold.copy()
        s.open_by_role, s.by_card = self.open_by_role.copy(), self.by_card.copy()
        return s

    def place_last(self, village: list[Slot], t: Tables) -> None:
        """Update the counts, in place, once the last slot of `village` was placed (and its
        parent, if any, took it on); `t`: the deck's tables. Stays equal to a fresh
        `Summary(village, cards)`, with `open_by_role` in the same order (the only count
        whose order the rules read)."""
        faces, link_hint = t.faces, t.link_hint
        open_by_role = self.open_by_role
        i = len(village) - 1
        name, role, on, _, coins, flipped = village[i]
        if on >= 0:
            parent = village[on]
            above, above_role, below, kids, _, _ = parent  # (a Slot's fields, unpacked)
            if kids == 1:  # it was uncovered: its symbols stop counting
                # (`_count(parent, faces[above], -1)`, written out: a build on a chain)
                pface = faces[above]
                f, b, gold = pface[4] if parent[5] else pface[3]
                if f:
                    self.food -= f
                if b:
                    self.builders -= b
                if gold:
                    self.gold -= gold
                    self.gold_symbols -= 1
                    suit_gold, suit = self.suit_gold, pface[0]
                    left = suit_gold.get(suit, 0) - gold
                    if left:
                        suit_gold[suit] = left
                    else:
                        del suit_gold[suit]  # a fresh count never holds a zero
            # (`_hint(parent, ...)`, written out)
            if kids == (link_hint[above] if below >= 0 and above in link_hint
                        else faces[above][5]):  # it just filled up
                _close(open_by_role, above_role, on)
        face = faces[name]
        by_card = self.by_card
        by_card[name] = by_card.get(name, ()) + (i,)
        if coins:
            self.coins += coins
        suits = self.suits
        suits[face[0]] = suits.get(face[0], 0) + face[1]
        if face[2]:
            self.padlocks += 1
        # `_count(slot, face, 1)` and `_hint(slot, ...)`, written out: every build does this
        f, b, gold = face[4] if flipped else face[3]
        if f:
            self.food += f
        if b:
            self.builders += b
        if gold:
            self.gold += gold
            self.gold_symbols += 1
            suit_gold, suit = self.suit_gold, face[0]
            left = suit_gold.get(suit, 0) + gold
            if left:
                suit_gold[suit] = left
            else:
                del suit_gold[suit]  # a fresh count never holds a zero
        hint = link_hint[name] if on >= 0 and name in link_hint else face[5]
        if hint > 0:
            open_by_role[role] = open_by_role.get(role, ()) + (i,)

    def _count(self, slot: Slot, face: tuple, sign: int) -> None:
        """Add (sign 1) or take away (-1) an uncovered villager's Food, Builders and Gold."""
        f, b, g = face[4] if slot.flipped else face[3]
        self.food += sign * f
        self.builders += sign * b
        if g:
            self.gold += sign * g
            self.gold_symbols += sign
            suit_gold, suit = self.suit_gold, face[0]
            left = suit_gold.get(suit, 0) + sign * g
            if left:
                suit_gold[suit] = left
            else:
                del suit_gold[suit]  # a fresh count never holds a zero


def _hint(slot: Slot, faces: dict, link_hint: dict[str, int]) -> int:
    if slot.parent >= 0 and slot.card in link_hint:
        return link_hint[slot.card]
    return faces[slot.card][5]


def _close(open_by_role: dict[str, tuple[int, ...]], role: str, k: int) -> None:
    """Slot `k` takes no more villagers. A fresh Summary lists roles in the order of their
    first open slot, so losing the first one may move the role later."""
    slots = open_by_role[role]
    at = slots.index(k)  # (a slot is listed once: slicing it out needs no generator)
    rest = slots[:at] + slots[at + 1:]
    if not rest:
        del open_by_role[role]
        return
    open_by_role[role] = rest
    if slots[0] == k:
        items = sorted(open_by_role.items(), key=lambda kv: kv[1][0])
        open_by_role.clear()
        open_by_role.update(items)


def chain_text(cards: CardSet, name: str) -> str:
    """'Lumberjack → Wheeler → Cartwright', as error messages name a chain."""
    return " → ".join(cards.chain(name))


# ------------------------------------------------------------ placing a villager
def why_not_target(g: Villagers, seat: int, name: str, on: int | None,
                   who: str | None = None) -> str | None:
    """Whether `name` may be placed on `on` in `seat`'s village by the chain rules."""
    cards = g.cards
    below = g.tables.on[name]
    who = who or name
    if below is None:
        if on is not None:
            how = "stands alone" if cards[name].hint == 0 else "starts its own chain"
            return f"{who} {how}: place it with on=None"
        return None
    if on is None:
        return f"{who} must be placed on {words.a(below)} (chain {chain_text(cards, name)})"
    village = g.players[seat].village
    if type(on) is not int or not 0 <= on < len(village):
        return f"your village has no slot {on} (slots 0 to {len(village) - 1})"
    slot = village[on]
    if slot.role != below:
        shown = slot.card if slot.card == slot.role else f"{slot.card} (as {slot.role})"
        return (f"{who} must be placed on {words.a(below)} (chain {chain_text(cards, name)}); "
                f"slot {on} is {words.a(shown)}")
    room = capacity(slot, cards)
    if slot.kids >= room:
        return (f"the {slot.card} at slot {on} already holds "
                f"{words.count(slot.kids, 'villager')}: its stacking hint allows {room}")
    return None


def place(g: Villagers, seat: int, name: str, on: int | None, role: str | None = None,
          flipped: bool = False) -> int:
    """Put a villager into `seat`'s village on slot `on`; returns its slot."""
    p = g.players[seat]
    village = p.village
    # (`new_slot`, and the parent's `kids + 1`, written out: every build does this)
    if on is None:
        village.append(_tuple_new(Slot, (name, role or name, -1, 0, 0, flipped)))
    else:
        card_, role_, parent, kids, coins, flip = village[on]
        village[on] = _tuple_new(Slot, (card_, role_, parent, kids + 1, coins, flip))
        village.append(_tuple_new(Slot, (name, role or name, on, 0, 0, flipped)))
    s = p._summary  # (`p.placed(g.tables)`, written out)
    if s is not None:
        if not p._own:  # (a copy's shared counts: its own copy first)
            s = p._summary = s.copy()
            p._own = True
        s.place_last(village, g.tables)
    return len(village) - 1
