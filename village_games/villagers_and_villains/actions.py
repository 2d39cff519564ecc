"""Villagers & Villains actions: every choice a mayor makes is one of these frozen records.

They group by kind for a picker: the King's Favor at the start of a phase (KeepFavor,
MoveStart), recruiting (Recruit, BuyRoll, Roll), defending (Attack, DeclareMob, Roll),
bonuses declared before a roll (UseFavor, UseAbility, PayVend), the owner's answer to a
VEND request (AllowVend, RefuseVend), the order of rulings (Resolve), Build, and Pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..core.actions import Action, ActionCodec, FieldValue


@dataclass(frozen=True, slots=True)
class KeepFavor(Action):
    """At the start of a phase: keep the King's Favor for later."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class MoveStart(Action):
    """At the start of a phase: spend the King's Favor to give the Start Marker to `seat`."""

    final: ClassVar[bool] = True

    seat: int


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Announce the Recruitment Pool card at `position` (1 = farthest from the deck)."""

    final: ClassVar[bool] = True

    position: int


@dataclass(frozen=True, slots=True)
class Ordinance(Action):
    """Ordinance variant, once per game, before announcing a recruit: shuffle the pool card
    at `position` back into the deck and deal the deck's top card in its place."""

    final: ClassVar[bool] = True

    position: int


@dataclass(frozen=True, slots=True)
class BuyRoll(Action):
    """Pay 1 gold to the bank for one more recruit roll (before rolling)."""


@dataclass(frozen=True, slots=True)
class BuyRollFrom(Action):
    """Pony Express variant: pay 1 gold for an extra roll to `seat`, who sells you their
    own coming recruit roll (it will count as a 1 for them) if they agree."""

    final: ClassVar[bool] = True

    seat: int


@dataclass(frozen=True, slots=True)
class SellRoll(Action):
    """Pony Express: sell your coming recruit roll for the asking mayor's 1 gold."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class KeepRoll(Action):
    """Pony Express: keep your recruit roll (the asking mayor may buy from the bank)."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die: for the announced recruit, or for the declared DEFENSE."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Defend against `challenge` in your town: a TOWN DEFENSE (hero None) or a HERO
    DEFENSE with your hero `hero`, whose Defeat Bonus adds to the roll."""

    challenge: str
    hero: str | None


@dataclass(frozen=True, slots=True)
class DeclareMob(Action):
    """Play your Angry Mob: +3 to this DEFENSE roll; the card then leaves the game."""


@dataclass(frozen=True, slots=True)
class UseFavor(Action):
    """Spend the King's Favor for this phase's bonus."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use the ability of `card` in your own town (paying its cost, if any)."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class PayVend(Action):
    """Ask to use the VEND ability of `card` in `seat`'s town, paying its VEND price."""

    final: ClassVar[bool] = True

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class AllowVend(Action):
    """Let the asking mayor pay for and use your VEND ability."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class RefuseVend(Action):
    """Deny the asking mayor the use of your VEND ability."""

    final: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Carry out the ruling `ruling` next ("pillage", "earnings", or a card whose passive
    ability acts on your turn): you choose the order of your turn's rulings."""

    final: ClassVar[bool] = True

    ruling: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Pay the Purchase Price of `card` from your hand and put it in your town."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End your turn in this phase (stop defending, build nothing, or finish)."""

    final: ClassVar[bool] = True


CODEC = ActionCodec(KeepFavor, MoveStart, Recruit, Ordinance, BuyRoll, BuyRollFrom, SellRoll,
                    KeepRoll, Roll, Attack, DeclareMob, UseFavor, UseAbility, PayVend,
                    AllowVend, RefuseVend, Resolve, Build, Pass)

_INTERNED: dict[tuple[object, ...], Any] = {}  # (each its key's kind: `act` says which)
A = TypeVar("A", bound=Action)


def act(kind: type[A], *fields: FieldValue) -> A:
    """The one shared (frozen) action `kind(*fields)`: legal lists are built from these."""
    key = (kind, *fields)
    action = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) > 50_000:  # user decks bring new names; keep the cache bounded
            _INTERNED.clear()
        action = _INTERNED[key] = kind(*fields)
    return action


PASS = act(Pass)
ROLL = act(Roll)
BUY_ROLL = act(BuyRoll)
DECLARE_MOB = act(DeclareMob)
USE_FAVOR = act(UseFavor)
KEEP_FAVOR = act(KeepFavor)
ALLOW_VEND = act(AllowVend)
REFUSE_VEND = act(RefuseVend)
SELL_ROLL = act(SellRoll)
KEEP_ROLL = act(KeepRoll)
