"""Actions are small frozen dataclasses with a readable str() and a JSON dict form."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


class Action:
    """Mixin for every game's action dataclasses.

    Subclasses are `@dataclass(frozen=True, slots=True)`; `str()` reads like
    `Plan(left=Farmer, right=Raider)` and `to_dict()` gives `{"type": "Plan", ...}`.
    Each game registers its action classes in an `ActionCodec` for `from_dict`.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            d[f.name] = getattr(self, f.name)
        return d

    def __str__(self) -> str:
        parts = ", ".join(
            f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)  # type: ignore[arg-type]
        )
        return f"{type(self).__name__}({parts})"


class ActionCodec:
    """Turns action dicts back into a game's action objects."""

    def __init__(self, *classes: type) -> None:
        self._by_name = {c.__name__: c for c in classes}

    def from_dict(self, d: dict[str, Any]) -> Any:
        if not isinstance(d, dict) or "type" not in d:
            raise ValueError(f"an action dict needs a 'type' key, got {d!r}")
        cls = self._by_name.get(d["type"])
        if cls is None:
            allowed = ", ".join(sorted(self._by_name))
            raise ValueError(f"unknown action type {d['type']!r}; allowed: {allowed}")
        fields = {k: v for k, v in d.items() if k != "type"}
        try:
            return cls(**fields)
        except TypeError as exc:
            raise ValueError(f"bad fields for {d['type']}: {exc}") from None
