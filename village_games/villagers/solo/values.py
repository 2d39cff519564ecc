"""What villagers are worth right now, as the events read them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..market import silver_value

if TYPE_CHECKING:
    from ..game import Villagers


def silver_now(g: Villagers, seat: int, k: int) -> int:
    """The Silver the villager at slot `k` of `seat`'s village would earn now."""
    p = g.players[seat]
    slot = p.village[k]
    formula = g.cards[slot.card].silver
    read = None
    if formula is not None and formula.kind == "coins_on_one":
        # Reading: outside the Second Market an Agent reads the villager with the most coins
        coined = [(s.coins, -i) for i, s in enumerate(p.village) if s.coins]
        read = -max(coined)[1] if coined else None
    return silver_value(g.cards, p.village, p.summary(g.cards), slot, read)


def silver_slots(g: Villagers, seat: int) -> list[int]:
    """Slots of uncovered villagers with a Silver formula (a covered one is out of play)."""
    silver_of = g.tables.silver
    return [k for k, s in enumerate(g.players[seat].village)
            if not s.kids and silver_of[s.card] is not None]


def gold_value(g: Villagers, seat: int, k: int) -> int:
    """Printed Gold plus current Silver of slot `k` (the Countess's new villager)."""
    slot = g.players[seat].village[k]
    return g.cards[slot.card].gold + silver_now(g, seat, k)


def top_villagers(g: Villagers, seat: int) -> list[int]:
    """Uncovered villagers an event may take: never a Basic Villager or the Founders."""
    cards = g.cards.cards  # (name -> card)
    return [k for k, s in enumerate(g.players[seat].village)
            if not s.kids and cards[s.card].kind == "villager"]
