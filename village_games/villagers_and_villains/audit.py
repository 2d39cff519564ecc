"""What must always hold in a game of Villagers & Villains; the harness asks after every
move: gold conserved with the bank, every card in exactly one place, nothing negative."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .options import GOLD_IN_BOX

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def audit(g: VillagersAndVillains) -> list[str]:
    problems: list[str] = []
    total = g.bank + sum(p.gold for p in g.players)
    if total != GOLD_IN_BOX:
        problems.append(f"gold is not conserved: {total} instead of {GOLD_IN_BOX}")
    if any(p.gold < 0 for p in g.players):
        problems.append("a mayor has a negative amount of gold")
    where: Counter[str] = Counter(g.deck) + Counter(g.pool) + Counter(g.removed)
    card = g.card
    for i, p in enumerate(g.players):
        where.update(p.hand_pub)
        where.update(p.hand_sec)
        where.update(p.town)
        if any(card[c].type == "mob" for c in p.town):
            problems.append(f"seat {i} has an Angry Mob in town")
    full = g.cards.full_set()
    if where != full:
        problems.append(f"cards are not conserved (missing {dict(full - where)}, extra "
                        f"{dict(where - full)})")
    if g.favor_seat is not None and g.favor_pool is not None:
        problems.append("the King's Favor is in two places")
    if g.favor_pool is not None and not 0 <= g.favor_pool < len(g.pool):
        problems.append("the King's Favor lies beyond the pool")
    if not g.advanced and (g.favor_seat is not None or g.favor_pool is not None):
        problems.append("the King's Favor is out in a basic game")
    if len(g.pool) > 7:
        problems.append("the Recruitment Pool holds more than 7 cards")
    return problems
