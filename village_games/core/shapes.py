"""The shape of saved state: each part of a save is of the JSON kind and range its engine
writes, or a ValueError names the part and what it must be.

A save comes from a file anyone can edit, so a reader that trusts a part's kind fails
with Python's own words (`'bool' object is not iterable`), or loads a game that can never
be saved again. Engines declare the shape of each part they read as data,

    SHAPE = {"round": Int(1, 10_000), "winners": ListOf(SEAT), "result": TEXT,
             "awaiting": Maybe(Obj({"player": SEAT, "kind": OneOf("order", "market")}))}
    check_shape(d, SHAPE, seats=3)   # ValueError: awaiting.player must be a seat from 0 to 2, got 7

and check it before reading; the rules' own checks (cards conserved, one Founders per
village) come after. A part that is absent is not checked: scenarios leave most out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import short_repr
from .info import check_names

# Numbers a save holds are counts, seats and generator states: none reaches 2**64, and
# JSON writes no integer of more than 4,300 digits.
BIG = 2**64
# Saved state is a few levels deep; a deeper structure is damage (or an attack on the
# reader's recursion).
MAX_DEPTH = 32


class Shape:
    """One part's kind; `check` raises ValueError naming `where`."""

    def describe(self, seats: int) -> str:
        raise NotImplementedError

    def fits(self, value: object, seats: int) -> bool:
        """Whether `value` is of this shape (simple shapes answer directly)."""
        try:
            self.check(value, "", seats)
        except ValueError:
            return False
        return True

    def check(self, value: object, where: str, seats: int) -> None:
        if not self.fits(value, seats):
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")


class Int(Shape):
    """A whole number (never a bool) from `lo` to `hi`."""

    def __init__(self, lo: int = -BIG, hi: int = BIG) -> None:
        self.lo, self.hi = lo, hi

    def describe(self, seats: int) -> str:
        if self.lo == -BIG:
            return "a whole number"
        return f"a whole number from {self.lo} to {self.hi}"

    def fits(self, value: object, seats: int) -> bool:
        return type(value) is int and self.lo <= value <= self.hi


class Seat(Shape):
    """A seat: a whole number from 0 to seats - 1."""

    def describe(self, seats: int) -> str:
        return f"a seat from 0 to {seats - 1}"

    def fits(self, value: object, seats: int) -> bool:
        return type(value) is int and 0 <= value < seats


class Text(Shape):
    def __init__(self, max_len: int = 100_000) -> None:
        self.max_len = max_len

    def describe(self, seats: int) -> str:
        return "text"

    def fits(self, value: object, seats: int) -> bool:
        return type(value) is str and len(value) <= self.max_len


class Flag(Shape):
    def describe(self, seats: int) -> str:
        return "true or false"

    def fits(self, value: object, seats: int) -> bool:
        return type(value) is bool


class OneOf(Shape):
    """One of a few words (or other plain values)."""

    def __init__(self, *values: object) -> None:
        self.values = values

    def describe(self, seats: int) -> str:
        return "one of " + ", ".join(map(str, self.values))

    def fits(self, value: object, seats: int) -> bool:
        return type(value) in (str, int, type(None)) and any(
            type(value) is type(v) and value == v for v in self.values)


class Maybe(Shape):
    """null, or `inner`."""

    def __init__(self, inner: Shape) -> None:
        self.inner = inner

    def describe(self, seats: int) -> str:
        return "null or " + self.inner.describe(seats)

    def fits(self, value: object, seats: int) -> bool:
        return value is None or self.inner.fits(value, seats)

    def check(self, value: object, where: str, seats: int) -> None:
        if value is not None:
            self.inner.check(value, where, seats)


class ListOf(Shape):
    """A list of `item`s (at most `max_len`; exactly `length` when given)."""

    def __init__(self, item: Shape, max_len: int = 100_000, length: int | None = None) -> None:
        self.item, self.max_len, self.length = item, max_len, length

    def describe(self, seats: int) -> str:
        count = f" of {self.length}" if self.length is not None else ""
        return f"a list{count} (each {self.item.describe(seats)})"

    def fits(self, value: object, seats: int) -> bool:
        return (type(value) is list and len(value) <= self.max_len
                and (self.length is None or len(value) == self.length)
                and all(self.item.fits(x, seats) for x in value))

    def check(self, value: object, where: str, seats: int) -> None:
        if (type(value) is not list or len(value) > self.max_len
                or (self.length is not None and len(value) != self.length)):
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")
        for i, x in enumerate(value):
            self.item.check(x, f"{where}[{i}]", seats)


class Row(Shape):
    """A list of exactly these parts, in this order (`[seat, side, card]`)."""

    def __init__(self, *items: Shape) -> None:
        self.items = items

    def describe(self, seats: int) -> str:
        return "[" + ", ".join(i.describe(seats) for i in self.items) + "]"

    def fits(self, value: object, seats: int) -> bool:
        return (type(value) is list and len(value) == len(self.items)
                and all(i.fits(x, seats) for i, x in zip(self.items, value, strict=True)))

    def check(self, value: object, where: str, seats: int) -> None:
        if type(value) is not list or len(value) != len(self.items):
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")
        for i, (item, x) in enumerate(zip(self.items, value, strict=True)):
            item.check(x, f"{where}[{i}]", seats)


