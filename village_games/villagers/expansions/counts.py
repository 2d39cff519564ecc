"""What the expansions count in a village: production chains, villagers with coins, and
the Silver value each villager would earn now (for the Alchemist, the Nun and the
Lighthouse)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..market import formula_value, silver_value

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
            if slot.kids and slot.parent < 0:
                found += 1
        return found
    if size < 2:
        return sum(1 for n in chain_sizes(village) if n >= size)
    # (`chain_sizes`, written out: a chain's size is kept at its root's slot; a chain is
    # counted as it reaches `size`, 2 or more)
    root: list[int] = []  # each slot's chain (its root's slot)
    sizes = [1] * len(village)
    found = k = 0
    for slot in village:
        parent = slot.parent
        if parent < 0:
            root.append(k)
        else:
            r = root[parent]
            root.append(r)
            n = sizes[r] + 1
            sizes[r] = n
            if n == size:
                found += 1
        k += 1
    return found


def coined(village: list[Slot]) -> int:
    found = 0
    for slot in village:  # (a plain loop: no generator to resume per slot)
        if slot.coins:
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
    s = p._summary or p.summary(g.cards)  # (the method only when there is none yet)
    by_card = s.by_card
    names = tables.silver_names.intersection(by_card)  # the Silver villagers in the village
    if not names:
        return 0
    village = p.village
    silver = tables.silver
    best = 0  # (no formula earns less)
    read: int | None = None
    looked = False  # whether `read` has been worked out (only an Agent's formula reads it)
    for name in names:  # (any order: the largest value is taken)
        for k in by_card[name]:
            if not village[k].kids:
                break  # an uncovered copy: every one earns the same, so one is worked out
        else:
            continue  # every copy is covered: out of play
        if not looked and name in tables.agents:
            looked = True
            most = 0  # an Agent reads the first villager with the most coins (if any)
            for j, other in enumerate(village):
                if other.coins > most:
                    read, most = j, other.coins
        value = formula_value(silver[name], village, s, read)
        if value > best:
            best = value
    return best
