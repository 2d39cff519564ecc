"""The real game positions the card-counting lessons ask about, made once per process.

A position is named by a few numbers (players, the game's seed, the moves played; a solo
mode and round), exactly as the lessons name it, and dealt again by the engine. Trials
only read a position (they deal hidden cards into copies of it), so one copy serves every
student of a kernel.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each game is imported by the kinds that ask about it
    from village_games.villagers import Villagers
    from village_games.villages import Villages

SEAT = 0  # the lessons ask for the first seat
POSITION_CACHE = 64


@lru_cache(maxsize=POSITION_CACHE)
def villagers_at(players: int, seed: int, moves: int) -> Villagers:
    from village_games.villagers.odds import villagers_position

    return villagers_position(players, seed, moves)


@lru_cache(maxsize=POSITION_CACHE)
def villages_at(players: int, seed: int, moves: int, dark_light: bool) -> Villages:
    from village_games.villages.odds import villages_position

    return villages_position(players, seed, moves, dark_light)


@lru_cache(maxsize=POSITION_CACHE)
def solo_events_at(mode: str, seed: int, round_no: int) -> Villagers:
    from village_games.bots.solo_games import event_phase_position

    return event_phase_position(mode, seed, round_no)
