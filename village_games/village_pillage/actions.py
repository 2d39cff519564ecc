"""Village Pillage actions: planning cards, and the two choices that can come up mid-round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Plan(Action):
    """3-5 players: one card face down toward each neighbour."""

    final: ClassVar[bool] = True

    left: str
    right: str


@dataclass(frozen=True, slots=True)
class QueueTwo(Action):
    """Duel, first round: a front card (resolves now) and a back card (resolves next round)."""

    final: ClassVar[bool] = True

    front: str
    back: str


@dataclass(frozen=True, slots=True)
class Queue(Action):
    """Duel, later rounds: one card behind the card already waiting."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class TakeMarketCard(Action):
    """Choose which face-up market card a purchase takes."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class ResolveFirst(Action):
    """A player with two buying cards in one phase picks which resolves first."""

    final: ClassVar[bool] = True

    card: str


CODEC = ActionCodec(Plan, QueueTwo, Queue, TakeMarketCard, ResolveFirst)
PLAN_TYPES = (Plan, QueueTwo, Queue)


def planned_cards(action: Action) -> list[str]:
    """The cards a planning action (Plan, QueueTwo or Queue) puts on the table, in plan
    order."""
    if isinstance(action, Plan):
        return [action.left, action.right]
    if isinstance(action, QueueTwo):
        return [action.front, action.back]
    assert isinstance(action, Queue)
    return [action.card]
