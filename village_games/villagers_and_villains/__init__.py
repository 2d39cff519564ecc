"""Villagers & Villains (Studio 9): the basic and advanced game for 2-5 mayors.

    from village_games import villagers_and_villains as vv
    g = vv.new_game(players=3, seed=7, advanced=True)
    g.legal_actions(g.to_act()[0])   # Recruit(position=1), Recruit(position=2), ...

The shipped deck is STAND-IN data designed for this project (the real Card Guide is not
public); `new_game(deck="my_deck.toml")` plays with a deck file of the same format.
`odds` holds the exact dice chances the lessons show beside their simulations.
"""

from __future__ import annotations

from ..core.card_data import CardDataError
from ..core.replay import Record
from ..core.replay import replay as _replay
from ..core.timeline import Timeline, Viewer, build_timeline
from .abilities import EFFECTS, PHASES, Ability
from .actions import (
    CODEC,
    AllowVend,
    Attack,
    Build,
    BuyRoll,
    BuyRollFrom,
    DeclareMob,
    KeepFavor,
    KeepRoll,
    MoveStart,
    Ordinance,
    Pass,
    PayVend,
    Recruit,
    RefuseVend,
    Resolve,
    Roll,
    SellRoll,
    UseAbility,
    UseFavor,
)
from .cards import (
    CARD_FILE,
    TYPES,
    Card,
    CardSet,
    DeckSpec,
    deck_from_text,
    load_cards,
    parse_cards,
    resolve_deck,
    standard_deck,
)
from .game import VillagersAndVillains
from .odds import (
    defense_chance,
    defense_odds,
    extra_roll_gain,
    pool_odds,
    recruit_chance,
    roll_succeeds,
)
from .options import INFO, MAX_PLAYERS, MIN_PLAYERS

Game = VillagersAndVillains


def new_game(players: int = 3, seed: int | None = None, advanced: bool = False,
             names: list[str] | None = None, deck: DeckSpec = None,
             ordinance: bool = False, pony_express: bool = False) -> VillagersAndVillains:
    """Set up a game; `advanced` adds card abilities, the King's Favor and pairs; `deck` is
    a deck file in the cards.toml format (None: the stand-in deck), or its saved form;
    `ordinance` and `pony_express` play the rulebook's official variants."""
    return VillagersAndVillains.new(players=players, seed=seed, advanced=advanced,
                                    names=names, deck=deck, ordinance=ordinance,
                                    pony_express=pony_express)


def replay(record: Record) -> VillagersAndVillains:
    return _replay(record, new_game, VillagersAndVillains.from_dict)


def timeline(record: Record, viewer: Viewer = None) -> Timeline:
    """Every step of a recorded game for `viewer` (a seat, None, or "all" once it is over)."""
    return build_timeline(record, new_game, VillagersAndVillains.from_dict, viewer)


__all__ = [
    "CARD_FILE", "CODEC", "EFFECTS", "INFO", "MAX_PLAYERS", "MIN_PLAYERS", "PHASES", "TYPES",
    "Ability", "AllowVend", "Attack", "Build", "BuyRoll", "BuyRollFrom", "Card",
    "CardDataError", "CardSet", "DeckSpec", "DeclareMob", "Game", "KeepFavor", "KeepRoll",
    "MoveStart", "Ordinance", "Pass", "PayVend", "Recruit", "RefuseVend", "Resolve", "Roll",
    "SellRoll", "UseAbility", "UseFavor", "VillagersAndVillains", "deck_from_text",
    "defense_chance", "defense_odds", "extra_roll_gain", "load_cards", "new_game",
    "parse_cards", "pool_odds", "recruit_chance", "replay", "resolve_deck", "roll_succeeds",
    "standard_deck", "timeline",
]
