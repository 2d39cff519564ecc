"""What a bot may look at: one seat's side of the public protocol, nothing more."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .actions import Action
from .game import Game


class SeatView:
    """One player's window on a game: their observation, their legal actions, their log.

    Bots receive this instead of the game so that they cannot peek at hidden cards;
    `determinize` gives search bots a consistent what-if world to play forward in.
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
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

    def observation(self) -> dict[str, Any]:
        return self._game.observation(self.player)

    def log(self) -> list[str]:
        return self._game.log_for(self.player)

    def determinize(self, rng: random.Random) -> Game:
        return self._game.determinize(self.player, rng)


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    def act(self, seat: SeatView) -> Action: ...
