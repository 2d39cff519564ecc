"""Villagers & Villains' declared facts and the rulebook's fixed numbers (not card data)."""

from __future__ import annotations

from ..core.info import GameInfo

INFO = GameInfo(
    name="villagers_and_villains", title="Villagers & Villains", min_players=2,
    max_players=5, simultaneous=False, chance=True, hidden_information=True,
    stand_in_deck=True,
    # who acts next is reported as a step of its own; a display folds it into the next
    silent_kinds=frozenset({"next"}),
    options=("players", "advanced", "names", "deck", "ordinance", "pony_express"),
)
MIN_PLAYERS, MAX_PLAYERS = INFO.min_players, INFO.max_players

START_GOLD = 6
# Reading: the bank never runs dry; it holds the 80 gold in the box less what mayors hold
# (so its count may drop below zero in a long game, and nothing ever waits for gold)
GOLD_IN_BOX = 80  # 48 one-gold and 16 two-gold tokens
DIE = 6
EXTRA_ROLL_PRICE = 1
FAVOR_RECRUIT_BONUS = 2
FAVOR_DEFENSE_BONUS = 2
FAVOR_EARNING_BONUS = 1


def pool_size(players: int) -> int:
    """Cards in the Recruitment Pool: 6, or 7 with five mayors."""
    return 7 if players == 5 else 6


def end_size(players: int) -> int:
    """Town size that ends the game after Build/Hire: 9, or 10 with two mayors."""
    return 10 if players == 2 else 9


def recruit_order(start: int, players: int) -> list[int]:
    """Recruit turns from the start marker, clockwise; two mayors alternate twice each."""
    order = [(start + k) % players for k in range(players)]
    return order * 2 if players == 2 else order


def check_players(players: object) -> int:
    return INFO.check_players(players)
