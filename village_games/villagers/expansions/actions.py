"""The expansions' actions: small frozen records, like the base game's (../actions.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action


# ------------------------------------------------------------------ Draft Phase
@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Recruiter: pay `gold` (1) at the start of your draft turn to draft twice this turn."""

    gold: ClassVar[int] = 1  # what the move costs (displays print this number)


@dataclass(frozen=True, slots=True)
class PlayBenefactor(Action):
    """Benefactor: build `card` from your hand on slot `on` (padlock opened by `unlock`)."""

    played_card: ClassVar[str | None] = "Benefactor"

    card: str
    on: int | None
    unlock: str | None


@dataclass(frozen=True, slots=True)
class PlayProphet(Action):
    """Prophet: search face-down stack `stack` and draft a villager from it (TakeCard)."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Prophet"

    stack: int


@dataclass(frozen=True, slots=True)
class PlayBarbarian(Action):
    """Barbarian: discard the whole Road, take its coins, deal it again from the Reserve."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Barbarian"


@dataclass(frozen=True, slots=True)
class PlayFlaker(Action):
    """Flaker: take `card` from `seat`'s Village Square into your hand."""

    played_card: ClassVar[str | None] = "Flaker"

    seat: int
    card: str


# ------------------------------------------------------------------ the Courier's moment
@dataclass(frozen=True, slots=True)
class PlayCourier(Action):
    """Courier, before another player's draft turn: take the villager in Road slot `slot`
    (and its coins) into your hand."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Courier"

    slot: int


@dataclass(frozen=True, slots=True)
class LetDraftGoOn(Action):
    """Keep the Courier for later: the other player's draft turn begins."""

    final: ClassVar[bool] = True


# ------------------------------------------------------------------ Build Phase
@dataclass(frozen=True, slots=True)
class PlayPigeoneer(Action):
    """Pigeoneer: look at the Reserve's top six cards and keep one (TakeCard)."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Pigeoneer"


@dataclass(frozen=True, slots=True)
class PlayNoble(Action):
    """Noble: look at `seat`'s hand and take a villager that is not a Special (TakeCard)."""

    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Noble"

    seat: int


@dataclass(frozen=True, slots=True)
class PlaySchemer(Action):
    """Schemer: take the top villager at `seat`'s slot `slot` into your hand."""

    played_card: ClassVar[str | None] = "Schemer"

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class PlaySheriff(Action):
    """Sheriff: discard the Thief at `seat`'s slot `slot` and take the coins on him."""

    played_card: ClassVar[str | None] = "Sheriff"

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class ThiefSteals(Action):
    """Your Thief at slot `slot` takes `gold` (3) from `victim`'s Supply onto himself."""

    gold: ClassVar[int] = 3  # what the move takes (displays print this number)

    slot: int
    victim: int


@dataclass(frozen=True, slots=True)
class PayFreelancer(Action):
    """At the start of your build turn: `gold` (1) on the Freelancer at `seat`'s slot
    `slot` for one more build action."""

    gold: ClassVar[int] = 1  # what the move costs (displays print this number)

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class PickBronze(Action):
    """Score the Bronze symbol of your villager at slot `slot` when this turn ends
    (without a pick, the best one is scored)."""

    slot: int


# ------------------------------------------------------------------ pending choices
@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Keep `card` from the cards you are looking at (Pigeoneer, Prophet, Noble)."""

    final: ClassVar[bool] = True

    card: str


@dataclass(frozen=True, slots=True)
class RewardDraw(Action):
    """Church reward: the top card of stack `stack` (None: the Reserve) into your hand."""

    final: ClassVar[bool] = True

    stack: int | None


@dataclass(frozen=True, slots=True)
class RewardBasic(Action):
    """Tavern reward: place a `basic` villager from its supply in your village."""

    final: ClassVar[bool] = True

    basic: str


DRAFT_TYPES = (Recruit, PlayBenefactor, PlayProphet, PlayBarbarian, PlayFlaker)
BUILD_TYPES = (PlayPigeoneer, PlayNoble, PlaySchemer, PlaySheriff, ThiefSteals,
               PayFreelancer, PickBronze)
PENDING_TYPES = (TakeCard, RewardDraw, RewardBasic)
COURIER_TYPES = (PlayCourier, LetDraftGoOn)
ALL_TYPES = (*DRAFT_TYPES, *BUILD_TYPES, *PENDING_TYPES, *COURIER_TYPES)
