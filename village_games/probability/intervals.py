"""Confidence intervals for a share (k successes in n trials) that stay inside [0, 1].

A normal-approximation interval (mean ± 1.96 standard errors) goes below 0 or above 1
near the edges and has zero width when every trial failed; every share the project
shows (lessons, tournaments, odds checked by simulation) uses one of these instead.
The arithmetic is SciPy's (`scipy.stats.binomtest(...).proportion_ci`), not our own.
"""

from __future__ import annotations

from dataclasses import dataclass

from scipy.stats import binomtest

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
