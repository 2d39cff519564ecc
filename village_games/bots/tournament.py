"""Many seeded games between bots, with seats rotated so that no bot profits from its seat.

    from village_games.bots import PillageBot, RandomBot
    from village_games.bots.tournament import run_matches
    res = run_matches([PillageBot, RandomBot], games=200, players=2, seed=1)
    print(res.table())            # Markdown: win share per bot type, with 95% intervals
    res.win_rate("Pillage")       # share of games won by the Pillage seat(s), ties split
    res.interval("Pillage")       # its Wilson interval (village_games.probability)
    res.ratings()                 # OpenSkill ratings per lineup slot

The lineup is one agent factory per seat (`factory(seed) -> Agent`; a bot class will do),
or one callable `factory(seed) -> [agent, ...]` that builds the whole lineup. Games come in
blocks of `players`: every block deals one game seed and plays it once per rotation of the
lineup, so each bot type sits in every seat on the same deal (duplicate style), which
cancels both seat bias and the luck of the deal. Keep `games` a multiple of `players`.

Where the games run is the `executor`'s business: `LOCAL` (the default) is a process pool
over this machine's cores, made for the call; any `concurrent.futures.Executor` will do,
and so will a Dask `distributed.Client` (a cluster: `Client("tcp://host:8786")`); None
plays in this process. Each block is one task, and every game's seeds come from `seed`
and the game's number alone, so the same seed gives the same games, the same tallies and
the same ratings whichever executor played them. The lineup and `new_game` must pickle
to leave this process: bot classes, `functools.partial` of them and module-level
functions do, a lambda does not.

`MatchRun` is the same tournament a block at a time, for a page that shows results as they
arrive and may stop early (the strategy lab).
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game
from ..core.play import play
from ..core.seat import Agent

AgentFactory = Callable[[int], Agent]
LineupFactory = Callable[[int], Sequence[Agent]]
LOCAL = "local"  # the default executor: a process pool over this machine's cores


@dataclass
class TypeResult:
    """How one bot type did. `wins` is credit: a shared win counts 1/k for each of k."""

    label: str
    seats: int  # seats this type holds in every game
    games: int = 0
    wins: float = 0.0
    outright: int = 0  # games won alone

    @property
    def win_rate(self) -> float:
        """Share of all games won by this type (any of its seats)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of `win_rate` (Wilson's, shared wins as credit: never outside
        0 to 1); (0, 1) before any game."""
        if not self.games:
            return 0.0, 1.0
        from ..probability.intervals import credit_interval  # SciPy: only when asked
        return credit_interval(self.wins, self.games)

    @property
    def per_seat(self) -> float:
        """Win share per seat of this type; fair play between equals gives 1 / players."""
        return self.win_rate / self.seats if self.seats else 0.0


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament: its number, deal, who sat where (`labels` per seat, and
    `slots`: the lineup slot in each seat), winners and final scores."""

    index: int
    deal: int
    labels: tuple[str, ...]
    slots: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    decisions: int
    seconds: float = field(default=0.0, compare=False)  # this game's time on its worker

    def credit(self, seat: int) -> float:
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


@dataclass
class MatchResults:
    players: int
    games: int
    seed: int
    types: dict[str, TypeResult]
    by_seat: list[float]  # win credit per seat index, whoever sat there
    decisions: int = 0
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)
    records: list[GameRecord] = field(default_factory=list)

    def win_rate(self, label: str) -> float:
        return self.types[label].win_rate

    def fair_share(self, label: str) -> float:
        return self.types[label].seats / self.players

    def interval(self, label: str, level: float = 0.95,
                 method: str = "wilson") -> tuple[float, float]:
        """The win share's interval, (low, high): Wilson's by default, "exact" for
        Clopper-Pearson's (shared wins as credit, as `TypeResult.interval`)."""
        t = self.types[label]
        if not t.games:
            return 0.0, 1.0
        from ..probability.intervals import credit_interval  # SciPy: only when asked
        return credit_interval(t.wins, t.games, level, method)

    def ratings(self) -> dict[str, tuple[float, float]]:
        """OpenSkill (Plackett-Luce) rating per lineup slot, as (mu, sigma), from the games
        in order: winners share first place, everyone else shares second."""
        return openskill_ratings(self.records, slot_names(self.records))

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players, "games": self.games, "seed": self.seed,
            "decisions": self.decisions, "seconds": round(self.seconds, 3),
            "types": {k: {"seats": t.seats, "wins": t.wins, "outright": t.outright,
                          "win_rate": t.win_rate, "interval": list(t.interval),
                          "fair_share": self.fair_share(k)}
                      for k, t in self.types.items()},
            "seat_win_rate": [w / self.games if self.games else 0.0 for w in self.by_seat],
        }

    def table(self) -> str:
        rows = ["| bot | seats | win rate | 95% interval | fair share | outright wins |",
                "|---|---:|---:|---:|---:|---:|"]
        for k, t in self.types.items():
            low, high = t.interval
            rows.append(f"| {k} | {t.seats} | {t.win_rate:.1%} | {low:.1%} to {high:.1%} | "
                        f"{self.fair_share(k):.1%} | {t.outright} |")
        return "\n".join(rows)

    def __str__(self) -> str:
        rates = ", ".join(f"{k} {t.win_rate:.1%} (fair {self.fair_share(k):.0%})"
                          for k, t in self.types.items())
        return f"{self.games} games, {self.players} players: {rates}"


