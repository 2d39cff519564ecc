"""Villagers (Sinister Fish Games): the base game's card data and its loader.

The engine is not written yet; this package exports the card API it will build on:

    from village_games import villagers
    deck = villagers.standard_deck()
    deck.chain("Cartwright")     # ('Lumberjack', 'Wheeler', 'Cartwright')
    len(deck.deck(players=3))    # 80 cards go into the stacks, hands and Reserve
"""

from __future__ import annotations

from ..core.card_data import CardDataError
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

__all__ = [
    "CARD_FILE", "COUNTED_SYMBOLS", "EFFECTS", "FOUR_PLUS_PLAYERS", "KINDS", "SILVER_KINDS",
    "SUITS", "Card", "CardDataError", "CardSet", "DeckSpec", "Side", "Silver",
    "deck_from_text", "load_cards", "parse_cards", "resolve_deck", "standard_deck",
]
