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
from dataclasses import fields as dataclass_fields
from typing import Any, overload

from ..core.actions import Action, FieldValue
from .actions import INTERNED, act


class Product(Sequence[Action]):
    """`kind(a, b, ...)` for every a in `axes[0]`, b in `axes[1]`, ... (last axis fastest)."""

    __slots__ = ("kind", "axes", "_n")

    def __init__(self, kind: type[Action], axes: tuple[tuple[FieldValue, ...], ...]) -> None:
        self.kind = kind
        self.axes = axes
        n = 1
        for axis in axes:
            n *= len(axis)
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        if type(i) is not int or not 0 <= i < self._n:
            if isinstance(i, slice):
                return tuple(self[j] for j in range(*i.indices(self._n)))
            if i < 0:
                i += self._n
            if not 0 <= i < self._n:
                raise IndexError("choice index out of range")
        return self.at(i)

    def at(self, i: int) -> Action:
        """The action at index `i` (0 <= i < len): mixed-radix digits, last axis fastest."""
        axes = self.axes
        n = len(axes)
        if n == 1:
            return act(self.kind, axes[0][i])
        if n == 0:
            return act(self.kind)
        if n == 3:  # (Build and TakeBasic, the long lists)
            first, second, third = axes
            i, r3 = divmod(i, len(third))
            i, r2 = divmod(i, len(second))
            return act(self.kind, first[i], second[r2], third[r3])
        values: list[FieldValue] = [None] * n
        for k in range(n - 1, 0, -1):
            axis = axes[k]
            i, r = divmod(i, len(axis))
            values[k] = axis[r]
        values[0] = axes[0][i]
        return act(self.kind, *values)

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._n):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.kind:
            return False
        fields = _FIELDS.get(self.kind)
        if fields is None:
            fields = _FIELDS[self.kind] = tuple(
                (f.name, str(f.type) == "bool")
                for f in dataclass_fields(self.kind))
        for (name, flag), axis in zip(fields, self.axes, strict=True):
            value = getattr(action, name)
            if value not in axis or (type(value) is bool) is not flag:
                return False  # (True is not slot 1, nor 1 a side)
        return True


_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}  # (field, is a bool field)


_new = object.__new__  # (for the constructors below that skip __init__'s counting)


def product(kind: type[Action], axes: tuple[tuple[FieldValue, ...], ...], n: int) -> Product:
    """`Product(kind, axes)` when the caller already knows its length `n`."""
    p = _new(Product)
    p.kind, p.axes, p._n = kind, axes, n
    return p


class Choices(Sequence[Action]):
    """Several products one after another (each non-empty)."""

    __slots__ = ("parts", "_n", "_last", "_flat")

    def __init__(self, parts: list[Product]) -> None:
        self.parts = tuple([p for p in parts if p._n])
        n = 0
        for p in self.parts:
            n += p._n
        self._n = n
        self._last: Action | None = None  # the action read last: an apply need not search
        self._flat: tuple[Action, ...] | None = None  # every action, for a shared list

    @classmethod
    def of(cls, parts: list[Product], n: int) -> Choices:
        """`Choices(parts)` when every part is non-empty and their lengths add up to `n`."""
        c = _new(cls)
        c.parts, c._n, c._last, c._flat = tuple(parts), n, None, None
        return c

    @classmethod
    def shared(cls, parts: list[Product]) -> Choices:
        """`Choices(parts)` with every action made up front: for a list kept and handed
        out again and again (reading one is then a tuple index)."""
        c = cls(parts)
        c._flat = tuple([a for part in c.parts for a in part])
        return c

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        if type(i) is not int or not 0 <= i < self._n:
            if isinstance(i, slice):
                return tuple(self[j] for j in range(*i.indices(self._n)))
            if i < 0:
                i += self._n
            if not 0 <= i < self._n:
                raise IndexError("choice index out of range")
        flat = self._flat
        if flat is not None:
            action = self._last = flat[i]
            return action
        parts = self.parts
        part = parts[-1]
        start = self._n - part._n
        if i >= start:  # (the last part, looked at first: in a Build Phase list, the
            i -= start  # returns to the stacks, most of its actions)
        else:
            for part in parts:
                n = part._n
                if i < n:
                    break
                i -= n
        axes = part.axes
        width = len(axes)
        if width == 1:  # (most lists: drafts, single-axis choices)
            key: tuple[Any, ...] = (part.kind, axes[0][i])  # (`act`'s arguments)
        elif width == 0:  # (EndTurn, PlayTinner: no fields)
            key = (part.kind,)
        elif width == 3:  # (Build and TakeBasic, the long lists: `at`, written out)
            first, second, third = axes
            size = len(third)
            if size == 1:  # (no padlock, or a single place to return to)
                r3 = 0
            else:  # (`divmod`, as two operators: no call, no tuple)
                r3 = i % size
                i //= size
            size = len(second)
            if size == 1:
                r2 = 0
            else:
                r2 = i % size
                i //= size
            key = (part.kind, first[i], second[r2], third[r3])
        else:
            action = self._last = part.at(i)
            return action
        found = INTERNED.get(key)  # `act(*key)`, written out
        if found is None:
            found = act(*key)
        self._last = found
        return found

    def __iter__(self) -> Iterator[Action]:
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