def label_of(agent: object) -> str:
    return str(getattr(agent, "name", None) or type(agent).__name__)


def slot_names(records: Sequence[GameRecord]) -> list[str]:
    """A name per lineup slot: the bot's label, numbered where a label repeats."""
    if not records:
        return []
    first = records[0]
    by_slot = [""] * len(first.slots)
    for seat, slot in enumerate(first.slots):
        by_slot[slot] = first.labels[seat]
    names = []
    for slot, label in enumerate(by_slot):
        same = [s for s, lab in enumerate(by_slot) if lab == label]
        names.append(label if len(same) == 1 else f"{label} {same.index(slot) + 1}")
    return names


def openskill_ratings(records: Iterable[GameRecord],
                      names: Sequence[str]) -> dict[str, tuple[float, float]]:
    """OpenSkill's Plackett-Luce model (a maintained library, not our own arithmetic)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=n) for n in names]
    for rec in sorted(records, key=lambda r: r.index):
        seated = [ratings[slot] for slot in rec.slots]
        ranks = [1.0 if seat in rec.winners else 2.0 for seat in range(len(rec.slots))]
        new = model.rate([[r] for r in seated], ranks=ranks)
        for slot, team in zip(rec.slots, new, strict=True):
            ratings[slot] = team[0]
    return {n: (r.mu, r.sigma) for n, r in zip(names, ratings, strict=True)}


def tally(records: Iterable[GameRecord], players: int, games: int, seed: int,
          seconds: float = 0.0) -> MatchResults:
    """Win credit per bot type and per seat, added up in game order (the same floats
    whatever order the games finished in)."""
    ordered = sorted(records, key=lambda r: r.index)
    types: dict[str, TypeResult] = {}
    by_seat = [0.0] * players
    results = MatchResults(players, games, seed, types, by_seat, seconds=seconds,
                           records=ordered)
    for rec in ordered:
        labels = rec.labels
        for lab in dict.fromkeys(labels):
            types.setdefault(lab, TypeResult(lab, labels.count(lab))).games += 1
        for w in rec.winners:
            credit = 1.0 / len(rec.winners)
            types[labels[w]].wins += credit
            by_seat[w] += credit
            if len(rec.winners) == 1:
                types[labels[w]].outright += 1
        results.decisions += rec.decisions
        results.lengths.append(rec.decisions)
    return results


def _lineup(agents_factory: LineupFactory | Sequence[AgentFactory], seed: int,
            players: int) -> list[Agent]:
    if callable(agents_factory):
        agents = list(agents_factory(seed))
    else:
        agents = [make(seed * 16 + slot) for slot, make in enumerate(agents_factory)]
    if len(agents) != players:
        raise ValueError(f"the lineup has {len(agents)} agents for {players} seats")
    return agents


def deal_of(seed: int, block: int) -> int:
    """The game seed of a block's deal."""
    return (seed * 1_000_003 + block * 7_919) % (2**31)


def play_game(agents_factory: LineupFactory | Sequence[AgentFactory], players: int,
              seed: int, k: int, new_game: Callable[..., Game],
              options: dict[str, Any]) -> GameRecord:
    """Game number `k` of a tournament seeded `seed` (the same game wherever it runs)."""
    start = time.perf_counter()
    block, shift = divmod(k, players)
    deal = deal_of(seed, block)
    lineup = _lineup(agents_factory, deal * players + shift, players)
    labels = [label_of(a) for a in lineup]
    # rotate: lineup slot j sits in seat (j + shift) % players
    seated: list[Any] = [None] * players
    seat_label = [""] * players
    seat_slot = [0] * players
    for j, agent in enumerate(lineup):
        seat = (j + shift) % players
        seated[seat], seat_label[seat], seat_slot[seat] = agent, labels[j], j
    game = play(new_game(players=players, seed=deal, **options), seated)
    out = game.outcome()
    scores = tuple(out.scores) if out is not None else tuple(game.scores())
    return GameRecord(k, deal, tuple(seat_label), tuple(seat_slot), tuple(game.winners()),
                      scores, len(game.history), time.perf_counter() - start)


def play_games(agents_factory: LineupFactory | Sequence[AgentFactory], players: int,
               seed: int, indexes: Sequence[int], new_game: Callable[..., Game],
               options: dict[str, Any]) -> list[GameRecord]:
    """One task: several games of the tournament (a worker runs this)."""
    return [play_game(agents_factory, players, seed, k, new_game, options) for k in indexes]


def _default_new_game() -> Callable[..., Game]:
    from ..village_pillage import new_game

    return new_game


