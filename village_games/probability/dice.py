"""Dice, vectorised: many trials of "roll some d6, each with a bonus, count the successes".

A Villagers & Villains recruit succeeds when any of its dice (+ a bonus) reaches the card's
position; a defense when enough DEFENSE rolls (each with its own bonus) reach the
challenge's Defeat Value. These samplers roll every die of every trial in one numpy call,
so a lesson can run a million trials in a blink; the exact answers they converge to live
with the game (`village_games.villagers_and_villains.odds`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._validation import as_count

D6 = 6


def roll(rng: np.random.Generator, trials: int, dice: int, sides: int = D6) -> np.ndarray:
    """A (trials, dice) array of fair die faces 1..sides."""
    return _faces(rng, trials, dice, sides).T


def _faces(rng: np.random.Generator, trials: int, dice: int, sides: int) -> np.ndarray:
    """(dice, trials): each die's faces lie together in memory, so reducing over the dice
    of a trial runs along whole rows (several times faster than along short ones)."""
    trials, dice = as_count(trials, "trials", 0), as_count(dice, "dice", 0)
    sides = as_count(sides, "sides", 1)
    return rng.integers(1, sides + 1, size=(dice, trials),
                        dtype=np.int8 if sides < 100 else np.int64)


def any_reaches(rng: np.random.Generator, trials: int, need: int, dice: int, bonus: int = 0,
                sides: int = D6) -> np.ndarray:
    """Per trial, 1.0 when at least one of `dice` dice plus `bonus` reaches `need`."""
    if dice < 1:
        raise ValueError(f"dice must be 1 or more, got {dice}")
    best = _faces(rng, trials, dice, sides).max(axis=0).astype(np.int64)
    return (best + bonus >= need).astype(float)


def successes(rng: np.random.Generator, trials: int, need: int, bonuses: Sequence[int],
              sides: int = D6) -> np.ndarray:
    """Per trial, how many of the dice (one per entry of `bonuses`, each with its own bonus)
    reach `need`."""
    if not bonuses:
        raise ValueError("roll at least one die: bonuses must not be empty")
    faces = _faces(rng, trials, len(bonuses), sides).astype(np.int64)
    return (faces + np.asarray(bonuses, dtype=np.int64)[:, None] >= need).sum(axis=0)


def expected_rounds_survived(chances: Sequence[float]) -> float:
    """Exact: how many of the rounds are expected to end with the event still not
    happened, trying once in round r with `chances[r - 1]`:
    the sum over r of (1 - chances[0]) * ... * (1 - chances[r - 1])."""
    total, alive = 0.0, 1.0
    for chance in _chances(chances):
        alive *= 1 - chance
        total += alive
    return float(total)


def _chances(chances: Sequence[float]) -> np.ndarray:
    p = np.asarray([float(c) for c in chances], dtype=float)
    if p.ndim != 1 or ((p < 0) | (p > 1)).any():
        raise ValueError(f"each round's chance must be from 0 to 1, got {list(chances)}")
    return p
