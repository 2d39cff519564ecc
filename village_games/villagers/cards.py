"""Villagers card data: loaded once from cards.toml and checked as a whole.

The file is data, not code, so a user can play with a deck of their own; the loader
therefore checks every fact the engine will lean on (chains resolve, padlocks name real
unlockers, keyrings match the padlocks, the six road cards can be used at any player count)
and names the file, the card and the field when something is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import words
from ..core.card_data import (
    CardDataError,
    choice_field,
    field,
    int_field,
    name_field,
    unknown_keys,
)
from ..core.decks import DeckLoader, SavedDeck

SUITS: tuple[str, ...] = ("Grains", "Wood", "Hay", "Ore", "Grapes", "Wool", "Leather",
                          "Solitary", "Special")
KINDS: tuple[str, ...] = ("villager", "basic", "founders")
EFFECTS: tuple[str, ...] = ("monk", "apprentice", "tinner", "smuggler",
                            # the Kickstarter expansions' Special villagers (expansions/)
                            "benefactor", "nun", "pigeoneer", "prophet", "recruiter",
                            "barbarian", "courier", "flaker", "noble", "schemer", "sheriff",
                            "thief", "freelancer")
SILVER_KINDS: tuple[str, ...] = ("per_symbol", "printed_gold_of_suit", "coins_on_one",
                                 "per_set")
# Bronze formulas (Profiteers): scored at the end of each Build Phase turn
BRONZE_KINDS: tuple[str, ...] = ("per_symbol", "half_silver", "per_coined", "per_chain")
EXPANSION_NAMES: tuple[str, ...] = ("saints", "scoundrels", "profiteers", "developments")
# What a per-symbol Silver formula may count: a suit symbol, or one of these.
COUNTED_SYMBOLS: tuple[str, ...] = (*SUITS, "Food", "Builder", "Gold", "Padlock")
FOUR_PLUS_PLAYERS = 4  # cards marked 4+ are used only from this many players up
CARD_FILE = Path(__file__).with_name("cards.toml")
STANDARD_NAME = "standard"
MAX_NUMBER = 99  # a sanity bound on counts and symbol numbers in a deck file

_CARD_KEYS = {"name", "suit", "kind", "copies", "on", "hint", "hint_as_link", "food",
              "builders", "gold", "suit_symbols", "padlock", "keyring", "silver", "four_plus",
              "starting_road", "effect", "discard", "flipped", "help", "expansion", "dealt",
              "bronze"}
_SIDE_KEYS = {"food", "builders", "gold"}


@dataclass(frozen=True, slots=True)
class Silver:
    """A Second-Market formula, kept as data so scoring code and help text share it."""

    kind: str  # one of SILVER_KINDS
    symbol: str = ""  # per_symbol: what is counted (COUNTED_SYMBOLS)
    every: int = 1  # per_symbol: symbols per payment (rounded down)
    gold: int = 0  # per_symbol, per_set, per_coined, per_chain: Gold per payment
    suit: str = ""  # printed_gold_of_suit: whose printed Gold is summed
    symbols: tuple[str, ...] = ()  # per_set: one set is one of each of these symbols
    size: int = 0  # per_chain: chains of at least this many villagers

    def describe(self) -> str:
        if self.kind == "per_set":
            return f"{self.gold} Gold per set of {' + '.join(self.symbols)} symbols"
        if self.kind == "half_silver":
            return "half the Silver value of one of your villagers (rounded down)"
        if self.kind == "per_coined":
            return f"{self.gold} Gold per villager with coins on it"
        if self.kind == "per_chain":
            return f"{self.gold} Gold per production chain of {self.size}+ villagers"
        if self.kind == "per_symbol":
            what = f"{self.symbol} symbol"
            if self.every == 1:
                return f"{self.gold} Gold per {what}"
            return f"{self.gold} Gold per {self.every} {what}s (rounded down)"
        if self.kind == "printed_gold_of_suit":
            return f"the printed Gold of your {self.suit} villagers"
        return "the coins on one of your villagers"


@dataclass(frozen=True, slots=True)
class Side:
    """The symbols of a card's other face (the Founders' Food side)."""

    food: int = 0
    builders: int = 0
    gold: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """One villager's printed facts; behaviour lives in the engine, keyed by `effect`."""

    name: str
    suit: str
    kind: str  # "villager" (in the stacks), "basic" (own supply) or "founders"
    copies: int  # in the box, the road copy included
    on: str | None  # the villager this one goes directly on top of; None = straight down
    hint: int | None  # how many may go on top; None = never placed (discard after use)
    hint_as_link: int | None  # hint when not the bottom of its chain (Monk, Apprentice)
    food: int
    builders: int
    gold: int
    suit_symbols: int
    padlock: str | None  # the Unlocking Villager
    keyring: int
    silver: Silver | None
    four_plus: bool
    starting_road: bool
    effect: str | None  # Special villagers: the engine's key for the action
    discard: bool
    flipped: Side | None
    help: str
    index: int  # position in the file: the canonical order of cards
    expansion: str | None = None  # the Kickstarter expansion it belongs to (EXPANSION_NAMES)
    dealt: bool = False  # an expansion card dealt one per player, not shuffled in
    bronze: Silver | None = None  # a Bronze formula (Profiteers)

    @property
    def banner(self) -> bool:
        """Whether the card may go straight onto the table (no villager beneath it)."""
        return self.on is None

    @property
    def placed(self) -> bool:
        """Whether playing it puts it into a village (and so uses a build action)."""
        return not self.discard


