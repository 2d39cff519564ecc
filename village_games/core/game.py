"""The protocol every engine speaks (see DESIGN.md): one mutable game object per game."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .actions import Action, ActionCodec
from .errors import IllegalAction
from .events import Event


class Game(ABC):
    """Base class: validation, history, log and records are shared; rules live in subclasses.

    Subclasses set `game_name`, `version` and `codec`, and implement the abstract methods.
    `apply` checks legality before `_apply` touches anything, so an illegal action raises
    `IllegalAction` and leaves the game exactly as it was.
    """

    game_name: ClassVar[str] = ""
    version: ClassVar[int] = 1
    codec: ClassVar[ActionCodec]

    seed: int
    options: dict[str, Any]
    history: list[tuple[int, Action]]
    log: list[Event]

    # --- rules, per game -------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must choose now (several at once when moves are simultaneous)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action for `player` now; empty when they need not act."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal; return the new events."""

    @abstractmethod
    def why_illegal(self, player: int, action: Action) -> str:
        """The rule that forbids `action`, in the game's own words."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-able view for a seat (None: a spectator who sees only public facts)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, d: dict[str, Any]) -> Game: ...

    @abstractmethod
    def clone(self) -> Game: ...

    @abstractmethod
    def determinize(self, observer: int, rng: random.Random) -> Game:
        """A clone whose hidden facts are resampled consistently with what `observer` knows.

        The clone's own generator is reseeded from `rng`, so a search never sees the real
        game's future dice or draws.
        """

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def audit(self) -> list[str]:
        """Broken invariants (conservation, non-negativity); empty when all is well."""
        return []

    # --- shared machinery ------------------------------------------------------------
    def may_act(self, player: int) -> bool:
        """Whether `player` is one of `to_act()`; engines override it with a cheaper test."""
        return (not self.is_over() and isinstance(player, int)
                and 0 <= player < self.num_players and player in self.to_act())

    def is_legal(self, player: int, action: Action) -> bool:
        return action in self.legal_actions(player)

    def apply(self, player: int, action: Action | dict[str, Any]) -> list[Event]:
        """Validate, then carry out. Dicts (JSON form) are accepted too."""
        if isinstance(action, dict):
            action = self.codec.from_dict(action)
        if not self.may_act(player):
            if self.is_over():
                raise IllegalAction("the game is over: no more actions")
            if not (isinstance(player, int) and 0 <= player < self.num_players):
                raise IllegalAction(
                    f"player must be a seat from 0 to {self.num_players - 1}, got {player!r}"
                )
            raise IllegalAction(f"{self.player_name(player)} has nothing to decide right now")
        if not self.is_legal(player, action):
            raise IllegalAction(self.why_illegal(player, action))
        events = self._apply(player, action)
        self.history.append((player, action))
        self.log.extend(events)
        return events

    def player_name(self, player: int) -> str:
        names = self.options.get("names")
        return names[player] if names else f"Player {player + 1}"

    def log_for(self, seat: int | None, omniscient: bool = False) -> list[str]:
        return [e.text_for(seat, omniscient) for e in self.log]

    def record(self) -> dict[str, Any]:
        """A replayable game record: {game, version, options, seed, actions}."""
        return {
            "game": self.game_name,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[p, a.to_dict()] for p, a in self.history],
        }

    def history_dicts(self) -> list[list[Any]]:
        return [[p, a.to_dict()] for p, a in self.history]

    def load_history(self, rows: list[list[Any]]) -> None:
        self.history = [(int(p), self.codec.from_dict(a)) for p, a in rows]
