"""A stand-in for a beginner at Village Pillage: greedy for turnips and relics, never wary.

It plays a relic-buying card whenever it can afford a relic, and otherwise the cards with
the highest printed GAIN (Farmers first), so it hardly ever defends and never sees a raid
coming. Now and then (`slip`) it plays something at random, as beginners do. Market
purchases take the card with the biggest printed gain. Only the public protocol is used.
"""

from __future__ import annotations

import random
from typing import cast

from ..core.actions import Action
from ..core.seat import SeatView
from ..village_pillage.actions import Plan, Queue, QueueTwo, ResolveFirst, TakeMarketCard
from ..village_pillage.cards import Card, CardSet
from ..village_pillage.views import PillageObservation, PlayerView


class BeginnerBot:
    name = "Beginner"

    def __init__(self, seed: int | None = None, slip: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.slip = slip
        self.cards: CardSet | None = None  # the game's deck, read from the seat at each act

    def card(self, name: str) -> Card:
        assert self.cards is not None, "act() reads the deck first"
        return self.cards[name]

    def gain(self, name: str) -> int:
        """The highest printed GAIN on a card (a relic card counts its fallback's gain)."""
        card = self.card(name)
        return max([e.gain for e in card.effects] + [card.if_unable.gain])

    def _rank(self, names: list[str], relic_ready: bool) -> list[str]:
        def key(name: str) -> tuple[int, int, float]:
            relic = self.card(name).buy_relic
            return (int(relic_ready and relic), self.gain(name), self.rng.random())

        return sorted(names, key=key, reverse=True)

    def act(self, seat: SeatView[PillageObservation]) -> Action:
        self.cards = seat.cards
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.slip:
            return self.rng.choice(legal)
        first = legal[0]
        if type(first) is TakeMarketCard:
            takes = cast("list[TakeMarketCard]", legal)
            return max(takes, key=lambda a: (self.gain(a.card), -takes.index(a)))
        if type(first) is ResolveFirst:
            return legal[0]
        me = seat.observation()["players"][seat.player]
        ready = me["next_relic_cost"] is not None and me["turnips"] >= me["next_relic_cost"]
        if type(first) is Queue:
            return self._queue(cast("list[Queue]", legal), me)
        plans = cast("list[Plan | QueueTwo]", legal)
        hand = list(dict.fromkeys(a.front if isinstance(a, QueueTwo) else a.left for a in plans))
        best = self._rank(hand, ready)
        a, b = best[0], best[1]
        if type(first) is QueueTwo:
            return QueueTwo(a, b)
        return Plan(a, b) if self.rng.random() < 0.5 else Plan(b, a)

    def _queue(self, legal: list[Queue], me: PlayerView) -> Action:
        """The queued card resolves next round: expect this round's front card to pay out."""
        front = me["plan"][0]
        expected = me["turnips"] + self.gain(front)
        cost = me["next_relic_cost"]
        ready = cost is not None and expected >= cost and not self.card(front).buy_relic
        return Queue(self._rank([a.card for a in legal], ready)[0])
