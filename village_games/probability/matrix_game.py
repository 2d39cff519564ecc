"""Two-player matrix games: best responses, exact zero-sum equilibria and fictitious play.

Conventions: ``payoff[i, j]`` is the row player's payoff when row plays ``i`` and column
plays ``j``. In a zero-sum game the column player receives ``-payoff[i, j]``. A "mix" is a
1-D array of probabilities, one per pure strategy, summing to 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from village_games.probability._validation import as_count, as_mix, as_payoff_matrix, readonly

_BEST_RESPONSE_TOLERANCE = 1e-9
_MAX_SYSTEMS_PER_BATCH = 20_000


def best_responses(
    payoff: np.ndarray, opponent_mix: np.ndarray, tol: float = _BEST_RESPONSE_TOLERANCE
) -> np.ndarray:
    """Indices of every pure strategy within ``tol`` of the best payoff against ``opponent_mix``.

    ``payoff`` is the *responder's* matrix with the responder's strategies as rows. For the row
    player pass the game matrix; for the column player of a zero-sum game pass ``-payoff.T``.
    All ties are returned (ascending) because lessons often ask "which moves are equally good?".
    The tolerance is relative to the payoff scale so rounding never hides a tie.
    """
    matrix = as_payoff_matrix(payoff)
    mix = as_mix(opponent_mix, matrix.shape[1], "opponent_mix")
    if not np.isfinite(tol) or tol < 0:
        raise ValueError(f"tol must be a finite number >= 0; got {tol}")
    values = matrix @ mix
    best = values.max()
    return np.flatnonzero(values >= best - tol * max(1.0, abs(best)))


def expected_payoff(payoff: np.ndarray, row_mix: np.ndarray, col_mix: np.ndarray) -> float:
    """Row player's expected payoff ``row_mix @ payoff @ col_mix`` when both mix independently."""
    matrix = as_payoff_matrix(payoff)
    row = as_mix(row_mix, matrix.shape[0], "row_mix")
    col = as_mix(col_mix, matrix.shape[1], "col_mix")
    return float(row @ matrix @ col)


def exploitability(
    payoff: np.ndarray,
    row_mix: np.ndarray,
    col_mix: np.ndarray,
    col_payoff: np.ndarray | None = None,
) -> float:
    """Total gain both players could get by deviating alone; 0 exactly at a Nash equilibrium.

    With ``col_payoff=None`` the game is zero-sum (column gets ``-payoff``). Pass the column
    player's own matrix (same shape) for a general game; the result is then often called
    "NashConv". Summing both gains gives one number to plot that shrinks to 0.
    """
    matrix = as_payoff_matrix(payoff)
    row = as_mix(row_mix, matrix.shape[0], "row_mix")
    col = as_mix(col_mix, matrix.shape[1], "col_mix")
    other = _col_matrix(matrix, col_payoff)
    row_gain = float((matrix @ col).max() - row @ matrix @ col)
    col_gain = float((row @ other).max() - row @ other @ col)
    return max(row_gain, 0.0) + max(col_gain, 0.0)


def _col_matrix(matrix: np.ndarray, col_payoff: np.ndarray | None) -> np.ndarray:
    """The column player's payoff matrix: given explicitly, or ``-payoff`` for zero-sum games."""
    if col_payoff is None:
        return -matrix
    other = as_payoff_matrix(col_payoff, "col_payoff")
    if other.shape != matrix.shape:
        raise ValueError(
            f"col_payoff must have the same shape as payoff {matrix.shape}; got {other.shape}"
        )
    return other


def pure_equilibria(payoff: np.ndarray, col_payoff: np.ndarray | None = None) -> np.ndarray:
    """All pure-strategy Nash equilibria as an ``(k, 2)`` array of (row, col) index pairs.

    Handy for general games such as the prisoner's dilemma, where the pure answer is the lesson.
    ``col_payoff=None`` means zero-sum, where these are exactly the saddle points.
    """
    matrix = as_payoff_matrix(payoff)
    other = _col_matrix(matrix, col_payoff)
    tol = _BEST_RESPONSE_TOLERANCE * max(1.0, float(np.abs(matrix).max()))
    row_best = matrix >= matrix.max(axis=0, keepdims=True) - tol
    col_tol = _BEST_RESPONSE_TOLERANCE * max(1.0, float(np.abs(other).max()))
    col_best = other >= other.max(axis=1, keepdims=True) - col_tol
    return np.argwhere(row_best & col_best)


