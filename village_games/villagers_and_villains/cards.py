"""Villagers & Villains card data: loaded once from a deck file and checked as a whole.

The shipped `cards.toml` is STAND-IN data (the real Card Guide is not public); a user may
load a deck file of their own in the same format. Every fact the engine leans on is
checked here, and an error names the file, the card and the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import words
from ..core.card_data import CardDataError, choice_field, int_field, name_field, unknown_keys
from ..core.decks import DeckLoader, SavedDeck
from .abilities import EFFECTS, PHASES, VEND_TO, Ability

TYPES: tuple[str, ...] = ("building", "challenge", "citizen", "hero", "mob")
PLAYING_TYPES: tuple[str, ...] = ("building", "challenge", "citizen", "hero")
TOWN_TYPES: tuple[str, ...] = ("building", "citizen", "hero")  # built/hired from hand
TYPE_TITLES = {"building": "Building", "challenge": "Challenge", "citizen": "Citizen",
               "hero": "Hero", "mob": "Angry Mob"}
ANY_PAIR = {f"any {TYPE_TITLES[t]}": t for t in TOWN_TYPES}  # "any Citizen" -> "citizen"
CARD_FILE = Path(__file__).with_name("cards.toml")
STANDARD_NAME = "stand-in"
MAX_NUMBER = 99

# which number fields each type carries (others are refused, so typos show)
_FIELDS: dict[str, tuple[str, ...]] = {
    "building": ("price", "value"),
    "citizen": ("price", "value", "earnings"),
    "hero": ("price", "value", "defense"),
    "challenge": ("defeat", "value", "pillage", "loot"),
    "mob": ("defense",),
}
_OPTIONAL = {"challenge": ("successes",), "citizen": (), "hero": (), "building": (),
             "mob": ()}
_RANGES = {"price": (0, MAX_NUMBER), "value": (-MAX_NUMBER, MAX_NUMBER),
           "earnings": (0, MAX_NUMBER), "defense": (0, 6), "defeat": (1, 12),
           "pillage": (0, MAX_NUMBER), "loot": (0, MAX_NUMBER), "successes": (1, 6)}
_CARD_KEYS = {"name", "type", "copies", "starting", "pair", "help", "ability",
              *_RANGES}
_ABILITY_KEYS = {"phase", "effect", "amount", "cost", "vend", "vend_to"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card's printed facts (numbers a type does not use are 0)."""

    name: str
    type: str
    copies: int
    starting: bool
    price: int
    value: int
    earnings: int
    defense: int
    defeat: int
    pillage: int
    loot: int
    successes: int
    pair: str | None  # a card name, or "any Citizen" style
    ability: Ability | None
    help: str
    index: int  # position in the file: the canonical order of cards

    @property
    def pair_any(self) -> str | None:
        """The card type this card pairs with when its partner is "any <Type>"."""
        return ANY_PAIR.get(self.pair) if self.pair else None

    def describe(self) -> str:
        """A one-line summary of the printed numbers, for help texts."""
        t = self.type
        if t == "challenge":
            parts = [f"Defeat {self.defeat}", f"Town Value {self.value}",
                     f"Pillage {self.pillage}", f"Loot {self.loot}"]
            if self.successes > 1:
                parts.append(f"needs {self.successes} successes in one turn")
        elif t == "mob":
            parts = [f"+{self.defense} to one DEFENSE roll, then removed"]
        else:
            parts = [f"Price {self.price}", f"Town Value {self.value}"]
            if t == "citizen":
                parts.append(f"Earnings {self.earnings}")
            if t == "hero":
                parts.append(f"Defeat Bonus +{self.defense}")
        if self.pair:
            parts.append(f"pairs with {self.pair}")
        if self.ability:
            parts.append(self.ability.describe())
        return f"{self.name} ({TYPE_TITLES[t]}): " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class CardSet(SavedDeck):
    """A deck: the card facts a game is played with. `name` and `data` (the parsed file)
    travel in saves and records when the deck is not the standard one."""

    cards: dict[str, Card]
    order: dict[str, int]
    stand_in: bool
    name: str = STANDARD_NAME
    data: dict | None = None

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
    def mob(self) -> Card:
        return next(c for c in self if c.type == "mob")

    @property
    def deputy(self) -> Card:
        return next(c for c in self if c.starting and c.type != "mob")

    def playing_cards(self) -> tuple[str, ...]:
        """The cards shuffled into the deck, one name per card, in file order."""
        return tuple(c.name for c in self if not c.starting)

    def full_set(self) -> Counter[str]:
        """Every card of a game: the playing cards and every copy of the starting cards."""
        return Counter({c.name: c.copies for c in self})

    def count(self, card_type: str) -> int:
        return sum(c.copies for c in self if c.type == card_type and not c.starting)


