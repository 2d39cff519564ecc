"""Villages card data: the stand-in deck in cards.toml, or a deck file of the user's own.

A deck is checked twice: each card's fields (the error names the file, the card and the
field) and then the deck as a whole against the rulebook's deckbuilding rules (10 units
in each colour, animal and building support in each colour, 7 animals, 5 buildings).
Card facts the engine reads on every move are also laid out as flat per-id tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import words
from ..core.card_data import (
    CardDataError,
    choice_field,
    int_field,
    unknown_keys,
)
from ..core.card_data import (
    field as checked_field,
)
from ..core.decks import DeckLoader, SavedDeck

COLOURS: tuple[str, ...] = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
GREY = "Grey"
DARK = "Dark"  # Ghost Town expansion: a seventh unit colour that supports nothing
LIGHT = "Light"  # Ghost Town expansion: wild units that join any village
VILLAGE_COLOURS: tuple[str, ...] = (*COLOURS, DARK)  # the colours a village can have
KINDS: tuple[str, ...] = ("unit", "animal", "building")
ANIMAL_KEY, BUILDING_KEY = " animals", " buildings"  # `CardSet.hand_key` of grey cards
SUPPORTS: tuple[str, ...] = ("animals", "buildings")
SUPPORTED_BY = {"animal": "animals", "building": "buildings"}  # grey kind -> support
CARD_FILE = Path(__file__).with_name("cards.toml")
STANDARD_NAME = "standard"
UNITS_PER_COLOUR = 10  # deckbuilding: each colour holds 10 units
ANIMALS = 7  # deckbuilding: 7 animals
BUILDINGS = 5  # deckbuilding: 5 buildings
MAX_NUMBER = 20  # a sanity bound on power, gold and bonuses in a deck file

_CARD_KEYS = {"name", "colour", "kind", "power", "gold", "supports", "attack_bonus",
              "defend_bonus", "same_colour_bonus", "bonus_vs_name", "bonus_vs", "archer",
              "village_multiplier", "village_attack_bonus", "village_defend_bonus",
              "reveals_hired", "keeps_hired", "help", "second_colour"}
_UNIT_ONLY = ("power", "supports", "second_colour", "attack_bonus", "defend_bonus",
              "same_colour_bonus", "bonus_vs_name", "bonus_vs", "archer", "village_multiplier")
_GREY_ONLY = ("village_attack_bonus", "village_defend_bonus", "reveals_hired", "keeps_hired")


@dataclass(frozen=True, slots=True)
class Card:
    """One card's printed facts; the engine applies the abilities these fields describe."""

    id: str  # "Blue Knight" for a unit, "Castle" for a grey card
    name: str
    colour: str  # one of COLOURS, or GREY
    kind: str  # unit | animal | building
    power: int
    gold: int
    supports: str | None  # "animals" (Farmer) | "buildings" (Builder)
    attack_bonus: int
    defend_bonus: int
    same_colour_bonus: int
    bonus_vs_name: str | None
    bonus_vs: int
    archer: bool
    village_multiplier: int
    village_attack_bonus: int
    village_defend_bonus: int
    reveals_hired: bool
    keeps_hired: bool
    help: str
    index: int  # position in the file: the canonical order of cards
    colours: tuple[str, ...] = ()  # every colour it counts as: two for a dual-colour card

    @property
    def is_dual(self) -> bool:
        return len(self.colours) > 1

    @property
    def is_unit(self) -> bool:
        return self.kind == "unit"


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """The High or Low Score card: what holding it does to a round's score."""

    round_bonus: int
    help: str


