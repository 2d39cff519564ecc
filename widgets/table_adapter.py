"""What the generic table app needs from a game: the adapter protocol and its small types."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from village_games.core import Event, Game

from .action_picker import PickerLabels


@dataclass
class Frame:
    """One step of a resolution shown to the table: what to draw and which line it is."""

    obs: dict[str, Any]
    counts: Any = None
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


class GameAdapter(Protocol):
    game_name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    default_names: Sequence[str]

    def new_game(self, players: int, seed: int, names: list[str], **options: Any) -> Game: ...
    def from_dict(self, state: dict[str, Any]) -> Game: ...
    def render(self, obs: dict[str, Any], counts: Any = None,
               highlight: list[int] | None = None) -> str: ...
    def labels(self, obs: dict[str, Any]) -> PickerLabels: ...
    def prompt(self, obs: dict[str, Any], actions: list[Any]) -> str: ...
    def make_bot(self, seat: int, seed: int) -> Any: ...
    def frames(self, base_obs: dict[str, Any], events: list[Event],
               viewer: int | None) -> list[Frame]: ...
    def undoable(self, events: list[Event], seat: int) -> bool: ...
