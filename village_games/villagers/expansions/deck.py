"""The expansion cards joined to a deck, and the Development cards, from expansions.toml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.card_data import (
    CardDataError,
    choice_field,
    int_field,
    load_toml,
    name_field,
    unknown_keys,
)
from ..cards import CARD_FILE, CardSet, parse_cards

EXPANSION_FILE = Path(__file__).parent.parent / "expansions.toml"
# Reading: which Development is in which suit is ours (listing order; expansions.toml)
DEV_SUITS: tuple[str, ...] = ("Technology", "Mercantile", "Community")
# what a Development counts (most wins): a symbol, or one of these counts
DEV_COUNTS: tuple[str, ...] = ("villagers", "specials_in_hand", "coined", "best_silver",
                               "chains")
DEV_SYMBOLS: tuple[str, ...] = ("Solitary", "Gold", "Padlock", "Food", "Ore", "Hay", "Wood")
TOKENS = {"Technology": "Windmill token", "Mercantile": "Market Stall token",
          "Community": "Tavern token"}
_DEV_KEYS = {"name", "suit", "condition", "gold", "food", "builders", "draw", "basic"}


@dataclass(frozen=True, slots=True)
class Development:
    """One Development card: what is counted, and what its winner is given."""

    name: str
    suit: str
    condition: str  # one of DEV_COUNTS or DEV_SYMBOLS
    gold: int
    food: int = 0
    builders: int = 0
    draw: bool = False  # a face-down card from a stack or the Reserve
    basic: bool = False  # a Basic Villager placed in the village

    def condition_text(self) -> str:
        return {"villagers": "the most villagers in the village",
                "specials_in_hand": "the most Special villagers in hand",
                "coined": "the most villagers with coins on them",
                "best_silver": "the most valuable Silver symbol",
                "chains": "the most production chains (2+ villagers)",
                "Gold": "the most Gold symbols", "Padlock": "the most padlocks",
                "Food": "the most Food"}.get(self.condition,
                                             f"the most {self.condition} symbols")

    def reward_text(self) -> str:
        parts = [f"{self.gold} Gold"]
        if self.food:
            parts.append(f"{self.food} Food (for limits, while the token is held)")
        if self.builders:
            parts.append(f"{self.builders} Builder (for limits, while the token is held)")
        if self.draw:
            parts.append("a face-down card from a stack or the Reserve")
        if self.basic:
            parts.append("a Basic Villager placed in the village")
        return ", ".join(parts)


def _raw() -> dict[str, Any]:
    global _RAW
    if _RAW is None:
        _RAW = load_toml(EXPANSION_FILE)
    return _RAW


_RAW: dict[str, Any] | None = None
_JOINED: dict[tuple[int, tuple[str, ...]], tuple[CardSet, CardSet]] = {}


def with_expansions(base: CardSet, names: tuple[str, ...]) -> CardSet:
    """`base` with the cards of the chosen expansions appended (after every base card, so
    a base card keeps its place in the canonical order). No expansion: `base` itself."""
    if not names:
        return base
    key = (id(base), names)
    hit = _JOINED.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    data = base.data if base.data is not None else load_toml(CARD_FILE)
    extra = [c for c in _raw().get("card", []) if c.get("expansion") in names]
    have = {c.get("name") for c in data.get("card", [])}
    clash = [c["name"] for c in extra if c.get("name") in have]
    if clash:
        raise CardDataError(f"the deck {base.name!r} already has a card named {clash[0]!r}, "
                            "which an expansion adds")
    joined = parse_cards({"meta": data.get("meta", {}), "card": [*data["card"], *extra]},
                         f"{base.name} + {', '.join(names)}")
    joined = CardSet(joined.cards, joined.order, base.name, base.data)
    _JOINED[key] = (base, joined)
    return joined


def _parse_development(table: object, i: int) -> Development:
    where = f"{EXPANSION_FILE.name} development #{i + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a [[development]] table")
    unknown_keys(table, _DEV_KEYS, where)
    flags = {}
    for key in ("draw", "basic"):
        value = table.get(key, False)
        if not isinstance(value, bool):
            raise CardDataError(f"{where}: field {key!r} must be true or false")
        flags[key] = value
    return Development(
        name=name_field(table, "name", where), suit=choice_field(table, "suit", where, DEV_SUITS),
        condition=choice_field(table, "condition", where, DEV_COUNTS + DEV_SYMBOLS),
        gold=int_field(table, "gold", where, 0, 99),
        food=int_field(table, "food", where, 0, 5) if "food" in table else 0,
        builders=int_field(table, "builders", where, 0, 5) if "builders" in table else 0,
        **flags)


_DEVS: dict[str, Development] | None = None


def developments() -> dict[str, Development]:
    """Every Development card by name, in file order; checked once."""
    global _DEVS
    if _DEVS is None:
        devs = [_parse_development(t, i) for i, t in enumerate(_raw().get("development", []))]
        by_suit = {s: [d for d in devs if d.suit == s] for s in DEV_SUITS}
        if any(not v for v in by_suit.values()):
            raise CardDataError(f"{EXPANSION_FILE.name}: every Development suit needs cards")
        _DEVS = {d.name: d for d in devs}
    return _DEVS


_BY_SUIT: dict[str, tuple[str, ...]] | None = None


def by_suit() -> dict[str, tuple[str, ...]]:
    """The Development names of each suit, in file order (a fresh dict; worked out once)."""
    global _BY_SUIT
    if _BY_SUIT is None:
        devs = developments()
        _BY_SUIT = {s: tuple([n for n, d in devs.items() if d.suit == s]) for s in DEV_SUITS}
    return dict(_BY_SUIT)
