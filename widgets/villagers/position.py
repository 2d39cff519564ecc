"""A real Villagers position for a lesson: players, a game seed and how many moves in.

Both Villagers lessons ask their question about a position from an actual game: the
engine plays `moves` seeded random legal actions from a seeded deal, so a class can
reproduce any position from three numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from village_games.villagers import Villagers
from village_games.villagers.odds import villagers_position

STYLE = {"description_width": "initial"}


def advance(players: int, seed: int, moves: int) -> Villagers:
    """A real game after `moves` seeded random legal actions (stops early at the end)."""
    return villagers_position(players, seed, moves)


class PositionControls:
    """Players, Game (seed) and Moves played; `on_change()` runs when any of them moves."""

    def __init__(self, moves: int, on_change: Callable[[], None],
                 wrap: Callable[[Callable[..., None]], Callable[..., None]]) -> None:
        self.players = w.Dropdown(options=[2, 3, 4, 5], value=3, description="Players",
                                  style=STYLE, layout={"width": "150px"})
        self.game_seed = w.BoundedIntText(value=5, min=0, max=10**9, description="Game",
                                          style=STYLE, layout={"width": "150px"})
        self.moves = w.IntSlider(value=moves, min=0, max=60, step=2,
                                 description="Moves played", continuous_update=False,
                                 style=STYLE, layout={"width": "330px"})
        self.row = w.HBox([self.players, self.game_seed, self.moves])
        for control in (self.players, self.game_seed, self.moves):
            control.observe(wrap(lambda _c: on_change()), names="value")

    def game(self) -> Villagers:
        return advance(self.players.value, self.game_seed.value, self.moves.value)
