"""The planning menus: every way to put cards from a hand on the table, as shared tuples.

A hand of k cards has k*(k-1) ordered pairs (up to 56 with eight cards), and every
planning decision asks for them. The menu depends on the hand alone, so it is built once
per distinct hand and kept in a bounded memo: a caller gets an immutable tuple of frozen
actions (it cannot corrupt another game's menu), indexing it is a plain tuple read, and
random play finds nearly every hand already there. The order is that of
`itertools.permutations(hand, 2)`, as it has always been, so seeded games stay the same.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from .actions import Plan, Queue, QueueTwo

# Distinct hands seen: about 10,000 in 3,000 random games; a full memo is a few megabytes.
MENUS_KEPT = 8192

class _Actions(dict):
    """`kind(*cards)` by its cards, each built once on first use and shared (frozen)."""

    def __init__(self, kind: type) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, cards: tuple[str, ...]) -> Any:
        action = self[cards] = self.kind(*cards)
        return action


_PLANS, _QUEUE_TWOS, _QUEUES = _Actions(Plan), _Actions(QueueTwo), _Actions(Queue)


# A miss builds the menu in C (map over permutations), so even a new hand is cheap.
@lru_cache(maxsize=MENUS_KEPT)
def plan_menu(hand: tuple[str, ...]) -> tuple[Plan, ...]:
    """3-5 players: `Plan(left, right)` for every ordered pair of different cards."""
    return tuple(map(_PLANS.__getitem__, permutations(hand, 2)))


@lru_cache(maxsize=MENUS_KEPT)
def queue_two_menu(hand: tuple[str, ...]) -> tuple[QueueTwo, ...]:
    """The duel's first round: `QueueTwo(front, back)` for every ordered pair."""
    return tuple(map(_QUEUE_TWOS.__getitem__, permutations(hand, 2)))


@lru_cache(maxsize=MENUS_KEPT)
def queue_menu(hand: tuple[str, ...]) -> tuple[Queue, ...]:
    """The duel's later rounds: `Queue(card)` for each card of the hand."""
    return tuple(map(_QUEUES.__getitem__, permutations(hand, 1)))
