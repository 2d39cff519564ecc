"""Vectorised Monte Carlo for matrix games, with confidence intervals to set beside exact answers.

Every function takes an explicit ``numpy.random.Generator`` so a teacher can replay a run
from a seed, and samples whole batches at once rather than one match per Python loop.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from village_games.probability._validation import as_count, as_mix, as_payoff_matrix


def sample_matches(
    payoff: np.ndarray,
    row_mix: np.ndarray,
    col_mix: np.ndarray,
    trials: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """Row player's payoff in each of ``trials`` independent matches (1-D float array).

    Both players' moves are drawn in one vectorised call each, so a million matches is fast.
    """
    matrix = as_payoff_matrix(payoff)
    row = as_mix(row_mix, matrix.shape[0], "row_mix")
    col = as_mix(col_mix, matrix.shape[1], "col_mix")
    trials = as_count(trials, "trials", minimum=1)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            "rng must be a numpy.random.Generator, e.g. numpy.random.default_rng(seed); "
            f"got {type(rng).__name__}"
        )
    row_moves = rng.choice(matrix.shape[0], size=trials, p=row / row.sum())
    col_moves = rng.choice(matrix.shape[1], size=trials, p=col / col.sum())
    return matrix[row_moves, col_moves]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and normal-approximation confidence interval."""

    mean: float
    std_error: float
    ci_low: float
    ci_high: float
    trials: int

    def covers(self, value: float) -> bool:
        """Whether ``value`` (say, the exact answer) lies inside the confidence interval."""
        return self.ci_low <= value <= self.ci_high

    @property
    def half_width(self) -> float:
        """Half the interval width: the "plus or minus" a lesson quotes."""
        return (self.ci_high - self.ci_low) / 2


def estimate(samples: np.ndarray, confidence: float = 0.95) -> Estimate:
    """Summarise samples as mean +/- z * standard error (normal approximation).

    Needs at least 2 samples, because one sample says nothing about spread.
    """
    values = _as_samples(samples, minimum=2)
    z = _z_score(confidence)
    mean = float(values.mean())
    std_error = float(values.std(ddof=1) / np.sqrt(values.size))
    return Estimate(mean, std_error, mean - z * std_error, mean + z * std_error, int(values.size))


def running_mean_with_ci(
    samples: np.ndarray, confidence: float = 0.95
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Running mean after 1, 2, ..., n samples with its confidence band: ``(means, lower, upper)``.

    Plotting these shows the estimate settling and the band narrowing like ``1/sqrt(n)``.
    The band's first entry is NaN (one sample has no spread), which plotting libraries skip.
    """
    values = _as_samples(samples, minimum=1)
    z = _z_score(confidence)
    counts = np.arange(1, values.size + 1, dtype=float)
    # Shifting by the overall mean keeps the running sums small, avoiding cancellation in
    # sum(x^2) - n * mean^2 when payoffs sit far from zero.
    shift = values.mean()
    centred = values - shift
    sums = np.cumsum(centred)
    squares = np.cumsum(centred**2)
    means = sums / counts
    with np.errstate(divide="ignore", invalid="ignore"):
        variance = (squares - counts * means**2) / (counts - 1)
    variance[0] = np.nan
    half_width = z * np.sqrt(np.maximum(variance, 0.0) / counts)
    means = means + shift
    return means, means - half_width, means + half_width


def in_batches(total: int, batch_size: int) -> Iterator[int]:
    """Yield batch sizes adding up to ``total`` so an app can redraw a progress bar in between.

    Every batch is ``batch_size`` except possibly a smaller last one; ``total=0`` yields nothing.
    """
    total = as_count(total, "total", minimum=0)
    batch_size = as_count(batch_size, "batch_size", minimum=1)
    full, rest = divmod(total, batch_size)
    for _ in range(full):
        yield batch_size
    if rest:
        yield rest


def _as_samples(samples: np.ndarray, minimum: int) -> np.ndarray:
    """Validate a 1-D array of finite samples with at least ``minimum`` entries."""
    values = np.asarray(samples, dtype=float)
    if values.ndim != 1:
        raise ValueError(f"samples must be a 1-D array; got {values.ndim} dimension(s)")
    if values.size < minimum:
        raise ValueError(f"samples must contain at least {minimum} value(s); got {values.size}")
    if not np.all(np.isfinite(values)):
        raise ValueError("samples must be finite numbers (no NaN or infinity)")
    return values


def _z_score(confidence: float) -> float:
    """Two-sided normal critical value, e.g. 1.96 for 95%."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1; got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)
