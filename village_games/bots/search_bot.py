"""A search bot for every engine: information-set Monte Carlo tree search (ISMCTS).

    from village_games.bots import SearchBot
    bot = SearchBot(seed=1)                      # the default budget: 1,000 iterations
                                                 # (and the game's move budget, if any)
    bot = SearchBot(seed=1, seconds=0.5)         # or a time budget (then not repeatable)
    action = bot.act(seat)                       # seat: a SeatView
    bot.thinking                                 # the last decision's numbers, per move

Each iteration deals the hidden cards again (`seat.determinize(rng)`: a quiet copy whose
unseen cards and future dice come from the bot's own generator, so the bot never peeks),
walks the tree (search_tree.py: UCB1 with availability counts where one seat moves,
decoupled regret matching where several plan at once), adds one node, plays on at random
for a while and scores the result: the real outcome when the game ended, else the game's
leaf estimate of each seat's chance to win (search_values.py). Every seat in the tree
chooses for its own reward (a win share: 1 for a win, 1/k for a win shared by k), so
opponents are searched as players who want to win, not as a chorus against the bot.

A decision's search stops at the first of (`Budget`): its iterations; the game's move
budget, the moves played in the dealt worlds (a number per iteration, search_values.py:
Villagers and Villagers & Villains, whose play-outs are long early in a game); a time
budget, if given; and, at a
root where one seat chooses, the moment the choice is settled (no other move can catch the
most visited one in the iterations left, so the whole budget would choose it too). A move
with only one legal choice is played without a search.

When the bot's next decision follows straight on its own move (a Villagers draft of two
cards, a build after a build), it starts from the part of its tree below that move
(`KeptTree`): the iterations already spent there count as a head start, so a second
decision in a row is as well searched as the first for less time. Any other seat's move in
between, or a game it did not see, starts a new tree.

With an iteration budget (moves are counted, not timed) and a seed the bot is repeatable:
the same game as its seat sees it gives the same moves, whatever the cards it cannot see,
on any machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Action
from ..core.game import Game
from ..core.seat import SeatView
from .search_tree import Edge, Node, Regrets
from .search_values import SearchSettings, settings_for

DEFAULT_ITERATIONS = 1000


@dataclass(frozen=True)
class MoveThought:
    """One of the bot's moves at the decision: how often the search tried it and the win
    share it expected after it (`probability`: its weight in the mixed strategy, where
    seats choose at once; else None)."""

    action: Action
    visits: int
    win_share: float
    probability: float | None = None


@dataclass(frozen=True)
class KeptTree:
    """The search tree below the bot's chosen move, for its next decision when that comes
    straight after the move: on the same seat of the same game (`view`), once the game has
    seen `moves_played` moves, the last of them `action`."""

    node: Node
    view: SeatView
    moves_played: int
    action: Action


@dataclass(frozen=True)
class Thinking:
    """What the search found for one decision, the chosen move first, then by visits;
    `played`: the moves played in its dealt worlds (tree and play-outs); `stopped`: why
    the search ended (`Budget.stopped`); `kept`: the visits at the root carried over from
    the previous decision's tree (`KeptTree`)."""

    seat: int
    moves: tuple[MoveThought, ...]
    iterations: int
    seconds: float
    simultaneous: bool
    played: int = 0
    stopped: str = "iterations"
    kept: int = 0

    @property
    def chosen(self) -> MoveThought:
        return self.moves[0]


