"""Exact finite distributions, to show the true answer beside a Monte Carlo estimate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from village_games.probability._validation import as_count, as_mix, as_payoff_matrix, readonly

_MERGE_DECIMALS = 12
"""Outcomes equal to this many decimals are merged, so 0.1 + 0.2 and 0.3 are one outcome."""


@dataclass(frozen=True, eq=False)
class Distribution:
    """A finite distribution: ``probabilities[k]`` is the chance of outcome ``values[k]``.

    Values may be labels (``"rock"``) for ``prob``; ``mean``, ``variance`` and ``convolve``
    need numbers.
    """

    values: np.ndarray
    probabilities: np.ndarray

    def __post_init__(self) -> None:
        values = np.asarray(self.values)
        if values.ndim != 1 or values.size == 0:
            raise ValueError(f"values must be a non-empty 1-D sequence; got shape {values.shape}")
        probabilities = as_mix(self.probabilities, values.size, "probabilities")
        object.__setattr__(self, "values", readonly(values, dtype=None))
        object.__setattr__(self, "probabilities", readonly(probabilities / probabilities.sum()))

    @classmethod
    def from_mix(cls, labels: Sequence[Any], mix: Sequence[float]) -> Distribution:
        """Distribution over ``labels`` with weights ``mix``; repeated labels are added up."""
        label_array = np.asarray(labels)
        if label_array.ndim != 1 or label_array.size == 0:
            raise ValueError(
                f"labels must be a non-empty 1-D sequence; got shape {label_array.shape}"
            )
        weights = as_mix(np.asarray(mix, dtype=float), label_array.size, "mix")
        merged: dict[Any, float] = {}
        for label, weight in zip(label_array.tolist(), weights.tolist(), strict=True):
            merged[label] = merged.get(label, 0.0) + weight
        return cls(np.array(list(merged)), np.array(list(merged.values())))

    def mean(self) -> float:
        """Expected value."""
        return float(self._numeric_values() @ self.probabilities)

    def variance(self) -> float:
        """Expected squared distance from the mean."""
        values = self._numeric_values()
        return float(((values - self.mean()) ** 2) @ self.probabilities)

    def prob(self, predicate: Callable[[Any], bool]) -> float:
        """Probability that ``predicate(outcome)`` is true, e.g. ``d.prob(lambda x: x > 0)``."""
        hits = [bool(predicate(value)) for value in self.values.tolist()]
        return float(self.probabilities[np.array(hits, dtype=bool)].sum())

    def as_dict(self) -> dict[Any, float]:
        """``{outcome: probability}`` for tables and bar charts."""
        return dict(zip(self.values.tolist(), self.probabilities.tolist(), strict=True))

    def sample(self, size: int, rng: np.random.Generator) -> np.ndarray:
        """Draw ``size`` outcomes, so the same object can be simulated and solved exactly."""
        size = as_count(size, "size", minimum=1)
        return self.values[rng.choice(self.values.size, size=size, p=self.probabilities)]

    def _numeric_values(self) -> np.ndarray:
        if not np.issubdtype(self.values.dtype, np.number) or np.issubdtype(
            self.values.dtype, np.complexfloating
        ):
            raise TypeError(
                f"this needs real-number outcomes; got values of dtype {self.values.dtype}"
            )
        return self.values.astype(float)


def convolve(*distributions: Distribution) -> Distribution:
    """Distribution of the sum of independent numeric outcomes, e.g. total score over rounds.

    Outcomes are sorted and equal totals merged, so ``convolve(die, die)`` has 11 outcomes.
    """
    if not distributions:
        raise ValueError("convolve needs at least 1 distribution; got 0")
    values = distributions[0]._numeric_values()
    probabilities = distributions[0].probabilities
    for other in distributions[1:]:
        values = (values[:, None] + other._numeric_values()[None, :]).ravel()
        probabilities = (probabilities[:, None] * other.probabilities[None, :]).ravel()
        values, probabilities = _merge(values, probabilities)
    values, probabilities = _merge(values, probabilities)
    return Distribution(values, probabilities)


def payoff_distribution(
    payoff: np.ndarray, row_mix: np.ndarray, col_mix: np.ndarray
) -> Distribution:
    """Exact distribution of the row player's payoff in one match: the truth behind
    ``monte_carlo.sample_matches`` with the same arguments."""
    matrix = as_payoff_matrix(payoff)
    row = as_mix(row_mix, matrix.shape[0], "row_mix")
    col = as_mix(col_mix, matrix.shape[1], "col_mix")
    values, probabilities = _merge(matrix.ravel(), np.outer(row, col).ravel())
    keep = probabilities > 0
    return Distribution(values[keep], probabilities[keep])


def _merge(values: np.ndarray, probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sort outcomes and add up the probability of (numerically) equal ones."""
    keys, first, inverse = np.unique(
        np.round(values, _MERGE_DECIMALS), return_index=True, return_inverse=True
    )
    merged = np.zeros(keys.size)
    np.add.at(merged, inverse.ravel(), probabilities)
    return values[first], merged