@dataclass(frozen=True, eq=False)
class Equilibrium:
    """A mixed-strategy equilibrium of a zero-sum game and its value for the row player."""

    row: np.ndarray
    col: np.ndarray
    value: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "row", readonly(self.row))
        object.__setattr__(self, "col", readonly(self.col))
        object.__setattr__(self, "value", float(self.value))

    def exploitability(self, payoff: np.ndarray) -> float:
        """How far these mixes are from equilibrium in ``payoff`` (0 if they are optimal)."""
        return exploitability(payoff, self.row, self.col)


def solve_zero_sum(payoff: np.ndarray) -> Equilibrium:
    """Exact optimal mixes and value of a zero-sum game by support enumeration (numpy only).

    By the Shapley-Snow theorem every extreme optimal pair comes from a square submatrix whose
    indifference system ("row makes every column in the support pay v, column makes every row
    pay v, probabilities sum to 1") is non-singular. Square supports are tried smallest first,
    then in lexicographic order, and the first pair that is a valid mix and that no outside pure
    strategy beats is returned. That makes saddle points come out as pure strategies and makes
    degenerate games (many equilibria) give the same, simplest answer every time. Each support
    size is solved as one batched numpy call, so 8x8 games take well under a second.
    """
    matrix = as_payoff_matrix(payoff)
    rows, cols = matrix.shape
    scale = max(1.0, float(np.abs(matrix).max()))
    tol = 1e-9 * scale
    for size in range(1, min(rows, cols) + 1):
        found = _solve_supports_of_size(matrix, size, tol)
        if found is not None:
            row_mix, col_mix = found
            return Equilibrium(row_mix, col_mix, float(row_mix @ matrix @ col_mix))
    # Unreachable in exact arithmetic (Shapley-Snow); kept so a numerical surprise is loud.
    raise RuntimeError("no equilibrium found; the payoff matrix may be badly conditioned")


