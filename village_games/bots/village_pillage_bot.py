"""A heuristic Village Pillage bot that looks one round ahead by sampling.

For a plan (Plan / QueueTwo / Queue) it draws `samples` what-if worlds with
`seat.determinize(rng)`, gives every other village a plausible plan from a simple opponent
model (greedy for relics and turnips, raiding rich or relic-ready neighbours, walling when
it has turnips to guard), and then plays each of its own candidate plans in the same worlds
until the round is over (in a duel: until the queued card has resolved, one round later).
A candidate's score is its village's value minus the others' (relics, turnips with banked
ones worth more than loose ones, market cards, a near-win bonus, and the win itself),
averaged over the worlds. Market choices use a value table; the order of two buying cards
is settled by trying both. Only the public protocol is used: `SeatView`, the observation,
and the clones `determinize` hands out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from ..core.actions import Action
from ..core.card_data import load_toml
from ..core.game import Game
from ..core.seat import SeatView
from ..village_pillage.actions import Plan, Queue, QueueTwo, ResolveFirst, TakeMarketCard
from ..village_pillage.cards import FARMER, MERCHANT, RAIDER, WALL, CardSet
from ..village_pillage.views import PillageObservation, PlayerView

_VALUES = load_toml(Path(__file__).with_name("village_pillage_card_values.toml"))
CARD_VALUE: dict[str, float] = {name: float(v) for name, v in _VALUES["value"].items()}
_UNKNOWN_CARD_VALUE = float(_VALUES["unknown"])  # a face-down card drawn by a Bard
_PLAN_TYPES = (Plan, QueueTwo, Queue)

WIN = 200.0


class PillageBot:
    """Sampling one-round look-ahead with an opponent model; deterministic for a seed.

    `samples` what-if worlds are drawn per decision; `max_sims` caps worlds x candidates so
    that a decision with many candidate plans stays fast (default: 300 in a duel, 1000 /
    players otherwise, which keeps a 5-player decision near or under 50 ms). Extra keyword
    arguments override the evaluation weights (see `WEIGHTS`).
    """

    name = "Pillage"

    # Evaluation weights (turnips are the unit).
    relic_premium = 1.35  # a relic is worth more than the turnips paid for it: it is safe
    loose_turnip = 0.8  # stockpile turnips can be stolen, banked ones mostly cannot
    ready_bonus = 2.0  # can buy the next relic right now
    match_point_bonus = 6.0  # two relics and the third is affordable
    card_weight = 1.0  # scales CARD_VALUE
    WEIGHTS = ("relic_premium", "loose_turnip", "ready_bonus", "match_point_bonus",
               "card_weight")

    def __init__(self, seed: int | None = None, samples: int = 12, max_sims: int | None = None,
                 uniform_mix: float = 0.25, **weights: float) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.max_sims = max_sims
        self.uniform_mix = uniform_mix
        self.cards: CardSet | None = None  # the game's deck, read from the seat at each act
        for key, value in weights.items():
            if key not in self.WEIGHTS:
                raise ValueError(f"unknown PillageBot weight {key!r}; "
                                 f"known: {', '.join(self.WEIGHTS)}")
            setattr(self, key, float(value))

    # ------------------------------------------------------------------ entry point
    def act(self, seat: SeatView[PillageObservation]) -> Action:
        self.cards = seat.cards
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if type(first) is TakeMarketCard:
            takes = cast("list[TakeMarketCard]", legal)
            return max(takes, key=lambda a: CARD_VALUE.get(a.card, 0.0))
        if type(first) is ResolveFirst:
            return self._best_by_sampling(seat, legal, max(2, self.samples // 3))
        return self._best_by_sampling(seat, legal, self.samples)

    # ------------------------------------------------------------------ search
    def rank(self, seat: SeatView[PillageObservation]) -> list[Action]:
        """Every legal action, best first by the same sampled look-ahead as `act` (the
        search bot widens its search along this order)."""
        self.cards = seat.cards
        legal = list(seat.legal_actions())
        if len(legal) == 1:
            return legal
        if type(legal[0]) is TakeMarketCard:
            return sorted(legal, key=lambda a: -CARD_VALUE.get(cast(TakeMarketCard, a).card, 0.0))
        samples = max(2, self.samples // 3) if type(legal[0]) is ResolveFirst else self.samples
        totals = self._totals(seat, legal, samples)
        if totals is None:
            return legal
        order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
        return [legal[i] for i in order]

    def _best_by_sampling(self, seat: SeatView[PillageObservation], legal: Sequence[Action],
                          samples: int) -> Action:
        totals = self._totals(seat, legal, samples)
        if totals is None:
            return legal[0]
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def _totals(self, seat: SeatView[PillageObservation], legal: Sequence[Action],
                samples: int) -> list[float] | None:
        """Each candidate's weighted score summed over the sampled worlds (None when no
        world had any weight)."""
        me = seat.player
        obs = seat.observation()
        duel = obs["duel"]
        budget = self.max_sims or (300 if duel else 1000 // len(obs["players"]))
        samples = max(2, min(samples, budget // len(legal)))
        assert self.cards is not None  # (read from the seat by act)
        model = _Model(self.cards, obs, self.uniform_mix)
        totals = [0.0] * len(legal)
        weight_sum = 0.0
        for _ in range(samples):
            world = seat.determinize(self.rng)
            weight = model.importance(world, me)
            if weight <= 0.0:
                continue
            for p in world.to_act():  # other villages still to plan get a plausible plan
                if p != me and type(world.legal_actions(p)[0]) in _PLAN_TYPES:
                    world.apply(p, model.plan(world, p, self.rng))
            for i, action in enumerate(legal):
                w = world.clone()
                w.apply(me, action)
                self._finish_round(w, model)
                if duel and type(action) in _PLAN_TYPES and not w.is_over():
                    self._play_round(w, model)  # the queued card resolves next round
                totals[i] += weight * self._score(w, me)
            weight_sum += weight
        if weight_sum <= 0.0:
            return None
        return totals

    def _finish_round(self, world: Game[PillageObservation], model: _Model) -> None:
        """Settle the choices left in this round's resolution with quick greedy picks."""
        while not world.is_over():
            waiting = world.to_act()
            if not waiting:
                return
            p = waiting[0]
            legal = world.legal_actions(p)
            kind = type(legal[0])
            if kind is TakeMarketCard:
                takes = cast("Sequence[TakeMarketCard]", legal)
                world.apply(p, max(takes, key=lambda a: CARD_VALUE.get(a.card, 0.0)))
            elif kind is ResolveFirst:
                firsts = cast("Sequence[ResolveFirst]", legal)
                world.apply(p, min(firsts, key=lambda a: model.fallback_value(a.card)))
            else:
                return  # the next round's planning has begun

    def _play_round(self, world: Game[PillageObservation], model: _Model) -> None:
        for p in world.to_act():
            world.apply(p, model.plan(world, p, self.rng))
        self._finish_round(world, model)

    # ------------------------------------------------------------------ evaluation
    def _score(self, world: Game[PillageObservation], me: int) -> float:
        obs = world.observation(None)
        winners = obs["winners"]
        if winners:
            return WIN if me in winners else -WIN
        costs = obs["relic_costs"]
        values = [self.village_value(p, costs) for p in obs["players"]]
        mine = values[me]
        others = values[:me] + values[me + 1:]
        if len(others) == 1:
            return mine - others[0]
        return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)

    def village_value(self, p: PlayerView, costs: list[int]) -> float:
        """What a village is worth in turnips, from its public view (`obs["players"][i]`)
        and the relic costs: relics at a premium, banked turnips above loose ones, market
        cards by their value, and a bonus when the next relic is affordable."""
        relics = p["relics"]
        value = self.relic_premium * sum(costs[:relics])
        value += p["bank"] + self.loose_turnip * p["stockpile"]
        if relics < len(costs) and p["turnips"] >= costs[relics]:
            value += self.match_point_bonus if relics == len(costs) - 1 else self.ready_bonus
        cards = sum(CARD_VALUE.get(c, 0.0) for c in p["market_cards"])
        cards += _UNKNOWN_CARD_VALUE * p["secret_count"]
        return value + self.card_weight * cards


