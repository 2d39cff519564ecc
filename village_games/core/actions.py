"""Actions are small frozen dataclasses with a readable str() and a JSON dict form."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from .errors import IllegalAction

# The field types an action may declare, as written in annotations, and what JSON gives.
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,), "int": (int,), "bool": (bool,), "str | None": (str, type(None)),
    "int | None": (int, type(None)),
}
# What one field of an action holds (one of the kinds above): what a picker offers, shows
# and picks
FieldValue = str | int | bool | None


def short_repr(value: object, limit: int = 60) -> str:
    """repr() cut to `limit` characters: error messages echo input, never all of it (nor
    Python's own complaint about writing it out)."""
    try:
        text = repr(value)
    except ValueError:  # Python writes no integer of more than 4,300 digits
        text = (f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
                if isinstance(value, int) else
                f"a {type(value).__name__} holding a number of thousands of digits")
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _field_checks(cls: type) -> tuple[tuple[str, tuple[type, ...]], ...]:
    """(field, the exact classes it may hold) for each field of an action class whose
    annotation is a JSON kind; worked out once per class."""
    checks = tuple((f.name, kinds) for f in dataclasses.fields(cls)
                   if (kinds := _JSON_TYPES.get(str(f.type))) is not None)
    _CHECKS[cls] = checks
    return checks


_CHECKS: dict[type, tuple[tuple[str, tuple[type, ...]], ...]] = {}


class Action:
    """Mixin for every game's action dataclasses.

    Subclasses are `@dataclass(frozen=True, slots=True)`; `str()` reads like
    `Plan(left=Farmer, right=Raider)` and `to_dict()` gives `{"type": "Plan", ...}`.
    Each game registers its action classes in an `ActionCodec` for `from_dict`.

    Two facts a kind may declare for the apps, each a class attribute:
    `final`: a move of this kind may not be taken back once made (it may reveal, leave
    something to chance, or hand the decision to another seat), so a picker shows it
    picked and waits for Confirm; the invariant harness checks that a kind left
    non-final never does any of those. `played_card`: the card this kind plays or
    discards when no field names it (the Villagers Tinner: `PlayTinner()`), so a table
    can let that card be clicked to choose the kind.

    Each field holds exactly the kind its annotation names (an `int` field holds no
    bool, float or list): an action built with anything else raises IllegalAction naming
    the field. Otherwise `DraftRoad(slot=1.0)` equals `DraftRoad(slot=1)`, passes as legal,
    and goes into the history as a move no record can replay. Engines build few actions
    (they keep their lists), so the check costs little.
    """

    __slots__ = ()
    # (set on each subclass by @dataclass: declared here so type checkers know an action
    # is a dataclass instance)
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    kind: ClassVar[str] = ""
    final: ClassVar[bool] = False
    played_card: ClassVar[str | None] = None

    def __post_init__(self) -> None:
        cls = self.__class__
        checks = _CHECKS.get(cls)
        if checks is None:
            checks = _field_checks(cls)
        for name, kinds in checks:
            value = getattr(self, name)
            if value.__class__ not in kinds:
                want = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
                raise IllegalAction(f"{cls.__name__}.{name} must be {want}, got "
                                    f"{short_repr(value)}")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            d[f.name] = getattr(self, f.name)
        return d

    def __str__(self) -> str:
        parts = ", ".join(
            f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)
        )
        return f"{type(self).__name__}({parts})"


class ActionCodec:
    """Turns action dicts back into a game's action objects; anything malformed is an
    IllegalAction that says what is wrong (apply relies on this to change nothing)."""

    def __init__(self, *classes: type[Action]) -> None:
        self._by_name = {c.__name__: c for c in classes}
        self._fields = {c.__name__: {f.name: f.type for f in dataclasses.fields(c)}
                        for c in classes}

    def add(self, *classes: type[Action]) -> None:
        """More action kinds (a game's optional mode registering its own)."""
        for c in classes:
            self._by_name[c.__name__] = c
            self._fields[c.__name__] = {f.name: f.type for f in dataclasses.fields(c)}

    def names(self) -> str:
        return ", ".join(sorted(self._by_name))

    def kind(self, name: object) -> type[Action] | None:
        """The action class called `name`, or None."""
        return self._by_name.get(name) if isinstance(name, str) else None

    def from_dict(self, d: object) -> Action:
        if not isinstance(d, dict) or "type" not in d:
            raise IllegalAction(f"an action dict needs a 'type' key, got {short_repr(d)}")
        name = d["type"]
        if not isinstance(name, str) or name not in self._by_name:
            raise IllegalAction(f"unknown action type {short_repr(name)}; allowed: "
                                f"{self.names()}")
        declared = self._fields[name]
        given = {k: v for k, v in d.items() if k != "type"}
        extra = sorted(str(k) for k in given if k not in declared)
        missing = [k for k in declared if k not in given]
        if extra or missing:
            raise IllegalAction(
                f"{name} takes the fields {', '.join(declared) or '(none)'}"
                + (f"; unknown: {', '.join(extra)}" if extra else "")
                + (f"; missing: {', '.join(missing)}" if missing else ""))
        action = self._by_name[name](**given)  # the action checks its fields' kinds
        for key, value in given.items():  # (JSON may hold a number of any size)
            if type(value) is int and not -2**63 <= value < 2**63:
                raise IllegalAction(f"{name}.{key} must be a whole number under 2**63, got "
                                    f"{short_repr(value)}")
        return action
