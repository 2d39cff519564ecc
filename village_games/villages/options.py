"""Villages' declared facts and the rulebook's fixed numbers (not card data)."""

from __future__ import annotations

from ..core.actions import short_repr
from ..core.info import GameInfo

INFO = GameInfo(
    name="villages", title="Villages", min_players=2, max_players=5,
    simultaneous=False, chance=True, hidden_information=True,
    # who acts next is reported as a step of its own; a display folds it into the next
    silent_kinds=frozenset({"next"}),
    stand_in_deck=True,
    options=("players", "names", "deck", "target", "max_rounds", "locations", "dark_light",
             "dual"),
)
MIN_PLAYERS, MAX_PLAYERS = INFO.min_players, INFO.max_players

HAND_SIZE = 8  # cards dealt to each player
DRAWS = 2  # cards drawn at the start of a turn
SET_SIZE = 3  # units of one colour needed to build a village
GIFTS = 3  # cards a player may give to other players' villages in a turn
EMPTY_BONUS = 10  # gold for the first player to empty their hand in a round
TARGET = 100  # running total that ends the game
TARGET_RANGE = (10, 1000)  # a house rule may play to another total
MAX_ROUNDS_RANGE = (1, 100)  # an optional cap on rounds (a house rule; None: no cap)
HAND = "hand"  # the source of a hired unit


def check_players(players: object) -> int:
    """`players` as a seat count, or ValueError naming the allowed range."""
    return INFO.check_players(players)


def check_target(target: object) -> int:
    lo, hi = TARGET_RANGE
    if not isinstance(target, int) or isinstance(target, bool) or not lo <= target <= hi:
        raise ValueError(f"target must be a whole number of gold from {lo} to {hi}, "
                         f"got {short_repr(target)}")
    return target


def check_max_rounds(max_rounds: object) -> int | None:
    lo, hi = MAX_ROUNDS_RANGE
    if max_rounds is None:
        return None
    if (not isinstance(max_rounds, int) or isinstance(max_rounds, bool)
            or not lo <= max_rounds <= hi):
        raise ValueError(f"max_rounds must be None (no cap) or a whole number from {lo} to "
                         f"{hi}, got {short_repr(max_rounds)}")
    return max_rounds
