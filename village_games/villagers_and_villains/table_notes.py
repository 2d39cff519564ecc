"""What a table display asks of the rules: why a card of the seat's hand cannot be played
now (widgets hold no rules; a screen reader says these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.table_notes import NOT_YOUR_TURN, cards_named
from .abilities import PHASE_TITLES
from .actions import Build, DeclareMob

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def hand_notes(g: VillagersAndVillains, seat: int) -> dict[str, str]:
    """Each card of `seat`'s hand that cannot be played now, and why: in the Build/Hire
    Phase the rule that stops its Build (its price, the one card a turn), in another phase
    that cards are built in that one; every card "not your turn" while another mayor acts;
    empty once the game is over."""
    if g.is_over():
        return {}
    hand = g.players[seat].hand()
    if seat not in g.to_act():
        return dict.fromkeys(hand, NOT_YOUR_TURN)
    actions = g.legal_actions(seat)
    named = cards_named(actions)
    if any(type(a) is DeclareMob for a in actions):  # (its action names no card)
        named.add(g.cards.mob.name)
    mob = g.cards.mob.name
    mob_note = "the Angry Mob is played on one of your DEFENSE rolls, in the Defend Phase"
    if g.phase == "build":
        return {c: mob_note if c == mob else g.why_illegal(seat, Build(c))
                for c in hand if c not in named}
    later = (f"it is the {PHASE_TITLES[g.phase]} Phase: cards from your hand are built or "
             "hired in the Build/Hire Phase")
    return {c: mob_note if c == mob else later for c in hand if c not in named}
