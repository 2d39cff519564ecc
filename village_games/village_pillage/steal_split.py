"""Sharing a short stockpile between several thieves in one steal sub-step."""

from __future__ import annotations

from ..core.rng import Rng


def split_stockpile(available: int, claims: list[int], rng: Rng) -> tuple[list[int], bool]:
    """How much of `available` each claim takes; also whether a coin flip decided a turnip.

    Reading 2 (rulebook is ambiguous): share evenly, but nobody takes more than their card
    says; what a capped thief cannot take goes to the others. A turnip that cannot be
    shared evenly goes to the larger steal, by coin flip between equal steals.
    """
    if sum(claims) <= available:
        return list(claims), False
    taken = [0] * len(claims)
    remaining = available
    active = [i for i, c in enumerate(claims) if c > 0]
    while remaining and active:
        share = remaining // len(active)
        if share == 0:
            break
        for i in active:
            give = min(share, claims[i] - taken[i])
            taken[i] += give
            remaining -= give
        active = [i for i in active if taken[i] < claims[i]]
    flipped = False
    if remaining and active:
        keys = {i: rng.next64() for i in active}  # the coin flips between equal steals
        order = sorted(active, key=lambda i: (-claims[i], keys[i]))
        cut = claims[order[remaining - 1]]
        flipped = remaining < len(order) and claims[order[remaining]] == cut
        for i in order[:remaining]:
            taken[i] += 1
    return taken, flipped
