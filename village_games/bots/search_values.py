"""What the search bot needs to know about each game: how far to play on at random after
the tree, and how to turn a game that goes on into each seat's chance to win.

An estimate reads only the determinized world the search dealt for itself (its public
scores and view), never the real game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.game import Game
from ..core.seat import Agent

if TYPE_CHECKING:
    from ..village_pillage.views import PlayerView

Estimate = Callable[[Game], Sequence[float]]


def softmax_shares(values: Sequence[float], scale: float) -> list[float]:
    """Win shares from per-seat values: a seat `scale` ahead of another is e times as
    likely to win."""
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def score_shares(world: Game) -> list[float]:
    """The fallback estimate: the game's own running scores."""
    return softmax_shares(world.scores(), 3.0)


@dataclass(frozen=True)
class SearchSettings:
    rollout: int | None  # random moves after the tree; None: to the end of the game
    estimate: Estimate = score_shares
    exploration: float = 0.7
    # progressive bias toward the move the game's heuristic bot would make (its factory;
    # asked once per decision, at the root): `guide / (visits + 1)` added to its score
    guide: float = 0.0
    guide_bot: Callable[[int], Agent] | None = None
    # progressive unpruning at the root, along the heuristic bot's ranking (bots with a
    # `rank` method): after n iterations the best `widen_base + widen_rate * sqrt(n)`
    # moves are open to the search; 0 lets every move in from the start
    widen: float = 0.0
    widen_base: int = 3
    # the moves a decision's search may play in its dealt worlds (tree and play-outs
    # together), per iteration of its budget: it stops once they have seen `iterations *
    # moves_per_iteration` played, whichever comes first; None: no such bound
    moves_per_iteration: int | None = None

    def widened(self, iterations: int) -> int:
        return self.widen_base + int(self.widen * math.sqrt(iterations))

    def with_rollout(self, rollout: int | None) -> SearchSettings:
        return replace(self, rollout=rollout)

    def with_exploration(self, exploration: float) -> SearchSettings:
        return replace(self, exploration=exploration)

    def with_guide(self, guide: float) -> SearchSettings:
        return replace(self, guide=guide)

    def with_widen(self, widen: float) -> SearchSettings:
        return replace(self, widen=widen)

    def with_moves_per_iteration(self, moves: int | None) -> SearchSettings:
        return replace(self, moves_per_iteration=moves)

    def move_budget(self, iterations: int | None) -> int | None:
        """The moves a search of `iterations` may play (None: no bound; a time budget
        alone has none)."""
        if iterations is None or self.moves_per_iteration is None:
            return None
        return iterations * self.moves_per_iteration


DEFAULT = SearchSettings(rollout=None)


def settings_for(game_name: str) -> SearchSettings:
    from .lineups import HEURISTIC

    settings = SETTINGS.get(game_name, DEFAULT)
    if settings.guide_bot is None and game_name in HEURISTIC:
        settings = replace(settings, guide_bot=HEURISTIC[game_name])
    return settings


def villages_shares(world: Game) -> list[float]:
    """Villages: each seat's running total plus what the round would score if it ended
    now (villages, less the hand and the graveyard), measured against the target."""
    from ..villages.game import Villages
    from ..villages.scoring import round_parts

    assert isinstance(world, Villages), "the estimate of Villages' search"
    projected = [t + round_parts(world, s)["score"] for s, t in enumerate(world.totals)]
    return softmax_shares(projected, 0.1 * world.target)


def village_pillage_shares(world: Game) -> list[float]:
    """Village Pillage: each village's worth in turnips as the heuristic bot weighs it
    (relics at a premium, banked turnips above loose ones, market cards)."""
    from ..village_pillage.game import VillagePillage

    assert isinstance(world, VillagePillage), "the estimate of Village Pillage's search"
    obs = world.observation(None)
    costs = obs["relic_costs"]
    value = _pillage_value()
    return softmax_shares([value(p, costs) for p in obs["players"]], 4.0)


@lru_cache(maxsize=1)
def _pillage_value() -> Callable[[PlayerView, list[int]], float]:
    from .village_pillage_bot import PillageBot

    return PillageBot().village_value


def villagers_shares(world: Game) -> list[float]:
    """Villagers: each village's Gold so far plus what its uncovered villagers and coins
    would earn at every Market still to come (the Countess of a solo game too)."""
    from ..villagers.game import Villagers

    assert isinstance(world, Villagers), "the estimate of Villagers' search"
    g = world
    left = 2 - g.markets
    cards = g.cards
    projected = []
    for p in g.players:
        s = p.summary(cards)
        projected.append(p.gold + left * (s.gold + s.coins))
    return softmax_shares(projected, 6.0)[:g.n]


def villagers_and_villains_shares(world: Game) -> list[float]:
    """Villagers & Villains: the score sheet as it stands, and gold at what it buys."""
    from ..villagers_and_villains.game import VillagersAndVillains

    assert isinstance(world, VillagersAndVillains), "the estimate of V&V's search"
    g = world
    values = [score + 0.7 * p.gold for score, p in zip(g.scores(), g.players, strict=True)]
    return softmax_shares(values, 3.0)


# Per game, as measured against the heuristic bots (benchmarks/search_strength.py):
# Villagers and Villagers & Villains play their random play-outs to the end; Villages,
# whose games run to hundreds of moves, plays 20 moves and then estimates; Village Pillage
# plays 8 (about a round) and then weighs the villages as its heuristic bot does (to the
# end, random play-outs won 8 to 11 of 20 duels; with the estimate, 14). Each widens its
# root along its heuristic bot's ranking and gives the heuristic's own move a fading
# bonus (without them Villagers won 11 of 20 duels, with them 14).
#
# Villagers and Villagers & Villains, whose play-outs to the end are long early in a game
# (about 150 and 180 moves at three seats), stop a decision's search once its worlds have
# seen 32 and 72 moves an iteration played on average: on the two-core machine at its
# slower pace 40 and 90 took 1.08 s and 1.04 s at the 95th percentile; at 32 and 72 its
# worst case was 0.90 s (docs/performance.md, "How long a search bot's move takes").
# Head to head with the kept tree they won as many games as the old default that had no
# move budget (30 of 60, 24 of 40), though Villagers' points lean a little lower. The
# budget counts moves, not seconds, so a seeded bot repeats its move on any machine. It
# binds early in a game; later the 1,000 iterations run out first.
GUIDE = WIDEN = 0.5
SETTINGS: dict[str, SearchSettings] = {
    "village_pillage": SearchSettings(rollout=8, estimate=village_pillage_shares,
                                      guide=GUIDE, widen=WIDEN),
    "villagers": SearchSettings(rollout=None, estimate=villagers_shares,
                                guide=GUIDE, widen=WIDEN, moves_per_iteration=32),
    "villagers_and_villains": SearchSettings(rollout=None,
                                             estimate=villagers_and_villains_shares,
                                             guide=GUIDE, widen=WIDEN,
                                             moves_per_iteration=72),
    "villages": SearchSettings(rollout=20, estimate=villages_shares, guide=GUIDE, widen=WIDEN),
}
