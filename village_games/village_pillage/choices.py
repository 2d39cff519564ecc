"""Every way to play two different cards from a hand, as a read-only sequence.

A hand of k cards has k*(k-1) ordered pairs (up to 56 with eight cards). Building them
all for every `legal_actions` call was the largest cost of random play, so this sequence
builds an action only when it is looked at: `len`, indexing (what `random.choice` uses),
`in` and iteration all work without a list. The order is that of
`itertools.permutations(hand, 2)`, and the action objects themselves are shared (frozen).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

_POOL: dict[tuple[type, str, str], Any] = {}  # one frozen action per (kind, card, card)


def pair_action(kind: type, a: str, b: str) -> Any:
    key = (kind, a, b)
    action = _POOL.get(key)
    if action is None:
        action = _POOL[key] = kind(a, b)
    return action


class PairChoices(Sequence):
    """`kind(a, b)` for every ordered pair of different cards of `hand`."""

    __slots__ = ("kind", "hand", "_k", "_n")

    def __init__(self, kind: type, hand: Sequence[str]) -> None:
        self.kind = kind
        self.hand = tuple(hand)
        self._k = len(self.hand)
        self._n = self._k * (self._k - 1)  # 0 for an empty or one-card hand

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if type(i) is not int or not 0 <= i < self._n:  # random play indexes in range
            if isinstance(i, slice):
                return tuple(self[j] for j in range(*i.indices(self._n)))
            if i < 0:
                i += self._n
            if not 0 <= i < self._n:
                raise IndexError("choice index out of range")
        a, r = divmod(i, self._k - 1)
        h = self.hand
        first, second = h[a], h[r if r < a else r + 1]
        action = _POOL.get((self.kind, first, second))
        return action if action is not None else pair_action(self.kind, first, second)

    def __iter__(self) -> Iterator[Any]:
        h, kind = self.hand, self.kind
        for a in h:
            for b in h:
                if a != b:
                    yield pair_action(kind, a, b)

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.kind:
            return False
        a, b = (getattr(action, f) for f in action.__dataclass_fields__)  # type: ignore[attr-defined]
        return a != b and a in self.hand and b in self.hand

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PairChoices({self.kind.__name__}, {list(self.hand)})"