def _int(table: dict[str, Any], key: str, where: str, default: int | None = None) -> int:
    if key not in table and default is not None:
        return default
    lo, hi = _RANGES.get(key, (0, MAX_NUMBER))
    return int_field(table, key, where, lo, hi)


def _parse_ability(raw: object, card_type: str, where: str) -> Ability:
    where = f"{where} field 'ability'"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table (phase, effect, amount, cost, vend)")
    unknown_keys(raw, _ABILITY_KEYS, where)
    if card_type in ("mob", "challenge"):
        raise CardDataError(f"{where}: {words.a(TYPE_TITLES[card_type])} card cannot have an "
                            "ability in this format")
    phase = choice_field(raw, "phase", where, PHASES)
    effect = choice_field(raw, "effect", where, tuple(EFFECTS))
    if phase not in EFFECTS[effect].phases:
        raise CardDataError(f"{where}: field 'phase': effect {effect!r} works in "
                            f"{', '.join(EFFECTS[effect].phases)}, not {phase!r}")
    amount = int_field(raw, "amount", where, 1, 6) if "amount" in raw else 1
    cost = int_field(raw, "cost", where, 0, MAX_NUMBER) if "cost" in raw else 0
    vend = int_field(raw, "vend", where, 0, MAX_NUMBER) if "vend" in raw else None
    vend_to = choice_field(raw, "vend_to", where, VEND_TO) if "vend_to" in raw else "owner"
    if EFFECTS[effect].when == "passive" and (cost or vend is not None):
        raise CardDataError(f"{where}: field 'cost'/'vend': the {effect!r} effect works by "
                            "itself, so nobody pays to use it")
    if "vend_to" in raw and vend is None:
        raise CardDataError(f"{where}: field 'vend_to' needs a 'vend' price")
    return Ability(phase, effect, amount, cost, vend, vend_to)


def _parse_card(table: object, position: int, source: str) -> Card:
    where = f"{source} card #{position + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a [[card]] table")
    name = name_field(table, "name", where)
    if not name.strip():
        raise CardDataError(f"{where}: field 'name' must not be empty")
    where = f"{source} card {name!r}"
    unknown_keys(table, _CARD_KEYS, where)
    card_type = choice_field(table, "type", where, TYPES)
    allowed = set(_FIELDS[card_type]) | set(_OPTIONAL[card_type])
    for key in _RANGES:
        if key in table and key not in allowed:
            raise CardDataError(f"{where}: field {key!r} is not used on "
                                f"{words.a(TYPE_TITLES[card_type])} card")
    numbers = {k: _int(table, k, where) for k in _FIELDS[card_type]}
    starting = table.get("starting", False)
    if not isinstance(starting, bool):
        raise CardDataError(f"{where}: field 'starting' must be true or false")
    copies = int_field(table, "copies", where, 1, MAX_NUMBER) if "copies" in table else 1
    if copies != 1 and not starting:
        raise CardDataError(f"{where}: field 'copies': every playing card is unique; only "
                            "the starting cards come in several copies")
    if card_type == "mob" and not starting:
        raise CardDataError(f"{where}: field 'starting': the Angry Mob card is a starting card")
    if card_type == "challenge" and numbers["value"] > 0:
        raise CardDataError(f"{where}: field 'value' of a challenge must be 0 or less")
    pair = table.get("pair")
    if pair is not None and (not isinstance(pair, str) or not pair.strip()):
        raise CardDataError(f"{where}: field 'pair' must be a card name or 'any <Type>'")
    if pair is not None and card_type not in TOWN_TYPES:
        raise CardDataError(f"{where}: field 'pair' is only for buildings, citizens, heroes")
    help_text = table.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text")
    ability = _parse_ability(table["ability"], card_type, where) if "ability" in table \
        else None
    return Card(name=name, type=card_type, copies=copies, starting=starting,
                price=numbers.get("price", 0), value=numbers.get("value", 0),
                earnings=numbers.get("earnings", 0), defense=numbers.get("defense", 0),
                defeat=numbers.get("defeat", 0), pillage=numbers.get("pillage", 0),
                loot=numbers.get("loot", 0), successes=_int(table, "successes", where, 1)
                if card_type == "challenge" else 1,
                pair=pair, ability=ability, help=help_text, index=position)