@dataclass(frozen=True)
class CardSet(SavedDeck):
    """A deck. `name` and `data` (the parsed file) travel in saves and records when the
    deck is not the standard one; the flat tables are what the rules read."""

    cards: dict[str, Card]
    high: ScoreCard
    low: ScoreCard
    stand_in: bool = True
    name: str = STANDARD_NAME
    data: dict | None = None
    # flat per-id tables, filled in __post_init__
    order: dict[str, int] = field(init=False, compare=False, repr=False)
    ids: tuple[str, ...] = field(init=False, compare=False, repr=False)
    colour_of: dict[str, str] = field(init=False, compare=False, repr=False)
    kind_of: dict[str, str] = field(init=False, compare=False, repr=False)
    gold_of: dict[str, int] = field(init=False, compare=False, repr=False)
    supports_of: dict[str, str | None] = field(init=False, compare=False, repr=False)
    unit_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    building_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    colours_of: dict[str, tuple[str, ...]] = field(init=False, compare=False, repr=False)
    wild_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    village_colours: tuple[str, ...] = field(init=False, compare=False, repr=False)
    plain: bool = field(init=False, compare=False, repr=False)  # no Dark, Light or dual
    # what the legal-move generator asks of every card in a hand, precomputed once
    fit_colours: dict[str, tuple[str, ...]] = field(init=False, compare=False, repr=False)
    farmer_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    builder_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    hand_key: dict[str, str] = field(init=False, compare=False, repr=False)
    archer_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    revealer_ids: frozenset[str] = field(init=False, compare=False, repr=False)  # Towers
    # the hand groups a card belongs to (see hand_index.py): the village colours a unit
    # may join, or ANIMAL_KEY or BUILDING_KEY for a grey card
    group_keys: dict[str, tuple[str, ...]] = field(init=False, compare=False, repr=False)
    dual_ids: frozenset[str] = field(init=False, compare=False, repr=False)
    # what a unit adds to `founds`: None for a Light unit (wild), else its colours as a set
    found_set: dict[str, frozenset[str] | None] = field(init=False, compare=False,
                                                       repr=False)
    colour_rank: dict[str, int] = field(init=False, compare=False, repr=False)  # village order

    def __post_init__(self) -> None:
        cards = self.cards.values()
        object.__setattr__(self, "ids", tuple(self.cards))
        object.__setattr__(self, "order", {c: i for i, c in enumerate(self.cards)})
        object.__setattr__(self, "colour_of", {c.id: c.colour for c in cards})
        object.__setattr__(self, "kind_of", {c.id: c.kind for c in cards})
        object.__setattr__(self, "gold_of", {c.id: c.gold for c in cards})
        object.__setattr__(self, "supports_of", {c.id: c.supports for c in cards})
        object.__setattr__(self, "unit_ids", frozenset(c.id for c in cards if c.is_unit))
        object.__setattr__(self, "building_ids",
                           frozenset(c.id for c in cards if c.kind == "building"))
        object.__setattr__(self, "colours_of", {c.id: c.colours for c in cards})
        object.__setattr__(self, "wild_ids",
                           frozenset(c.id for c in cards if c.colour == LIGHT))
        present = {x for c in cards for x in c.colours}
        object.__setattr__(self, "village_colours",
                           tuple(x for x in VILLAGE_COLOURS if x in present))
        object.__setattr__(self, "plain", not self.wild_ids and DARK not in present
                           and not any(c.is_dual for c in cards))
        # the village colours each unit may join, in village order (() for grey cards)
        object.__setattr__(self, "fit_colours", {
            c.id: tuple(v for v in self.village_colours
                        if c.is_unit and (v in c.colours or c.colour == LIGHT))
            for c in cards})
        object.__setattr__(self, "farmer_ids",
                           frozenset(c.id for c in cards if c.supports == "animals"))
        object.__setattr__(self, "builder_ids",
                           frozenset(c.id for c in cards if c.supports == "buildings"))
        object.__setattr__(self, "archer_ids", frozenset(c.id for c in cards if c.archer))
        object.__setattr__(self, "revealer_ids",
                           frozenset(c.id for c in cards if c.reveals_hired))
        # a unit's colour, or a key for its kind that no colour has (grey cards)
        object.__setattr__(self, "hand_key", {
            c.id: c.colour if c.is_unit else ANIMAL_KEY if c.kind == "animal" else BUILDING_KEY
            for c in cards})
        object.__setattr__(self, "group_keys", {
            c.id: self.fit_colours[c.id] if c.is_unit else (self.hand_key[c.id],)
            for c in cards})
        object.__setattr__(self, "dual_ids", frozenset(c.id for c in cards if c.is_dual))
        object.__setattr__(self, "found_set", {
            c.id: None if c.colour == LIGHT else frozenset(c.colours)
            for c in cards if c.is_unit})
        object.__setattr__(self, "colour_rank",
                           {v: i for i, v in enumerate(self.village_colours)})

    def __getitem__(self, card_id: str) -> Card:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"no card {card_id!r} in the deck {self.name!r}") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def sort_key(self, card_id: str) -> int:
        return self.order[card_id]

    def founds(self, trio: tuple[str, ...]) -> tuple[str, ...]:
        """The village colours these units could found together: the colours every
        non-Light unit shares (two for dual-colour cards alone). Light units fit any
        colour but found none on their own."""
        found: tuple[str, ...] | None = None
        wild = self.wild_ids
        colours_of = self.colours_of
        for c in trio:
            # Reading: Light units fill places beside at least one unit truly of the colour
            if c in wild:
                continue
            mine = colours_of[c]
            found = mine if found is None else tuple(x for x in found if x in mine)
        return found or ()

    def fits(self, card_id: str, village: str) -> bool:
        """May this unit join a village of colour `village`? Its own colour (either one of
        a dual-colour card), or any village for a wild Light card."""
        return village in self.colours_of[card_id] or card_id in self.wild_ids


