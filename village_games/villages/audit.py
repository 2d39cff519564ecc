"""What must always hold in a game of Villages; the invariant harness asks after every move."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import GREY
from .hand_index import index_problems
from .locations import gifts_per_turn
from .options import HAND

if TYPE_CHECKING:
    from .game import Villages


def audit(g: Villages) -> list[str]:
    problems: list[str] = []
    cards = g.cards
    colour_of = cards.colour_of
    key = g.order.__getitem__
    where: list[str] = g.deck + g.discard
    for i in range(g.n):
        hand = g.hands[i]
        where += hand
        where += g.graves[i]
        if g.known[i] and Counter(g.known[i]) - Counter(hand):
            problems.append(f"seat {i}: a card is known to be in the hand but is not")
        if hand != sorted(hand, key=key):
            problems.append(f"seat {i}: the hand is out of card order")
        for colour, village in g.villages[i].items():
            where += village
            if not village:
                problems.append(f"seat {i}: an empty {colour} village")
            for c in village:
                if colour_of[c] != GREY and not cards.fits(c, colour):
                    problems.append(f"seat {i}: the {c} sits in the {colour} village")
    b = g.battle
    if b is not None:
        if b.source == HAND:
            where.append(b.unit)
        if b.d_source == HAND and b.defender is not None:
            where.append(b.defender)
    if g.phase in ("defend", "reward") and b is None:
        problems.append("a battle phase without a battle")
    if g.phase in ("draw", "main") and b is not None:
        problems.append("a battle left over after it ended")
    ids = cards.ids
    if len(where) != len(ids) or set(where) != set(ids):  # every card id is unique
        full, seen = Counter(ids), Counter(where)
        problems.append(f"cards are not conserved (missing {dict(full - seen)}, "
                        f"extra {dict(seen - full)})")
    if g.given > gifts_per_turn(g.location) or g.draws_left < 0:
        problems.append("a turn limit was exceeded")
    if (g.lands is None) != (g.location is None):
        problems.append("a Location card without the option, or the option without one")
    if g.location is not None and g.location.name in g.land_deck:
        problems.append("the Location card in play is also in the location pile")
    for s in range(g.n):
        if sum(row["parts"][s]["score"] for row in g.sheet) != g.totals[s]:
            problems.append(f"seat {s}: the running total is not the sum of the rounds")
    problems += index_problems(g)
    return problems
