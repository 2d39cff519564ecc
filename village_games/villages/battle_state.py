"""The battle in progress: who fights whom, from where, and what the table can see."""

from __future__ import annotations

from typing import Any


class Battle:
    """One attack. `source`/`d_source`: a village colour or "hand" (hired). `shown`: the
    attacker's face is up (sent from a village, revealed, or shown by a Tower)."""

    __slots__ = ("attacker", "unit", "source", "seat", "village", "defender", "d_source",
                 "shown", "revealed", "a_power", "d_power", "a_parts", "d_parts")

    def __init__(self, attacker: int, unit: str, source: str, seat: int, village: str,
                 shown: bool) -> None:
        self.attacker = attacker
        self.unit = unit
        self.source = source
        self.seat = seat
        self.village = village
        self.defender: str | None = None
        self.d_source: str | None = None
        self.shown = shown
        self.revealed = False
        self.a_power: int | None = None
        self.d_power: int | None = None
        # after the reveal: [reason, amount] pairs that sum to each unit's power
        self.a_parts: list[list[Any]] | None = None
        self.d_parts: list[list[Any]] | None = None

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        for k in Battle.__slots__:
            setattr(b, k, getattr(self, k))
        return b

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in Battle.__slots__}
        for k in ("a_parts", "d_parts"):
            if d[k] is not None:
                d[k] = [list(x) for x in d[k]]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Battle:
        b = cls(d["attacker"], d["unit"], d["source"], d["seat"], d["village"],
                bool(d.get("shown", d["source"] != "hand")))
        b.defender = d.get("defender")
        b.d_source = d.get("d_source")
        b.revealed = bool(d.get("revealed", False))
        b.a_power = d.get("a_power")
        b.d_power = d.get("d_power")
        b.a_parts = d.get("a_parts")
        b.d_parts = d.get("d_parts")
        return b
