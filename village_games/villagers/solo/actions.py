"""The solo mode's actions: every choice the Countess's rules ask of the player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action


@dataclass(frozen=True, slots=True)
class GiveCountess(Action):
    """After your draft: the face-up villager in Road slot `slot` goes to the Countess."""

    final: ClassVar[bool] = True

    slot: int


@dataclass(frozen=True, slots=True)
class ResolveEvent(Action):
    """Event Phase: carry out (or, for a phase card, discard) the face-up event `event`."""

    final: ClassVar[bool] = True

    event: str


@dataclass(frozen=True, slots=True)
class PlayJester(Action):
    """Once per game: discard the face-up event `event`, which has not begun to act."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Jester"

    event: str


@dataclass(frozen=True, slots=True)
class PickVillager(Action):
    """The event being resolved acts on the villager at `slot` (of the village it names)."""

    final: ClassVar[bool] = True

    slot: int


@dataclass(frozen=True, slots=True)
class PickHandCard(Action):
    """The event being resolved takes `card` from your hand."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class Conscript(Action):
    """Conscription: the Countess takes the top card of stack `stack` (None: the Reserve)."""

    final: ClassVar[bool] = True

    stack: int | None


@dataclass(frozen=True, slots=True)
class PayToll(Action):
    """Rats or Arson: `pay` the Gold to the Bank (True), or lose a draft or build (False)."""

    pay: bool


SOLO_ACTIONS = (GiveCountess, ResolveEvent, PlayJester, PickVillager, PickHandCard,
                Conscript, PayToll)
