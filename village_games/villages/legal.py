"""Legal actions as a read-only sequence that builds only what is looked at.

Most of a main-phase list is never read by a random or search player: a discard per
card, an add or gift per card and village, and above all the attacks (every village you
may attack times every unit you may send). So a legal list keeps plain rows of fields
per kind, in the order a picker groups them (Draw, Defend or Reward; or Build, Add, Give,
Discard, Attack, EndTurn), and makes (and interns) an action only when it is
read. `len`, indexing (what `random.choice` uses), `in` and iteration work without
building a list, and the action read last is recognised at once, so applying it costs
no search.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from .actions import Add, Attack, Build, Discard, Give, act, interned

# the shared actions by their fields: a row read from a list is looked up without a new key
_BUILDS, _ADDS, _GIVES = interned(Build), interned(Add), interned(Give)
_DISCARDS, _ATTACKS = interned(Discard), interned(Attack)

L = TypeVar("L", bound="Legal")


class Legal(Sequence):
    __slots__ = ("head", "builds", "adds", "gives", "discards", "targets", "senders", "tail",
                 "_cuts", "_n", "_last", "_kind")

    # The rows may come in lists the caller made for this list alone (never changed after).
    def __init__(self, head: Sequence = (), builds: Sequence[tuple[str, ...]] = (),
                 adds: Sequence[tuple[str, str]] = (),
                 gives: Sequence[tuple[str, int, str]] = (), discards: Sequence[str] = (),
                 targets: Sequence[tuple[int, str]] = (),
                 senders: Sequence[tuple[str, str]] = (), tail: Sequence = ()) -> None:
        self.head = head
        self.builds = builds
        self.adds = adds
        self.gives = gives
        self.discards = discards
        if not targets or not senders:
            targets, senders = (), ()
        self.targets = targets
        self.senders = senders
        self.tail = tail
        z = len(head)
        a = z + len(builds)
        b = a + len(adds)
        c = b + len(gives)
        d = c + len(discards)
        e = d + len(targets) * len(senders)
        self._cuts = (z, a, b, c, d, e)
        self._n = e + len(tail)
        self._last: Any = None
        self._kind: type | None = None  # set: `head` holds rows of fields of this kind

    @staticmethod
    def of(head: tuple) -> Legal:
        """A list of ready-made actions only (a draw choice): the same as `Legal(head)`,
        without the general constructor's work."""
        return _head_only(Ready, head)

    @staticmethod
    def rows(kind: type, rows: tuple[tuple, ...]) -> Legal:
        """One `kind` action per row of its fields (a defend or reward choice), each made
        (and interned) only when it is read."""
        self = _head_only(Rows, rows)
        self._kind = kind
        self._table = interned(kind)
        return self

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if type(i) is not int or i < 0:  # the common case (a plain index) tests just this
            if isinstance(i, slice):
                return tuple(self[j] for j in range(*i.indices(self._n)))
            if i < 0:
                i += self._n
        if not 0 <= i < self._n:
            raise IndexError("choice index out of range")
        z, a, b, c, d, e = self._cuts
        if i < z:
            action = self.head[i]
            kind = self._kind
            if kind is not None:
                action = interned(kind).get(action) or act(kind, *action)
        elif i < a:
            row = self.builds[i - z]
            action = _BUILDS.get(row) or act(Build, *row)
        elif i < b:
            row = self.adds[i - a]
            action = _ADDS.get(row) or act(Add, *row)
        elif i < c:
            row = self.gives[i - b]
            action = _GIVES.get(row) or act(Give, *row)
        elif i < d:
            card = self.discards[i - c]
            action = _DISCARDS.get((card,)) or act(Discard, card)
        elif i < e:
            t, s = divmod(i - d, len(self.senders))
            row = self.targets[t] + self.senders[s]
            action = _ATTACKS.get(row) or act(Attack, *row)
        else:
            action = self.tail[i - e]
        self._last = action
        return action

    def __iter__(self) -> Iterator[Any]:
        kind = self._kind
        if kind is not None:
            for row in self.head:
                yield act(kind, *row)
        else:
            yield from self.head
        for trio in self.builds:
            yield act(Build, *trio)
        for row in self.adds:
            yield act(Add, *row)
        for row3 in self.gives:
            yield act(Give, *row3)
        for card in self.discards:
            yield act(Discard, card)
        for target in self.targets:
            for sender in self.senders:
                yield act(Attack, *target, *sender)
        yield from self.tail

    def __contains__(self, action: object) -> bool:
        if action is self._last and action is not None:
            return True
        kind = type(action)
        if type(action) is Attack:
            return ((action.seat, action.village) in self.targets
                    and (action.unit, action.source) in self.senders)
        if type(action) is Build:
            return ((action.first, action.second, action.third)
                    in self.builds)
        if type(action) is Discard:
            return action.card in self.discards
        if type(action) is Add:
            return (action.card, action.village) in self.adds
        if type(action) is Give:
            return ((action.card, action.seat, action.village)
                    in self.gives)
        if self._kind is not None:
            return kind is self._kind and tuple(
                getattr(action, f) for f in kind.__slots__) in self.head  # type: ignore[attr-defined]
        return action in self.head or action in self.tail

    def attacks(self) -> int:
        """How many attacks the list holds (without building them)."""
        return len(self.targets) * len(self.senders)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Legal({list(self)!r})"


def _head_only(cls: type[L], head: tuple) -> L:
    """A `cls` list holding only `head`."""
    self = cls.__new__(cls)
    self.head = head
    self.builds = self.adds = self.gives = self.discards = ()
    self.targets = self.senders = self.tail = ()
    n = len(head)
    self._cuts = (n, n, n, n, n, n)
    self._n = n
    self._last = self._kind = None
    return self


class Ready(Legal):
    """Ready-made actions only (a draw choice): reading one is a tuple lookup."""

    __slots__ = ()

    def __getitem__(self, i: Any) -> Any:
        if type(i) is int and 0 <= i < self._n:  # a plain index skips the general checks
            action = self._last = self.head[i]
            return action
        return Legal.__getitem__(self, i)


class Rows(Legal):
    """One `_kind` action per row of `head` (a defend or reward choice)."""

    __slots__ = ("_table",)  # interned(_kind), looked up once
    _table: dict[tuple, Any]
    _kind: type  # (always set for rows)

    def __getitem__(self, i: Any) -> Any:
        if type(i) is int and 0 <= i < self._n:  # a plain index skips the general checks
            row = self.head[i]
            action = self._last = self._table.get(row) or act(self._kind, *row)
            return action
        return Legal.__getitem__(self, i)


NOTHING = Legal()
