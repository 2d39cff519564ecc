"""Phases 3 and 4, Pillage and Earning, and the Reset income: a turn's rulings, which the
mayor may order (the timing ruling), each carried out once.

Whether a turn is over once a ruling is carried out is `flow.settle_turn`'s (called by
`dispatch`); a turn that plays itself resolves its rulings here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event
from . import legal, powers
from .actions import Pass, Resolve

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def earnings(g: VillagersAndVillains, seat: int) -> int:
    return sum(map(g.facts.earnings.__getitem__, g.players[seat].town))


def ruling_gold(g: VillagersAndVillains, seat: int, ruling: str) -> int:
    """The gold carrying out `ruling` for `seat` moves now (a mayor short of gold pays what
    they have; the Favor and a reducing ability count), as `resolve` would move it."""
    t = g.turn_state
    if ruling == "pillage":
        return 0 if t.avoid else min(max(0, g.pillage_loss(seat) - t.reduce),
                                     g.players[seat].gold)
    if ruling == "earnings":
        return earnings(g, seat)
    ab = g.card[ruling].ability  # a passive card of another mayor (Tax Collector)
    return min(ab.amount, g.players[seat].gold) if ab is not None else 0


def tax_cards(g: VillagersAndVillains, seat: int) -> list[str]:
    """Other mayors' passive Pillage abilities that act on `seat`'s Pillage turn."""
    if not g.advanced:
        return []
    fresh = g.fresh
    out = []
    for s, c, ab in powers.town_abilities(g, "pillage"):
        if s != seat and ab.effect == "tax" and c not in fresh:
            out.append(c)
    return out


def optional_here(g: VillagersAndVillains, seat: int) -> bool:
    """Whether `seat` might have an optional bonus this turn (the Favor, or any town card
    with an ability in this phase): a quick test before working out the choices."""
    if not g.advanced:
        return False
    if g.favor_seat == seat:
        return True
    # passive abilities (a Tax Collector) act by themselves: only the others offer a choice
    return bool(g.turn_abilities)


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
            resolve(g, seat, ruling)
        return False
    choices = legal.legal_for(g, seat)
    if len(t.pending) <= 1 and only_rulings(choices):
        for ruling in t.pending[:]:  # nothing to choose: the turn plays itself
            resolve(g, seat, ruling)
        return False
    g._legal = (seat, choices)
    return True


def only_rulings(choices: tuple) -> bool:
    """Whether every choice is a Resolve or the Pass (a loop: cheaper than all(...))."""
    for a in choices:
        if type(a) is not Resolve and type(a) is not Pass:
            return False
    return True


def resolve(g: VillagersAndVillains, seat: int, ruling: str) -> None:
    """Carry out one of the turn's pending rulings for `seat`."""
    t = g.turn_state
    t.pending.remove(ruling)
    name = g.names[seat]
    if ruling == "pillage":
        loss = max(0, g.pillage_loss(seat) - t.reduce)
        if t.avoid:
            if g.loud:
                g.emit(event("pillage", "The King's Favor spares {} the Pillage Loss.",
                             {"seat": seat, "lost": 0}, (name,)))
        else:
            paid = g.pay_to_bank(seat, loss)
            if g.loud:
                g.emit(event("pillage", "{} loses {} gold to pillage.",
                             {"seat": seat, "lost": paid}, (name, paid)))
    elif ruling == "earnings":
        g.pay_from_bank(seat, earnings(g, seat), "citizens' earnings")
    else:  # a passive card of another mayor (Tax Collector)
        owner = next(s for s, p in enumerate(g.players) if ruling in p.town)
        ab = g.card[ruling].ability
        assert ab is not None
        paid = g.pay_seat(seat, owner, ab.amount)
        if g.loud:
            g.emit(event("tax", "{} pays {} gold to {} ({}).",
                         {"seat": seat, "to": owner, "gold": paid, "card": ruling},
                         (name, paid, g.names[owner], ruling)))


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
