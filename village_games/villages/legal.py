"""Main-phase legal actions: a read-only sequence that builds only what is looked at.

Most of a main-phase list is never read by a random or search player: a discard per
card, an add or gift per card and village, and above all the attacks (every village you
may attack times every unit you may send). So a legal list keeps plain rows of fields
per kind, in the order a picker groups them (BuildAs, Build, Add, Give, Discard, Attack,
EndTurn), and makes (and interns) an action only when it is read. `len`, indexing (what
`random.choice` uses), `in` and iteration work without building a list, and the action
read last is recognised at once, so applying it costs no search. (The short lists of the
other phases, a draw, defend or reward choice, are plain tuples of shared actions.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ..core.actions import Action, FieldValue
from .actions import Add, Attack, Build, Discard, Give, act, interned

# the shared actions by their fields: a row read from a list is looked up without a new key
_BUILDS, _ADDS, _GIVES = interned(Build), interned(Add), interned(Give)
_DISCARDS, _ATTACKS = interned(Discard), interned(Attack)

class Legal(Sequence[Action]):
    __slots__ = ("head", "builds", "adds", "gives", "discards", "targets", "senders", "tail",
                 "_cuts", "_n", "_last")

    # The rows may come in lists the caller made for this list alone (never changed after).
    def __init__(self, head: Sequence[Action] = (), builds: Sequence[tuple[str, ...]] = (),
                 adds: Sequence[tuple[str, str]] = (),
                 gives: Sequence[tuple[str, int, str]] = (), discards: Sequence[str] = (),
                 targets: Sequence[tuple[int, str]] = (),
                 senders: Sequence[tuple[str, str]] = (),
                 tail: Sequence[Action] = ()) -> None:
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
        self._last: Action | None = None

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
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
        elif i < a:
            row: tuple[FieldValue, ...] = self.builds[i - z]
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

    def __iter__(self) -> Iterator[Action]:
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
        return action in self.head or action in self.tail

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Legal({list(self)!r})"


def made(named: Sequence[Action], builds: Sequence[tuple[str, ...]],
         adds: Sequence[tuple[str, str]], gives: Sequence[tuple[str, int, str]],
         tail: Sequence[Action]) -> tuple[Action, ...]:
    """What `Legal(named, builds, adds, gives, tail=tail)` holds, made at once as a plain
    tuple of shared actions: once the turn's action is taken the list is short (no discards,
    no attacks), and the core reads a tuple without a call into Python."""
    out = list(named)
    for row in builds:
        out.append(_BUILDS.get(row) or act(Build, *row))
    for pair in adds:
        out.append(_ADDS.get(pair) or act(Add, *pair))
    for gift in gives:
        out.append(_GIVES.get(gift) or act(Give, *gift))
    out += tail
    return tuple(out)
