"""What the Villagers & Villains table draws: a seat's observation, with the live odds the
engine works out from it and the latest dice from the game's log."""

from __future__ import annotations

from typing import TypedDict, cast

from village_games.villagers_and_villains.table_odds import DefenseOdds, PoolOdds
from village_games.villagers_and_villains.views import VVObservation


class OddsView(TypedDict):
    """A mayor's live odds (`table_odds`): each pool card's recruit chance in the Recruit
    Phase, each challenge's DEFENSE chances in the Defend Phase."""

    seat: int
    pool: list[PoolOdds]
    defense: list[DefenseOdds]


# one die of the latest rolls, as the log reports it: who, the face, what for (`for`: a
# Python keyword, hence the functional form), and the mayor's name the table adds
Die = TypedDict("Die", {"seat": int, "die": int, "for": str, "name": str}, total=False)


class VVTable(VVObservation, total=False):
    """`render_table`'s input: the observation, with the odds of a seat and the latest
    dice when the adapter adds them, and why each card of the viewer's hand cannot be
    played now (the engine's table notes, said to a screen reader)."""

    odds: OddsView
    dice: list[Die]
    hand_states: dict[str, str]


def table_of(obs: VVObservation) -> VVTable:
    """The observation as `render_table` takes it: an engine's observation holds none of
    the table's own parts (each is optional)."""
    return cast(VVTable, obs)
