"""Taking a villager out of a village (Schemer, Sheriff): slots after it move down one,
and a Monk or Apprentice left on top goes back to his owner's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import event
from ..village import Slot

if TYPE_CHECKING:
    from ..game import Villagers


def remove_slot(g: Villagers, seat: int, k: int) -> Slot:
    """Remove the uncovered slot `k` from `seat`'s village and return it; its coins go to
    the owner's Supply. Slot numbers after `k` drop by one (the turn's records follow)."""
    p = g.players[seat]
    slot = p.village[k]
    assert slot.kids == 0
    p.gold += slot.coins
    parent = slot.parent
    village = []
    for i, s in enumerate(p.village):
        if i == k:
            continue
        new_parent = s.parent - 1 if s.parent > k else s.parent
        kids = s.kids - 1 if i == parent else s.kids
        village.append(Slot(s.card, s.role, new_parent, kids, s.coins, s.flipped))
    p.village = village
    p.changed()
    _renumber(g, seat, k)
    if parent >= 0:
        parent = parent - 1 if parent > k else parent
        above = p.village[parent]
        if above.kids == 0 and g.cards[above.card].effect in ("monk", "apprentice"):
            # Rulebook: a Monk or Apprentice left on top goes back to his owner's hand
            remove_slot(g, seat, parent)
            p.hand_pub = sorted([*p.hand_pub, above.card], key=g.order.__getitem__)
            p.hand_changed()
            if g.loud:
                g.emit(event("back_to_hand", "{}'s {} is left on top and goes back to the hand.",
                             {"seat": seat, "card": above.card}, (p.name, above.card)))
    return slot


def _renumber(g: Villagers, seat: int, k: int) -> None:
    """Slot numbers the current turn remembers, after slot `k` of `seat` went."""
    e = g.ext
    if e is None:
        return
    if seat == g.turn:
        e.thieves = [x - (x > k) for x in e.thieves if x != k]
        if e.bronze_pick is not None:
            e.bronze_pick = None if e.bronze_pick == k else e.bronze_pick - (e.bronze_pick > k)
    e.freelancers = [[s, x - (x > k)] if s == seat else [s, x]
                     for s, x in e.freelancers if (s, x) != (seat, k)]