class _Model:
    """A plausible plan for any village, from what was public when the decision began."""

    def __init__(self, cards: CardSet, obs: PillageObservation, uniform_mix: float) -> None:
        self.cards = cards
        self.duel = obs["duel"]
        self.n = len(obs["players"])
        self.mix = uniform_mix
        self.players = obs["players"]
        self.phase = obs["phase"]

    def _can_afford(self, seat: int) -> bool:
        p = self.players[seat]
        cost = p["next_relic_cost"]
        return cost is not None and p["turnips"] >= cost

    def weight(self, name: str, seat: int, target: int) -> float:
        """How much `seat` likes playing card `name` at `target` (before uniform mixing)."""
        card = self.cards[name]
        p, t = self.players[seat], self.players[target]
        if card.type == MERCHANT:
            if self._can_afford(seat) or (self.duel and p["turnips"] + 3 >= (
                    p["next_relic_cost"] or 99)):
                return 7.0
            return 1.5 if card.if_unable.gain or card.if_unable.draw else 1.0
        if card.type == FARMER:
            return 3.0 + 0.5 * (max(e.gain for e in card.effects) - 3)
        if card.type == RAIDER:
            w = 1.5
            if t["stockpile"] >= 4:
                w += 1.5
            if self._can_afford(target):
                w += 2.0
            return w
        assert card.type == WALL
        return 1.5 + (1.0 if p["stockpile"] >= 3 else 0.0)

    def _pick(self, names: list[str], seat: int, target: int, rng: random.Random) -> str:
        ws = [self.weight(c, seat, target) for c in names]
        total = sum(ws)
        x = rng.random()
        if x < self.mix:
            return names[int(x / self.mix * len(names)) % len(names)]
        x = (x - self.mix) / (1.0 - self.mix) * total
        for name, w in zip(names, ws, strict=True):
            x -= w
            if x < 0.0:
                return name
        return names[-1]

    def plan(self, world: Game[PillageObservation], seat: int, rng: random.Random) -> Action:
        legal = world.legal_actions(seat)
        kind = type(legal[0])
        if kind is Queue:
            queues = cast("Sequence[Queue]", legal)
            return Queue(self._pick([a.card for a in queues], seat, 1 - seat, rng))
        if kind is QueueTwo:
            hand = list(dict.fromkeys(a.front for a in cast("Sequence[QueueTwo]", legal)))
        else:
            hand = list(dict.fromkeys(a.left for a in cast("Sequence[Plan]", legal)))
        if kind is QueueTwo:
            front = self._pick(hand, seat, 1 - seat, rng)
            back = self._pick([c for c in hand if c != front], seat, 1 - seat, rng)
            return QueueTwo(front, back)
        left_t, right_t = (seat + 1) % self.n, (seat - 1) % self.n
        if rng.random() < 0.5:
            left = self._pick(hand, seat, left_t, rng)
            right = self._pick([c for c in hand if c != left], seat, right_t, rng)
        else:
            right = self._pick(hand, seat, right_t, rng)
            left = self._pick([c for c in hand if c != right], seat, left_t, rng)
        return Plan(left, right)

    def _prob(self, name: str, pool: list[str], seat: int, target: int) -> float:
        ws = [self.weight(c, seat, target) for c in pool]
        return (self.mix / len(pool)
                + (1.0 - self.mix) * self.weight(name, seat, target) / sum(ws))

    def importance(self, world: Game[PillageObservation], me: int) -> float:
        """Likelihood ratio model/uniform of the cards `determinize` placed face down.

        `determinize` shuffles the hidden cards of villages that already planned uniformly;
        only the cards that face us matter much, so only those are re-weighted.
        """
        if self.phase != "plan":
            return 1.0
        weight = 1.0
        for seat, side, target in self._facing(me):
            info = world.observation(seat)["players"][seat]
            plan = info["plan"]
            if side >= len(plan):
                continue
            hand = info["hand"]
            assert hand is not None  # (the seat's own view)
            pool = hand + plan
            weight *= min(4.0, self._prob(plan[side], pool, seat, target) * len(pool))
        return weight

    def _facing(self, me: int) -> list[tuple[int, int, int]]:
        """(seat, plan side, target) of hidden cards that will resolve against us."""
        if self.duel:
            return [(1 - me, 0, me), (1 - me, 1, me)]
        return [((me + 1) % self.n, 1, me), ((me - 1) % self.n, 0, me)]

    def fallback_value(self, name: str) -> float:
        """What a relic card does when it cannot buy: resolve the weaker fallback first."""
        e = self.cards[name].if_unable
        return e.gain + (1.5 if e.draw else 0.0) + (1.5 if e.buy_card is not None else 0.0)