class Obj(Shape):
    """An object with these fields (each checked when present); `required` ones must be
    there, and no others may be unless `open`."""

    def __init__(self, fields: Mapping[str, Shape], required: tuple[str, ...] = (),
                 open: bool = False) -> None:
        self.fields, self.required, self.open = dict(fields), required, open

    def describe(self, seats: int) -> str:
        names = ", ".join(self.required or tuple(self.fields))
        return f"an object ({names})" if names else "an object"

    def check(self, value: object, where: str, seats: int) -> None:
        if type(value) is not dict:
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise ValueError(f"{where} has no {', '.join(missing)}")
        if not self.open:
            extra = sorted(str(k) for k in value if k not in self.fields)
            if extra:
                raise ValueError(f"{where}: unknown field(s) {short_repr(', '.join(extra))}; "
                                 f"allowed: {', '.join(self.fields)}")
        check_shape(value, self.fields, seats, where)


class MapOf(Shape):
    """An object whose keys are `keys` (words) and whose values are `values`."""

    def __init__(self, keys: Shape, values: Shape) -> None:
        self.keys, self.values = keys, values

    def describe(self, seats: int) -> str:
        return f"an object of {self.values.describe(seats)} by {self.keys.describe(seats)}"

    def fits(self, value: object, seats: int) -> bool:
        return type(value) is dict and all(
            self.keys.fits(k, seats) and self.values.fits(v, seats) for k, v in value.items())

    def check(self, value: object, where: str, seats: int) -> None:
        if type(value) is not dict:
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")
        for k, v in value.items():
            self.keys.check(k, f"{where} key", seats)
            self.values.check(v, f"{where}.{k}", seats)


class Json(Shape):
    """Any JSON value a save can hold again: no number past `BIG`, no nesting past
    `MAX_DEPTH` (event data, free-form notes); an object when `obj`."""

    def __init__(self, obj: bool = False) -> None:
        self.obj = obj

    def describe(self, seats: int) -> str:
        return (f"{'an object of ' if self.obj else ''}plain JSON (numbers under 2**64, at "
                f"most {MAX_DEPTH} levels deep)")

    def fits(self, value: object, seats: int) -> bool:
        if self.obj and type(value) is not dict:
            return False
        stack: list[tuple[Any, int]] = [(value, 0)]  # (any JSON value, its depth)
        while stack:
            x, depth = stack.pop()
            if depth > MAX_DEPTH:
                return False
            kind = type(x)
            if kind is dict:
                if not all(type(k) is str for k in x):
                    return False
                stack.extend((v, depth + 1) for v in x.values())
            elif kind is list:
                stack.extend((v, depth + 1) for v in x)
            elif kind is int:
                if not -BIG < x < BIG:
                    return False
            elif kind is float:
                if x != x or x in (float("inf"), float("-inf")):
                    return False
            elif kind not in (str, bool, type(None)):
                return False
        return True


SEAT = Seat()
TEXT = Text()
FLAG = Flag()
COUNT = Int(0, 10_000)  # coins, cards, rounds: far more than any game reaches
NAMES = ListOf(Text(200))  # card names (the rules check which)
JSON = Json()


def check_shape(d: Mapping[str, Any], shape: Mapping[str, Shape], seats: int,
                where: str = "") -> None:
    """Each part of `d` that `shape` names, checked; ValueError naming the first that is
    not of its shape (`where`: the path of `d` itself, for nested parts)."""
    for key, part in shape.items():
        if key in d:
            part.check(d[key], f"{where}.{key}" if where else key, seats)


class Tagged(Shape):
    """An object whose `key` says which of `variants` it is (`{"kind": "order", ...}`)."""

    def __init__(self, key: str, variants: Mapping[str, Obj]) -> None:
        self.key, self.variants = key, dict(variants)

    def describe(self, seats: int) -> str:
        return f"an object whose {self.key} is one of {', '.join(self.variants)}"

    def check(self, value: object, where: str, seats: int) -> None:
        if type(value) is not dict or type(value.get(self.key)) is not str or (
                value[self.key] not in self.variants):
            raise ValueError(f"{where} must be {self.describe(seats)}, got {short_repr(value)}")
        self.variants[value[self.key]].check(value, where, seats)


HEX_STATE = Text(16)


def saved_rng_state(d: Mapping[str, Any], default: int) -> int:
    """The generator state a save keeps as hex text under "rng" (`default`, the seed,
    when a scenario leaves it out); ValueError naming the field otherwise."""
    raw = d.get("rng")
    if raw is None and "rng" not in d:
        return default
    if type(raw) is not str or not 0 < len(raw) <= 16 or raw.strip("0123456789abcdef"):
        raise ValueError(f"rng must be the generator's state as 1 to 16 hex digits, got "
                         f"{short_repr(raw)}")
    return int(raw, 16)


def check_saved_options(options: Mapping[str, Any], seats: int, known: tuple[str, ...]
                        ) -> None:
    """What every game's saved options share: each is one of the game's `known` options
    (`GameInfo.options`), `players` (when given) is the number of seats the save lists,
    `names` (when given) one non-empty name per seat."""
    for key in options:
        if key not in known:
            raise ValueError(f"options has {short_repr(key)}, which is not an option of "
                             f"this game (its options: {', '.join(known)})")
    if "players" in options and (type(options["players"]) is not int
                                 or options["players"] != seats):
        raise ValueError(f"options.players must be {seats}, the number of players the "
                         f"save lists, got {short_repr(options['players'])}")
    try:
        check_names(options.get("names"), seats)
    except ValueError as exc:
        raise ValueError(f"options.{exc}") from None
