"""What the Villagers table draws: a seat's observation, with what the adapter adds from
the game on the table (the rules' notes and the Markets' breakdowns), and nothing else."""

from __future__ import annotations

from typing import TypedDict, cast

from village_games.villagers.views import VillagersObservation


class MarketRow(TypedDict, total=False):
    player: str
    what: str  # a villager and what it earned ("Baker: 2 printed + 1 coins"), or "total"
    gold: int
    total: bool  # the player's total row


class MarketScores(TypedDict):
    """One Market's breakdown, as the engine reported it: a row per villager scored."""

    market: int
    rows: list[MarketRow]
    title: str


class VillagersTable(VillagersObservation, total=False):
    """`render_table`'s input: the observation, and (when the adapter holds the game on
    the table) the villagers this seat has not seen per suit, each finished Market's
    breakdown, why each hand card cannot be played in a build turn (shown) and at any
    moment (`hand_states`: said to a screen reader)."""

    unseen: dict[str, dict[str, int]]
    market_scores: list[MarketScores]
    hand_notes: dict[str, str]
    hand_states: dict[str, str]


def table_of(obs: VillagersObservation) -> VillagersTable:
    """The observation as `render_table` takes it: an engine's observation holds none of
    the table's own parts (each is optional)."""
    return cast(VillagersTable, obs)
