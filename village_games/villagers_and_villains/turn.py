"""What the mayor whose turn it is has done so far this turn (reset at every turn)."""

from __future__ import annotations

from typing import Any, TypedDict

from ..core.shapes import COUNT, FLAG, NAMES, SEAT, Int, MapOf, Maybe, Obj, OneOf, Row, Text

STEPS = ("favor", "choose", "declare", "vend", "sell")
CARD = Text(200)
# A saved turn, as `to_dict` writes it (the game checks the names against its cards)
SHAPE = Obj({
    "step": OneOf(*STEPS), "position": COUNT, "rolls": COUNT, "bought": COUNT,
    "bonus": Int(-10_000, 10_000), "mob": FLAG, "favor": FLAG, "challenge": Maybe(CARD),
    "hero": Maybe(CARD), "town_left": COUNT, "heroes_used": NAMES, "hits": MapOf(CARD, COUNT),
    "pending": NAMES, "reduce": COUNT, "builds_left": COUNT, "discount": COUNT, "used": NAMES,
    # [owner, card, step to go back to], or [seller, "roll", step] (Pony Express)
    "vend": Maybe(Row(SEAT, CARD, OneOf(*STEPS))), "avoid": FLAG})


class SavedTurn(TypedDict):
    """A turn state as `TurnState.to_dict` writes it (saves, and the turn an observation
    shows): the fields of `TurnState`, in its slots' order."""

    step: str
    position: int
    rolls: int
    bought: int
    bonus: int
    mob: bool
    favor: bool
    challenge: str | None
    hero: str | None
    town_left: int
    heroes_used: list[str]
    hits: dict[str, int]
    pending: list[str]
    reduce: int
    builds_left: int
    discount: int
    used: list[str]
    vend: list[Any] | None
    avoid: bool


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

    step: str
    position: int
    rolls: int
    bought: int
    bonus: int
    mob: bool
    favor: bool
    challenge: str | None
    hero: str | None
    town_left: int
    heroes_used: list[str]
    hits: dict[str, int]
    pending: list[str]
    reduce: int
    builds_left: int
    discount: int
    used: list[str]
    vend: list[Any] | None  # [owner seat, card, step to go back to]
    avoid: bool  # the Favor protects this Pillage turn

    def __init__(self, step: str = "choose") -> None:
        self.reset(step)

    def reset(self, step: str = "choose") -> None:
        """Back to the start of a turn. The game keeps one turn state and resets it at
        every turn it sets up: setting the fields again costs about two thirds of making
        a new object. (Its lists are new ones: what an earlier turn handed out, in an
        event or a view, stays as it was.)"""
        self.step = step
        self.position = 0
        self.rolls = 0
        self.bought = 0
        self.bonus = 0
        self.mob = False
        self.favor = False
        self.challenge = None
        self.hero = None
        self.town_left = 0
        self.heroes_used = []
        self.hits = {}
        self.pending = []
        self.reduce = 0
        self.builds_left = 0
        self.discount = 0
        self.used = []
        self.vend = None
        self.avoid = False

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

    def to_dict(self) -> SavedTurn:
        return {"step": self.step, "position": self.position, "rolls": self.rolls,
                "bought": self.bought, "bonus": self.bonus, "mob": self.mob,
                "favor": self.favor, "challenge": self.challenge, "hero": self.hero,
                "town_left": self.town_left, "heroes_used": self.heroes_used[:],
                "hits": dict(self.hits), "pending": self.pending[:], "reduce": self.reduce,
                "builds_left": self.builds_left, "discount": self.discount,
                "used": self.used[:], "vend": None if self.vend is None else self.vend[:],
                "avoid": self.avoid}

    @classmethod
    def from_dict(cls, d: dict[str, Any], seats: int) -> TurnState:
        """A saved turn; ValueError naming the part that is not of its kind."""
        SHAPE.check(d, "turn", seats)
        t = cls()
        for k, v in d.items():
            setattr(t, k, v)
        t.heroes_used = list(t.heroes_used)
        t.hits = dict(t.hits)
        t.pending = list(t.pending)
        t.used = list(t.used)
        t.vend = None if t.vend is None else list(t.vend)
        return t
