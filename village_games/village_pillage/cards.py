"""Village Pillage card data: loaded once from cards.toml and validated."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.card_data import (
    CardDataError,
    choice_field,
    name_field,
    unknown_keys,
)
from ..core.decks import DeckLoader, SavedDeck

TYPES: tuple[str, ...] = ("Farmer", "Wall", "Raider", "Merchant")
FARMER, WALL, RAIDER, MERCHANT = range(4)
CARD_FILE = Path(__file__).with_name("cards.toml")
STANDARD_NAME = "standard"

_AMOUNT_OPS = ("gain", "bank", "steal", "steal_incl_bank", "opponent_steals",
               "opponent_gains", "buy_card")
_FLAG_OPS = ("exhaust_opponent", "exhaust_self", "draw")


@dataclass(frozen=True, slots=True)
class Effect:
    """What one card does against one opposing type, split by resolution sub-step."""

    gain: int = 0
    opponent_gains: int = 0
    steal: int = 0
    steal_incl_bank: bool = False
    opponent_steals: int = 0
    bank: int = 0
    buy_card: int | None = None  # price of a market card, None = no purchase
    exhaust_opponent: bool = False
    exhaust_self: bool = False
    draw: bool = False
    acts: bool = False  # any of the above: set by parse_effect, so resolution skips fast

    @property
    def is_empty(self) -> bool:
        return self == NO_EFFECT

    def describe(self) -> str:
        parts = []
        if self.gain:
            parts.append(f"gain {self.gain}")
        if self.opponent_gains:
            parts.append(f"opponent gains {self.opponent_gains}")
        if self.steal:
            parts.append(f"steal {self.steal}" + (" (bank too)" if self.steal_incl_bank else ""))
        if self.opponent_steals:
            parts.append(f"opponent steals {self.opponent_steals}")
        if self.bank:
            parts.append(f"bank {self.bank}")
        if self.buy_card is not None:
            parts.append("free market card" if self.buy_card == 0
                         else f"buy a card for {self.buy_card}")
        if self.exhaust_opponent:
            parts.append("exhaust their card")
        if self.exhaust_self:
            parts.append("exhaust this card")
        if self.draw:
            parts.append("draw a card")
        return ", ".join(parts) if parts else "no effect"


NO_EFFECT = Effect()


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    type: int  # index into TYPES
    starter: bool
    effects: tuple[Effect, ...]  # indexed by the opposing card's type
    buy_relic: bool
    if_unable: Effect  # Merchant family: what happens when the relic is unaffordable
    help: str
    note: str
    index: int  # position in the card file: the canonical sort order of hands

    @property
    def type_name(self) -> str:
        return TYPES[self.type]

    @property
    def buys(self) -> bool:
        """Whether this card can act in its phase's buy sub-step against some type."""
        return self.buy_relic or any(e.buy_card is not None for e in self.effects)


# One card's effect against one opposing card, flattened for resolution.matchups:
# (type, buys, effects) with effects None when the card does nothing there, else
# (gain, opponent_gains, steal, steal_incl_bank, opponent_steals, bank, exhaust_opponent,
#  exhaust_self, card name)
Facing = tuple[int, bool, tuple[int, int, int, bool, int, int, bool, bool, str] | None]


def _facing(card: Card, opposing_type: int) -> Facing:
    eff = card.effects[opposing_type]
    effects = None if not eff.acts else (
        eff.gain, eff.opponent_gains, eff.steal, eff.steal_incl_bank, eff.opponent_steals,
        eff.bank, eff.exhaust_opponent, eff.exhaust_self, card.name)
    return card.type, card.buy_relic or eff.buy_card is not None, effects


