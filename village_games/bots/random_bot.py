"""Picks uniformly among the legal actions: the baseline every other bot must beat."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.seat import SeatView


class RandomBot:
    name = "Random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, seat: SeatView) -> Action:
        return self.rng.choice(seat.legal_actions())
