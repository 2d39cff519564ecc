"""The Countess's card and village: the card joins the deck the game is played with, and
villagers enter her village one by one (no chains, no padlocks), given or drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import words
from ...core.card_data import CardDataError
from ...core.events import event
from ..cards import Card, CardSet, Side
from ..village import new_slot

if TYPE_CHECKING:
    from ..game import Villagers

COUNTESS = 1  # her village is players[1]; the one seat is 0
CARD = "Countess"
GOLD_SIDE = 4  # the card's Gold side; Beginner mode shows the side without Gold
START_GOLD = {"beginner": 1, "normal": 1, "hard": 10}
STACK_SIZE = 5  # cards per stack on the Road in solo mode

_WITH: dict[int, tuple[CardSet, CardSet]] = {}


def with_countess(base: CardSet) -> CardSet:
    """`base` plus the Countess card (kind "countess": never shuffled, never flipped by
    the Food rule)."""
    hit = _WITH.get(id(base))
    if hit is not None and hit[0] is base:
        return hit[1]
    if CARD in base:
        raise CardDataError(f"the deck {base.name!r} already has a card named {CARD!r}, "
                            "which the solo mode adds")
    # Reading: the rulebook shows only the card's Gold; it carries no Food, Builder or suit
    # symbol (suit_symbols=0), and nothing may be placed on it.
    card = Card(name=CARD, suit="Solitary", kind="countess", copies=1, on=None, hint=0,
                hint_as_link=None, food=0, builders=0, gold=GOLD_SIDE, suit_symbols=0,
                padlock=None, keyring=0, silver=None, four_plus=False, starting_road=False,
                effect=None, discard=False, flipped=Side(), index=len(base),
                help="The Countess's village starts with this card: 4 Gold on one side, "
                     "none on the other (Beginner mode).")
    joined = CardSet({**base.cards, CARD: card}, {**base.order, CARD: len(base)}, base.name,
                     base.data)
    _WITH[id(base)] = (base, joined)
    return joined


def solo_deck(cards: CardSet) -> list[str]:
    """The villagers shuffled into the stacks: a 2-player deck without the Special suit."""
    return [c for c in cards.deck(2) if cards[c].suit != "Special"]


def give(g: Villagers, card: str, coins: int = 0) -> None:
    """`card` enters the Countess's village on its own; coins that came with it go to her
    Supply."""
    p = g.players[COUNTESS]
    p.village.append(new_slot(card, card, -1, False))
    p.placed(g.tables)
    p.gold += coins


def countess_draws(g: Villagers, stack: int | None, why: str) -> str | None:
    """She takes the top card of stack `stack` or (None) the Reserve, rebuilt from the
    discard pile when empty. Returns the card, or None when there is none."""
    if stack is None and not g.reserve.cards:
        if not g.discard:
            return None
        cards = sorted(g.discard, key=g.order.__getitem__)
        g.discard, g.discard_known = [], []
        g.rng.shuffle(cards)
        g.reserve.cards[:] = cards
        g.reserve.known[:] = [0] * len(cards)
        g.reserve.low = len(cards)
        if g.loud:
            g.emit(event("reserve_rebuilt", "The Reserve is empty: the discard pile is "
                                            "shuffled into a new Reserve.", {}, chance=True))
    pile = g.reserve if stack is None else g.stacks[stack]
    card = pile.draw()
    give(g, card)
    if g.loud:
        where = "the Reserve" if stack is None else f"stack {stack + 1}"
        g.emit(event("countess", "{}: the Countess takes the top card of {}, {}.",
                     {"seat": COUNTESS, "card": card, "stack": stack}, (why, where, words.a(card)),
                     reveals=True, chance=True))
    return card
