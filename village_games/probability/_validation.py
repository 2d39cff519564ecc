"""Shared input checks, so every public function rejects bad input with the same clear message."""

from __future__ import annotations

import numpy as np

MIX_SUM_TOLERANCE = 1e-6
"""How far a mix may sum away from 1: loose enough for 1/3-style rounding, tight enough that
hand-typed decimals such as 0.33 + 0.33 + 0.33 are reported rather than silently fixed."""


def as_payoff_matrix(payoff: np.ndarray, name: str = "payoff") -> np.ndarray:
    """Return ``payoff`` as a finite, non-empty 2-D float array or raise ValueError."""
    matrix = np.asarray(payoff, dtype=float)
    if matrix.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D matrix (rows x columns); got an array with "
            f"{matrix.ndim} dimension(s)"
        )
    if matrix.shape[0] < 1 or matrix.shape[1] < 1:
        raise ValueError(f"{name} must have at least 1 row and 1 column; got shape {matrix.shape}")
    if not np.all(np.isfinite(matrix)):
        raise ValueError(f"{name} entries must be finite numbers (no NaN or infinity)")
    return matrix


def as_mix(mix: np.ndarray, size: int, name: str = "mix") -> np.ndarray:
    """Return a probability vector of length ``size`` or raise ValueError naming the range.

    Rounding dust below zero is clipped so results of our own solvers pass straight back in.
    """
    probabilities = np.asarray(mix, dtype=float)
    if probabilities.ndim != 1 or probabilities.shape[0] != size:
        raise ValueError(
            f"{name} must be a 1-D array of {size} probabilities (one per strategy); "
            f"got shape {probabilities.shape}"
        )
    if not np.all(np.isfinite(probabilities)):
        raise ValueError(f"{name} probabilities must be finite numbers in [0, 1] (no NaN)")
    low, high = float(probabilities.min()), float(probabilities.max())
    if low < -MIX_SUM_TOLERANCE or high > 1 + MIX_SUM_TOLERANCE:
        raise ValueError(
            f"{name} probabilities must each be in [0, 1]; got values from {low:g} to {high:g}"
        )
    total = float(probabilities.sum())
    if abs(total - 1.0) > MIX_SUM_TOLERANCE:
        raise ValueError(
            f"{name} probabilities must sum to 1 (within {MIX_SUM_TOLERANCE:g}); got {total:g}"
        )
    return np.clip(probabilities, 0.0, None)


def as_count(value: int, name: str, minimum: int) -> int:
    """Accept Python or numpy integers >= ``minimum``; 2.5 trials is an error, not a guess."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value}")
    return int(value)


def readonly(array: np.ndarray, dtype: type | None = float) -> np.ndarray:
    """Copy and freeze an array so frozen dataclasses really are immutable."""
    frozen = np.array(array, dtype=dtype, copy=True)
    frozen.setflags(write=False)
    return frozen
