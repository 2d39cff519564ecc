"""Village Pillage (Jellybean Games), 2-5 players; 2 players play the duel.

    from village_games import village_pillage
    g = village_pillage.new_game(players=3, seed=7)
"""

from __future__ import annotations

from typing import Any

from ..core.replay import replay as _replay
from .actions import Plan, Queue, QueueTwo, ResolveFirst, TakeMarketCard
from .cards import TYPES, Card, CardSet, default_cards, load_cards
from .game import MAX_PLAYERS, MIN_PLAYERS, VillagePillage

Game = VillagePillage


def new_game(players: int = 3, seed: int | None = None, bank_side: str | None = None,
             names: list[str] | None = None) -> VillagePillage:
    """Set up a game. `bank_side="standard"` with 2 players is the longer duel variant."""
    return VillagePillage.new(players=players, seed=seed, bank_side=bank_side, names=names)


def replay(record: dict[str, Any]) -> VillagePillage:
    return _replay(record, new_game, VillagePillage.from_dict)  # type: ignore[return-value]


__all__ = [
    "MAX_PLAYERS", "MIN_PLAYERS", "TYPES", "Card", "CardSet", "Game", "Plan", "Queue",
    "QueueTwo", "ResolveFirst", "TakeMarketCard", "VillagePillage", "default_cards",
    "load_cards", "new_game", "replay",
]
