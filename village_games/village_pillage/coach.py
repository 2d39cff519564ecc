"""The coach: what each card you may plan is likely to bring, against a stated opponent model.

For every plan you could make, the engine plays the round out (in a duel: until the card you
queue now has resolved, which is the next round) in copies of the game as you see it, with
the other villages choosing by the model:

- `uniform`: every plan they could make is equally likely;
- `equilibrium`: each card type as often as in the lesson's duel equilibrium at the opening
  (Farmer 2/9, Wall 5/9, Raider 2/9, never a Merchant), split evenly among cards of a type.

A village that has already planned counts as not yet decided: its cards are face down, so
the coach knows no more than the model. Choices in the middle of a round (which market card,
which buying card first) take the first one offered; the turnips are the same either way.

It reports, per plan and per card, the expected **turnip swing** (your turnips gained minus
the others' average gain, purchases counted at what was paid, as in the lesson) and the
chance that you buy a relic by the time your card has resolved. When nothing hidden matters
and the combinations of the others' choices are few enough, every one is played out with its
probability: the answer is **exact**, unless a coin flip (buying order between equal
counts, an odd turnip in a split) was drawn on the way, which the advice then says. Otherwise
it is an average over sampled rounds, with a standard error.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from functools import lru_cache

from ..core.actions import Action
from .game import VillagePillage

MODELS = {
    "uniform": "every plan they could make equally likely",
    "equilibrium": "card types as in the lesson's opening equilibrium (Farmer 2/9, Wall 5/9, "
                   "Raider 2/9, no Merchant)",
}
MAX_PLAYOUTS = 2400  # all combinations are played out up to this many (an exact answer)
SAMPLED_PLAYOUTS = 1200  # otherwise about this many sampled ones in all (benchmarks/coach_speed.py)
MIN_SAMPLES = 16  # sampled rounds per plan, however many plans there are


@dataclass(frozen=True)
class PlanAdvice:
    action: Action
    swing: float
    relic_chance: float
    error: float  # standard error of `swing` (0 when exact)


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


@dataclass(frozen=True)
class Advice:
    seat: int
    model: str
    enumerated: bool  # every combination of the others' choices was played out once
    exact: bool  # enumerated, and no coin flip (buying order, a split turnip) was drawn
    playouts: int  # rounds played out per plan: combinations, or sampled rounds
    plans: tuple[PlanAdvice, ...]
    cards: tuple[CardAdvice, ...]

    @property
    def best(self) -> PlanAdvice:
        return max(self.plans, key=lambda p: (p.swing, p.relic_chance))

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
    chance = False
    if enumerated:
        assert joint is not None
        totals = [0.0] * len(mine)
        relics = [0.0] * len(mine)
        for weight, choice in joint:
            for i, action in enumerate(mine):
                gain, relic, flipped = _play_out(world, seat, action, choice)
                chance = chance or flipped
                totals[i] += weight * gain
                relics[i] += weight * relic
        plans = tuple(PlanAdvice(a, t, r, 0.0) for a, t, r in zip(mine, totals, relics,
                                                                  strict=True))
        playouts = len(joint)
    else:  # sample worlds and choices, the same ones for every plan (a fair comparison)
        playouts = max(MIN_SAMPLES, SAMPLED_PLAYOUTS // len(mine))
        samples: list[list[float]] = [[] for _ in mine]
        relics = [0.0] * len(mine)
        for _ in range(playouts):
            w = _undecided(game.determinize(seat, rng), others)
            choice = _sample_choice(w, others, model, rng)
            for i, action in enumerate(mine):
                gain, relic, _flipped = _play_out(w, seat, action, choice)
                samples[i].append(gain)
                relics[i] += relic / playouts
        plans = tuple(PlanAdvice(a, sum(t) / playouts, r, _std_error(t))
                      for a, t, r in zip(mine, samples, relics, strict=True))
    return Advice(seat, model, enumerated, enumerated and not chance, playouts, plans,
                  _per_card(plans))


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


def _play_out(world: VillagePillage, seat: int, action: Action,
              choice: Sequence[tuple[int, Action]]) -> tuple[float, float, bool]:
    """(turnip swing, relic bought 0/1, a coin flip happened) for one playout."""
    g = world.clone(keep_log=False)
    g.quiet = False  # the purchases are read from the events
    start_round = g.round
    before = [v.turnips for v in g.players]
    relics_before = g.players[seat].relics
    state_before = g.rng.state
    g.apply(seat, action)
    for s, a in choice:
        g.apply(s, a)
    last = start_round + (1 if g.duel else 0)  # the duel's queued card resolves next round
    while not g.is_over() and g.round <= last:
        p = g.to_act()[0]
        g.apply(p, g.legal_actions(p)[0])  # next-round queues never resolve in the horizon
    worth = [float(v.turnips) for v in g.players]
    for event in g.log:
        if event.kind == "relic":
            worth[event.data["seat"]] += event.data["cost"]
        elif event.kind == "buy":
            worth[event.data["seat"]] += event.data["price"]
    gains = [w - b for w, b in zip(worth, before, strict=True)]
    others = [x for s, x in enumerate(gains) if s != seat]
    swing = gains[seat] - sum(others) / len(others)
    chance = g.rng.state != state_before  # only coin flips draw from it mid-game
    return swing, float(g.players[seat].relics > relics_before), chance


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
    return [f.name for f in dataclass_fields(action)]  # type: ignore[arg-type]


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
                                       partner)
    return tuple(best.values())


@lru_cache(maxsize=1)
def _equilibrium_mix() -> tuple[float, ...]:
    """The opponent's mix in the lesson's opening duel position, by card type."""
    from ..probability import solve_zero_sum  # numpy: loaded only when the model is asked for
    from .payoffs import payoff_matrix
    _rows, _cols, matrix = payoff_matrix()
    return tuple(float(x) for x in solve_zero_sum(matrix).col)