def _solve_supports_of_size(
    matrix: np.ndarray, size: int, tol: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """First valid equilibrium with ``size`` x ``size`` supports, or None."""
    rows, cols = matrix.shape
    row_sets = np.array(list(combinations(range(rows), size)), dtype=np.intp)
    col_sets = np.array(list(combinations(range(cols), size)), dtype=np.intp)
    pair_count = len(row_sets) * len(col_sets)
    for start in range(0, pair_count, _MAX_SYSTEMS_PER_BATCH):
        pairs = np.arange(start, min(start + _MAX_SYSTEMS_PER_BATCH, pair_count))
        row_support = row_sets[pairs // len(col_sets)]
        col_support = col_sets[pairs % len(col_sets)]
        found = _solve_support_batch(matrix, row_support, col_support, tol)
        if found is not None:
            return found
    return None


def _solve_support_batch(
    matrix: np.ndarray, row_support: np.ndarray, col_support: np.ndarray, tol: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """Solve a batch of indifference systems and return the first valid equilibrium."""
    batch, size = row_support.shape
    rows, cols = matrix.shape
    sub = matrix[row_support[:, :, None], col_support[:, None, :]]  # (batch, size, size)

    # Bordered system [[M, -1], [1, 0]] @ [y, v] = [0, 1]: column mix y makes support rows pay v.
    bordered = np.zeros((batch, size + 1, size + 1))
    bordered[:, :size, :size] = sub
    bordered[:, :size, size] = -1.0
    bordered[:, size, :size] = 1.0
    # Same for the row mix x with M transposed; both systems share one determinant.
    bordered_t = bordered.copy()
    bordered_t[:, :size, :size] = np.swapaxes(sub, 1, 2)

    solvable = np.linalg.cond(bordered) < 1e12
    if not np.any(solvable):
        return None
    index = np.flatnonzero(solvable)
    rhs = np.zeros((len(index), size + 1, 1))
    rhs[:, size, 0] = 1.0
    col_solution = np.linalg.solve(bordered[index], rhs)[:, :, 0]
    row_solution = np.linalg.solve(bordered_t[index], rhs)[:, :, 0]

    row_mix = np.zeros((len(index), rows))
    col_mix = np.zeros((len(index), cols))
    np.put_along_axis(row_mix, row_support[index], row_solution[:, :size], axis=1)
    np.put_along_axis(col_mix, col_support[index], col_solution[:, :size], axis=1)
    value = col_solution[:, size]

    valid = (row_mix >= -tol).all(axis=1) & (col_mix >= -tol).all(axis=1)
    # Row guarantees at least v against every column; column concedes at most v to every row.
    valid &= ((row_mix @ matrix) >= value[:, None] - tol).all(axis=1)
    valid &= ((col_mix @ matrix.T) <= value[:, None] + tol).all(axis=1)
    if not np.any(valid):
        return None
    first = int(np.flatnonzero(valid)[0])
    return _tidy_mix(row_mix[first]), _tidy_mix(col_mix[first])


def _tidy_mix(mix: np.ndarray) -> np.ndarray:
    """Clear rounding dust (tiny negatives, 1e-17 weights) and renormalise to sum 1."""
    cleaned = np.where(mix < 1e-12, 0.0, mix)
    return cleaned / cleaned.sum()


@dataclass(frozen=True, eq=False)
class FictitiousPlayTrace:
    """Snapshots of fictitious play, one row per recorded iteration, ready to plot.

    ``steps[k]`` is the iteration count at snapshot ``k``; ``row_mix[k]``/``col_mix[k]`` are the
    empirical frequencies of each player's moves so far; ``value[k]`` is the row player's
    expected payoff of those mixes and ``exploitability[k]`` their distance from equilibrium.
    """

    steps: np.ndarray
    row_mix: np.ndarray
    col_mix: np.ndarray
    value: np.ndarray
    exploitability: np.ndarray

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", readonly(self.steps, dtype=None))
        for name in ("row_mix", "col_mix", "value", "exploitability"):
            object.__setattr__(self, name, readonly(getattr(self, name)))


def fictitious_play(
    payoff: np.ndarray,
    iterations: int,
    record_every: int = 1,
    col_payoff: np.ndarray | None = None,
) -> FictitiousPlayTrace:
    """Simulate fictitious play: each round both players best-respond to the other's history.

    Deterministic: round 1 is each player's best response to a uniform opponent, and ties
    always go to the lowest index, so a lesson replays identically. In zero-sum games the
    empirical mixes converge to equilibrium (Robinson, 1951), which ``exploitability`` shows.
    Snapshots are taken every ``record_every`` rounds and always at the last round.
    ``col_payoff=None`` means zero-sum; pass the column player's matrix for a general game.
    """
    matrix = as_payoff_matrix(payoff)
    other = _col_matrix(matrix, col_payoff)
    iterations = as_count(iterations, "iterations", minimum=1)
    record_every = as_count(record_every, "record_every", minimum=1)
    rows, cols = matrix.shape

    # Sequential by nature; keep the loop to two row/column adds and two argmaxes per round.
    row_actions = np.empty(iterations, dtype=np.intp)
    col_actions = np.empty(iterations, dtype=np.intp)
    row_scores = matrix.mean(axis=1)  # row's payoff per move against the uniform "prior"
    col_scores = other.mean(axis=0)
    row_scores_total = np.zeros(rows)
    col_scores_total = np.zeros(cols)
    row_columns = np.ascontiguousarray(matrix.T)  # row_columns[j] = row payoffs vs column j
    col_rows = np.ascontiguousarray(other)  # col_rows[i] = column payoffs vs row i
    row_move = int(np.argmax(row_scores))
    col_move = int(np.argmax(col_scores))
    for step in range(iterations):
        row_actions[step] = row_move
        col_actions[step] = col_move
        row_scores_total += row_columns[col_move]
        col_scores_total += col_rows[row_move]
        row_move = int(np.argmax(row_scores_total))
        col_move = int(np.argmax(col_scores_total))

    steps = np.arange(record_every, iterations + 1, record_every)
    if steps.size == 0 or steps[-1] != iterations:
        steps = np.append(steps, iterations)
    row_mix = _empirical_mixes(row_actions, rows, steps)
    col_mix = _empirical_mixes(col_actions, cols, steps)

    row_expected = col_mix @ matrix.T  # (snapshots, rows): each row move vs column's mix
    col_expected = row_mix @ other  # (snapshots, cols)
    value = np.einsum("ti,ti->t", row_mix, row_expected)
    col_value = np.einsum("tj,tj->t", col_mix, col_expected)
    gaps = np.maximum(row_expected.max(axis=1) - value, 0.0) + np.maximum(
        col_expected.max(axis=1) - col_value, 0.0
    )
    return FictitiousPlayTrace(steps, row_mix, col_mix, value, gaps)


def _empirical_mixes(actions: np.ndarray, size: int, steps: np.ndarray) -> np.ndarray:
    """Frequency of each move among the first ``t`` actions, for each ``t`` in ``steps``."""
    counts = np.empty((steps.size, size))
    for move in range(size):
        counts[:, move] = np.cumsum(actions == move)[steps - 1]
    return counts / steps[:, None]