def _check_pairs(cards: dict[str, Card], source: str) -> None:
    for card in cards.values():
        if card.pair is None:
            continue
        where = f"{source} card {card.name!r} field 'pair'"
        if card.pair.startswith("any "):
            kind = ANY_PAIR.get(card.pair)
            if kind is None:
                raise CardDataError(f"{where}: {card.pair!r} must be one of "
                                    f"{', '.join(ANY_PAIR)}")
            if kind == card.type:
                raise CardDataError(f"{where}: {words.a(TYPE_TITLES[kind])} cannot pair with "
                                    f"{card.pair!r} (two such cards would pair each other)")
            continue
        partner = cards.get(card.pair)
        if partner is None:
            raise CardDataError(f"{where}: names {card.pair!r}, which is not a card in this "
                                "deck")
        if partner.name == card.name or partner.pair != card.name:
            raise CardDataError(f"{where}: names {card.pair!r}, whose own 'pair' must name "
                                f"{card.name!r} back")


def parse_cards(data: dict[str, Any], source: str) -> CardSet:
    """A parsed deck file as a CardSet; errors name `source`, the card and the field."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise CardDataError(f"{source}: [meta] must be a table")
    stand_in = meta.get("stand_in", False)
    if not isinstance(stand_in, bool):
        raise CardDataError(f"{source}: [meta] field 'stand_in' must be true or false")
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
    _check_pairs(cards, source)
    mobs = [c.name for c in cards.values() if c.type == "mob"]
    deputies = [c.name for c in cards.values() if c.starting and c.type != "mob"]
    if len(mobs) != 1:
        raise CardDataError(f"{source}: needs exactly one card of type 'mob' (the Angry "
                            f"Mob), found {len(mobs)}")
    if len(deputies) != 1 or cards[deputies[0]].type != "citizen":
        raise CardDataError(f"{source}: needs exactly one starting citizen (the Deputy "
                            f"Mayor), found {len(deputies)}")
    for name in (*mobs, *deputies):
        if cards[name].copies < 5:
            raise CardDataError(f"{source} card {name!r} field 'copies': 5 players need 5 "
                                f"copies, got {cards[name].copies}")
    for kind in PLAYING_TYPES:
        if not any(c.type == kind and not c.starting for c in cards.values()):
            raise CardDataError(f"{source}: the deck needs at least one {TYPE_TITLES[kind]} "
                                "playing card")
    playing = sum(1 for c in cards.values() if not c.starting)
    if playing < 20:
        raise CardDataError(f"{source}: the deck needs at least 20 playing cards, found "
                            f"{playing}")
    return CardSet(cards, {n: c.index for n, c in cards.items()}, stand_in)


_DECKS = DeckLoader(parse_cards, CARD_FILE, CardSet)
DeckSpec = None | str | Path | CardSet | dict


def load_cards(path: str | Path = CARD_FILE) -> CardSet:
    """A deck file in the cards.toml format; errors name the file, the card and the field."""
    return _DECKS.load(path)


def deck_from_text(text: str, name: str) -> CardSet:
    """A deck file's contents (an upload, say) as a CardSet named after the file."""
    return _DECKS.from_text(text, name)


def standard_deck() -> CardSet:
    """The shipped stand-in cards (cards.toml beside this module), parsed once."""
    return _DECKS.standard()


def resolve_deck(deck: DeckSpec) -> CardSet:
    """A `new_game(deck=...)` value as a CardSet (see core/decks.py)."""
    return _DECKS.resolve(deck)
