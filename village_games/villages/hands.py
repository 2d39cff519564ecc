"""Cards in and out of hands, and what the table knows of each hand.

Hands are kept in card-file order (a canonical order: nothing about a hand's order is
hidden information). `known[seat]` lists the cards every seat knows are in that hand:
cards drawn from the face-up discard pile, kidnapped ones, a hired unit sent back.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from ..core.events import event
from .options import EMPTY_BONUS

if TYPE_CHECKING:
    from .game import Villages


def put(g: Villages, seat: int, card: str, public: bool) -> None:
    """`card` into `seat`'s hand; `public`: every seat saw it go there."""
    insort(g.hands[seat], card, key=g.order.__getitem__)
    if public:
        insort(g.known[seat], card, key=g.order.__getitem__)
    ix = g._hand_index.get(seat)
    if ix is not None:  # keep the seat's hand index in step (hand_index.py)
        ix.add(card)


def take(g: Villages, seat: int, card: str) -> None:
    """`card` out of `seat`'s hand (the caller checks `check_empty` once it has reported)."""
    g.hands[seat].remove(card)
    known = g.known[seat]
    if known and card in known:
        known.remove(card)
    ix = g._hand_index.get(seat)
    if ix is not None and not ix.remove(card):  # keep the seat's hand index in step
        del g._hand_index[seat]  # an index of some other hand (see hand_index.index_for)


def check_empty(g: Villages, seat: int) -> None:
    """Losing your last card on your own turn starts the final turns; the first player to
    empty their hand scores the bonus (a hand emptied on another's turn does not count)."""
    # Reading: the round's end is set off the moment the last card leaves the hand on its
    # owner's turn, even if a kidnapped card comes back into that hand later in the turn
    if g.hands[seat] or seat != g.turn:
        return
    # Reading: the first to empty their hand scores the bonus even when an empty deck
    # started the final turns before
    first = g.emptied is None
    if first:
        g.emptied = seat
    start = g.final_by is None
    if start:
        g.final_by = seat
    if (first or start) and g.loud:
        name = g.names[seat]
        parts = []
        if first:
            parts.append(f"is the first to empty their hand (+{EMPTY_BONUS} gold at scoring)")
        else:
            parts.append("has emptied their hand")
        if start:
            parts.append("every other player has one last turn")
        g.emit(event("empty", "{} " + "; ".join(parts) + ".",
                     {"seat": seat, "first": first, "final": start}, (name,)))
