"""Village Pillage's declared facts and its game options (player count, bank side)."""

from __future__ import annotations

from ..core.actions import short_repr
from ..core.info import GameInfo

INFO = GameInfo(
    name="village_pillage", title="Village Pillage", min_players=2, max_players=5,
    simultaneous=True, chance=True, hidden_information=True,
    # a face-down plan, and a card that does nothing, are not steps worth a click
    silent_kinds=frozenset({"plan", "nothing"}),
    options=("players", "bank_side", "names", "deck"),
)
MIN_PLAYERS, MAX_PLAYERS = INFO.min_players, INFO.max_players

# bank side -> (bank cap, relic costs); two players use the Duel side unless they choose
# the longer game on the standard side
BANK_SIDES: dict[str, tuple[int, tuple[int, ...]]] = {
    "duel": (4, (6, 7, 8)), "standard": (5, (8, 9, 10))}
# the duel's two sides as a menu names them
DUEL_SIDE_TITLES = {"duel": "Duel", "standard": "Long duel"}


def side_title(side: str) -> str:
    """A bank side with its numbers, for a menu: 'Duel (cap 4, relics 6/7/8)'."""
    cap, costs = BANK_SIDES[side]
    return f"{DUEL_SIDE_TITLES[side]} (cap {cap}, relics {'/'.join(map(str, costs))})"


def check_options(players: int, bank_side: str | None) -> str:
    """The bank side to play with, or ValueError naming what is allowed."""
    INFO.check_players(players)
    side = ("duel" if players == 2 else "standard") if bank_side in (None, "") else bank_side
    if type(side) is not str or side not in BANK_SIDES:
        raise ValueError(f"bank_side must be 'duel' or 'standard', got {short_repr(bank_side)}")
    if players > 2 and side == "duel":
        raise ValueError("the Duel bank side is for 2 players only; 3-5 players use 'standard'")
    return side