@dataclass(frozen=True, slots=True)
class CardSet(SavedDeck):
    """A deck: the card facts a game is played with. `name` and `data` (the parsed file)
    travel in saves and records when the deck is not the standard one."""

    cards: dict[str, Card]
    starters: tuple[str, ...]
    market: tuple[str, ...]
    market_slots: int
    order: dict[str, int]  # name -> position in the file: the sort key of hands
    name: str = STANDARD_NAME
    data: dict | None = None  # the parsed file; None for the standard deck
    # A duel round's matchups (resolution.matchups) follow from its two front cards alone,
    # so they are a fact of the deck: kept here by card pair, filled as pairs are met.
    duel_matchups: dict[tuple[str, str], Any] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False)
    # facing[card][opposing card]: what the card does there as one flat tuple (see
    # `Facing`), worked out once per deck because every round looks up six of them.
    facing: dict[str, dict[str, Facing]] = dataclasses.field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facing", {
            name: {other: _facing(card, o.type) for other, o in self.cards.items()}
            for name, card in self.cards.items()})

    def __getitem__(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in the deck {self.name!r}") from None

    def type_name(self, name: str) -> str:
        """'Raider' for Burglar, 'Farmer' for Florist, and so on."""
        return self[name].type_name


def parse_effect(text: str, where: str) -> Effect:
    """Parse 'gain 1, bank 2' into an Effect; errors name the card and the bad part."""
    if not isinstance(text, str):
        raise CardDataError(f"{where}: must be text such as \"gain 1, bank 2\", got {text!r}")
    values: dict[str, Any] = {}  # Effect field -> amount or flag, as read
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        words = part.split()
        op = words[0]
        if op in _FLAG_OPS and len(words) == 1:
            values[op] = True
            continue
        if op not in _AMOUNT_OPS or len(words) != 2 or not words[1].isdigit():
            raise CardDataError(
                f"{where}: cannot read effect {part!r}; expected one of "
                f"{', '.join(o + ' N' for o in _AMOUNT_OPS)}, {', '.join(_FLAG_OPS)}")
        amount = int(words[1])
        if amount > 20:
            raise CardDataError(f"{where}: amount in {part!r} must be from 0 to 20")
        if op == "steal_incl_bank":
            values["steal"] = amount
            values["steal_incl_bank"] = True
        else:
            values[op] = amount
    return Effect(**values, acts=bool(values))


def _flag(table: dict, key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: field {key!r} must be true or false, got {value!r}")
    return value


def parse_cards(data: dict, source: str) -> CardSet:
    meta = data.get("meta", {})
    if tuple(meta.get("types", TYPES)) != TYPES:
        raise CardDataError(f"{source}: [meta] types must be {list(TYPES)}")
    slots = meta.get("market_slots", 4)
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{source}: needs [[card]] tables")
    cards: dict[str, Card] = {}
    allowed = {"name", "type", "starter", "effects", "buy_relic", "if_unable", "help", "note"}
    for i, table in enumerate(raw):
        where = f"{source} card #{i + 1}"
        unknown_keys(table, allowed, where)
        name = name_field(table, "name", where)
        where = f"{source} card {name!r}"
        if name in cards:
            raise CardDataError(f"{where}: the name appears twice")
        ctype = TYPES.index(choice_field(table, "type", where, TYPES))
        buy_relic = _flag(table, "buy_relic", where)
        effects_table = table.get("effects", {})
        if not isinstance(effects_table, dict):
            raise CardDataError(f"{where}: effects must be a table keyed by opposing type")
        unknown_keys(effects_table, set(TYPES), f"{where} effects")
        if buy_relic and effects_table:
            raise CardDataError(f"{where}: a relic-buying card has no per-type effects")
        effects = tuple(parse_effect(effects_table.get(t, ""), f"{where} field effects.{t}")
                        for t in TYPES)
        if_unable = parse_effect(table.get("if_unable", ""), f"{where} field if_unable")
        if not buy_relic and not if_unable.is_empty:
            raise CardDataError(f"{where}: if_unable needs buy_relic = true")
        cards[name] = Card(name, ctype, _flag(table, "starter", where), effects, buy_relic,
                           if_unable, str(table.get("help", "")), str(table.get("note", "")),
                           len(cards))
    starters = tuple(n for n, c in cards.items() if c.starter)
    market = tuple(n for n, c in cards.items() if not c.starter)
    if sorted(cards[n].type for n in starters) != [FARMER, WALL, RAIDER, MERCHANT]:
        raise CardDataError(f"{source}: needs exactly one starter of each type")
    if len(market) < slots:
        raise CardDataError(f"{source}: needs at least {slots} market cards")
    return CardSet(cards, starters, market, slots, {n: c.index for n, c in cards.items()})


_DECKS = DeckLoader(parse_cards, CARD_FILE, CardSet)
DeckSpec = None | str | Path | CardSet | dict


def load_cards(path: str | Path = CARD_FILE) -> CardSet:
    """A deck file in the cards.toml format; errors name the file, the card and the field."""
    return _DECKS.load(path)


def deck_from_text(text: str, name: str) -> CardSet:
    """A deck file's contents (an upload, say) as a CardSet named after the file."""
    return _DECKS.from_text(text, name)


def standard_deck() -> CardSet:
    """The game's own cards (cards.toml beside this module), parsed once."""
    return _DECKS.standard()


def resolve_deck(deck: DeckSpec) -> CardSet:
    """A `new_game(deck=...)` value as a CardSet (see core/decks.py)."""
    return _DECKS.resolve(deck)
