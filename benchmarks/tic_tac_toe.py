"""The yardstick of the speed targets: random tic-tac-toe in plain Python. Not a test.

Issue 23 states the engines' speed as a share of this loop run in the same process:
random play, logged, at least 0.125 of it for every engine and player count, quiet search
copies at least 0.25. A ratio to a workload timed right beside the engine holds still on a
shared, loaded machine where a raw rate swings by a quarter.

The game speaks the four calls a player loop makes (`to_act`, `legal_actions`, `apply`
with its legality check, `is_over`) and is played by the same loop and chooser as every
engine (`random_games.play_to_end`: a uniform index into the legal list), so the ratio says
what an engine costs beyond the least any game under that loop costs.

    .venv/bin/python benchmarks/tic_tac_toe.py     # prints its decisions per second
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from random_games import play_to_end  # noqa: E402

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6))


class TicTacToe:
    """Nine squares, X (seat 0) moves first; three in a line wins, a full board draws."""

    def __init__(self) -> None:
        self.board: list[str | None] = [None] * 9
        self.turn = 0
        self.moves = 0
        self.winner: int | None = None

    def to_act(self) -> list[int]:
        return [self.turn]

    def legal_actions(self, player: int) -> list[int]:
        board = self.board
        return [i for i in range(9) if board[i] is None]

    def apply(self, player: int, square: int) -> None:
        board = self.board
        if player != self.turn or self.winner is not None or board[square] is not None:
            raise ValueError(f"seat {player} may not take square {square} now")
        board[square] = "XO"[player]
        self.moves += 1
        for a, b, c in LINES:
            if board[a] is not None and board[a] == board[b] == board[c]:
                self.winner = player
        self.turn = 1 - player

    def is_over(self) -> bool:
        return self.winner is not None or self.moves == 9


def play_one(rnd: Callable[[], float]) -> int:
    """One random game, played by the engines' loop; returns the decisions made."""
    return play_to_end(TicTacToe(), rnd)


def decisions_per_s(seconds: float = 0.2, seed: int = 0) -> float:
    """Random tic-tac-toe decisions per second over games played for about `seconds`."""
    rnd = random.Random(seed).random
    decisions = 0
    start = time.perf_counter()
    while True:
        decisions += play_one(rnd)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


if __name__ == "__main__":
    print(f"{decisions_per_s(1.0):,.0f} random tic-tac-toe decisions/s")
