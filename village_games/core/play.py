"""Running a whole game with agents (bots or scripted players)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from .game import Game
from .seat import Agent, SeatView

G = TypeVar("G", bound=Game)  # (the game played comes back as its own kind)


class GameDidNotEnd(RuntimeError):
    """A play-out hit its step limit: a sign of a rules bug, never a normal outcome."""


def play(game: G, agents: Sequence[Agent], max_steps: int = 100_000) -> G:
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


def random_moves(game: G, moves: int, seed: int) -> G:
    """`game` after `moves` random legal actions picked by a generator seeded with `seed`
    (stops early at the end): a real position a lesson or an experiment can name by three
    numbers (players, the game's seed, the moves played)."""
    pick = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, pick.choice(list(game.legal_actions(seat))))
    return game
