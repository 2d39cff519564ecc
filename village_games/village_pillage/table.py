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


def active_slots(n: int, duel: bool) -> list[tuple[int, int]]:
    """Every card position that resolves this round, in seat order."""
    if duel:
        return [(0, 0), (1, 0)]
    return [(seat, side) for seat in range(n) for side in (LEFT, RIGHT)]