def local_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A process pool over this machine's cores. Its workers start from a fresh
    single-threaded server process (forkserver), never as forks of a kernel that runs
    threads."""
    import multiprocessing

    return ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1,
                               mp_context=multiprocessing.get_context("forkserver"))


def as_executor(executor: object) -> Executor | None:
    """A concurrent.futures Executor for `executor`: itself, or a Dask client's."""
    if executor is None or isinstance(executor, Executor):
        return executor
    get_executor = getattr(executor, "get_executor", None)  # a distributed.Client
    if get_executor is not None:
        return get_executor(pure=False)
    raise TypeError(f"executor must be a concurrent.futures.Executor, a Dask "
                    f"distributed.Client, {LOCAL!r} or None; got {type(executor).__name__}")


def _check_pickles(what: str, value: object) -> None:
    try:
        pickle.dumps(value)
    except Exception as exc:  # noqa: BLE001 - any pickling failure gets the same advice
        raise ValueError(
            f"the {what} must pickle to run in other processes (a bot class, a "
            "functools.partial of one or a module-level function; not a lambda or a "
            f"local function): {exc}. Pass executor=None to play in this process."
        ) from None


class MatchRun:
    """A tournament submitted block by block: `collect()` returns the games finished so
    far (without waiting, or up to `timeout` seconds), `results()` tallies them in game
    order, `stop()` cancels what has not started. Close it (or use `with`) to shut down a
    pool it made."""

    def __init__(self, agents_factory: LineupFactory | Sequence[AgentFactory], games: int,
                 players: int, seed: int = 0, *, new_game: Callable[..., Game] | None = None,
                 executor: Any = LOCAL, **options: Any) -> None:
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games must be at least 1, got {games}")
        self.players, self.games, self.seed = players, games, seed
        self.new_game = new_game or _default_new_game()
        self.options = options
        self.records: list[GameRecord] = []
        self.stopped = False
        self._start = time.perf_counter()
        self._end: float | None = None
        blocks = [list(range(b, min(b + players, games))) for b in range(0, games, players)]
        self._owned: Executor | None = None
        if executor == LOCAL:
            executor = self._owned = local_pool()
        self._executor = as_executor(executor)
        if self._executor is None:  # in this process: one block per collect()
            self._blocks = blocks
            self._agents = agents_factory
            self._pending: set[Future] = set()
            return
        _check_pickles("lineup", agents_factory)
        _check_pickles("new_game function", self.new_game)
        self._blocks = []
        self._pending = {self._executor.submit(play_games, agents_factory, players, seed,
                                               block, self.new_game, options)
                         for block in blocks}

    @property
    def done(self) -> bool:
        return self.stopped or (not self._pending and not self._blocks)

    def collect(self, timeout: float | None = 0.0) -> list[GameRecord]:
        """The games finished since the last call. In this process, plays the next block;
        with an executor, waits at most `timeout` seconds for one more block to finish
        (None: as long as it takes; 0: not at all)."""
        new: list[GameRecord] = []
        if self.stopped:
            return new
        if self._executor is None:
            if self._blocks:
                new = play_games(self._agents, self.players, self.seed, self._blocks.pop(0),
                                 self.new_game, self.options)
        elif self._pending:
            try:
                finished, self._pending = wait(self._pending, timeout=timeout,
                                               return_when=FIRST_COMPLETED)
            except FutureTimeout:  # (a Dask executor's wait may raise instead)
                finished = set()
            for f in finished:
                new.extend(f.result())
        new.sort(key=lambda r: r.index)
        self.records.extend(new)
        self.records.sort(key=lambda r: r.index)  # game order, however they finished
        if self.done and self._end is None:
            self._end = time.perf_counter()
        return new

    def run(self) -> MatchResults:
        """Wait for every game and tally them."""
        while not self.done:
            self.collect(timeout=None)
        return self.results()

    def stop(self) -> None:
        """Cancel the games not yet started; those finished stay in `records`."""
        for f in self._pending:
            f.cancel()
        self._pending = set()
        self._blocks = []
        self.stopped = True
        if self._end is None:
            self._end = time.perf_counter()

    def results(self) -> MatchResults:
        end = self._end if self._end is not None else time.perf_counter()
        return tally(self.records, self.players, len(self.records), self.seed,
                     end - self._start)

    def close(self) -> None:
        if not self.done:
            self.stop()
        if self._owned is not None:
            self._owned.shutdown(wait=True, cancel_futures=True)
            self._owned = None

    def __enter__(self) -> MatchRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_matches(agents_factory: LineupFactory | Sequence[AgentFactory], games: int,
                players: int, seed: int = 0, *, new_game: Callable[..., Game] | None = None,
                executor: Any = LOCAL, **options: Any) -> MatchResults:
    """Play `games` games and tally win credit per bot type (see the module doc).

    `new_game(players=..., seed=..., **options)` makes each game (Village Pillage by
    default). Agents are built afresh for every game with seeds derived from `seed`.
    `executor`: `LOCAL` (a process pool over this machine's cores), a
    `concurrent.futures.Executor`, a Dask `distributed.Client`, or None (this process).
    """
    with MatchRun(agents_factory, games, players, seed, new_game=new_game,
                  executor=executor, **options) as run:
        return run.run()
