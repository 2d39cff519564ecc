"""The solo mode's event cards: loaded from solo_events.toml (or a user's file in the same
format) and checked as a whole, so the rules can trust every field they read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field as data_field
from pathlib import Path
from typing import Any

from ...core.card_data import (
    CardDataError,
    choice_field,
    field,
    int_field,
    name_field,
    unknown_keys,
)
from ...core.decks import DeckLoader, SavedDeck

EVENT_FILE = Path(__file__).parent.parent / "solo_events.toml"
SEASONS: tuple[str, ...] = ("summer", "winter")
EVENT_KINDS: tuple[str, ...] = ("event", "draft_phase", "build_phase", "on_reveal",
                                "jester_deadline")
MODES: tuple[str, ...] = ("beginner", "normal", "hard")
# effect -> the kinds it may have, and its numeric/text parameters
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pay_countess": (("event",), ("count", "gold")),
    "countess_earns": (("event",), ("count", "gold")),
    "keyring_bribe": (("event",), ()),
    "keyring_each": (("event",), ("gold",)),
    "steal_top": (("event",), ()),
    "discard_top": (("event",), ()),
    "discard_hand": (("event",), ()),
    "black_market": (("event",), ()),
    "blackmail": (("event",), ()),
    "spy_network": (("event",), ()),
    "trade_network": (("event",), ()),
    "protection_money": (("event",), ()),
    "conscription": (("event",), ()),
    "redeal": (("event", "on_reveal"), ("deal",)),
    "fewer_drafts": (("draft_phase",), ("gold",)),
    "fewer_builds": (("build_phase",), ("gold",)),
    "serfdom": (("build_phase",), ()),
    "bank_unlock": (("build_phase",), ("gold",)),
    "jester_deadline": (("jester_deadline",), ()),
}
# what a pay_countess / countess_earns card may count
COUNTS: dict[str, tuple[str, ...]] = {
    "pay_countess": ("basic_villagers", "gold_symbols", "hand_cards", "most_common_suit"),
    "countess_earns": ("her_food", "suits_in_your_hand"),
}
_KEYS = {"name", "season", "kind", "effect", "count", "gold", "deal", "modes", "help"}
STANDARD_NAME = "standard"


@dataclass(frozen=True, slots=True)
class EventCard:
    name: str
    season: str
    kind: str
    effect: str
    count: str = ""
    gold: int = 0
    deal: int = 0
    modes: tuple[str, ...] = MODES
    help: str = ""

    @property
    def phase_card(self) -> bool:
        """In force during a phase while face up, and discarded unresolved."""
        return self.kind in ("draft_phase", "build_phase")


@dataclass(frozen=True, slots=True)
class EventSet(SavedDeck):
    """Both decks of one event file; `name` and `data` travel in saves when the file is not
    the game's own."""

    events: dict[str, EventCard]
    name: str = STANDARD_NAME
    data: dict | None = None  # the parsed file; None for the game's own events
    # (season, mode) -> `deck(season, mode)`'s names, worked out once (every game asks)
    _decks: dict[tuple[str, str], tuple[str, ...]] = data_field(
        init=False, default_factory=dict, compare=False, repr=False)

    def __getitem__(self, name: str) -> EventCard:
        try:
            return self.events[name]
        except KeyError:
            raise KeyError(f"no event named {name!r} in {self.name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self.events

    def __iter__(self) -> Iterator[EventCard]:
        return iter(self.events.values())

    def deck(self, season: str, mode: str) -> list[str]:
        """The season's cards used in `mode`, in file order."""
        names = self._decks.get((season, mode))
        if names is None:
            names = self._decks[season, mode] = tuple(
                [e.name for e in self if e.season == season and mode in e.modes])
        return list(names)


def _parse_event(table: object, i: int, source: str) -> EventCard:
    where = f"{source} event #{i + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be an [[event]] table")
    name = name_field(table, "name", where)
    if not name.strip():
        raise CardDataError(f"{where}: field 'name' must not be empty")
    where = f"{source} event {name!r}"
    unknown_keys(table, _KEYS, where)
    season = choice_field(table, "season", where, SEASONS)
    kind = choice_field(table, "kind", where, EVENT_KINDS)
    effect = choice_field(table, "effect", where, tuple(EFFECTS))
    kinds, params = EFFECTS[effect]
    if kind not in kinds:
        raise CardDataError(f"{where}: effect {effect!r} needs kind "
                            f"{' or '.join(map(repr, kinds))}, got {kind!r}")
    for key in ("count", "gold", "deal"):
        if key in table and key not in params:
            raise CardDataError(f"{where}: field {key!r} is not used by effect {effect!r}")
        if key not in table and key in params:
            raise CardDataError(f"{where}: effect {effect!r} needs field {key!r}")
    count = choice_field(table, "count", where, COUNTS[effect]) if "count" in params else ""
    gold = int_field(table, "gold", where, 0, 99) if "gold" in params else 0
    deal = int_field(table, "deal", where, 1, 3) if "deal" in params else 0
    modes = MODES
    if "modes" in table:
        raw = field(table, "modes", list, where)
        if not raw or not all(isinstance(m, str) and m in MODES for m in raw):
            raise CardDataError(f"{where}: field 'modes' must list modes from "
                                f"{', '.join(MODES)}")
        modes = tuple(m for m in MODES if m in raw)
    help_text = table.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text")
    return EventCard(name, season, kind, effect, count, gold, deal, modes, help_text)


def parse_events(data: dict[str, Any], source: str) -> EventSet:
    """A parsed event file; errors name `source`, the event and the field."""
    raw = data.get("event")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{source}: needs [[event]] tables")
    events: dict[str, EventCard] = {}
    for i, table in enumerate(raw):
        e = _parse_event(table, i, source)
        if e.name in events:
            raise CardDataError(f"{source} event {e.name!r}: the name appears twice "
                                f"(event #{i + 1})")
        events[e.name] = e
    for season in SEASONS:
        for mode in MODES:
            if not any(e.season == season and mode in e.modes for e in events.values()):
                raise CardDataError(f"{source}: the {season} deck has no event for the "
                                    f"{mode} mode")
    return EventSet(events)


_EVENTS = DeckLoader(parse_events, EVENT_FILE, EventSet)
EventSpec = None | str | Path | EventSet | dict


def load_events(path: str | Path = EVENT_FILE) -> EventSet:
    return _EVENTS.load(path)


def events_from_text(text: str, name: str) -> EventSet:
    """An uploaded event file's contents, named after the file."""
    return _EVENTS.from_text(text, name)


def standard_events() -> EventSet:
    return _EVENTS.standard()


def resolve_events(spec: EventSpec) -> EventSet:
    """A `new_game(events=...)` value: None, a path, an EventSet or the saved form."""
    return _EVENTS.resolve(spec)
