"""What a table display asks of the rules: why a card of the seat's hand cannot be played
now (widgets hold no rules; a screen reader says these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import words
from ..core.table_notes import NOT_NOW, NOT_YOUR_TURN, cards_named
from .actions import Defend, Discard
from .choices import why_not
from .locations import draws_per_turn
from .options import HAND

if TYPE_CHECKING:
    from .game import Villages


def hand_notes(g: Villages, seat: int) -> dict[str, str]:
    """Each card of `seat`'s hand that cannot be played now, and why: the rule that stops
    it in the phase at hand (a card absent from the result is in one of the seat's moves);
    every card "not your turn" while another seat acts; empty once the game is over or
    while a round is scored or dealt."""
    hand = list(g.hands[seat])
    acting = g.to_act()
    if not acting:
        return {}
    if seat not in acting:
        return dict.fromkeys(hand, NOT_YOUR_TURN)
    named = cards_named(g.legal_actions(seat))
    notes: dict[str, str] = {}
    for card in hand:
        if card in named:
            continue
        if g.phase == "draw":
            n = draws_per_turn(g.location)
            notes[card] = (f"a turn starts by drawing {words.count(n, 'card')}: draw from "
                           "the deck or the discard pile first")
        elif g.phase == "defend":
            notes[card] = why_not(g, seat, Defend(card, HAND)) or NOT_NOW
        elif g.phase == "reward":
            notes[card] = "you won the battle: choose your reward first"
        elif g.phase == "main" and g.acted:
            notes[card] = (why_not(g, seat, Discard(card)) or NOT_NOW) + \
                ", and it joins none of your villages now"
        else:
            notes[card] = NOT_NOW
    return notes
