"""Village Pillage (Jellybean Games), 2-5 players; 2 players play the duel.

    from village_games import village_pillage
    g = village_pillage.new_game(players=3, seed=7)
"""

from __future__ import annotations

from ..core.replay import Record
from ..core.replay import replay as _replay
from ..core.timeline import Timeline, Viewer, build_timeline
from .actions import Plan, Queue, QueueTwo, ResolveFirst, TakeMarketCard
from .cards import (
    CARD_FILE,
    TYPES,
    Card,
    CardSet,
    DeckSpec,
    load_cards,
    resolve_deck,
    standard_deck,
)
from .game import VillagePillage
from .options import INFO, MAX_PLAYERS, MIN_PLAYERS

Game = VillagePillage


def new_game(players: int = 3, seed: int | None = None, bank_side: str | None = None,
             names: list[str] | None = None, deck: DeckSpec = None) -> VillagePillage:
    """Set up a game. `bank_side="standard"` with 2 players is the longer duel variant;
    `deck` is a deck file in the cards.toml format (None: the game's own cards)."""
    return VillagePillage.new(players=players, seed=seed, bank_side=bank_side, names=names,
                              deck=deck)


def replay(record: Record) -> VillagePillage:
    return _replay(record, new_game, VillagePillage.from_dict)


def timeline(record: Record, viewer: Viewer = None) -> Timeline:
    """Every step of a recorded game for `viewer` (a seat, None, or "all" once it is over)."""
    return build_timeline(record, new_game, VillagePillage.from_dict, viewer)


__all__ = [
    "CARD_FILE", "INFO", "MAX_PLAYERS", "MIN_PLAYERS", "TYPES", "Card", "CardSet", "Game",
    "Plan", "Queue", "QueueTwo", "ResolveFirst", "TakeMarketCard", "VillagePillage",
    "load_cards", "new_game", "replay", "resolve_deck", "standard_deck", "timeline",
]
