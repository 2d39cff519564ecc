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
    formula = g.tables.silver.get(slot.card)
    if formula is None or slot.kids:  # (`silver_value`'s first test: no Silver, as usual)
        return 0
    read = None
    if formula.kind == "coins_on_one":
        # Reading: outside the Second Market an Agent reads the villager with the most coins
        coined = [(s.coins, -i) for i, s in enumerate(p.village) if s.coins]
        read = -max(coined)[1] if coined else None
    return silver_value(g.cards, p.village, p.summary(g.cards), slot, read)


def silver_slots(g: Villagers, seat: int) -> list[int]:
    """Slots of uncovered villagers with a Silver formula (a covered one is out of play)."""
    names = g.tables.silver_names  # (a Slot's card and kids by index: quicker to read; the
    # few Silver villagers tested first, as the Countess's are never covered)
    return [k for k, s in enumerate(g.players[seat].village) if s.card in names and not s.kids]


def gold_value(g: Villagers, seat: int, k: int) -> int:
    """Printed Gold plus current Silver of slot `k` (the Countess's new villager)."""
    slot = g.players[seat].village[k]
    return g.cards.cards[slot.card].gold + silver_now(g, seat, k)


def top_villagers(g: Villagers, seat: int) -> list[int]:
    """Uncovered villagers an event may take: never a Basic Villager or the Founders."""
    names = g.tables.villager_names  # (a Slot's kids and card by index: quicker to read)
    return [k for k, s in enumerate(g.players[seat].village) if not s.kids and s.card in names]
