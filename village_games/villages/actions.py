"""Villages actions: every choice a player makes is one of these small frozen records.

Cards are named by their id ("Blue Knight", "Castle"). A village is named by its colour
(each player has at most one village per colour). `source` says where a fighting unit
comes from: the colour of one of its owner's villages, or "hand" (a hired unit, played
face down). The kinds group as a picker shows them: Draw; Build, Add, Give; Discard,
Attack (the turn's one action); Defend and Reward (inside a battle); EndTurn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..core.actions import Action, ActionCodec, FieldValue


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the deck (`source="deck"`) or of the discard pile ("discard")."""

    final: ClassVar[bool] = True

    source: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a new village with three units of one colour from your hand."""

    first: str
    second: str
    third: str


@dataclass(frozen=True, slots=True)
class BuildAs(Action):
    """Build a new village of colour `village` with three units that could found a village
    of more than one colour (dual-colour and Light cards): the name says which."""

    first: str
    second: str
    third: str
    village: str


@dataclass(frozen=True, slots=True)
class Add(Action):
    """Add `card` from your hand to your village of colour `village`."""

    card: str
    village: str


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give `card` from your hand to `seat`'s village of colour `village`."""

    card: str
    seat: int
    village: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The turn's action: put `card` from your hand on top of the discard pile."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """The turn's action: attack `seat`'s village of colour `village` with `unit`, sent
    from your village of colour `source` or hired from your hand (`source="hand"`)."""

    final: ClassVar[bool] = True

    seat: int
    village: str
    unit: str
    source: str


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Meet the attacker with `unit` from the attacked village, from your hand
    (`source="hand"`, hired), or an Archer from another of your villages."""

    final: ClassVar[bool] = True

    unit: str
    source: str


@dataclass(frozen=True, slots=True)
class Reward(Action):
    """The winning attacker's reward: `choice` "destroy" or "kidnap" the defender (`card`
    is the defender), or "take" any unit or animal `card` of the attacked village."""

    choice: str
    card: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your turn (once you have taken your action, or when none is possible)."""

    final: ClassVar[bool] = True


CODEC = ActionCodec(Draw, Build, BuildAs, Add, Give, Discard, Attack, Defend, Reward, EndTurn)
REWARDS = ("destroy", "kidnap", "take")

# kind -> fields -> the one shared action: frozen values, the same for every game
_INTERNED: dict[type, dict[tuple[object, ...], Any]] = {}  # (each table holds its kind)
A = TypeVar("A", bound=Action)


def interned(kind: type[A]) -> dict[tuple[object, ...], A]:
    """The shared `kind` actions made so far, by their fields: a legal list looks a row up
    here directly (`table.get(row) or act(kind, *row)`), without building a key."""
    table = _INTERNED.get(kind)
    if table is None:
        table = _INTERNED[kind] = {}
    return table


def act(kind: type[A], *fields: FieldValue) -> A:
    """The one shared (frozen) action `kind(*fields)`: legal lists are built from these."""
    table = interned(kind)
    action = table.get(fields)
    if action is None:
        action = table[fields] = kind(*fields)
    return action


def acts(kind: type[A], rows: Iterable[tuple[FieldValue, ...]]) -> tuple[A, ...]:
    """The shared `kind` actions whose fields are `rows`, in order: a short legal list (a
    defend or reward choice) as a plain tuple, which the core reads without a call."""
    table = interned(kind)
    out = []
    for row in rows:
        out.append(table.get(row) or act(kind, *row))
    return tuple(out)


END_TURN = act(EndTurn)
DRAW_DECK = act(Draw, "deck")
DRAW_DISCARD = act(Draw, "discard")
