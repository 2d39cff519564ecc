"""What a bot may look at: one seat's side of the public protocol, nothing more."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, Protocol

from .actions import Action
from .game import Game
from .observation import Obs


class SeatView(Generic[Obs]):
    """One player's window on a game: their observation, their legal actions, their log.

    Bots receive this instead of the game so that they cannot peek at hidden cards;
    `determinize` gives search bots a consistent what-if world to play forward in. Typed
    by the game's observation: a Villagers bot reads a `SeatView[VillagersObservation]`.
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game[Obs], player: int) -> None:
        self._game = game
        self.player = player

    @property
    def game_name(self) -> str:
        return self._game.game_name

    @property
    def num_players(self) -> int:
        return self._game.num_players

    @property
    def cards(self) -> Any:
        """The card facts of the deck this game uses (public: every seat knows the card list)."""
        return self._game.cards

    def legal_actions(self) -> Sequence[Action]:
        return self._game.legal_actions(self.player)

    def observation(self) -> Obs:
        return self._game.observation(self.player)

    def log(self) -> list[str]:
        return self._game.log_for(self.player)

    def determinize(self, rng: random.Random) -> Game[Obs]:
        return self._game.determinize(self.player, rng)

    def same_game(self, other: object) -> bool:
        """Whether `other` is a window on the very game this one looks at (a bot that keeps
        something from one decision to the next checks it is still at that game)."""
        return isinstance(other, SeatView) and other._game is self._game

    def moves_played(self) -> int:
        """How many moves the game has seen so far (every seat sees the table move)."""
        return len(self._game.history)

    def own_last_move(self) -> Action | None:
        """The game's last move when it was this seat's own, else None (another seat's move
        is not shown: it may hold what this seat has not seen)."""
        history = self._game.history
        if history and history[-1][0] == self.player:
            return history[-1][1]
        return None


class Agent(Protocol):
    """Anything that picks an action for a seat. (A game's bot takes that game's seats,
    `act(self, seat: SeatView[VillagersObservation])`: the seat here is of any game.)"""

    def act(self, seat: SeatView[Any]) -> Action: ...