# ------------------------------------------------------------------ parsing
def _opt_int(table: dict[str, Any], key: str, where: str, default: int,
             lo: int = 0, hi: int = MAX_NUMBER) -> int:
    return int_field(table, key, where, lo, hi) if key in table else default


def _flag(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: field {key!r} must be true or false, got {value!r}")
    return value


def _parse_card(table: object, position: int, source: str) -> Card:
    where = f"{source} card #{position + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a [[card]] table")
    name = checked_field(table, "name", str, where).strip()
    if not name:
        raise CardDataError(f"{where}: field 'name' must not be empty")
    colour = choice_field(table, "colour", f"{source} card {name!r}",
                          (*COLOURS, DARK, LIGHT, GREY))
    colours: tuple[str, ...] = () if colour == GREY else (colour,)
    if "second_colour" in table:
        second = choice_field(table, "second_colour", f"{source} card {name!r}",
                              (*COLOURS, DARK, LIGHT))
        # Reading: a dual-colour card is two of the six colours, never Dark or Light
        if colour not in COLOURS or second not in COLOURS or second == colour:
            raise CardDataError(
                f"{source} card {name!r}: field 'second_colour' must name a second colour of "
                f"{', '.join(COLOURS)} for a unit of one of them (a dual-colour card; Dark "
                f"units belong to no other colour and Light is never dual), got "
                f"{colour!r} and {second!r}")
        colours = (colour, second)
    card_id = name if colour == GREY else f"{'/'.join(colours)} {name}"
    where = f"{source} card {card_id!r}"
    unknown_keys(table, _CARD_KEYS, where)
    kind = choice_field(table, "kind", where, KINDS)
    if (kind == "unit") != (colour != GREY):
        raise CardDataError(f"{where}: field 'kind' is {kind!r}, but units are coloured and "
                            "animals and buildings are Grey")
    wrong = [k for k in (_GREY_ONLY if kind == "unit" else _UNIT_ONLY) if k in table]
    if wrong:
        raise CardDataError(f"{where}: field {wrong[0]!r} is not allowed on {words.a(kind)} card")
    supports = None
    if "supports" in table:
        supports = choice_field(table, "supports", where, SUPPORTS)
    bonus_vs_name = None
    if "bonus_vs_name" in table:
        bonus_vs_name = checked_field(table, "bonus_vs_name", str, where)
        if "bonus_vs" not in table:
            raise CardDataError(f"{where}: field 'bonus_vs_name' needs field 'bonus_vs'")
    elif "bonus_vs" in table:
        raise CardDataError(f"{where}: field 'bonus_vs' needs field 'bonus_vs_name'")
    help_text = table.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text, got {help_text!r}")
    return Card(
        id=card_id, name=name, colour=colour, kind=kind,
        power=_opt_int(table, "power", where, 0),
        gold=int_field(table, "gold", where, 0, MAX_NUMBER),
        supports=supports,
        attack_bonus=_opt_int(table, "attack_bonus", where, 0, -MAX_NUMBER),
        defend_bonus=_opt_int(table, "defend_bonus", where, 0, -MAX_NUMBER),
        same_colour_bonus=_opt_int(table, "same_colour_bonus", where, 0, -MAX_NUMBER),
        bonus_vs_name=bonus_vs_name,
        bonus_vs=_opt_int(table, "bonus_vs", where, 0, -MAX_NUMBER),
        archer=_flag(table, "archer", where),
        village_multiplier=_opt_int(table, "village_multiplier", where, 1, 1, 4),
        village_attack_bonus=_opt_int(table, "village_attack_bonus", where, 0, -MAX_NUMBER),
        village_defend_bonus=_opt_int(table, "village_defend_bonus", where, 0, -MAX_NUMBER),
        reveals_hired=_flag(table, "reveals_hired", where),
        keeps_hired=_flag(table, "keeps_hired", where),
        help=help_text, index=position, colours=colours)


