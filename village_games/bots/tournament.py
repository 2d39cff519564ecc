"""Many seeded games between bots, with seats rotated so that no bot profits from its seat.

    from village_games.bots import PillageBot, RandomBot
    from village_games.bots.tournament import run_matches
    res = run_matches([PillageBot, RandomBot], games=200, players=2, seed=1)
    print(res.table())            # Markdown: win share per bot type
    res.win_rate("Pillage")       # share of games won by the Pillage seat(s), ties split

The lineup is one agent factory per seat (`factory(seed) -> Agent`; a bot class will do),
or one callable `factory(seed) -> [agent, ...]` that builds the whole lineup. Games come in
blocks of `players`: every block deals one game seed and plays it once per rotation of the
lineup, so each bot type sits in every seat on the same deal (duplicate style), which
cancels both seat bias and the luck of the deal. Keep `games` a multiple of `players`.
Everything is deterministic for a given `seed`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game
from ..core.play import play
from ..core.seat import Agent

AgentFactory = Callable[[int], Agent]
LineupFactory = Callable[[int], Sequence[Agent]]


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

    def win_rate(self, label: str) -> float:
        return self.types[label].win_rate

    def fair_share(self, label: str) -> float:
        return self.types[label].seats / self.players

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


def label_of(agent: Any) -> str:
    return str(getattr(agent, "name", None) or type(agent).__name__)


def _lineup(agents_factory: LineupFactory | Sequence[AgentFactory], seed: int,
            players: int) -> list[Agent]:
    if callable(agents_factory):
        agents = list(agents_factory(seed))
    else:
        agents = [make(seed * 16 + slot) for slot, make in enumerate(agents_factory)]
    if len(agents) != players:
        raise ValueError(f"the lineup has {len(agents)} agents for {players} seats")
    return agents


def run_matches(agents_factory: LineupFactory | Sequence[AgentFactory], games: int,
                players: int, seed: int = 0, *, new_game: Callable[..., Game] | None = None,
                **options: Any) -> MatchResults:
    """Play `games` games and tally win credit per bot type (see the module doc).

    `new_game(players=..., seed=..., **options)` makes each game (Village Pillage by
    default). Agents are built afresh for every game with seeds derived from `seed`.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if new_game is None:
        from ..village_pillage import new_game as vp_new_game
        new_game = vp_new_game
    types: dict[str, TypeResult] = {}
    by_seat = [0.0] * players
    results = MatchResults(players, games, seed, types, by_seat)
    start = time.perf_counter()
    for k in range(games):
        block, shift = divmod(k, players)
        deal = (seed * 1_000_003 + block * 7_919) % (2**31)
        lineup = _lineup(agents_factory, deal * players + shift, players)
        labels = [label_of(a) for a in lineup]
        if not types:
            for lab in labels:
                types.setdefault(lab, TypeResult(lab, labels.count(lab)))
        # rotate: lineup slot j sits in seat (j + shift) % players
        seated: list[Any] = [None] * players
        seat_label = [""] * players
        for j, agent in enumerate(lineup):
            seated[(j + shift) % players] = agent
            seat_label[(j + shift) % players] = labels[j]
        game = play(new_game(players=players, seed=deal, **options), seated)
        winners = game.winners()
        for lab in set(labels):
            types.setdefault(lab, TypeResult(lab, labels.count(lab))).games += 1
        for w in winners:
            credit = 1.0 / len(winners)
            types[seat_label[w]].wins += credit
            by_seat[w] += credit
            if len(winners) == 1:
                types[seat_label[w]].outright += 1
        results.decisions += len(game.history)
        results.lengths.append(len(game.history))
    results.seconds = time.perf_counter() - start
    return results
