"""Villagers (Sinister Fish Games): the base game for 2-5 players.

    from village_games import villagers
    g = villagers.new_game(players=3, seed=7)
    g.legal_actions(g.to_act()[0])   # DraftRoad(slot=...), DraftStack(stack=...), ...

The card data and its loader (`standard_deck`, `load_cards`) are exported too:

    deck = villagers.standard_deck()
    deck.chain("Cartwright")     # ('Lumberjack', 'Wheeler', 'Cartwright')
"""

from __future__ import annotations

from typing import Any

from ..core.card_data import CardDataError
from ..core.replay import Record
from ..core.replay import replay as _replay
from ..core.timeline import Timeline, Viewer, build_timeline
from .actions import (
    AgentReads,
    Build,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    PlaceCoin,
    PlaceMonk,
    PlaySmuggler,
    PlayTinner,
    TakeBasic,
    UseApprentice,
)
from .cards import (
    CARD_FILE,
    COUNTED_SYMBOLS,
    EFFECTS,
    FOUR_PLUS_PLAYERS,
    KINDS,
    SILVER_KINDS,
    SUITS,
    Card,
    CardSet,
    DeckSpec,
    Side,
    Silver,
    deck_from_text,
    load_cards,
    parse_cards,
    resolve_deck,
    standard_deck,
)
from .expansions import hooks as _expansion_hooks  # noqa: F401
from .game import Villagers
from .options import INFO, MAX_PLAYERS, MIN_PLAYERS
from .solo import hooks as _solo_hooks  # noqa: F401
from .solo.events import EventSpec, events_from_text, load_events, standard_events

# (importing the two `hooks` modules registers the solo mode and the expansions with the
# base rules, modes.py; the expansions first, so the phases read base, expansions, solo)

Game = Villagers


def new_game(players: int = 3, seed: int | None = None, names: list[str] | None = None,
             deck: DeckSpec = None, expansions: Any = None, solo_mode: str | None = None,
             events: EventSpec = None) -> Villagers:
    """Set up a game; `deck` is a deck file in the cards.toml format (None: the game's
    own cards), or its saved form; `expansions` names Kickstarter expansions to play with
    (saints, scoundrels, profiteers, developments: a list or a comma-separated string).
    One player plays solo against the Countess: `solo_mode` is "beginner", "normal" (the
    default) or "hard"; `events` an event file in the solo_events.toml format (None: the
    rulebook's 24 events), or its saved form."""
    return Villagers.new(players=players, seed=seed, names=names, deck=deck,
                         expansions=expansions, solo_mode=solo_mode, events=events)


def replay(record: Record) -> Villagers:
    return _replay(record, new_game, Villagers.from_dict)


def timeline(record: Record, viewer: Viewer = None) -> Timeline:
    """Every step of a recorded game for `viewer` (a seat, None, or "all" once it is over)."""
    return build_timeline(record, new_game, Villagers.from_dict, viewer)


__all__ = [
    "CARD_FILE", "COUNTED_SYMBOLS", "EFFECTS", "FOUR_PLUS_PLAYERS", "INFO", "KINDS",
    "MAX_PLAYERS", "MIN_PLAYERS", "SILVER_KINDS", "SUITS", "AgentReads", "Build", "Card",
    "CardDataError", "CardSet", "DeckSpec", "DraftReserve", "DraftRoad", "DraftStack",
    "EndTurn", "Game", "PlaceCoin", "PlaceMonk", "PlaySmuggler", "PlayTinner", "Side",
    "Silver", "TakeBasic", "UseApprentice", "Villagers", "deck_from_text", "events_from_text",
    "load_cards", "load_events", "new_game", "parse_cards", "replay", "resolve_deck",
    "standard_deck", "standard_events", "timeline",
]
