"""What the mayor whose turn it is has done so far this turn (reset at every turn)."""

from __future__ import annotations

from typing import Any

STEPS = ("favor", "choose", "declare", "vend", "sell")


class TurnState:
    """`step`: "favor" (the Favor's holder decides at a phase's start), "choose" (the
    turn's main choice), "declare" (a recruit or DEFENSE is announced; bonuses may be
    declared before the roll), "vend" (the owner of a VEND card answers a request) or
    "sell" (Pony Express: a mayor asked to sell their recruit roll answers).

    Recruit: `position`, `rolls` (dice to roll), `bought`. Defend: `challenge`, `hero`,
    `town_left` (TOWN DEFENSE attempts), `heroes_used`, `hits` (successes this turn per
    challenge). Both: `bonus` (added to the die), `mob`, `favor` (declared for this roll).
    Pillage and Earning: `pending` rulings and `reduce` (Pillage Loss prevented).
    Build/Hire: `builds_left`, `discount`. Abilities: `used` ("seat:card" used or asked for
    this turn) and `vend` (the request waiting for its owner's answer)."""

    __slots__ = ("step", "position", "rolls", "bought", "bonus", "mob", "favor", "challenge",
                 "hero", "town_left", "heroes_used", "hits", "pending", "reduce",
                 "builds_left", "discount", "used", "vend", "avoid")

    def __init__(self, step: str = "choose") -> None:
        self.step = step
        self.position = 0
        self.rolls = 0
        self.bought = 0
        self.bonus = 0
        self.mob = False
        self.favor = False
        self.challenge: str | None = None
        self.hero: str | None = None
        self.town_left = 0
        self.heroes_used: list[str] = []
        self.hits: dict[str, int] = {}
        self.pending: list[str] = []
        self.reduce = 0
        self.builds_left = 0
        self.discount = 0
        self.used: list[str] = []
        self.vend: list[Any] | None = None  # [owner seat, card]
        self.avoid = False  # the Favor protects this Pillage turn

    def copy(self) -> TurnState:
        t = TurnState.__new__(TurnState)
        for k in self.__slots__:
            setattr(t, k, getattr(self, k))
        t.heroes_used = self.heroes_used[:]
        t.hits = dict(self.hits)
        t.pending = self.pending[:]
        t.used = self.used[:]
        t.vend = None if self.vend is None else self.vend[:]
        return t

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self.__slots__}
        d["heroes_used"] = self.heroes_used[:]
        d["hits"] = dict(self.hits)
        d["pending"] = self.pending[:]
        d["used"] = self.used[:]
        d["vend"] = None if self.vend is None else self.vend[:]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TurnState:
        t = cls()
        unknown = set(d) - set(cls.__slots__)
        if unknown:
            raise ValueError(f"turn: unknown field(s) {', '.join(sorted(unknown))}")
        for k, v in d.items():
            setattr(t, k, v)
        if t.step not in STEPS:
            raise ValueError(f"turn.step must be one of {', '.join(STEPS)}, got {t.step!r}")
        t.heroes_used = list(t.heroes_used)
        t.hits = dict(t.hits)
        t.pending = list(t.pending)
        t.used = list(t.used)
        t.vend = None if t.vend is None else list(t.vend)
        return t