class SearchBot:
    """ISMCTS through the public protocol. `iterations` and/or `seconds` bound each
    decision (whichever ends first; the default is `DEFAULT_ITERATIONS`). With iterations,
    the game's `moves_per_iteration` bounds it too: the search stops once its worlds have
    seen `iterations × moves_per_iteration` moves played (None: no such bound).
    `settle=False` spends the whole budget even once the choice is settled. `rollout`
    (moves played at random after the tree before the leaf estimate), `exploration`,
    `guide`, `widen` and `moves_per_iteration` override the game's settings
    (search_values.py). `keep_tree=False` starts every decision from an empty tree."""

    name = "Search"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, rollout: int | None = -1,
                 exploration: float | None = None, guide: float | None = None,
                 widen: float | None = None, settle: bool = True,
                 moves_per_iteration: int | None = -1, keep_tree: bool = True) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (isinstance(iterations, bool)
                                       or not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, got "
                             f"{iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"seconds must be a number above 0, got {seconds!r}")
        if moves_per_iteration not in (None, -1) and (
                isinstance(moves_per_iteration, bool)
                or not isinstance(moves_per_iteration, int) or moves_per_iteration < 1):
            raise ValueError(f"moves_per_iteration must be a whole number of at least 1 or "
                             f"None, got {moves_per_iteration!r}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.settle = settle
        self._rollout = rollout
        self._exploration = exploration
        self._guide_bonus = guide
        self._widen = widen
        self._moves_per_iteration = moves_per_iteration
        self.keep_tree = keep_tree
        self._kept: KeptTree | None = None
        self.thinking: Thinking | None = None

    # ------------------------------------------------------------------ entry points
    def act(self, seat: SeatView) -> Action:
        legal = seat.legal_actions()
        if len(legal) == 1:
            self.thinking = Thinking(seat.player, (MoveThought(legal[0], 0, 0.0),), 0, 0.0,
                                     False)
            kept = self._take_kept(seat)  # a forced move grows no edge: the tree goes on
            if kept is not None:
                self._keep(kept, seat, legal[0])
            return legal[0]
        return self.think(seat).chosen.action

    def think(self, seat: SeatView) -> Thinking:
        """Search the decision of `seat` and return the numbers per move (also kept in
        `self.thinking`); the first move is the one `act` plays."""
        settings = settings_for(seat.game_name)
        if self._rollout != -1:
            settings = settings.with_rollout(self._rollout)
        if self._exploration is not None:
            settings = settings.with_exploration(self._exploration)
        if self._guide_bonus is not None:
            settings = settings.with_guide(self._guide_bonus)
        if self._widen is not None:
            settings = settings.with_widen(self._widen)
        if self._moves_per_iteration != -1:
            settings = settings.with_moves_per_iteration(self._moves_per_iteration)
        legal = list(seat.legal_actions())
        if not legal:
            raise ValueError(f"seat {seat.player} has nothing to decide right now")
        root = self._take_kept(seat) or Node()
        kept = sum(e.visits for (mover, _), e in root.edges.items() if mover == seat.player)
        start = time.perf_counter()
        prior, ranked = self._guide(seat, settings)
        budget = Budget(self.iterations, settings.move_budget(self.iterations), self.seconds,
                        self.settle, start)
        simultaneous = False
        while True:
            root_moves = None if ranked is None else ranked[:settings.widened(budget.done)]
            at_root_sim, applied = _iterate(root, seat, self.rng, settings, prior, root_moves)
            simultaneous |= at_root_sim
            if budget.spent(applied, None if simultaneous else root, seat.player):
                break
        seconds = time.perf_counter() - start
        if simultaneous and root.seats is not None and seat.player in root.seats:
            moves = _mixed_moves(root.seats[seat.player], legal, self.rng)
        else:
            moves = _turn_moves(root, seat.player, legal)
        self.thinking = Thinking(seat.player, moves, budget.done, seconds, simultaneous,
                                 budget.played, budget.stopped, kept)
        edge = None if simultaneous else root.edges.get((seat.player, moves[0].action))
        if edge is not None:
            self._keep(edge.child, seat, moves[0].action)
        return self.thinking

    def _keep(self, node: Node, seat: SeatView, action: Action) -> None:
        """Keep `node`, the tree below `action`, for a decision straight after it."""
        if self.keep_tree:
            self._kept = KeptTree(node, seat, seat.moves_played() + 1, action)

    def _take_kept(self, seat: SeatView) -> Node | None:
        """The kept tree when this decision comes straight after the bot's own kept move
        on this seat (nothing else moved since), else None; either way it is let go."""
        kept, self._kept = self._kept, None
        if (kept is None or kept.view.player != seat.player or not seat.same_game(kept.view)
                or seat.moves_played() != kept.moves_played
                or seat.own_last_move() != kept.action):
            return None
        return kept.node


    def _guide(self, seat: SeatView,
               settings: SearchSettings) -> tuple[Action | None, list[Action] | None]:
        """The game's heuristic bot at the root: its move (the guide's bonus goes there)
        and, when it ranks every move and the game widens, the order in which the root
        lets moves in (progressive unpruning: the best few first, more as visits grow)."""
        if settings.guide_bot is None or not (settings.guide or settings.widen):
            return None, None
        bot = settings.guide_bot(self.rng.randrange(2**31))
        rank = getattr(bot, "rank", None)
        if rank is None:
            return (bot.act(seat) if settings.guide else None), None
        ranked = list(rank(seat))
        return (ranked[0] if settings.guide else None), (ranked if settings.widen else None)


# ---------------------------------------------------------------------- the budget
class Budget:
    """When a decision's search stops: after `iterations`, once the worlds have seen
    `moves` moves played (tree and play-outs), or at `seconds`, whichever comes first; and,
    with `settle`, as soon as the choice of a turn-based root is settled: when the most
    visited move leads every other by more visits than the iterations left could give
    (each iteration visits one move at the root, so the whole budget would choose the
    same move)."""

    def __init__(self, iterations: int | None, moves: int | None = None,
                 seconds: float | None = None, settle: bool = True,
                 start: float = 0.0) -> None:
        self.iterations = iterations
        self.moves = moves
        self.deadline = None if seconds is None else start + seconds
        self.done = 0  # iterations
        self.played = 0  # moves played in the dealt worlds
        self.stopped = ""  # why it stopped: "iterations", "moves", "settled" or "seconds"
        # the first look at the root is due when a lead could first be out of reach:
        # past half the iterations
        self._check = iterations // 2 if iterations is not None and settle else None

    def spent(self, played: int, root: Node | None = None, me: int = 0) -> bool:
        """Count one more iteration that played `played` moves; True when the search
        stops here. `root`: the tree, when its choice may settle (a turn-based root)."""
        self.done += 1
        self.played += played
        if self.iterations is not None and self.done >= self.iterations:
            self.stopped = "iterations"
            return True
        if self.moves is not None and self.played >= self.moves:
            self.stopped = "moves"
            return True
        check = self._check
        if check is not None and root is not None and self.done >= check:
            assert self.iterations is not None
            lead = _lead(root, me)
            left = self.iterations - self.done
            if lead > left:
                self.stopped = "settled"
                return True
            # the lead grows by at most one an iteration while what is left shrinks by
            # one: it cannot pass what is left sooner than this
            self._check = self.done + (left - lead) // 2 + 1
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stopped = "seconds"
            return True
        return False


# ---------------------------------------------------------------------- one iteration
def _iterate(root: Node, seat: SeatView, rng: random.Random, settings: SearchSettings,
             prior: Action | None, root_moves: list[Action] | None) -> tuple[bool, int]:
    """Deal a world, walk and grow the tree, play out, back up. Returns whether the root
    is a simultaneous node, and how many moves were played in the world."""
    world = seat.determinize(rng)
    applied = 0
    node = root
    edges: list[Edge] = []
    sims: list[tuple[Regrets, Sequence[Action], list[float], int, int]] = []
    at_root_sim = False
    c = settings.exploration
    while not world.is_over():
        waiting = world.to_act()
        if len(waiting) > 1:  # seats choose at once: each by its own regrets
            chosen = []
            for p in waiting:
                moves = world.legal_actions(p)
                if node is root and p == seat.player and root_moves is not None:
                    moves = root_moves
                if len(moves) == 1:
                    chosen.append(moves[0])
                    continue
                regrets = node.regrets(p)
                i, probs = regrets.choose(moves, rng)
                sims.append((regrets, moves, probs, i, p))
                chosen.append(moves[i])
            if node is root:
                at_root_sim = True
            for p, m in zip(waiting, chosen, strict=True):
                world.apply(p, m)
            applied += len(chosen)
            node, new = node.joint_child(tuple(chosen))
            if new:
                break
            continue
        p = waiting[0]
        moves = world.legal_actions(p)
        applied += 1
        if len(moves) == 1:
            world.apply(p, moves[0])
            continue
        if node is root:
            if root_moves is not None:
                moves = root_moves
            m, edge, new = node.select(p, moves, rng, c, prior, settings.guide)
        else:
            m, edge, new = node.select(p, moves, rng, c)
        world.apply(p, m)
        edges.append(edge)
        node = edge.child
        if new:
            break
    rewards, played = _play_out(world, rng, settings)
    for edge in edges:
        edge.visits += 1
        edge.total += rewards[edge.mover]
    for regrets, moves, probs, i, p in sims:
        regrets.update(moves, probs, i, rewards[p])
    return at_root_sim, applied + played


def _play_out(world: Game, rng: random.Random,
              settings: SearchSettings) -> tuple[Sequence[float], int]:
    """Random moves for up to `settings.rollout` decisions, then each seat's win share:
    the outcome's, or the game's estimate when the game goes on; and the moves played."""
    rollout = settings.rollout
    start = left = -1 if rollout is None else rollout  # (-1 never reaches 0: to the end)
    to_act, legal, apply, over = world.to_act, world.legal_actions, world.apply, world.is_over
    rnd = rng.random  # (a uniform index as `int(random() * n)`: a fifth of `randrange`'s cost)
    while left != 0 and not over():
        p = to_act()[0]
        moves = legal(p)
        apply(p, moves[int(rnd() * len(moves))])
        left -= 1
    if over():
        return win_shares(world), start - left
    return settings.estimate(world), start - left


def win_shares(world: Game) -> list[float]:
    """1 for a seat that won alone, 1/k each for a win shared by k, 0 otherwise."""
    winners = world.winners()
    shares = [0.0] * world.num_players
    for w in winners:
        shares[w] = 1.0 / len(winners)
    return shares


# ---------------------------------------------------------------------- the choice
def _lead(root: Node, me: int) -> int:
    """How many more visits the most visited move at the root has than any other."""
    first = second = 0
    for (mover, _), edge in root.edges.items():
        if mover != me:
            continue
        v = edge.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second


def _turn_moves(root: Node, me: int, legal: list[Action]) -> tuple[MoveThought, ...]:
    """Most visited first (ties: the better mean, then the legal list's order)."""
    rows = []
    for i, a in enumerate(legal):
        e = root.edges.get((me, a))
        visits, mean = (e.visits, e.mean) if e is not None else (0, 0.0)
        rows.append((-visits, -mean, i, MoveThought(a, visits, mean)))
    rows.sort(key=lambda r: r[:3])
    return tuple(r[3] for r in rows)


# moves whose average-strategy weight is below this share of the largest are exploration
# noise, not part of the mix the bot plays
PURIFY = 0.25


def _mixed_moves(regrets: Regrets, legal: list[Action],
                 rng: random.Random) -> tuple[MoveThought, ...]:
    """Where seats choose at once the bot plays a mix: it draws from the average strategy
    (leaving out moves far below the best), and lists that move first, then by weight."""
    avg = regrets.average()
    weights = [avg.get(a, 0.0) for a in legal]
    top = max(weights)
    kept = [w if w >= PURIFY * top else 0.0 for w in weights]
    x = rng.random() * sum(kept)
    pick = len(legal) - 1
    for i, w in enumerate(kept):
        x -= w
        if x < 0.0:
            pick = i
            break
    rows = []
    for i, a in enumerate(legal):
        visits = regrets.visits.get(a, 0)
        mean = regrets.reward.get(a, 0.0) / visits if visits else 0.0
        rows.append((i != pick, -weights[i], i, MoveThought(a, visits, mean, weights[i])))
    rows.sort(key=lambda r: r[:3])
    return tuple(r[3] for r in rows)
