"""A game's deck as a `new_game(deck=...)` option: the loading rules every game shares.

A game supplies its parser (`parse(data, source) -> CardSet`, raising CardDataError that
names the file, card and field) and its own card file; this class turns a path, an uploaded
text, a CardSet or a save's `{"name": ..., "data": {...}}` into that game's CardSet. A deck
other than the game's own keeps its name and parsed data, which saves and records carry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .actions import short_repr
from .card_data import load_toml, toml_text

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound="DataclassInstance")  # a game's card set (a dataclass)
_PATHS_READ: ContextVar[bool] = ContextVar("deck_paths_read", default=True)


@contextmanager
def no_file_paths() -> Iterator[None]:
    """While a save or a record is read (text anyone can write, maybe from a link), a
    card-file option must carry its cards itself: the server's files are never opened."""
    token = _PATHS_READ.set(False)
    try:
        yield
    finally:
        _PATHS_READ.reset(token)


class SavedDeck:
    """Mixin for a game's card set (or any set of cards read from a file): whether it is
    the game's own, and the form `options` keep of it. Subclasses are dataclasses with the
    fields `name` and `data` (the parsed file; None for the game's own cards)."""

    __slots__ = ()
    name: str
    data: dict[str, Any] | None

    @property
    def is_standard(self) -> bool:
        return self.data is None

    def saved_form(self) -> dict[str, Any] | None:
        """What a game's options hold: None for the game's own cards, else name and data."""
        return None if self.data is None else {"name": self.name, "data": self.data}


class DeckLoader(Generic[C]):
    def __init__(self, parse: Callable[[dict[str, Any], str], C], card_file: Path,
                 kind: type[C]) -> None:
        self.parse = parse
        self.card_file = card_file
        self.kind = kind
        self._standard: C | None = None

    def load(self, path: str | Path | None = None) -> C:
        """A deck file in the cards.toml format; errors name the file, the card and the
        field. The game's own file gives the standard deck (no name, no data kept)."""
        path = Path(self.card_file if path is None else path)
        data = load_toml(path)
        parsed = self.parse(data, path.name)
        if path.resolve() == self.card_file.resolve():
            return parsed
        return replace(parsed, name=path.name, data=data)

    def from_text(self, text: str, name: str) -> C:
        """A deck file's contents (an upload, say) as a deck named after the file."""
        data = toml_text(text, name)
        return replace(self.parse(data, name), name=name, data=data)

    def standard(self) -> C:
        """The game's own cards, parsed once."""
        if self._standard is None:
            self._standard = self.load()
        return self._standard

    def resolve(self, deck: Any) -> C:
        """A `new_game(deck=...)` value: None (the standard deck), a path to a deck file, a
        deck, or the saved form `{"name": ..., "data": {...}}`."""
        if deck is None:
            return self.standard()
        if isinstance(deck, self.kind):
            return deck
        if isinstance(deck, str | Path):
            if not _PATHS_READ.get():
                raise ValueError("a save or a record carries its card files themselves "
                                 "({'name': ..., 'data': {...}}), never a file path: got "
                                 f"{short_repr(str(deck))}")
            return self.load(deck)
        if isinstance(deck, dict) and isinstance(deck.get("name"), str) and isinstance(
                deck.get("data"), dict):
            return replace(self.parse(deck["data"], deck["name"]),
                           name=deck["name"], data=deck["data"])
        raise ValueError("deck must be None (the standard deck), a deck file path, or a "
                         "saved deck {'name': ..., 'data': {...}}; got "
                         f"{type(deck).__name__}")
