"""How many games before an interval tells two strategies apart: exact binomial answers.

If a strategy truly wins a share `p` of its games and `n` games are played, its number of
wins is Binomial(n, p). The 95% interval of its win share (intervals.py, Wilson's by
default) lies wholly above the fair share exactly when the wins reach a threshold, so the
chance that `n` games are enough is a binomial tail; the interval's expected width is a
sum over the binomial's outcomes. No simulation here: the lesson sets these beside games
actually played.

    chance_to_tell(100, p=0.6, fair=0.5)    # ≈ 0.46: a coin flip after 100 games
    games_needed(0.6, fair=0.5, chance=0.8) # ≈ 200
"""

from __future__ import annotations

from functools import lru_cache

from scipy.stats import binom

from .intervals import share_interval


@lru_cache(maxsize=4096)
def wins_to_tell(n: int, fair: float, level: float = 0.95, method: str = "wilson") -> int:
    """The fewest wins out of `n` whose interval lies wholly above `fair` (n + 1 if none
    does). The interval's low end grows with the wins, so a binary search finds it."""
    lo, hi = 0, n + 1
    while lo < hi:
        mid = (lo + hi) // 2
        if share_interval(mid, n, level, method).low > fair:
            hi = mid
        else:
            lo = mid + 1
    return lo


def chance_to_tell(n: int, p: float, fair: float, level: float = 0.95,
                   method: str = "wilson") -> float:
    """The exact chance that `n` games put the interval wholly above `fair` when the true
    win share is `p`."""
    _check(n, p, fair)
    k = wins_to_tell(n, fair, level, method)
    return float(binom.sf(k - 1, n, p)) if k <= n else 0.0


def expected_width(n: int, p: float, level: float = 0.95, method: str = "wilson") -> float:
    """The interval's width averaged over every number of wins, each at its binomial
    chance (outcomes rarer than one in 10**9 are left out: they cannot move the sum)."""
    _check(n, p, 0.5)
    pmf = binom.pmf(range(n + 1), n, p)
    kept = [(k, w) for k, w in enumerate(pmf) if w > 1e-9]
    total = sum(w for _k, w in kept)
    return float(sum(w * _width(k, n, level, method) for k, w in kept) / total)


@lru_cache(maxsize=65536)
def _width(k: int, n: int, level: float, method: str) -> float:
    iv = share_interval(k, n, level, method)
    return iv.high - iv.low


@lru_cache(maxsize=256)
def games_needed(p: float, fair: float, chance: float = 0.8, level: float = 0.95,
                 method: str = "wilson", limit: int = 5_000) -> int | None:
    """The fewest games with at least `chance` of an interval wholly above `fair`, when the
    true share is `p`; None if `limit` games are not enough (always so for p <= fair).
    The chance zigzags a little as n grows (wins come whole): this is the first n that
    reaches it, found by walking n up one game at a time. The threshold of wins never
    falls as n grows and rises by at most one a game, so each step asks for one or two
    intervals."""
    if not 0 < chance < 1:
        raise ValueError(f"chance must be between 0 and 1, got {chance!r}")
    _check(1, p, fair)
    if p <= fair:
        return None
    k = 0
    for n in range(1, limit + 1):
        while k <= n and share_interval(k, n, level, method).low <= fair:
            k += 1
        if k <= n and binom.sf(k - 1, n, p) >= chance:
            return n
    return None


def _check(n: int, p: float, fair: float) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"games must be a whole number of at least 1, got {n!r}")
    for name, value in (("the true share", p), ("the fair share", fair)):
        if not 0 <= value <= 1:
            raise ValueError(f"{name} must be from 0 to 1, got {value!r}")
