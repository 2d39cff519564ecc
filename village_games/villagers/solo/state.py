"""What the solo mode adds to a game's state: the event decks, the face-up events, the
Jester, and the decision the Countess's rules are waiting for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import SEASONS, EventSet

if TYPE_CHECKING:
    from ..game import Villagers


class SoloState:
    """`decks[season]`: face-down events, top last; `discards[season]`: thrown away;
    `face_up`: in play, in the order dealt; `begun`: face-up events whose effect has
    started (the Jester can no longer touch them); `current`: the event waiting for a
    choice; `refill`: Road slots emptied by this draft, dealt again after her pick."""

    __slots__ = ("mode", "events", "decks", "discards", "face_up", "begun", "jester",
                 "current", "refill", "after", "waits_on", "_force", "_jester")

    def __init__(self, mode: str, events: EventSet) -> None:
        self.mode = mode
        self.events = events
        self.decks: dict[str, list[str]] = {s: [] for s in SEASONS}
        self.discards: dict[str, list[str]] = {s: [] for s in SEASONS}
        self.face_up: list[str] = []
        self.begun: list[str] = []
        self.jester = mode != "hard"  # Hard mode takes the Jester out of the game
        self.current: str | None = None
        self.refill: list[int] = []
        self.after = ""  # the phase a toll (Rats, Arson) interrupts: "draft" or "build"
        # (`current`, its options) while an event waits for a choice (phase "event"), set
        # when it begins to wait: nothing but the choice and the Jester, which changes no
        # option, may happen meanwhile. A tuple, never changed, so copies share it; not
        # saved (a loaded game works the options out again)
        self.waits_on: tuple[str | None, tuple[Any, ...]] = (None, ())
        # (a copy of `face_up`, {effect: gold of the first face-up card with it}): what
        # `phases.in_force` read last (`events` never changes); replaced whole, never
        # changed, so copies share it
        self._force: tuple[list[str], dict[str, int]] = ([], {})
        # (a legal list, the Jester's targets, that list with the Jester added): what
        # `phases.with_jester` made last, handed out again for the same list and targets;
        # replaced whole, and a Choices is read-only to its users, so copies share it
        self._jester: tuple[Any, tuple[str, ...], Any] = (None, (), None)

    def copy(self) -> SoloState:
        s = SoloState.__new__(SoloState)
        s.mode, s.events = self.mode, self.events
        s.decks = {k: v[:] for k, v in self.decks.items()}
        s.discards = {k: v[:] for k, v in self.discards.items()}
        s.face_up, s.begun = self.face_up[:], self.begun[:]
        s.jester, s.current, s.refill, s.after = (self.jester, self.current, self.refill[:],
                                                  self.after)
        s.waits_on = self.waits_on
        s._force, s._jester = self._force, self._jester
        return s

    def unbegun(self) -> list[str]:
        """Face-up events the Jester may still discard."""
        return [e for e in self.face_up if e not in self.begun]

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "decks": {k: v[:] for k, v in self.decks.items()},
                "discards": {k: v[:] for k, v in self.discards.items()},
                "face_up": self.face_up[:], "begun": self.begun[:], "jester": self.jester,
                "current": self.current, "refill": self.refill[:], "after": self.after}


def solo_of(g: Villagers) -> SoloState:
    """The solo state of a game the solo rules are running (never None there)."""
    s = g.solo
    assert s is not None
    return s
