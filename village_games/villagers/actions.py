"""Villagers actions: every choice a player makes is one of these small frozen records.

Village positions are slot numbers (the order villagers entered the village, as
`observation()["players"][i]["village"]` lists them); `on=None` starts a new chain.
A padlock payment is named by `unlock`: "tinner" (free, a Tinner was played this turn),
"bank" (nobody has the unlocker: pay 2 Gold to the Bank) or "SEAT:SLOT" (the copy of the
unlocker that takes the 2 Gold: from the Bank when it is yours, from you otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..core.actions import Action, ActionCodec, FieldValue


@dataclass(frozen=True, slots=True)
class DraftRoad(Action):
    """Draft the face-up villager in Road slot `slot` (0-5), with any coins on it."""

    final: ClassVar[bool] = True

    slot: int


@dataclass(frozen=True, slots=True)
class DraftStack(Action):
    """Draft the top card of face-down stack `stack` (0-5); it is revealed."""

    final: ClassVar[bool] = True

    stack: int


@dataclass(frozen=True, slots=True)
class DraftReserve(Action):
    """Draft the Reserve's top card (only once every stack is empty)."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class PlaceCoin(Action):
    """Two players, after the draft: 1 Gold from the Bank on Road slot `slot`, or None."""

    final: ClassVar[bool] = True

    slot: int | None


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Place `card` from hand on village slot `on` (None: it starts a chain or stands
    alone), opening its padlock with `unlock` (None when it has none)."""

    card: str
    on: int | None
    unlock: str | None


@dataclass(frozen=True, slots=True)
class PlaceMonk(Action):
    """Place a Monk standing in for `role` on slot `on` (None: as a chain's first villager);
    the next action must build on him."""

    played_card: ClassVar[str | None] = "Monk"

    role: str
    on: int | None


@dataclass(frozen=True, slots=True)
class UseApprentice(Action):
    """Swap an Apprentice for the covered villager at `seat`'s slot `slot`, then place that
    villager in your village on `on` with `unlock`; `food_side` turns your own Founders
    to their Food side (False for every other villager)."""

    played_card: ClassVar[str | None] = "Apprentice"

    seat: int
    slot: int
    on: int | None
    unlock: str | None
    food_side: bool


@dataclass(frozen=True, slots=True)
class PlayTinner(Action):
    """Discard a Tinner: padlocks of villagers you play later this turn may open for free."""

    played_card: ClassVar[str | None] = "Tinner"


@dataclass(frozen=True, slots=True)
class PlaySmuggler(Action):
    """Discard a Smuggler (padlock opened with `unlock`) to earn half the printed Gold of
    your uncovered villager at slot `target`, rounded up."""

    played_card: ClassVar[str | None] = "Smuggler"

    target: int
    unlock: str | None


@dataclass(frozen=True, slots=True)
class TakeBasic(Action):
    """Return `card` from hand to stack `stack` (None once every stack is empty: the
    Reserve, or the discard pile) and place a `basic` villager from its supply."""

    basic: str
    card: str
    stack: int | None


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your Build Phase turn."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class AgentReads(Action):
    """Second Market: the Agent being scored reads the coins on your villager at `slot`."""

    final: ClassVar[bool] = True

    slot: int


CODEC = ActionCodec(DraftRoad, DraftStack, DraftReserve, PlaceCoin, Build, PlaceMonk,
                    UseApprentice, PlayTinner, PlaySmuggler, TakeBasic, EndTurn, AgentReads)
# (the solo mode and the expansions add their own kinds: modes.add_rules)
DRAFT_TYPES = (DraftRoad, DraftStack, DraftReserve)
BUILD_TYPES = (Build, PlaceMonk, UseApprentice, PlayTinner, PlaySmuggler, TakeBasic, EndTurn)

# (kind, *fields) -> the one shared action: bounded by the deck's names and slot numbers
INTERNED: dict[tuple[object, ...], Any] = {}  # (each its key's kind: `act` says which)
_INTERNED = INTERNED
A = TypeVar("A", bound=Action)


def act(kind: type[A], *fields: FieldValue) -> A:
    """The one shared (frozen) action `kind(*fields)`: legal lists are built from these."""
    key = (kind, *fields)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = kind(*fields)
    return action


def unlock_key(seat: int, slot: int) -> str:
    return f"{seat}:{slot}"


def parse_unlock(unlock: str) -> tuple[int, int] | None:
    """(seat, slot) of an unlocker payment, or None for "tinner"/"bank"/malformed."""
    seat, sep, slot = unlock.partition(":")
    if not sep or not seat.isdigit() or not slot.isdigit():
        return None
    return int(seat), int(slot)
