"""Drawing cards without replacement: the chance that something you want has shown up."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def chance_seen(total: int, wanted: int, seen: int) -> Fraction:
    """Exact chance that at least one of `wanted` particular cards is among `seen` cards
    drawn without replacement from `total`: 1 - C(total - wanted, seen) / C(total, seen)."""
    for name, value in (("total", total), ("wanted", wanted), ("seen", seen)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a whole number of cards, 0 or more; got "
                             f"{value!r}")
    if wanted > total or seen > total:
        raise ValueError(f"wanted ({wanted}) and seen ({seen}) can be at most the {total} "
                         "cards there are")
    return 1 - Fraction(comb(total - wanted, seen), comb(total, seen))
