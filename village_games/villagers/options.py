"""Villagers' declared facts and the rulebook's fixed numbers (not card data)."""

from __future__ import annotations

from ..core.info import GameInfo

INFO = GameInfo(
    name="villagers", title="Villagers", min_players=1, max_players=5,  # 1: solo
    simultaneous=False, chance=True, hidden_information=True,
    # who acts next is reported as a step of its own; a display folds it into the next
    silent_kinds=frozenset({"next"}),
    options=("players", "names", "deck", "expansions", "solo_mode", "events"),
)
MIN_PLAYERS, MAX_PLAYERS = INFO.min_players, INFO.max_players

STACKS = 6  # face-down stacks above the Road
CARDS_PER_STACK_PER_PLAYER = 2  # each stack holds twice as many cards as there are players
ROAD_SLOTS = 6  # face-up villagers on the Road
HAND_SIZE = 5
START_GOLD = 8
# Reading: the Bank never runs dry; it is the 150 less what supplies and cards hold (may be < 0)
COINS_IN_BOX = 150
BASE_LIMIT = 2  # drafting and build limits before Food / Builders
MAX_LIMIT = 5
RETURNS_PER_BUILD_PHASE = 3  # Basic Villagers a player may take per Build Phase
UNLOCK_COST = 2
MARKETS = 2  # the First and the Second Market
FIRST_MARKET_STACKS = (0, 1)  # the two leftmost stacks; the marker sits under stack 2
SECOND_MARKET_STACK = 5  # the Second Market marker sits under the sixth stack


def check_players(players: object) -> int:
    """`players` as a seat count, or ValueError naming the allowed range."""
    return INFO.check_players(players)
