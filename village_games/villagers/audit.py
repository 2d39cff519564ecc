"""What must always hold in a game of Villagers; the invariant harness asks after every move."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core import words
from .hands import distinct_names
from .modes import SOLO
from .options import COINS_IN_BOX, MAX_LIMIT, RETURNS_PER_BUILD_PHASE
from .village import Summary, capacity

if TYPE_CHECKING:
    from .game import Villagers


def full_deck(g: Villagers) -> Counter[str]:
    """Every villager card of this game: the shuffled ones and the Road's first six."""
    if g.solo is not None:  # a 2-player deck without the Special suit
        return Counter(SOLO.solo_deck(g.cards)) + Counter(g.cards.starting_road)
    e = g.ext
    if e is not None:  # the expansions' shuffled-in cards, and those dealt at setup
        return Counter(g.cards.deck(g.n, e.names)) + Counter(g.cards.starting_road) + \
            Counter(e.dealt)
    key = (id(g.cards), g.n)
    hit = _FULL.get(key)
    if hit is None or hit[0] is not g.cards:
        hit = _FULL[key] = (g.cards, Counter(g.cards.deck(g.n)) + Counter(
            g.cards.starting_road))
    return Counter(hit[1])


_FULL: dict[tuple[int, int], tuple[object, Counter[str]]] = {}


def villages_let_go(g: Villagers) -> bool:
    """Whether a Founders or a Basic Villager can leave its village: only a Schemer takes
    one (into a hand; from there it may be built again or returned to the Road like any
    hand card). Otherwise every village keeps exactly one Founders, and each Basic
    Villager is in its supply or in a village."""
    return "schemer" in g.tables.by_effect


COVERED_SPECIALS = ("monk", "apprentice")  # Specials that must never be left on top


def audit(g: Villagers) -> list[str]:
    problems: list[str] = []
    cards = g.cards
    coins = sum(g.road_coins) + sum(s.coins for p in g.players for s in p.village)
    total = g.bank + coins + sum(p.gold for p in g.players)
    if total != COINS_IN_BOX:
        problems.append(f"Gold is not conserved: {total} instead of {COINS_IN_BOX}")
    if any(p.gold < 0 for p in g.players) or any(c < 0 for c in g.road_coins):
        problems.append("a negative amount of Gold")
    where: Counter[str] = Counter(c for c in g.road if c)
    for pile in (*g.stacks, g.reserve):
        where.update(pile.cards)
        if len(pile.known) != len(pile.cards):
            problems.append("a pile's knowledge list does not match its cards")
    where.update(g.discard)
    used_basics: Counter[str] = Counter()
    founders = cards.founders.name
    let_go = villages_let_go(g)
    all_founders = 0  # (counted when they may move: one per player, wherever they are)
    for i, p in enumerate(g.players):
        where.update(p.hand_pub)
        where.update(p.hand_sec)
        where.update(p.square)
        kids = Counter(s.parent for s in p.village)
        count = 0
        for k, slot in enumerate(p.village):
            card = cards[slot.card]
            if card.kind == "villager":
                where[slot.card] += 1
            elif card.kind == "basic":
                used_basics[slot.card] += 1
            else:
                count += 1
            if slot.kids != kids.get(k, 0) or slot.kids > capacity(slot, cards):
                problems.append(f"seat {i} slot {k}: {slot.kids} on top, stacking hint broken")
            if not -1 <= slot.parent < k or slot.coins < 0:
                problems.append(f"seat {i} slot {k}: bad parent or coins")
            if card.effect in COVERED_SPECIALS and not slot.kids and not (
                    g.phase == "build" and g.turn == i and g.cover == k):
                problems.append(f"seat {i}: {words.a(slot.card)} is the top of a chain")
        first = "Countess" if i >= g.n else founders  # (a solo game's Countess)
        if let_go:  # (never solo: the Countess stays put)
            all_founders += count
        elif count != 1 or p.village[0].card != first and first not in (
                s.card for s in p.village):
            problems.append(f"seat {i} has {count} Founders")
        if len(p.square) > p.draft_limit or p.draft_limit > MAX_LIMIT:
            problems.append(f"seat {i} drafted over the limit")
        order = g.order.__getitem__
        if any(sorted(h, key=order) != h for h in (p.hand_pub, p.hand_sec)):
            problems.append(f"seat {i}: a hand is not in card-file order")
        kept = p._summary  # (counts kept up to date move by move: equal to a recount)
        if kept is not None:
            fresh = Summary(p.village, cards)
            if any(getattr(kept, f) != getattr(fresh, f) for f in Summary.__slots__) or \
                    list(kept.open_by_role) != list(fresh.open_by_role):
                problems.append(f"seat {i}: the village's kept counts differ from a recount")
        if p._distinct is not None and p._distinct != distinct_names(g, p):
            problems.append(f"seat {i}: the hand's distinct names are out of date "
                            f"({p._distinct} for {p.hand()})")
    if let_go:  # a Basic Villager or the Founders out of a village (a Schemer's doing)
        for b in cards.basics:
            used_basics[b] += where.pop(b, 0)
        all_founders += where.pop(founders, 0)
        if all_founders != g.n:
            problems.append(f"{all_founders} Founders in the game, not one per player "
                            f"({g.n})")
    full = full_deck(g)
    if where != full:
        lost = full - where
        extra = where - full
        problems.append(f"villager cards are not conserved (missing {dict(lost)}, "
                        f"extra {dict(extra)})")
    for b in cards.basics:
        if g.basics[b] < 0 or g.basics[b] + used_basics[b] != cards[b].copies:
            problems.append(f"Basic Villagers ({b}) are not conserved")
    if g.phase == "build" and (g.used > g.limit or g.limit > MAX_LIMIT
                               or g.returns > RETURNS_PER_BUILD_PHASE):
        problems.append("a build limit was exceeded")
    return problems
