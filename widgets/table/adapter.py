"""What the generic table app needs from a game: the adapter protocol and its small types."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol

from village_games.core import Action, Agent, Game, GameInfo, Observation

if TYPE_CHECKING:  # (the session imports this module and holds no widgets)
    from typing_extensions import TypeVar

    from .choices import PickerLabels
    from .coaching import Coaching
else:
    from typing import TypeVar


@dataclass
class Frame:
    """One step of automatic play shown to the table: the engine's observation right after
    one event (from `Game.apply_traced`), the seats it touched, and the event's line."""

    obs: Observation
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


# The observation of the game an adapter draws (`VillagersObservation`, ...). A table,
# a replay or a page that takes an adapter of any game names it `GameAdapter`: an adapter
# of some game, whose observations it only passes on (the `Any` default: a
# `VillagersAdapter` is no `GameAdapter[Observation]`, as it cannot draw another game's).
if TYPE_CHECKING:
    ObsT = TypeVar("ObsT", bound=Observation, default=Any)
else:
    ObsT = TypeVar("ObsT", bound=Observation)

STEP_LABEL = "Show automatic play step by step"  # the step-by-step toggle's own words


class GameAdapter(Protocol[ObsT]):
    """Per game: how to set up, draw and label it. Everything else (player counts, which
    events are worth a step, what undo may rewind) the app reads from the engine: `info`
    is the engine's declared `GameInfo`, and events say whether they reveal or are chance.

    `render`, `labels` and `prompt` take the game's own observation (`ObsT`, e.g.
    `VillagersObservation`): the table passes each the observation its game's engine made.

    The optional members are declared too, each with the value that means "not offered"
    (`TableAdapter` gives every one of them): `variants(players) -> list[Variant]` (None:
    one way to play); `flags` (a sequence of `Flag`, shown as checkboxes) with
    `flags_option` (the `new_game` keyword, and the link parameter, that receives the list
    of checked keys, e.g. "expansions"); `step_label` (the step-by-step toggle's words);
    `load_deck(name, text) -> card set` for games whose deck a user may replace (None: no
    deck of one's own); `data_files` (`DataFile`s: other files a user may load, such as
    event cards); `replay_notebook` (the file name of the game's replay notebook, for the
    table's "Replay this game" link; None: no link); `waiting_note(obs, names) -> html` (the
    prompt while people on other devices are to act, when the game has its own words for
    it) and `steps_note(obs) -> html` (beside "Playing out the moves…"), both "" for
    nothing; `coach_models` and
    `coach(game, seat, model) -> Coaching | None` (None: no coach); `share_params()` (the
    adapter's own settings a share link carries); `use_settings(settings)` (a stored
    table's settings: its bots are made again after it; None: the adapter has none).

    An adapter that draws with the whole game (odds, notes the engine works out) keeps it
    in a `game` attribute of its engine's own class, which the table sets to the game on
    the table whenever that changes (the one member still looked up by name: a table of
    any game cannot name the class).
    """

    info: GameInfo
    title: str
    default_players: int

    @property  # (read only: an adapter may keep a tuple)
    def default_names(self) -> Sequence[str]: ...
    # new_game(players, seed, names, **the game's own options) -> Game
    @property
    def new_game(self) -> Callable[..., Game[ObsT]]: ...
    def from_dict(self, state: dict[str, Any]) -> Game[ObsT]: ...
    def render(self, obs: ObsT, cards: Any, highlight: list[int] | None = None) -> str: ...
    def labels(self, obs: ObsT, cards: Any) -> PickerLabels: ...
    def prompt(self, obs: ObsT, actions: Sequence[Action]) -> str: ...
    def make_bot(self, seat: int, seed: int) -> Agent: ...

    # the optional members (see above)
    @property
    def variants(self) -> Callable[[int], Sequence[Variant]] | None: ...
    @property
    def flags(self) -> Sequence[Flag]: ...
    @property
    def flags_option(self) -> str: ...
    @property
    def step_label(self) -> str: ...
    @property
    def load_deck(self) -> Callable[[str, str], object] | None: ...
    @property
    def data_files(self) -> Sequence[DataFile]: ...
    @property
    def replay_notebook(self) -> str | None: ...
    @property
    def coach_models(self) -> Sequence[tuple[str, str]]: ...
    @property
    def coach(self) -> Callable[[Game[ObsT], int, str], Coaching | None] | None: ...
    def share_params(self) -> dict[str, str]: ...
    @property
    def use_settings(self) -> Callable[[dict[str, str]], None] | None: ...
    def waiting_note(self, obs: ObsT, waiting: Sequence[str]) -> str: ...
    def steps_note(self, obs: ObsT) -> str: ...


class TableAdapter(Generic[ObsT]):
    """The base of every game's adapter: each optional member of `GameAdapter` with the
    value that means "not offered", for an adapter to override (as a method or a class
    attribute). An adapter still writes the required members itself."""

    variants: Callable[[int], Sequence[Variant]] | None = None
    flags: Sequence[Flag] = ()
    flags_option: str = "flags"
    step_label: str = STEP_LABEL
    load_deck: Callable[[str, str], object] | None = None
    data_files: Sequence[DataFile] = ()
    replay_notebook: str | None = None
    coach_models: Sequence[tuple[str, str]] = ()
    coach: Callable[[Game[ObsT], int, str], Coaching | None] | None = None
    use_settings: Callable[[dict[str, str]], None] | None = None

    def share_params(self) -> dict[str, str]:
        """What a share link adds for this adapter's own settings (none)."""
        return {}

    def waiting_note(self, obs: ObsT, waiting: Sequence[str]) -> str:
        """The game's own words while people on other devices act ("": the table's)."""
        return ""

    def steps_note(self, obs: ObsT) -> str:
        """What else goes on beside "Playing out the moves…" ("": nothing)."""
        return ""
