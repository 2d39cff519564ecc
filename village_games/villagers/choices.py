"""Legal actions as a read-only sequence that builds only what is looked at.

A builder's choices multiply: card x place x padlock payment, and basic x card x stack
for a return; most of them a random or search player never looks at. So a legal list
is a chain of products, each `kind(a, b, ...)` over a few small axes, and an action is
made (and interned) only when it is read: `len`, indexing (what `random.choice` uses),
`in` and iteration work without building a list. Membership is exact and cheap, so the
engine also uses it as its legality test: what is listed is what is legal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .actions import act


class Product(Sequence):
    """`kind(a, b, ...)` for every a in `axes[0]`, b in `axes[1]`, ... (last axis fastest)."""

    __slots__ = ("kind", "axes", "_n")

    def __init__(self, kind: type, axes: tuple[tuple, ...]) -> None:
        self.kind = kind
        self.axes = axes
        n = 1
        for axis in axes:
            n *= len(axis)
        self._n = n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("choice index out of range")
        axes = self.axes
        if len(axes) == 1:
            return act(self.kind, axes[0][i])
        values = []
        for axis in reversed(axes):
            i, r = divmod(i, len(axis))
            values.append(axis[r])
        values.reverse()
        return act(self.kind, *values)

    def __iter__(self) -> Iterator[Any]:
        for i in range(self._n):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.kind:
            return False
        fields = _FIELDS.get(self.kind)
        if fields is None:
            fields = _FIELDS[self.kind] = tuple(
                (f.name, str(f.type) == "bool")
                for f in self.kind.__dataclass_fields__.values())
        for (name, flag), axis in zip(fields, self.axes, strict=True):
            value = getattr(action, name)
            if value not in axis or (type(value) is bool) is not flag:
                return False  # (True is not slot 1, nor 1 a side)
        return True


_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}  # (field, is a bool field)


class Choices(Sequence):
    """Several products one after another (each non-empty)."""

    __slots__ = ("parts", "_n", "_last")

    def __init__(self, parts: list[Product]) -> None:
        self.parts = tuple(p for p in parts if p._n)
        self._n = sum(p._n for p in self.parts)
        self._last: Any = None  # the action read last: an apply of it need not search

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("choice index out of range")
        for part in self.parts:
            if i < part._n:
                action = self._last = part[i]
                return action
            i -= part._n
        raise IndexError("choice index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Any]:
        for part in self.parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        if action is self._last and action is not None:
            return True
        kind = type(action)
        for part in self.parts:
            if part.kind is kind and action in part:
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Choices({list(self)!r})"


NOTHING = Choices([])
