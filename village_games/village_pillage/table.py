"""Who faces whom: seats, sides and the card opposite each played card."""

from __future__ import annotations

LEFT, RIGHT = 0, 1  # plan positions in 3-5 player games; the duel uses 0 for its front card


def left_of(seat: int, n: int) -> int:
    """The neighbour a seat's left card faces."""
    # Reading 9: seat i's left neighbour is seat (i + 1) % n, fixed
    return (seat + 1) % n


def right_of(seat: int, n: int) -> int:
    return (seat - 1) % n


def opposite(seat: int, side: int, n: int, duel: bool) -> tuple[int, int]:
    """The (seat, side) of the card facing the card at (seat, side)."""
    if duel:
        return 1 - seat, 0
    if side == LEFT:
        return left_of(seat, n), RIGHT
    return right_of(seat, n), LEFT


def active_slots(n: int, duel: bool) -> tuple[tuple[int, int, int, int], ...]:
    """Every card position that resolves this round, in seat order, with the position it
    faces: rows (seat, side, facing seat, facing side). Built once per table size."""
    key = (n, duel)
    slots = _SLOTS.get(key)
    if slots is None:
        pos = [(0, 0), (1, 0)] if duel else [(s, side) for s in range(n) for side in (LEFT, RIGHT)]
        slots = tuple((s, side, *opposite(s, side, n, duel)) for s, side in pos)
        _SLOTS[key] = slots
    return slots


_SLOTS: dict[tuple[int, bool], tuple[tuple[int, int, int, int], ...]] = {}
