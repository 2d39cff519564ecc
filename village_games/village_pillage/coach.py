"""The coach: what each card you may plan is likely to bring, against a stated opponent model.

For every plan you could make, the engine plays the round out (in a duel: until the card you
queue now has resolved, which is the next round) in copies of the game as you see it, with
the other villages choosing by the model:

- `uniform`: every plan they could make is equally likely;
- `equilibrium`: each plan weighted by the product of its cards' weights in the lesson's
  duel equilibrium at the opening (Farmer 2/9, Wall 5/9, Raider 2/9, never a Merchant; a
  type's weight split evenly among its cards), then scaled to add up to 1. A plan holds
  two different cards, so one slot does not get that mix: from one card of each type it
  gets Farmer 7/24, Wall 10/24, Raider 7/24 (`slot_mix` gives it for any hand).

A village that has already planned counts as not yet decided: its cards are face down, so
the coach knows no more than the model. Choices in the middle of a round: your own order
of two buying cards is played both ways and the better one kept (reading 6 lets you
choose; both ways meet the same coin flips); which market card a purchase takes, and the
others' choices, take the first one offered (the turnips come out the same).

It reports, per plan and per card, the expected **turnip swing** (your turnips gained minus
the others' average gain, purchases counted at what was paid, as in the lesson) and the
chance that you buy a relic by the time your card has resolved. When nothing hidden matters
and the combinations of the others' choices are few enough, every one is played out with its
probability, and so is every outcome of the coin flips on the way (buying order between
equal counts, an odd turnip in a split), each order of the flips' keys with its chance:
the answer is **exact**. (Should the flips be too many to go through, one drawn outcome
stands in, and the advice says so.) Otherwise it is an average over sampled rounds, with
the standard error of the swing and a 95% interval (Wilson's) for the relic chance, and a
best plan is named only when the same sampled rounds put it clearly ahead of every other
(`Advice.contenders`).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from functools import lru_cache

from ..core.actions import Action
from ..core.rng import Rng
from .actions import ResolveFirst
from .cards import TYPES
from .game import VillagePillage

MODELS = {
    "uniform": "every plan they could make equally likely",
    "equilibrium": "each plan weighted by the product of its cards' weights in the lesson's "
                   "opening equilibrium (Farmer 2/9, Wall 5/9, Raider 2/9, no Merchant), "
                   "scaled to add up to 1; as a plan holds two different cards, a slot gets "
                   "Farmer 7/24, Wall 10/24, Raider 7/24 from one card of each type",
}
MAX_PLAYOUTS = 2400  # all combinations are played out up to this many (an exact answer)
SAMPLED_PLAYOUTS = 1200  # otherwise about this many sampled ones in all (benchmarks/coach_speed.py)
MIN_SAMPLES = 16  # sampled rounds per plan, however many plans there are
MAX_COIN_OUTCOMES = 120  # orders of coin-flip keys gone through per playout (5 flips)
Z95 = 1.959963984540054  # a 95% interval of a mean: 1.96 standard errors either side


@dataclass(frozen=True)
class PlanAdvice:
    action: Action
    swing: float
    relic_chance: float
    error: float  # standard error of `swing` (0 when not sampled)
    relic_low: float = -1.0  # the relic chance's 95% interval (the chance itself when
    relic_high: float = -1.0  # not sampled; -1: not given)

    def __post_init__(self) -> None:
        if self.relic_low < 0:
            object.__setattr__(self, "relic_low", self.relic_chance)
            object.__setattr__(self, "relic_high", self.relic_chance)


@dataclass(frozen=True)
class CardAdvice:
    """The best plan that puts `card` at `position` (the action's field: "left", "right",
    "front", "back", or "card" for the duel's one-card queue), and what it brings."""

    card: str
    position: str
    swing: float
    relic_chance: float
    error: float
    partner: str | None  # the other card of that plan, if it has two
    relic_low: float = 0.0
    relic_high: float = 0.0


@dataclass(frozen=True)
class Advice:
    seat: int
    model: str
    enumerated: bool  # every combination of the others' choices was played out once
    exact: bool  # enumerated, and every outcome of the coin flips on the way too
    playouts: int  # rounds played out per plan: combinations, or sampled rounds
    plans: tuple[PlanAdvice, ...]
    cards: tuple[CardAdvice, ...]
    # the plans the numbers cannot tell from the best: ties, or (sampled) plans the same
    # rounds do not put clearly (95%) behind it
    contenders: tuple[Action, ...] = ()
    # under the equilibrium model: each other seat's card types in one slot of its plan
    slot_mix: tuple[tuple[int, tuple[tuple[str, float], ...]], ...] = ()

    @property
    def best(self) -> PlanAdvice:
        return max(self.plans, key=lambda p: (p.swing, p.relic_chance))

    @property
    def best_is_clear(self) -> bool:
        """Whether one plan is the best beyond doubt (no tie, no plan within the noise)."""
        return len(self.contenders) <= 1

    def for_card(self, card: str, position: str) -> CardAdvice | None:
        return next((c for c in self.cards if c.card == card and c.position == position),
                    None)


def advise(game: VillagePillage, seat: int, model: str = "uniform",
           seed: int = 0) -> Advice | None:
    """Advice for `seat`'s plan now, or None when `seat` has no plan to make. Uses only what
    `seat` can see (hidden cards are resampled as a search bot's are)."""
    if model not in MODELS:
        raise ValueError(f"coach model must be one of {', '.join(MODELS)}, got {model!r}")
    if game.phase != "plan" or not game.may_act(seat):
        return None
    mine = list(game.legal_actions(seat))
    rng = random.Random(seed)
    others = [s for s in range(game.n) if s != seat]
    hidden = _hidden_matters(game, seat)
    world = _undecided(game.determinize(seat, random.Random(seed)), others)
    joint = _joint_choices(world, others, model)
    enumerated = not hidden and joint is not None and len(mine) * len(joint) <= MAX_PLAYOUTS
    mix = _slot_mixes(world, others) if model == "equilibrium" else ()
    if enumerated:
        assert joint is not None
        totals = [0.0] * len(mine)
        relics = [0.0] * len(mine)
        every = True  # every outcome of every playout's coin flips was gone through
        for weight, choice in joint:
            for i, action in enumerate(mine):
                gain, relic, complete = _expected(world, seat, action, choice)
                every = every and complete
                totals[i] += weight * gain
                relics[i] += weight * relic
        plans = tuple(PlanAdvice(a, t, r, 0.0) for a, t, r in zip(mine, totals, relics,
                                                                  strict=True))
        best = max(plans, key=lambda p: (p.swing, p.relic_chance))
        contenders = tuple(p.action for p in plans if _same(p, best))
        return Advice(seat, model, True, every, len(joint), plans, _per_card(plans),
                      contenders, mix)
    # sample worlds and choices, the same ones for every plan (a fair comparison)
    playouts = max(MIN_SAMPLES, SAMPLED_PLAYOUTS // len(mine))
    samples: list[list[float]] = [[] for _ in mine]
    bought = [0] * len(mine)
    for _ in range(playouts):
        w = _undecided(game.determinize(seat, rng), others)
        choice = _sample_choice(w, others, model, rng)
        for i, action in enumerate(mine):
            gain, relic = _play_out(w, seat, action, choice)
            samples[i].append(gain)
            bought[i] += int(relic)
    sampled: list[PlanAdvice] = []
    for a, t, k in zip(mine, samples, bought, strict=True):
        low, high = _relic_interval(k, playouts)
        sampled.append(PlanAdvice(a, sum(t) / playouts, k / playouts, _std_error(t), low, high))
    top = max(range(len(sampled)), key=lambda i: (sampled[i].swing, sampled[i].relic_chance))
    contenders = tuple(sampled[i].action for i in range(len(sampled))
                       if i == top or not _clearly_behind(samples[top], samples[i]))
    return Advice(seat, model, False, False, playouts, tuple(sampled), _per_card(sampled),
                  contenders, mix)


@lru_cache(maxsize=256)
def _relic_interval(bought: int, playouts: int) -> tuple[float, float]:
    """The 95% interval of a relic chance seen in `bought` of `playouts` sampled rounds
    (Wilson's, from SciPy; many plans share a count, so each is worked out once)."""
    from ..probability.intervals import share_interval  # SciPy: only for sampled advice
    ci = share_interval(bought, playouts)
    return ci.low, ci.high


def slot_mix(world: VillagePillage, seat: int, model: str) -> dict[str, float]:
    """The share of each card type in one slot of `seat`'s plan under `model` (the left
    slot; every plan's mirror image has the same weight, so the right slot is the same)."""
    out = dict.fromkeys(TYPES, 0.0)
    cards = world.cards
    for weight, action in _model_weights(world, seat, model):
        first = getattr(action, dataclasses.fields(action)[0].name)  # (not class facts)
        out[TYPES[cards[first].type]] += weight
    return out


def _slot_mixes(world: VillagePillage, others: Sequence[int]
                ) -> tuple[tuple[int, tuple[tuple[str, float], ...]], ...]:
    return tuple((s, tuple(slot_mix(world, s, "equilibrium").items())) for s in others)


def _same(a: PlanAdvice, b: PlanAdvice) -> bool:
    return math.isclose(a.swing, b.swing, abs_tol=1e-9) and math.isclose(
        a.relic_chance, b.relic_chance, abs_tol=1e-9)


def _clearly_behind(best: Sequence[float], other: Sequence[float]) -> bool:
    """Whether `other` is behind `best` beyond the sampling noise: the mean of the paired
    differences (the same sampled rounds) is above 1.96 of its standard errors."""
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = sum(diffs) / len(diffs)
    return mean > Z95 * _std_error(diffs) + 1e-12


def _hidden_matters(game: VillagePillage, seat: int) -> bool:
    """Whether something `seat` cannot see changes what the others may play: a face-down
    card drawn by another village, or (duel) the opponent's face-down front card."""
    if game.duel and game.round > 1:
        return True
    return any(v.secret for s, v in enumerate(game.players) if s != seat)


def _undecided(world: VillagePillage, others: Sequence[int]) -> VillagePillage:
    """Take back the face-down plan the others made this round (the coach may not know it)."""
    for s in others:
        v = world.players[s]
        keep = 1 if world.duel and world.round > 1 else 0  # the duel's front card stays
        if len(v.plan) > keep:
            v.hand.extend(v.plan[keep:])
            v.hand.sort(key=world.card_order)
            v.plan = v.plan[:keep]
            v.pools = v.pools[:keep]
    world.recount_planners()
    return world


class _Start:
    """What a playout measures against: the round, each village's turnips and the
    coached seat's relics before the plans were made."""

    __slots__ = ("seat", "last", "turnips", "relics")

    def __init__(self, g: VillagePillage, seat: int) -> None:
        self.seat = seat
        self.last = g.round + (1 if g.duel else 0)  # the duel's queued card resolves next round
        self.turnips = [v.turnips for v in g.players]
        self.relics = g.players[seat].relics


def _planned(world: VillagePillage, seat: int, action: Action,
             choice: Sequence[tuple[int, Action]], coins: Rng | None = None
             ) -> tuple[VillagePillage, _Start]:
    """A copy of `world` with every plan made: `seat`'s `action` and the others' `choice`
    (the round resolves as far as it can; `coins`, if given, draws its coin flips)."""
    g = world.clone(keep_log=False)
    g.quiet = False  # the purchases are read from the events
    if coins is not None:
        g.rng = coins
    start = _Start(g, seat)
    g.apply(seat, action)
    for s, a in choice:
        g.apply(s, a)
    return g, start


def _play_out(world: VillagePillage, seat: int, action: Action,
              choice: Sequence[tuple[int, Action]]) -> tuple[float, float]:
    """(turnip swing, relic bought 0/1) for one playout, the coin flips drawn at random."""
    g, start = _planned(world, seat, action, choice)
    return _finish(g, start)


def _finish(g: VillagePillage, start: _Start) -> tuple[float, float]:
    """Play `g` on to the horizon and measure it. At the coached seat's choice of which
    buying card goes first, both orders are played on (from the same coin flips) and the
    better one counts (reading 6: the owner chooses)."""
    seat = start.seat
    while not g.is_over() and g.round <= start.last:
        p = g.to_act()[0]
        legal = g.legal_actions(p)
        if p == seat and len(legal) > 1 and type(legal[0]) is ResolveFirst:
            return max(_branch(g, start, a) for a in legal)
        g.apply(p, legal[0])  # next-round queues never resolve in the horizon
    worth = [float(v.turnips) for v in g.players]
    for event in g.log:
        if event.kind == "relic":
            worth[event.data["seat"]] += event.data["cost"]
        elif event.kind == "buy":
            worth[event.data["seat"]] += event.data["price"]
    gains = [w - b for w, b in zip(worth, start.turnips, strict=True)]
    others = [x for s, x in enumerate(gains) if s != seat]
    swing = gains[seat] - sum(others) / len(others)
    return swing, float(g.players[seat].relics > start.relics)


def _branch(g: VillagePillage, start: _Start, action: Action) -> tuple[float, float]:
    h = g.clone()
    if isinstance(g.rng, _Coins):
        h.rng = g.rng.copy()  # (the clone made a plain generator of it)
    h.apply(start.seat, action)
    return _finish(h, start)


class _TooManyCoins(Exception):
    """A playout's coin flips are too many to go through, or not keys at all."""


class _Coins(Rng):
    """A stand-in generator that answers `next64` (the only draw a round's coin flips
    make: one key per tied village or thief, then sorted) by a script: the k-th draw is
    placed at position `ranks[k]` among the draws before it (0: lowest; unscripted draws
    take 0). Every script is one order of the keys; with independent uniform keys each
    order has chance 1 / (number of draws)!, draw k's place being uniform over k + 1."""

    __slots__ = ("ranks", "keys")

    def __init__(self, ranks: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.ranks = list(ranks)
        self.keys: list[int] = []  # the draws so far, in increasing order

    def next64(self) -> int:
        k = len(self.keys)
        if k >= len(self.ranks):
            self.ranks.append(0)
        place = self.ranks[k]
        low = self.keys[place - 1] if place else 0
        high = self.keys[place] if place < k else 1 << 64
        key = (low + high) // 2
        self.keys.insert(place, key)
        self.state = k + 1  # (a state that moves, as a real draw's would)
        return key

    def below(self, n: int) -> int:
        raise _TooManyCoins

    def coin(self) -> bool:
        raise _TooManyCoins

    def shuffle(self, items: list) -> None:
        raise _TooManyCoins

    def copy(self) -> _Coins:
        c = _Coins(self.ranks)
        c.keys, c.state = self.keys[:], self.state
        return c


def _expected(world: VillagePillage, seat: int, action: Action,
              choice: Sequence[tuple[int, Action]]) -> tuple[float, float, bool]:
    """(swing, relic chance, complete) of one combination of plans over every outcome of
    the coin flips on the way, each with its chance. `complete` is False when they were
    too many: then one drawn outcome stands in (as in a sampled playout)."""
    scripts: list[tuple[int, ...]] = [()]
    swing = relic = 0.0
    runs = 0
    while scripts:
        script = scripts.pop()
        runs += 1
        coins = _Coins(script)
        try:
            if runs > MAX_COIN_OUTCOMES:
                raise _TooManyCoins
            s, r = _finish(*_planned(world, seat, action, choice, coins))
        except _TooManyCoins:
            s, r = _play_out(world, seat, action, choice)  # the world's generator draws
            return s, r, False
        ranks = coins.ranks
        chance = 1 / math.factorial(len(ranks))
        swing += chance * s
        relic += chance * r
        for k in range(len(script), len(ranks)):  # the draws that took place 0 unscripted
            scripts += [(*ranks[:k], place) for place in range(1, k + 1)]
    return swing, relic, True


def _model_weights(world: VillagePillage, seat: int, model: str) -> list[tuple[float, Action]]:
    actions = list(world.legal_actions(seat))
    if model == "uniform":
        return [(1.0 / len(actions), a) for a in actions]
    mix = _equilibrium_mix()
    cards = world.cards
    hand = world.players[seat].hand
    per_type = [sum(1 for c in hand if cards[c].type == t) for t in range(4)]

    def card_weight(name: str) -> float:
        t = cards[name].type
        return mix[t] / per_type[t]

    raw = [math.prod(card_weight(getattr(a, f)) for f in _names(a))
           for a in actions]
    total = sum(raw)
    if total <= 0:  # only cards the equilibrium never plays: any of them, evenly
        return [(1.0 / len(actions), a) for a in actions]
    return [(r / total, a) for r, a in zip(raw, actions, strict=True) if r > 0]


def _joint_choices(world: VillagePillage, others: Sequence[int], model: str
                   ) -> list[tuple[float, list[tuple[int, Action]]]] | None:
    """Every combination of the others' plans with its probability; None if too many."""
    options = [_model_weights(world, s, model) for s in others]
    if math.prod(len(o) for o in options) > MAX_PLAYOUTS:
        return None
    joint = []
    for combo in itertools.product(*options):
        weight = math.prod(wt for wt, _a in combo)
        joint.append((weight, [(s, a) for s, (_wt, a) in zip(others, combo, strict=True)]))
    return joint


def _sample_choice(world: VillagePillage, others: Sequence[int], model: str,
                   rng: random.Random) -> list[tuple[int, Action]]:
    choice = []
    for s in others:
        options = _model_weights(world, s, model)
        choice.append((s, rng.choices([a for _w, a in options], [w for w, _a in options])[0]))
    return choice


def _std_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)


def _names(action: Action) -> list[str]:
    """The fields of an action (not its class-level facts such as `final`)."""
    return [f.name for f in dataclass_fields(action)]


def _per_card(plans: Sequence[PlanAdvice]) -> tuple[CardAdvice, ...]:
    """For each card and position, the best plan that puts it there."""
    best: dict[tuple[str, str], CardAdvice] = {}
    for p in plans:
        fields = _names(p.action)
        names = [getattr(p.action, f) for f in fields]
        for i, position in enumerate(fields):
            partner = names[1 - i] if len(names) == 2 else None
            key = (names[i], position)
            old = best.get(key)
            if old is None or (p.swing, p.relic_chance) > (old.swing, old.relic_chance):
                best[key] = CardAdvice(names[i], position, p.swing, p.relic_chance, p.error,
                                       partner, p.relic_low, p.relic_high)
    return tuple(best.values())


@lru_cache(maxsize=1)
def _equilibrium_mix() -> tuple[float, ...]:
    """The opponent's mix in the lesson's opening duel position, by card type."""
    from ..probability import solve_zero_sum  # numpy: loaded only when the model is asked for
    from .payoffs import payoff_matrix
    _rows, _cols, matrix = payoff_matrix()
    return tuple(float(x) for x in solve_zero_sum(matrix).col)


