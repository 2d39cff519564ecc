"""What the generic table app needs from a game: the adapter protocol and its small types."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from village_games.core import Game, GameInfo

if TYPE_CHECKING:  # (the session imports this module and holds no widgets)
    from .choices import PickerLabels


@dataclass
class Frame:
    """One step of automatic play shown to the table: the engine's observation right after
    one event (from `Game.apply_traced`), the seats it touched, and the event's line."""

    obs: dict[str, Any]
    highlight: list[int] = field(default_factory=list)
    text: str = ""
    event_index: int = 0  # which event of the batch this step shows (for the log)


@dataclass(frozen=True)
class Variant:
    """One way to play a player count: `key` for links, `label` for the dropdown, and the
    keyword `options` the adapter's `new_game` receives."""

    key: str
    label: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Flag:
    """An option a table turns on with a checkbox (a game's expansion, say): `key` for
    links and for the list `new_game` receives, `label` for the checkbox, and the player
    counts it allows."""

    key: str
    label: str
    min_players: int
    max_players: int

    def allows(self, players: int) -> bool:
        return self.min_players <= players <= self.max_players

    def checkbox_label(self) -> str:
        lo, hi = self.min_players, self.max_players
        return f"{self.label} ({lo}–{hi} players)" if lo != hi else f"{self.label} ({lo})"


def always(players: int, options: Mapping[str, Any]) -> bool:
    """A data file every game uses (a deck)."""
    return True


@dataclass(frozen=True)
class DataFile:
    """A data file a user may load in place of the one the game ships (a deck, event
    cards, Location cards). `key` is the `new_game` option it feeds: the game keeps a file
    of the user's there in its saved form `{"name": ..., "data": {...}}`, so saves and
    records carry it. `load(name, text)` parses an upload (its `CardDataError` names the
    file, the entry and the field). `applies(players, options)` says whether a game with
    these `new_game` options (or a game's own `options`) uses the file, and `when` says
    it in words. `shipped` names the game's own data ("the rulebook's events"), with
    "stand-in" in it where the data is this project's design; `upload` and `reset` label
    the two buttons."""

    key: str
    title: str
    shipped: str
    upload: str
    reset: str
    load: Callable[[str, str], Any]
    applies: Callable[[int, Mapping[str, Any]], bool] = always
    when: str = "every game"
    accept: str = ".toml"


class GameAdapter(Protocol):
    """Per game: how to set up, draw and label it. Everything else (player counts, which
    events are worth a step, what undo may rewind) the app reads from the engine: `info`
    is the engine's declared `GameInfo`, and events say whether they reveal or are chance.

    Optional: `variants(players) -> list[Variant]`; `flags` (a list of `Flag`, shown as
    checkboxes) with `flags_option` (the `new_game` keyword, and the link parameter, that
    receives the list of checked keys, e.g. "expansions"); `step_label` (the step-by-step toggle's
    words); `load_deck(name, text) -> card set` for games whose deck a user may replace;
    `data_files` (a list of `DataFile`: other files a user may load, such as event cards);
    `replay_notebook` (the file name of the game's replay notebook, for the table's
    "Replay this game" link); `waiting_note(obs, names) -> html` (the prompt while people
    on other devices are to act, when the game has its own words for it) and
    `steps_note(obs) -> html` (beside "Playing out the moves…"), both "" for nothing.
    """

    info: GameInfo
    title: str
    default_players: int

    @property  # (read only: an adapter may keep a tuple)
    def default_names(self) -> Sequence[str]: ...
    # new_game(players, seed, names, **the game's own options) -> Game
    @property
    def new_game(self) -> Callable[..., Game]: ...
    def from_dict(self, state: dict[str, Any]) -> Game: ...
    def render(self, obs: dict[str, Any], cards: Any,
               highlight: list[int] | None = None) -> str: ...
    def labels(self, obs: dict[str, Any], cards: Any) -> PickerLabels: ...
    def prompt(self, obs: dict[str, Any], actions: Sequence[Any]) -> str: ...
    def make_bot(self, seat: int, seed: int) -> Any: ...
