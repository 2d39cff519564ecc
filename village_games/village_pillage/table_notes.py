"""What a table display asks of the rules: why a card of the seat's hand, or of the
market, cannot be chosen now (widgets hold no rules; a screen reader says these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.table_notes import NOT_NOW, NOT_YOUR_TURN, cards_named
from .actions import TakeMarketCard

if TYPE_CHECKING:
    from .game import VillagePillage


def _waiting_note(g: VillagePillage, seat: int) -> str | None:
    """Why nothing of the seat's is to be chosen (None: the seat is asked now)."""
    if g.is_over() or seat in g.to_act():
        return None
    if g.phase == "plan" and g.players[seat].plan:  # (its plan is in; others still plan)
        return "your cards are planned: the others are still choosing"
    return NOT_YOUR_TURN


def hand_notes(g: VillagePillage, seat: int) -> dict[str, str]:
    """Each card of `seat`'s hand that cannot be chosen now, and why; empty once the game
    is over."""
    hand = g.players[seat].hand
    if g.is_over():
        return {}
    waiting = _waiting_note(g, seat)
    if waiting is not None:
        return dict.fromkeys(hand, waiting)
    named = cards_named(g.legal_actions(seat))
    notes: dict[str, str] = {}
    aw = g.awaiting
    for card in hand:
        if card in named:
            continue
        if aw and aw["kind"] == "order":
            notes[card] = "choose which of your buying cards resolves first"
        elif aw:
            notes[card] = "a card of yours is buying: choose a card from the market"
        else:
            notes[card] = NOT_NOW
    return notes


def market_notes(g: VillagePillage, seat: int) -> dict[str, str]:
    """Each market card `seat` cannot take now, and why (the rules' words while the seat is
    asked: "it is the Plan phase: ..."); empty once the game is over."""
    if g.is_over():
        return {}
    cards = [c for c in g.market if c]
    waiting = _waiting_note(g, seat)
    if waiting is not None:
        return dict.fromkeys(cards, waiting)
    named = cards_named(g.legal_actions(seat))
    order = g.awaiting is not None and g.awaiting["kind"] == "order"
    why = "choose which of your buying cards resolves first" if order else None
    return {c: why or g.why_illegal(seat, TakeMarketCard(c)) or NOT_NOW
            for c in cards if c not in named}
