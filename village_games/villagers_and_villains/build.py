"""Phase 5, Build/Hire: one card from hand into the town, paying its Purchase Price.

The cards one can afford are a legal choice (`legal.buildable`); what follows a build
(the turn goes on or ends) is `flow.settle_turn`'s, called by `dispatch`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event
from . import legal

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def start_build(g: VillagersAndVillains, seat: int) -> bool:
    """Set up a Build/Hire turn; True when the mayor has something to choose."""
    g.turn_state.builds_left = 1
    choices = legal.legal_for(g, seat)
    if len(choices) == 1:  # only Pass: nothing to build and no ability to use
        return False
    g._legal = (seat, choices)
    return True


def price_now(g: VillagersAndVillains, name: str) -> int:
    """What building or hiring `name` costs now: its price less this turn's discount."""
    return max(0, g.facts.price[name] - g.turn_state.discount)


def build(g: VillagersAndVillains, seat: int, name: str) -> None:
    t = g.turn_state
    p = g.players[seat]
    price = price_now(g, name)
    hidden = name in p.hand_sec  # a card drawn face down is shown as it is built
    g.pay_to_bank(seat, price)
    p.take_from_hand(name)
    p.town.append(name)
    g.fresh.append(name)
    if g.facts.ability[name] is not None:  # the towns' abilities by phase have changed
        g._abilities.clear()
    t.builds_left -= 1
    t.discount = 0
    if g.loud:
        g.emit(event("build", "{} builds/hires the {} for {} gold.",
                     {"seat": seat, "card": name, "price": price}, (g.names[seat], name, price),
                     reveals=hidden))
