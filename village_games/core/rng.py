"""A tiny seeded generator whose whole state is one integer.

Engines keep one inside their state so that `to_dict`/`clone` copy it for free and the same
seed with the same actions always gives the same game. SplitMix64 is plenty for shuffles and
coin flips, and it is far cheaper to copy than `random.Random` (a 625-word state).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

from .actions import short_repr

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step between states

# `shuffle` of lists shorter than this: all draws at once (a cache entry per length)
_PACKED_UP_TO = 512
# `below(n)`'s limit, 2**64 - 2**64 % n: a draw at or above it is drawn again
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(_PACKED_UP_TO))
_Lanes = tuple[int, int, int, Callable[[bytes], tuple[int, ...]], int]
_LANES: dict[int, _Lanes] = {}


def _lanes(count: int) -> _Lanes:
    """For `count` draws in 128-bit lanes: 1 in each lane, k * GAMMA in lane k, the
    64-bit mask of every lane, the unpacker of the lanes' low halves, and the byte size."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum((k * _GAMMA) << (128 * k) for k in range(count))
    lanes = _LANES[count] = (ones, steps, ones * _MASK,
                             struct.Struct("<" + "Q8x" * count).unpack, 16 * count)
    return lanes


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n >= 1, got {n}")
        limit = _TWO64 - _TWO64 % n
        s = self.state
        while True:  # next64, written out: dice and draws call this millions of times
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def coin(self) -> bool:
        return bool(self.next64() >> 63)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place: `below(i + 1)` for each i, from the last item down.

        Every new game shuffles its deck, so a list of up to `_PACKED_UP_TO` items takes
        all its draws at once: SplitMix64's states are `state + k * GAMMA`, so one big
        integer with each draw in its own 128-bit lane runs the mixing steps for all of them
        (a lane's product stays under 2**128; the mask clears what a shift brings in from
        the next lane before a multiply). The same numbers, in under half the time. The
        rare redraw of `below` (odds about n / 2**64) starts over one draw at a time."""
        n = len(items)
        if not 1 < n < _PACKED_UP_TO:
            self._shuffle_one_by_one(items)
            return
        lanes = _LANES.get(n - 1)
        if lanes is None:
            lanes = _lanes(n - 1)
        ones, steps, mask, unpack, size = lanes
        s = self.state
        z = ((s + _GAMMA) * ones + steps) & mask  # lane k: the state of draw k
        z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
        z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
        z = (z ^ (z >> 31)) & mask
        draws = unpack(z.to_bytes(size, "little"))
        backup = items[:]
        limits = _LIMITS
        i = n - 1
        for z in draws:
            m = i + 1
            if z >= limits[m]:  # `below` would draw again: do it the slow way
                items[:] = backup
                self._shuffle_one_by_one(items)
                return
            j = z % m
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (s + (n - 1) * _GAMMA) & _MASK

    def _shuffle_one_by_one(self, items: list[T]) -> None:
        """`shuffle`, one draw at a time (`next64` written out inline)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state)


MAX_SEED = 2**63  # what every engine's `new_game` and `from_dict` accept


def game_seed(seed: object) -> int:
    """A `new_game(seed=...)` value as the game's seed (None: a fresh random one), or
    ValueError naming the allowed range; the same bounds `from_dict` accepts, so every
    new game round-trips through `to_dict`."""
    if seed is None:  # (63 random bits: too many seeds to search against a deal)
        return int.from_bytes(os.urandom(8), "big") >> 1
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**63, got "
                         f"{short_repr(seed)}")
    return seed
