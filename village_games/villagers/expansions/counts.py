"""What the expansions count in a village: production chains, villagers with coins, and
the Silver value each villager would earn now (for the Alchemist, the Nun and the
Lighthouse)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..market import silver_value

if TYPE_CHECKING:
    from ..game import Villagers
    from ..village import Slot


def chain_sizes(village: list[Slot]) -> list[int]:
    """The number of villagers in each chain: a chain is a villager placed straight down
    together with everything stacked on it (a Miner with two Blacksmiths is one chain of 3)."""
    root = [0] * len(village)
    sizes: dict[int, int] = {}
    for k, slot in enumerate(village):
        root[k] = k if slot.parent < 0 else root[slot.parent]
        sizes[root[k]] = sizes.get(root[k], 0) + 1
    return list(sizes.values())


def chains(village: list[Slot], size: int = 2) -> int:
    """Production chains of at least `size` villagers (a lone villager is no chain)."""
    return sum(1 for n in chain_sizes(village) if n >= size)


def coined(village: list[Slot]) -> int:
    return sum(1 for slot in village if slot.coins)


def silver_values(g: Villagers, seat: int) -> list[tuple[int, int]]:
    """(slot, value) of every uncovered villager of `seat` with a Silver formula, worked
    out now; an Agent reads the villager with the most coins."""
    p = g.players[seat]
    s = p.summary(g.cards)
    best_read = max(range(len(p.village)), key=lambda k: p.village[k].coins, default=None)
    if best_read is not None and not p.village[best_read].coins:
        best_read = None
    out = []
    for k, slot in enumerate(p.village):
        if g.cards[slot.card].silver is not None and not slot.kids:
            out.append((k, silver_value(g.cards, p.village, s, slot, best_read)))
    return out


def best_silver(g: Villagers, seat: int) -> int:
    return max((v for _, v in silver_values(g, seat)), default=0)
