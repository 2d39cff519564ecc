"""Confidence intervals for a share (k successes in n trials) that stay inside [0, 1].

A normal-approximation interval (mean ± 1.96 standard errors) goes below 0 or above 1
near the edges and has zero width when every trial failed; every share the project
shows (lessons, tournaments, odds checked by simulation) uses one of these instead.
The arithmetic is SciPy's (`scipy.stats.binomtest(...).proportion_ci`), not our own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import binomtest
from scipy.stats import t as t_dist

from .monte_carlo import Estimate

METHODS = {"wilson": "wilson", "exact": "exact"}  # exact = Clopper-Pearson


@dataclass(frozen=True)
class ShareInterval:
    """A share with its interval: `successes` of `trials`, `low` to `high` at `level`."""

    successes: int
    trials: int
    low: float
    high: float
    level: float = 0.95
    method: str = "wilson"

    @property
    def share(self) -> float:
        return self.successes / self.trials

    @property
    def half_width(self) -> float:
        """Half the width: the "±" a page may quote (say that it is a 95% half-width)."""
        return (self.high - self.low) / 2

    def covers(self, value: float) -> bool:
        return self.low <= value <= self.high


def share_interval(successes: int, trials: int, level: float = 0.95,
                   method: str = "wilson") -> ShareInterval:
    """The interval of a share: Wilson's score interval by default, or Clopper-Pearson's
    exact one (`method="exact"`). Both stay inside [0, 1] and are wider than zero even
    when every trial failed or every trial succeeded."""
    for name, value in (("successes", successes), ("trials", trials)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
    if trials < 1:
        raise ValueError(f"an interval needs at least 1 trial, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to {trials} (the trials), got {successes}")
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1 (0.95 for 95%), got {level!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    ci = binomtest(successes, trials).proportion_ci(confidence_level=level,
                                                    method=METHODS[method])
    low, high = max(0.0, float(ci.low)), min(1.0, float(ci.high))
    return ShareInterval(successes, trials, low, high, level, method)


def share_estimate(samples: Sequence[float] | np.ndarray, level: float = 0.95,
                   method: str = "wilson") -> Estimate:
    """A simulated share as an `Estimate` whose interval is `share_interval`'s: samples of
    1 (it happened) and 0, or credits between them (a win shared by two counts ½)."""
    values = np.asarray(samples, dtype=float)
    if values.ndim != 1 or values.size < 2:
        raise ValueError(f"a share needs at least 2 samples in a row, got {values.size}")
    if not np.all((values >= 0) & (values <= 1)):
        raise ValueError("the samples of a share must lie from 0 to 1 (1 = it happened)")
    n = int(values.size)
    total = float(values.sum())
    low, high = credit_interval(total, n, level, method)
    return Estimate(total / n, float(values.std(ddof=1) / math.sqrt(n)), low, high, n)


def running_share_intervals(samples: Sequence[float] | np.ndarray, at: Sequence[int] | np.ndarray,
                            level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """The interval of the share after the first `k` samples, for each `k` in `at` (a
    chart's band): the low ends and the high ends, NaN where `k` < 2."""
    sums = np.cumsum(np.asarray(samples, dtype=float))
    low = np.full(len(at), np.nan)
    high = np.full(len(at), np.nan)
    for i, k in enumerate(at):
        if k >= 2:
            low[i], high[i] = credit_interval(float(sums[k - 1]), int(k), level, "wilson")
    return low, high


def credit_interval(total: float, n: int, level: float = 0.95,
                    method: str = "wilson") -> tuple[float, float]:
    """The interval of a share for `total` successes in `n` trials (low, high). Credits (a
    shared win's ½) can make the total fractional: the interval then runs from the low
    end for the total rounded down to the high end for it rounded up, which holds the
    credits' own interval (a ½ varies less than a 0 or a 1)."""
    down, up = math.floor(total + 1e-9), min(n, math.ceil(total - 1e-9))
    if down == up:
        ci = share_interval(down, n, level, method)
        return ci.low, ci.high
    return (share_interval(down, n, level, method).low,
            share_interval(up, n, level, method).high)


@dataclass(frozen=True)
class GroupMean:
    """What a sample left behind: its size, mean and standard deviation (ddof=1)."""

    n: int
    mean: float
    sd: float


def sd_from_mean_interval(n: int, low: float, high: float, level: float = 0.95) -> float:
    """The standard deviation behind a t interval `low`-`high` of a mean of `n` values
    (for a record that kept only the interval)."""
    if n < 2:
        raise ValueError(f"a t interval needs at least 2 values, got {n}")
    return (high - low) / 2 * math.sqrt(n) / float(t_dist.ppf((1 + level) / 2, n - 1))


def pooled_mean_interval(groups: Sequence[GroupMean], level: float = 0.95
                         ) -> tuple[float, float, float]:
    """Mean and t interval (mean, low, high) of all the groups' values together, from
    each group's size, mean and standard deviation: the same as `ttest_1samp` on the
    values themselves, for samples (seeds of a benchmark) whose values were not kept."""
    total = sum(g.n for g in groups)
    if total < 2:
        raise ValueError(f"a t interval needs at least 2 values, got {total}")
    mean = sum(g.n * g.mean for g in groups) / total
    squares = sum((g.n - 1) * g.sd ** 2 + g.n * (g.mean - mean) ** 2 for g in groups)
    half = (float(t_dist.ppf((1 + level) / 2, total - 1))
            * math.sqrt(squares / (total - 1)) / math.sqrt(total))
    return mean, mean - half, mean + half
