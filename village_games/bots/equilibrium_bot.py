"""A Village Pillage duel bot that treats every round as a matrix game and mixes.

Each time it queues a card it builds the turnip-swing table of
`village_games.village_pillage.payoffs` for the position it sees (its own hand as rows,
every card the opponent could have as columns, both villages' turnips and relics, the real
market), solves that zero-sum game exactly, and draws its card from the equilibrium mix.
It is deliberately myopic: the card queued now resolves next round, but the bot scores it
against today's counts. `relic_bonus` is what it thinks a relic is worth beyond its price;
at 0 it never prefers a Merchant, so it never buys relics and cannot win. Market choices
take the card with the best average swing against a uniformly random opponent.

Only the public protocol is used: the `SeatView`'s observation and legal actions.
"""

from __future__ import annotations

import random
from typing import cast

import numpy as np

from ..core.actions import Action
from ..core.play import play
from ..core.seat import SeatView
from ..probability import solve_zero_sum
from ..village_pillage import new_game
from ..village_pillage.actions import Queue, QueueTwo, TakeMarketCard
from ..village_pillage.payoffs import Position, payoff_matrix, payoff_table
from ..village_pillage.views import PillageObservation
from .random_bot import RandomBot


class EquilibriumBot:
    name = "Equilibrium"

    def __init__(self, seed: int | None = None, relic_bonus: float = 6.0) -> None:
        self.rng = random.Random(seed)
        self.relic_bonus = float(relic_bonus)

    def act(self, seat: SeatView[PillageObservation]) -> Action:
        legal = seat.legal_actions()
        first = legal[0]
        if isinstance(first, QueueTwo):
            fronts = [a.front for a in cast("list[QueueTwo]", legal)]
            hand = sorted(set(fronts), key=fronts.index)
            front = self._pick(seat, hand)
            back = self._pick(seat, [c for c in hand if c != front])
            return QueueTwo(front, back)
        if isinstance(first, Queue):
            return Queue(self._pick(seat, [a.card for a in cast("list[Queue]", legal)]))
        if isinstance(first, TakeMarketCard):
            obs = seat.observation()
            side = "duel" if obs["bank_cap"] == 4 else "standard"
            takes = cast("list[TakeMarketCard]", legal)
            return max(takes, key=lambda a: (self._card_worth(a.card, side), a.card))
        return self.rng.choice(legal)

    def _position(self, seat: SeatView[PillageObservation], mine: list[str]) -> Position:
        obs = seat.observation()
        me, them = obs["players"][seat.player], obs["players"][1 - seat.player]
        theirs = tuple(c for c in them["cards_known"] if c not in them["exhausted"])
        side = "duel" if obs["bank_cap"] == 4 else "standard"
        return Position(
            my_stockpile=me["stockpile"], my_bank=me["bank"], my_relics=min(me["relics"], 2),
            their_stockpile=them["stockpile"], their_bank=them["bank"],
            their_relics=min(them["relics"], 2), bank_side=side, my_cards=tuple(mine),
            their_cards=theirs or ("Farmer",), market=tuple(obs["market"]))

    def _pick(self, seat: SeatView[PillageObservation], cards: list[str]) -> str:
        if len(cards) == 1:
            return cards[0]
        _rows, _cols, matrix = payoff_matrix(self._position(seat, cards), self.relic_bonus)
        mix = solve_zero_sum(matrix).row
        return self.rng.choices(cards, weights=list(mix))[0]

    def _card_worth(self, card: str, side: str) -> float:
        return float(np.mean(list(payoff_table(card, Position(bank_side=side),
                                               self.relic_bonus).values())))


def play_duels(games: int, seed: int = 0, relic_bonus: float = 6.0) -> np.ndarray:
    """Play `games` whole duels, EquilibriumBot against RandomBot, swapping seats each game.

    Returns one number per game from the equilibrium bot's side: 1 for a win, 0.5 when both
    win together, 0 for a loss. Seeded: the same arguments give the same games.
    """
    out = np.empty(games)
    for k in range(games):
        bot_seat = k % 2
        bots: list[RandomBot | EquilibriumBot] = [RandomBot(seed=seed + 2 * k + 1),
                                                  RandomBot(seed=seed + 2 * k + 1)]
        bots[bot_seat] = EquilibriumBot(seed=seed + 2 * k, relic_bonus=relic_bonus)
        g = play(new_game(players=2, seed=seed + k), bots)
        winners = g.winners()
        out[k] = (1.0 / len(winners)) if bot_seat in winners else 0.0
    return out