def _parse_score_card(raw: object, key: str, source: str) -> ScoreCard:
    where = f"{source} [score_cards.{key}]"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: missing (the High and Low Score cards' effects)")
    unknown_keys(raw, {"round_bonus", "help"}, where)
    help_text = raw.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text")
    return ScoreCard(int_field(raw, "round_bonus", where, -MAX_NUMBER, MAX_NUMBER), help_text)


def check_deckbuilding(cards: dict[str, Card], source: str) -> None:
    """The rulebook's deckbuilding rules, each error naming the rule a deck breaks."""
    for colour in COLOURS:
        # Reading: dual-colour cards come on top of a colour's 10 single-colour units
        units = [c for c in cards.values() if c.colours == (colour,)]
        if len(units) != UNITS_PER_COLOUR:
            raise CardDataError(
                f"{source}: colour {colour} has {len(units)} units; the deckbuilding rules "
                f"need exactly {UNITS_PER_COLOUR} units in each colour (field 'colour')")
        for support, who in (("animals", "Farmer"), ("buildings", "Builder")):
            if not any(c.supports == support for c in units):
                raise CardDataError(
                    f"{source}: colour {colour} has no unit that supports {support} "
                    f"({words.a(who)}, field 'supports'); the deckbuilding rules need every "
                    "colour to support animals and buildings")
    for kind, want in (("animal", ANIMALS), ("building", BUILDINGS)):
        have = sum(1 for c in cards.values() if c.kind == kind)
        if have != want:
            raise CardDataError(f"{source}: the deck has {have} {kind}s; the deckbuilding "
                                f"rules need exactly {want} (field 'kind')")
    _check_dark_light(cards, source)
    names = {c.name for c in cards.values()}
    for c in cards.values():
        if c.bonus_vs_name is not None and c.bonus_vs_name not in names:
            raise CardDataError(f"{source} card {c.id!r}: field 'bonus_vs_name' names "
                                f"{c.bonus_vs_name!r}, which no card in this deck is called")


def _check_dark_light(cards: dict[str, Card], source: str) -> None:
    """The Ghost Town rules: Dark is a full extra colour that supports nothing and shares
    no unit with another colour; Light cards are wild units."""
    dark = [c for c in cards.values() if c.colour == DARK]
    if dark:
        # Reading: Dark is "an additional unit colour", so it has 10 units like the others
        if len(dark) != UNITS_PER_COLOUR:
            raise CardDataError(
                f"{source}: colour Dark has {len(dark)} units; Dark is an extra colour and "
                f"the deckbuilding rules need exactly {UNITS_PER_COLOUR} units in it "
                "(field 'colour')")
        for c in dark:
            if c.supports is not None:
                raise CardDataError(
                    f"{source} card {c.id!r}: field 'supports' is {c.supports!r}, but Dark "
                    "units support neither animals nor buildings")
        others = {c.name for c in cards.values() if c.colour not in (DARK, GREY)}
        for c in dark:
            if c.name in others:
                raise CardDataError(
                    f"{source} card {c.id!r}: field 'name' {c.name!r} is also a unit of "
                    "another colour; the units of the Dark colour appear in no other colour")


def parse_cards(data: dict[str, Any], source: str) -> CardSet:
    """A parsed deck file as a CardSet; errors name `source`, the card and the field."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise CardDataError(f"{source}: [meta] must be a table")
    if tuple(meta.get("colours", COLOURS)) != COLOURS:
        raise CardDataError(f"{source}: [meta] colours must be {list(COLOURS)}")
    stand_in = meta.get("stand_in", False)
    if not isinstance(stand_in, bool):
        raise CardDataError(f"{source}: [meta] field 'stand_in' must be true or false")
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{source}: needs [[card]] tables")
    cards: dict[str, Card] = {}
    for i, table in enumerate(raw):
        card = _parse_card(table, len(cards), source)
        if card.id in cards:
            raise CardDataError(f"{source} card {card.id!r}: the card appears twice "
                                f"(card #{i + 1}); every card id must be unique")
        cards[card.id] = card
    check_deckbuilding(cards, source)
    score = data.get("score_cards")
    if not isinstance(score, dict):
        raise CardDataError(f"{source}: missing [score_cards.high] and [score_cards.low]")
    unknown_keys(score, {"high", "low"}, f"{source} [score_cards]")
    return CardSet(cards, _parse_score_card(score.get("high"), "high", source),
                   _parse_score_card(score.get("low"), "low", source), stand_in)


_DECKS = DeckLoader(parse_cards, CARD_FILE, CardSet)
DeckSpec = None | str | Path | CardSet | dict


def load_cards(path: str | Path = CARD_FILE) -> CardSet:
    """A deck file in the cards.toml format; errors name the file, the card and the field."""
    return _DECKS.load(path)


def deck_from_text(text: str, name: str) -> CardSet:
    """A deck file's contents (an upload, say) as a CardSet named after the file."""
    return _DECKS.from_text(text, name)


def standard_deck() -> CardSet:
    """The stand-in deck (cards.toml beside this module), parsed once."""
    return _DECKS.standard()


def resolve_deck(deck: DeckSpec) -> CardSet:
    """A `new_game(deck=...)` value as a CardSet (see core/decks.py)."""
    return _DECKS.resolve(deck)
