"""The solo mode's actions: every choice the Countess's rules ask of the player."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action


@dataclass(frozen=True, slots=True)
class GiveCountess(Action):
    """After your draft: the face-up villager in Road slot `slot` goes to the Countess."""

    slot: int


@dataclass(frozen=True, slots=True)
class ResolveEvent(Action):
    """Event Phase: carry out (or, for a phase card, discard) the face-up event `event`."""

    event: str


@dataclass(frozen=True, slots=True)
class PlayJester(Action):
    """Once per game: discard the face-up event `event`, which has not begun to act."""

    event: str


@dataclass(frozen=True, slots=True)
class PickVillager(Action):
    """The event being resolved acts on the villager at `slot` (of the village it names)."""

    slot: int


@dataclass(frozen=True, slots=True)
class PickHandCard(Action):
    """The event being resolved takes `card` from your hand."""

    card: str


@dataclass(frozen=True, slots=True)
class Conscript(Action):
    """Conscription: the Countess takes the top card of stack `stack` (None: the Reserve)."""

    stack: int | None


@dataclass(frozen=True, slots=True)
class PayToll(Action):
    """Rats or Arson: `pay` the Gold to the Bank (True), or lose a draft or build (False)."""

    pay: bool


SOLO_ACTIONS = (GiveCountess, ResolveEvent, PlayJester, PickVillager, PickHandCard,
                Conscript, PayToll)
