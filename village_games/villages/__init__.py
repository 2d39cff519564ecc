"""Villages (Fridgecrisis Games, 4th edition) for 2-5 players, with a STAND-IN deck.

    from village_games import villages
    g = villages.new_game(players=3, seed=7)
    g.legal_actions(g.to_act()[0])   # Draw(source='deck'), Draw(source='discard')

The unit list of the real game is not public: `cards.toml` is this project's stand-in
design, following the rulebook's component counts and deckbuilding rules. Load a deck of
your own with `new_game(..., deck="my_deck.toml")`.

The expansions the rulebook describes are options, their cards STAND-IN designs too:
`locations=True` (a Location card per round, locations.toml, or a file of your own),
`dark_light=True` and `dual=True` (expansion_cards.toml).
"""

from __future__ import annotations

from ..core.card_data import CardDataError
from ..core.replay import Record
from ..core.replay import replay as _replay
from ..core.timeline import Timeline, Viewer, build_timeline
from .actions import (
    CODEC,
    REWARDS,
    Add,
    Attack,
    Build,
    BuildAs,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Give,
    Reward,
)
from .cards import (
    CARD_FILE,
    COLOURS,
    GREY,
    Card,
    CardSet,
    DeckSpec,
    ScoreCard,
    check_deckbuilding,
    deck_from_text,
    load_cards,
    parse_cards,
    resolve_deck,
    standard_deck,
)
from .expansion_cards import EXPANSION_FILE, EXPANSIONS, with_expansions
from .game import Villages
from .locations import (
    LOCATION_FILE,
    Location,
    LocationSet,
    LocationSpec,
    load_locations,
    locations_from_text,
    resolve_locations,
)
from .options import HAND, INFO, MAX_PLAYERS, MIN_PLAYERS, TARGET
from .power import power_parts
from .scoring import village_gold

Game = Villages


def new_game(players: int = 3, seed: int | None = None, names: list[str] | None = None,
             deck: DeckSpec = None, target: int = TARGET,
             max_rounds: int | None = None, locations: LocationSpec = False,
             dark_light: bool = False, dual: bool = False) -> Villages:
    """Set up a game. `deck`: a deck file in the cards.toml format (None: the stand-in
    deck), or its saved form; `target`: the running total that ends the game (100);
    `max_rounds`: an optional cap on rounds (a house rule; None: play to the target).

    Expansions (their cards are stand-in designs): `locations` True draws a stand-in
    Location card before each round (or pass a location file of your own); `dark_light`
    adds the stand-in Dark and Light cards; `dual` the stand-in dual-colour cards."""
    return Villages.new(players=players, seed=seed, names=names, deck=deck, target=target,
                        max_rounds=max_rounds, locations=locations, dark_light=dark_light,
                        dual=dual)


def replay(record: Record) -> Villages:
    return _replay(record, new_game, Villages.from_dict)


def timeline(record: Record, viewer: Viewer = None) -> Timeline:
    """Every step of a recorded game for `viewer` (a seat, None, or "all" once it is over)."""
    return build_timeline(record, new_game, Villages.from_dict, viewer)


__all__ = [
    "CARD_FILE", "CODEC", "COLOURS", "GREY", "HAND", "INFO", "MAX_PLAYERS", "MIN_PLAYERS",
    "EXPANSIONS", "EXPANSION_FILE", "LOCATION_FILE", "Location", "LocationSet",
    "LocationSpec", "load_locations", "locations_from_text", "resolve_locations",
    "with_expansions",
    "REWARDS", "TARGET", "Add", "Attack", "Build", "BuildAs", "Card", "CardDataError", "CardSet",
    "DeckSpec", "Defend", "Discard", "Draw", "EndTurn", "Game", "Give", "Reward", "ScoreCard",
    "Villages", "check_deckbuilding", "deck_from_text", "load_cards", "new_game",
    "parse_cards", "power_parts", "replay", "resolve_deck", "standard_deck", "timeline",
    "village_gold",
]