@dataclass(frozen=True, slots=True)
class CardSet(SavedDeck):
    """A deck: the card facts a game is played with. `name` and `data` (the parsed file)
    travel in saves and records when the deck is not the standard one."""

    cards: dict[str, Card]
    order: dict[str, int]  # name -> position in the file
    name: str = STANDARD_NAME
    data: dict | None = None  # the parsed file; None for the standard deck

    def __getitem__(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in the deck {self.name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def founders(self) -> Card:
        return next(c for c in self if c.kind == "founders")

    @property
    def basics(self) -> tuple[str, ...]:
        return tuple(c.name for c in self if c.kind == "basic")

    @property
    def starting_road(self) -> tuple[str, ...]:
        return tuple(c.name for c in self if c.starting_road)

    def chain(self, name: str) -> tuple[str, ...]:
        """The production chain up to `name`, bottom first: Cartwright gives
        ('Lumberjack', 'Wheeler', 'Cartwright'), as an error message would spell it."""
        path = [name]
        while (below := self[path[-1]].on) is not None:
            path.append(below)
        return tuple(reversed(path))

    def unlocks(self, name: str) -> tuple[str, ...]:
        """The villagers whose padlock `name` opens (Cooper: Brewer, Milk Maid, Vintner)."""
        _ = self[name]  # an unknown name raises, naming the deck
        return tuple(c.name for c in self if c.padlock == name)

    def in_play(self, name: str, players: int) -> bool:
        """Whether the card is used at this player count (4+ cards need 4 or more)."""
        return players >= FOUR_PLUS_PLAYERS or not self[name].four_plus

    def deck(self, players: int, expansions: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The villager cards shuffled into the stacks for `players`, one name per card,
        in file order: every copy of the cards in play, less the road's copy of each
        starting-road card. Founders and Basic Villagers have their own places; an
        expansion's cards join only when it is chosen, and never the ones it deals."""
        names: list[str] = []
        for card in self:
            if card.expansion is not None and (card.expansion not in expansions
                                               or card.dealt):
                continue
            if card.kind == "villager" and self.in_play(card.name, players):
                names.extend([card.name] * (card.copies - card.starting_road))
        return tuple(names)


def _opt_int(table: dict[str, Any], key: str, where: str, default: int,
             lo: int = 0, hi: int = MAX_NUMBER) -> int:
    return int_field(table, key, where, lo, hi) if key in table else default


def _opt_str(table: dict[str, Any], key: str, where: str) -> str | None:
    if key not in table:
        return None
    value = field(table, key, str, where)
    if not value:
        raise CardDataError(f"{where}: field {key!r} must not be empty")
    return value


def _flag(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: field {key!r} must be true or false, got {value!r}")
    return value


def _table(table: dict[str, Any], key: str, where: str) -> dict[str, Any] | None:
    if key not in table:
        return None
    return field(table, key, dict, where)


def _parse_bronze(raw: dict[str, Any], where: str) -> Silver:
    where = f"{where} field 'bronze'"
    kind = choice_field(raw, "kind", where, BRONZE_KINDS)
    if kind == "per_symbol":
        unknown_keys(raw, {"kind", "symbol", "every", "gold"}, where)
        return Silver(kind, symbol=choice_field(raw, "symbol", where, COUNTED_SYMBOLS),
                      every=int_field(raw, "every", where, 1, MAX_NUMBER),
                      gold=int_field(raw, "gold", where, 1, MAX_NUMBER))
    if kind == "per_chain":
        unknown_keys(raw, {"kind", "size", "gold"}, where)
        return Silver(kind, size=int_field(raw, "size", where, 2, MAX_NUMBER),
                      gold=int_field(raw, "gold", where, 1, MAX_NUMBER))
    if kind == "per_coined":
        unknown_keys(raw, {"kind", "gold"}, where)
        return Silver(kind, gold=int_field(raw, "gold", where, 1, MAX_NUMBER))
    unknown_keys(raw, {"kind"}, where)
    return Silver(kind)


def _parse_silver(raw: dict[str, Any], where: str) -> Silver:
    where = f"{where} field 'silver'"
    kind = choice_field(raw, "kind", where, SILVER_KINDS)
    if kind == "per_set":
        unknown_keys(raw, {"kind", "symbols", "gold"}, where)
        symbols = field(raw, "symbols", list, where)
        if not symbols or not all(isinstance(x, str) and x in COUNTED_SYMBOLS
                                  for x in symbols):
            raise CardDataError(f"{where}: field 'symbols' must list symbols from "
                                f"{', '.join(COUNTED_SYMBOLS)}")
        return Silver(kind, symbols=tuple(symbols),
                      gold=int_field(raw, "gold", where, 1, MAX_NUMBER))
    if kind == "per_symbol":
        unknown_keys(raw, {"kind", "symbol", "every", "gold"}, where)
        return Silver(kind, symbol=choice_field(raw, "symbol", where, COUNTED_SYMBOLS),
                      every=int_field(raw, "every", where, 1, MAX_NUMBER),
                      gold=int_field(raw, "gold", where, 1, MAX_NUMBER))
    if kind == "printed_gold_of_suit":
        unknown_keys(raw, {"kind", "suit"}, where)
        return Silver(kind, suit=choice_field(raw, "suit", where, SUITS))
    unknown_keys(raw, {"kind"}, where)
    return Silver(kind)


def _parse_card(table: object, position: int, source: str) -> Card:
    where = f"{source} card #{position + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a [[card]] table")
    name = name_field(table, "name", where)
    if not name.strip():
        raise CardDataError(f"{where}: field 'name' must not be empty")
    where = f"{source} card {name!r}"
    unknown_keys(table, _CARD_KEYS, where)
    suit = choice_field(table, "suit", where, SUITS)
    kind = choice_field(table, "kind", where, KINDS) if "kind" in table else "villager"
    copies = int_field(table, "copies", where, 0, MAX_NUMBER)
    discard = _flag(table, "discard", where)
    # A card that is placed must say how many may go on top of it; a discarded one never is.
    if discard:
        if "hint" in table:
            raise CardDataError(f"{where}: field 'hint' is not allowed on a discard card "
                                "(it is never placed in a village)")
        hint = None
    else:
        hint = int_field(table, "hint", where, 0, 2)
    hint_as_link = int_field(table, "hint_as_link", where, 0, 2) if "hint_as_link" in table \
        else None
    silver_raw = _table(table, "silver", where)
    bronze_raw = _table(table, "bronze", where)
    flipped_raw = _table(table, "flipped", where)
    flipped = None
    if flipped_raw is not None:
        if kind != "founders":
            raise CardDataError(f"{where}: field 'flipped' is only for the Founders card")
        side_where = f"{where} field 'flipped'"
        unknown_keys(flipped_raw, _SIDE_KEYS, side_where)
        flipped = Side(*(_opt_int(flipped_raw, k, side_where, 0)
                         for k in ("food", "builders", "gold")))
    elif kind == "founders":
        raise CardDataError(f"{where}: missing field 'flipped' (the Founders' other side)")
    help_text = table.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text, got {help_text!r}")
    return Card(
        name=name, suit=suit, kind=kind, copies=copies,
        on=_opt_str(table, "on", where), hint=hint, hint_as_link=hint_as_link,
        food=_opt_int(table, "food", where, 0),
        builders=_opt_int(table, "builders", where, 0),
        gold=_opt_int(table, "gold", where, 0),
        suit_symbols=_opt_int(table, "suit_symbols", where, 1, lo=1, hi=9),
        padlock=_opt_str(table, "padlock", where),
        keyring=_opt_int(table, "keyring", where, 0),
        silver=None if silver_raw is None else _parse_silver(silver_raw, where),
        four_plus=_flag(table, "four_plus", where),
        starting_road=_flag(table, "starting_road", where),
        effect=choice_field(table, "effect", where, EFFECTS) if "effect" in table else None,
        discard=discard, flipped=flipped, help=help_text, index=position,
        expansion=choice_field(table, "expansion", where, EXPANSION_NAMES)
        if "expansion" in table else None,
        dealt=_flag(table, "dealt", where),
        bronze=None if bronze_raw is None else _parse_bronze(bronze_raw, where))


def _check_links(card: Card, cards: dict[str, Card], source: str) -> None:
    """The names a card refers to (its chain link, its unlocker) and what they allow."""
    where = f"{source} card {card.name!r}"
    if card.on is not None:
        below = cards.get(card.on)
        if below is None:
            raise CardDataError(f"{where}: field 'on' names {card.on!r}, which is not a card "
                                "in this deck")
        if card.kind != "villager":
            raise CardDataError(f"{where}: field 'on' is not allowed on {words.a(card.kind)} card "
                                "(it starts chains)")
        if card.suit in ("Solitary", "Special"):
            raise CardDataError(f"{where}: field 'on' is not allowed on {words.a(card.suit)} card")
        if below.suit != card.suit:
            raise CardDataError(f"{where}: field 'on' names {card.on!r} of suit {below.suit}; "
                                f"a chain stays in one suit ({card.suit})")
        if not below.hint:
            raise CardDataError(f"{where}: field 'on' names {card.on!r}, whose stacking hint "
                                "lets nothing go on top of it")
        if below.four_plus and not card.four_plus:
            raise CardDataError(f"{where}: field 'on' names the 4+ card {card.on!r}, so this "
                                "card must be four_plus too")
        seen = {card.name}
        link: Card | None = below
        while link is not None:
            if link.name in seen:
                raise CardDataError(f"{where}: field 'on' makes a loop through {link.name!r}")
            seen.add(link.name)
            link = cards.get(link.on) if link.on is not None else None
    if card.padlock is not None:
        if card.padlock not in cards:
            raise CardDataError(f"{where}: field 'padlock' names {card.padlock!r}, which is "
                                "not a card in this deck")
        if card.padlock == card.name:
            raise CardDataError(f"{where}: field 'padlock' names the card itself")


def _check_roles(card: Card, cards: dict[str, Card], source: str) -> None:
    """Keyrings, effects and the road; run once every name a card refers to is known."""
    where = f"{source} card {card.name!r}"
    # The printed keyring counts every card (4-5 players) whose padlock this card opens.
    opened = sum(c.copies for c in cards.values() if c.padlock == card.name)
    if card.keyring != opened:
        raise CardDataError(f"{where}: field 'keyring' is {card.keyring}, but {opened} cards "
                            "in this deck name it as their unlocker")
    if card.suit == "Special" and card.effect is None:
        raise CardDataError(f"{where}: missing field 'effect' (every Special villager has one)")
    if card.suit != "Special" and card.effect is not None:
        raise CardDataError(f"{where}: field 'effect' is only for Special villagers")
    if card.dealt and card.expansion is None:
        raise CardDataError(f"{where}: field 'dealt' is only for an expansion's cards")
    if card.discard and card.effect is None:
        raise CardDataError(f"{where}: field 'discard' needs an effect to use")
    if card.starting_road:
        if card.kind != "villager" or card.four_plus or card.suit == "Special":
            raise CardDataError(f"{where}: field 'starting_road' needs a villager card that is "
                                "neither 4+ nor Special (the road is used at every count)")
        if card.copies < 1:
            raise CardDataError(f"{where}: field 'starting_road' needs at least 1 copy")


def parse_cards(data: dict[str, Any], source: str) -> CardSet:
    """A parsed deck file as a CardSet; errors name `source`, the card and the field."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise CardDataError(f"{source}: [meta] must be a table")
    if tuple(meta.get("suits", SUITS)) != SUITS:
        raise CardDataError(f"{source}: [meta] suits must be {list(SUITS)}")
    road_size = _opt_int(meta, "starting_road", f"{source} [meta]", 6)
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{source}: needs [[card]] tables")
    cards: dict[str, Card] = {}
    for i, table in enumerate(raw):
        card = _parse_card(table, len(cards), source)
        if card.name in cards:
            raise CardDataError(f"{source} card {card.name!r}: the name appears twice "
                                f"(card #{i + 1})")
        cards[card.name] = card
    for card in cards.values():
        _check_links(card, cards, source)
    for card in cards.values():
        _check_roles(card, cards, source)
    founders = [c.name for c in cards.values() if c.kind == "founders"]
    if len(founders) != 1:
        raise CardDataError(f"{source}: needs exactly one card of kind 'founders', "
                            f"found {len(founders)}")
    if not any(c.kind == "basic" for c in cards.values()):
        raise CardDataError(f"{source}: needs Basic Villagers (cards of kind 'basic')")
    road = [c.name for c in cards.values() if c.starting_road]
    if len(road) != road_size:
        raise CardDataError(f"{source}: needs {road_size} starting_road cards, found "
                            f"{len(road)}" + (f" ({', '.join(road)})" if road else ""))
    return CardSet(cards, {n: c.index for n, c in cards.items()})


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
