"""Phases 3 and 4, Pillage and Earning, and the Reset income: a turn's rulings, which the
mayor may order (the timing ruling), each carried out once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import flow, legal, powers
from .actions import Pass, Resolve

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def earnings(g: VillagersAndVillains, seat: int) -> int:
    card = g.card
    return sum(card[c].earnings for c in g.players[seat].town)


def tax_cards(g: VillagersAndVillains, seat: int) -> list[str]:
    """Other mayors' passive Pillage abilities that act on `seat`'s Pillage turn."""
    if not g.advanced:
        return []
    fresh = g.fresh
    return [c for s, c, ab in powers.town_abilities(g, "pillage")
            if s != seat and ab.effect == "tax" and c not in fresh]


def optional_here(g: VillagersAndVillains, seat: int) -> bool:
    """Whether `seat` might have an optional bonus this turn (the Favor, or any town card
    with an ability in this phase): a quick test before working out the choices."""
    if not g.advanced:
        return False
    if g.favor_seat == seat:
        return True
    return bool(powers.town_abilities(g, g.phase))


def start_rulings(g: VillagersAndVillains, seat: int) -> bool:
    """Set up a Pillage or Earning turn; True when the mayor has something to choose.
    Reading (timing ruling): with several rulings the mayor orders them (Resolve)."""
    t = g.turn_state
    if g.phase == "pillage":
        if g.players[seat].gold > 0:
            if g.pillage_loss(seat) > 0:
                t.pending.append("pillage")
            t.pending += tax_cards(g, seat)
    elif earnings(g, seat) > 0:
        t.pending.append("earnings")
    if len(t.pending) <= 1 and not optional_here(g, seat):
        for ruling in t.pending[:]:  # nothing to choose: the turn plays itself
            resolve(g, seat, ruling, settle=False)
        return False
    choices = legal.legal_for(g, seat)
    if len(t.pending) <= 1 and all(type(a) is Resolve or type(a) is Pass for a in choices):
        for ruling in t.pending[:]:  # nothing to choose: the turn plays itself
            resolve(g, seat, ruling, settle=False)
        return False
    g._legal = (seat, choices)
    return True


def resolve(g: VillagersAndVillains, seat: int, ruling: str, settle: bool = True) -> None:
    t = g.turn_state
    t.pending.remove(ruling)
    name = g.names[seat]
    if ruling == "pillage":
        loss = max(0, g.pillage_loss(seat) - t.reduce)
        if t.avoid:
            g.say("pillage", "The King's Favor spares {} the Pillage Loss.", {"seat": seat,
                  "lost": 0}, name)
        else:
            paid = g.pay_to_bank(seat, loss)
            g.say("pillage", "{} loses {} gold to pillage.", {"seat": seat, "lost": paid},
                  name, paid)
    elif ruling == "earnings":
        g.pay_from_bank(seat, earnings(g, seat), "citizens' earnings")
    else:  # a passive card of another mayor (Tax Collector)
        owner = next(s for s, p in enumerate(g.players) if ruling in p.town)
        ab = g.card[ruling].ability
        assert ab is not None
        paid = g.pay_seat(seat, owner, ab.amount)
        g.say("tax", "{} pays {} gold to {} ({}).", {"seat": seat, "to": owner,
              "gold": paid, "card": ruling}, name, paid, g.names[owner], ruling)
    if settle:
        settle_turn(g, seat)


def settle_turn(g: VillagersAndVillains, seat: int) -> None:
    """End the turn of the mayor in `choose` once nothing is left but passing."""
    if g.turn_state.step != "choose":
        return
    choices = legal.legal_for(g, seat)
    while len(choices) == 1 and type(choices[0]) is Resolve:  # a last ruling: no choice
        resolve(g, seat, choices[0].ruling, settle=False)
        choices = legal.legal_for(g, seat)
    if len(choices) == 1 and type(choices[0]) is Pass:
        flow.end_turn(g)
    else:
        g._legal = (seat, choices)


def reset_income(g: VillagersAndVillains) -> None:
    """Passive Reset abilities pay out, mayor by mayor from the Start Marker."""
    if not g.advanced:
        return
    found = powers.town_abilities(g, "reset")
    for k in range(g.n):
        seat = (g.marker + k) % g.n
        for s, c, ab in found:
            if s == seat and ab.effect == "income":
                g.pay_from_bank(seat, ab.amount, c)
