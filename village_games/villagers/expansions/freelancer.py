"""The Freelancer (Profiteers): at the start of their build turn any player may put 1 Gold
on a Freelancer, anyone's, for one more build action; each Freelancer once per player and
Build Phase, and never past the limit of 5."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import event
from ..choices import Product
from ..options import MAX_LIMIT
from .actions import PayFreelancer

if TYPE_CHECKING:
    from ..game import Villagers


def freelancers(g: Villagers) -> list[tuple[int, int]]:
    """(seat, slot) of every Freelancer in a village (read from the villages' counts)."""
    name = g.tables.by_effect.get("freelancer", "")
    return [(s, k) for s, p in enumerate(g.players)
            for k in p.summary(g.cards).by_card.get(name, ())]


def _at_start(g: Villagers) -> bool:
    # Reading: "at the start of the turn" = before any other build, return or Special
    return g.used == 0 and g.returns == 0 and not g.tinner


def freelancer_choices(g: Villagers, seat: int) -> list[Product]:
    if not _at_start(g):
        return []
    return choices_at_start(g, seat)


def choices_at_start(g: Villagers, seat: int) -> list[Product]:
    """`freelancer_choices` when the turn is known to be at its start."""
    e = g.ext
    assert e is not None
    if g.limit >= MAX_LIMIT or g.players[seat].gold < 1:
        return []
    # (`freelancers(g)`, written out: each summary read without the method when it is there)
    name = g.tables.by_effect.get("freelancer", "")
    paid = e.freelancers
    out = []
    for s, p in enumerate(g.players):
        slots = (p._summary or p.summary(g.cards)).by_card.get(name)
        if slots:
            for k in slots:
                if [s, k] not in paid:
                    out.append(Product(PayFreelancer, ((s,), (k,))))
    return out


def why_not_freelancer(g: Villagers, seat: int, action: PayFreelancer) -> str | None:
    e = g.ext
    assert e is not None
    if (action.seat, action.slot) not in freelancers(g):
        return "there is no Freelancer at that seat and slot"
    if not _at_start(g):
        return "a Freelancer is paid only at the start of your build turn, before anything else"
    if [action.seat, action.slot] in e.freelancers:
        return "you have paid this Freelancer already in this Build Phase"
    if g.limit >= MAX_LIMIT:
        return f"your build limit is already {MAX_LIMIT}, the most there can be"
    if g.players[seat].gold < PayFreelancer.gold:
        return f"paying a Freelancer takes {PayFreelancer.gold} Gold from your Supply"
    return None


def apply_freelancer(g: Villagers, seat: int, action: PayFreelancer) -> None:
    e = g.ext
    assert e is not None
    e.freelancers.append([action.seat, action.slot])
    p, owner = g.players[seat], g.players[action.seat]
    p.gold -= PayFreelancer.gold
    slot = owner.village[action.slot]
    owner.village[action.slot] = slot._replace(coins=slot.coins + PayFreelancer.gold)
    owner.coins_added(PayFreelancer.gold)
    g.limit += 1
    if g.loud:
        whose = "own" if action.seat == seat else f"{owner.name}'s"
        g.emit(event("freelancer", "{} puts {} Gold on {} Freelancer: build limit {}.",
                     {"seat": seat, "owner": action.seat, "slot": action.slot,
                      "limit": g.limit}, (p.name, PayFreelancer.gold, whose, g.limit)))
