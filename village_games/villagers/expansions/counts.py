"""What the expansions count in a village: production chains, villagers with coins, and
the Silver value each villager would earn now (for the Alchemist, the Nun and the
Lighthouse)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    if size == 2:
        # (the Developments' count: a chain root, parent < 0, with anyone on it, kids > 0)
        found = 0
        for slot in village:
            if slot[3] and slot[2] < 0:  # (`slot.kids`, `slot.parent`)
                found += 1
        return found
    if size < 1:
        return sum(1 for n in chain_sizes(village) if n >= size)
    # (`chain_sizes`, written out: a chain's size is kept at its root's slot, 0 elsewhere)
    root: list[int] = []
    sizes = [0] * len(village)
    for k, slot in enumerate(village):
        parent = slot[2]  # (`slot.parent`)
        r = k if parent < 0 else root[parent]
        root.append(r)
        sizes[r] += 1
    found = 0
    for n in sizes:
        if n >= size:
            found += 1
    return found


def coined(village: list[Slot]) -> int:
    found = 0
    for slot in village:  # (a plain loop: no generator to resume per slot)
        if slot[4]:  # (`slot.coins`)
            found += 1
    return found


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
    """The most any uncovered Silver villager of `seat` earns now (0: none):
    `max(silver_values)`, written out (a Development and the Bronze symbols ask often)."""
    p = g.players[seat]
    tables = g.tables
    global _SILVER_CARDS
    cached = _SILVER_CARDS  # (one tuple, replaced whole: a reader never sees half of one)
    if cached[0] is not tables:  # (a cache that checks its own input: the deck's tables)
        cached = _SILVER_CARDS = (tables, frozenset([n for n, f in tables.silver.items()
                                                     if f is not None]))
    s = p._summary or p.summary(g.cards)  # (the method only when there is none yet)
    by_card = s.by_card
    names = cached[1].intersection(by_card)  # the Silver villagers in the village
    if not names:
        return 0
    village = p.village
    best: int | None = None
    read: int | None = None
    looked = False  # whether `read` has been worked out (only an Agent's formula reads it)
    for name in names:  # (any order: the largest value is taken)
        for k in by_card[name]:
            slot = village[k]
            if slot.kids:
                continue
            if not looked and name in tables.agents:
                looked = True
                most = 0  # an Agent reads the first villager with the most coins (if any)
                for j, other in enumerate(village):
                    if other.coins > most:
                        read, most = j, other.coins
            value = silver_value(g.cards, village, s, slot, read)
            if best is None or value > best:
                best = value
    return 0 if best is None else best


# (tables, the names of its cards with a Silver formula): worked out again whenever the
# game's tables are another object
_SILVER_CARDS: tuple[Any, frozenset[str]] = (None, frozenset())
