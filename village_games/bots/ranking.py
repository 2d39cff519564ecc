"""The heuristic bots' order of moves, for the search bot to widen along."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

A = TypeVar("A")


def jittered_order(legal: Sequence[A], score: Callable[[A], float],
                   rand: Callable[[], float]) -> list[A]:
    """`legal` best first by `score` plus a jitter of up to 0.01 that breaks ties. One
    draw per move in the list's order, as the bots' `act` draws them with `max`: from
    the same random state, the first move here is the one `act` plays."""
    keyed = [(score(a) + rand() * 0.01, i) for i, a in enumerate(legal)]
    keyed.sort(key=lambda k: (-k[0], k[1]))
    return [legal[i] for _score, i in keyed]
