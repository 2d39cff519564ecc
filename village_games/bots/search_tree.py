"""The tree of an information-set Monte Carlo tree search (see search_bot.py).

A node stands for a sequence of choices seen from the searcher's seat, not for one state:
each iteration plays a freshly determinized world down the same tree, so the moves legal
at a node differ from world to world (another deal, other dice). Turn-based nodes choose
by UCB1 over the moves legal in this world, counting for each move how often it was
available (`avail`) instead of how often the parent was visited (Cowling, Powley and
Whitehouse's single-observer ISMCTS). Where several seats choose at once (Village
Pillage's planning), each seat picks by regret matching over its own moves, decoupled
from the others (Lanctot et al.'s simultaneous-move MCTS), and the joint choice leads to
the child.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.actions import Action

# UCB1's exploration constant for rewards in [0, 1] (win shares)
EXPLORATION = 0.7
# Regret matching's exploration: the share of a seat's choices made uniformly at random
REGRET_EXPLORATION = 0.15


class Edge:
    """A move from a turn-based node: its mover, visits, summed reward for the mover,
    how often it was available, and the node it leads to."""

    __slots__ = ("avail", "child", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.child = Node()

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Regrets:
    """One seat's regret matching at a simultaneous node: cumulative regret, the summed
    strategy (whose normalised form is the average strategy), visits and summed reward
    per move."""

    __slots__ = ("regret", "reward", "strategy", "visits")

    def __init__(self) -> None:
        self.regret: dict[Action, float] = {}
        self.strategy: dict[Action, float] = {}
        self.visits: dict[Action, int] = {}
        self.reward: dict[Action, float] = {}

    def policy(self, moves: Sequence[Action]) -> list[float]:
        """This iteration's mixed strategy over `moves` (those legal in this world):
        positive regrets, mixed with uniform exploration."""
        regret = self.regret
        positive = [max(regret.get(m, 0.0), 0.0) for m in moves]
        total = sum(positive)
        n = len(moves)
        g = REGRET_EXPLORATION
        if total <= 0.0:
            return [1.0 / n] * n
        return [(1.0 - g) * r / total + g / n for r in positive]

    def choose(self, moves: Sequence[Action], rng: random.Random) -> tuple[int, list[float]]:
        probs = self.policy(moves)
        x = rng.random()
        for i, p in enumerate(probs):
            x -= p
            if x < 0.0:
                return i, probs
        return len(moves) - 1, probs

    def update(self, moves: Sequence[Action], probs: list[float], chosen: int,
               reward: float) -> None:
        """Outcome-sampling regret update: the chosen move's reward, importance weighted,
        against the reward got; the strategy sum grows by this iteration's strategy."""
        regret, strategy = self.regret, self.strategy
        estimate = reward / probs[chosen]
        for i, m in enumerate(moves):
            gain = (estimate if i == chosen else 0.0) - reward
            regret[m] = regret.get(m, 0.0) + gain
            strategy[m] = strategy.get(m, 0.0) + probs[i]
        m = moves[chosen]
        self.visits[m] = self.visits.get(m, 0) + 1
        self.reward[m] = self.reward.get(m, 0.0) + reward

    def average(self) -> dict[Action, float]:
        total = sum(self.strategy.values())
        if total <= 0.0:
            return {}
        return {m: s / total for m, s in self.strategy.items()}


class Node:
    """Turn-based moves in `edges` ((seat, move) -> Edge); a simultaneous node also keeps
    `seats` (seat -> Regrets) and `joint` (the joint choice -> child Node)."""

    __slots__ = ("edges", "joint", "seats")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, Action], Edge] = {}
        self.seats: dict[int, Regrets] | None = None
        self.joint: dict[tuple[Action, ...], Node] | None = None

    def select(self, seat: int, moves: Sequence[Action], rng: random.Random,
               exploration: float = EXPLORATION, prior: Action | None = None,
               bias: float = 0.0) -> tuple[Action, Edge, bool]:
        """A move for `seat` among `moves` (legal in this world): an untried one at random
        if any (then `True`: the tree grows here; the `prior` move first), else the best by
        UCB1 with availability counts, the `prior` move getting `bias / (visits + 1)` more
        (progressive bias: a guide that fades as the move's own results come in). Every
        available tried move's availability goes up by one."""
        edges = self.edges
        if prior is not None and (seat, prior) not in edges and prior in moves:
            fresh = edges[(seat, prior)] = Edge(seat)
            return prior, fresh, True
        untried: list[Action] = []
        best_edge: Edge | None = None
        best_move: Action | None = None
        best = -1.0
        log = math.log
        for m in moves:
            e = edges.get((seat, m))
            if e is None:
                untried.append(m)
                continue
            e.avail += 1
            if untried:
                continue
            score = e.total / e.visits + exploration * math.sqrt(log(e.avail) / e.visits)
            if bias and m == prior:
                score += bias / (e.visits + 1)
            if score > best:
                best, best_edge, best_move = score, e, m
        if untried:
            m = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            fresh = edges[(seat, m)] = Edge(seat)
            return m, fresh, True
        assert best_edge is not None and best_move is not None
        return best_move, best_edge, False

    def regrets(self, seat: int) -> Regrets:
        if self.seats is None:
            self.seats = {}
            self.joint = {}
        r = self.seats.get(seat)
        if r is None:
            r = self.seats[seat] = Regrets()
        return r

    def joint_child(self, key: tuple[Action, ...]) -> tuple[Node, bool]:
        assert self.joint is not None
        child = self.joint.get(key)
        if child is None:
            child = self.joint[key] = Node()
            return child, True
        return child, False
