"""The heuristic bots' order of moves, for the search bot to widen along, and the base
they share: score every legal move with a context built from what the seat knows."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from ..core.actions import Action
from ..core.observation import Observation
from ..core.seat import SeatView

A = TypeVar("A")
ObsT = TypeVar("ObsT", bound=Observation)  # the observation of the game a bot plays


def jittered_order(legal: Sequence[A], score: Callable[[A], float],
                   rand: Callable[[], float]) -> list[A]:
    """`legal` best first by `score` plus a jitter of up to 0.01 that breaks ties. One
    draw per move in the list's order, as the bots' `act` draws them with `max`: from
    the same random state, the first move here is the one `act` plays."""
    keyed = [(score(a) + rand() * 0.01, i) for i, a in enumerate(legal)]
    keyed.sort(key=lambda k: (-k[0], k[1]))
    return [legal[i] for _score, i in keyed]


class Scorer(Protocol):
    """What a heuristic bot knows at one decision, able to score each legal move."""

    def score(self, action: Action) -> float: ...


class ScoringBot(Generic[ObsT]):
    """A heuristic bot: each game's bot says what it knows at a decision (`context`),
    and plays the move that scores highest (a jitter breaks ties). Typed by the
    observation of its game: `class VillagersBot(ScoringBot[VillagersObservation])`."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def context(self, seat: SeatView[ObsT]) -> Scorer:
        raise NotImplementedError

    def act(self, seat: SeatView[ObsT]) -> Action:
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ctx = self.context(seat)
        rand = self.rng.random
        return max(legal, key=lambda a: ctx.score(a) + rand() * 0.01)

    def rank(self, seat: SeatView[ObsT]) -> list[Action]:
        """Every legal action, the one `act` would play first and the rest by the same
        score (the search bot widens its search along this order)."""
        legal = seat.legal_actions()
        if len(legal) == 1:
            return list(legal)
        return jittered_order(legal, self.context(seat).score, self.rng.random)
