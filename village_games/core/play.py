"""Running a whole game with agents (bots or scripted players)."""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .seat import Agent, SeatView


class GameDidNotEnd(RuntimeError):
    """A play-out hit its step limit: a sign of a rules bug, never a normal outcome."""


def play(game: Game, agents: Sequence[Agent], max_steps: int = 100_000) -> Game:
    """Ask each seat in `to_act()` for an action until the game is over."""
    if len(agents) != game.num_players:
        raise ValueError(f"need one agent per seat: {game.num_players}, got {len(agents)}")
    steps = 0
    while not game.is_over():
        waiting = game.to_act()
        if not waiting:
            raise GameDidNotEnd("no seat is to act, yet the game is not over")
        player = waiting[0]
        game.apply(player, agents[player].act(SeatView(game, player)))
        steps += 1
        if steps >= max_steps:
            raise GameDidNotEnd(f"game not over after {max_steps} decisions")
    return game
