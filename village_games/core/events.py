"""Log events: what happened, in words, and who may read which words."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened.

    `text` is what every seat may read. When some seats may know more (a player sees the
    card they drew), `secret_text` is shown to the seats in `secret_for` instead.
    `data` holds the same facts as plain JSON values, for tests, bots and animations.
    A NamedTuple, not a frozen dataclass: engines make dozens per round and this is cheaper.
    """

    kind: str
    text: str
    data: dict[str, Any] = {}  # never mutated: engines pass their own dict
    secret_text: str | None = None
    secret_for: tuple[int, ...] = ()

    def text_for(self, seat: int | None, omniscient: bool = False) -> str:
        """The line this seat may read; `omniscient` (a referee or replay view) sees all."""
        if self.secret_text is not None and (omniscient or seat in self.secret_for):
            return self.secret_text
        return self.text

    def visible_data(self, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        """`data` with secret fields (keys starting with '_') removed for outsiders."""
        if omniscient or seat in self.secret_for or not self.secret_for:
            return dict(self.data)
        return {k: v for k, v in self.data.items() if not k.startswith("_")}

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data}
        if self.secret_text is not None:
            d["secret_text"] = self.secret_text
            d["secret_for"] = list(self.secret_for)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            kind=d["kind"],
            text=d["text"],
            data=dict(d.get("data", {})),
            secret_text=d.get("secret_text"),
            secret_for=tuple(d.get("secret_for", ())),
        )
