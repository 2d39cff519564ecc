"""The Ghost Town (Dark and Light) and Holiday Pack (dual-colour) cards as game options.

Their cards are not public: expansion_cards.toml holds this project's STAND-IN design. An
option adds that file's cards to the deck in play (the stand-in deck or one of your own);
the merged deck goes through the same parser and deckbuilding check as any deck file, so
a clash (say a deck of your own that already has Dark units) fails with a clear error.
Saves keep only the option flags: the merged deck is rebuilt from them.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.actions import short_repr
from ..core.card_data import CardDataError, load_toml
from .cards import CARD_FILE, DARK, LIGHT, CardSet, parse_cards

EXPANSION_FILE = Path(__file__).with_name("expansion_cards.toml")
EXPANSIONS: dict[str, str] = {"dark_light": "Dark and Light cards (Ghost Town)",
                              "dual": "dual-colour cards (Holiday Pack)"}


@lru_cache(maxsize=1)
def _expansion_data() -> dict[str, Any]:
    data = load_toml(EXPANSION_FILE)
    for key in EXPANSIONS:
        if not isinstance(data.get(key), list) or not data[key]:
            raise CardDataError(f"{EXPANSION_FILE.name}: needs [[{key}]] card tables")
    return data


@lru_cache(maxsize=1)
def _standard_data() -> dict[str, Any]:
    return load_toml(CARD_FILE)


def check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false (the {EXPANSIONS[name]} option), "
                         f"got {short_repr(value)}")
    return value


def _clash(base: CardSet, key: str) -> str | None:
    """Why `base` cannot take expansion `key`'s stand-in cards (it has such cards)."""
    if key == "dark_light" and any(c.colour in (DARK, LIGHT) for c in base):
        return "Dark or Light"
    if key == "dual" and any(c.is_dual for c in base):
        return "dual-colour"
    return None


def with_expansions(base: CardSet, dark_light: bool = False, dual: bool = False) -> CardSet:
    """`base` with the stand-in cards of each chosen expansion added after its own."""
    keys = tuple(k for k, on in (("dark_light", dark_light), ("dual", dual)) if on)
    if not keys:
        return base
    if base.is_standard:
        return _standard_with(keys)
    return _merge(base, keys)


@lru_cache(maxsize=4)
def _standard_with(keys: tuple[str, ...]) -> CardSet:
    from .cards import standard_deck

    return _merge(standard_deck(), keys)


def _merge(base: CardSet, keys: tuple[str, ...]) -> CardSet:
    for key in keys:
        clash = _clash(base, key)
        if clash:
            raise CardDataError(
                f"the deck {base.name!r} already holds {clash} cards: leave the {key} option "
                "off to play with them, or load a deck without them")
    data = dict(base.data if base.data is not None else _standard_data())
    extra = _expansion_data()
    data["card"] = list(data.get("card", [])) + [t for k in keys for t in extra[k]]
    source = f"{base.name} + {EXPANSION_FILE.name} ({', '.join(keys)})"
    merged = parse_cards(data, source)
    # the merged deck remembers its base: saves store the base deck and the option flags
    return replace(merged, name=base.name, data=base.data,
                   stand_in=merged.stand_in or base.stand_in)
