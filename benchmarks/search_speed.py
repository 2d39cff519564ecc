"""The search bot's speed: iterations per second for every engine. Not a test.

For each engine (3 players by default): games played by the game's heuristic bots, and
at every k-th decision with a real choice the search bot thinks from that seat with a
fixed number of iterations; reported are iterations per second over all those searches
(the target: at least 1,000 at 3 players, so that the default 1,000 iterations take about
a second in the play app), and the median and 90th percentile of one decision's time at
the default budget. Also each rate as a ratio to the fixed pure-Python reference workload
of engine_speed.py timed beside it, since this 2-core machine is shared.

    .venv/bin/python benchmarks/search_speed.py [--players 3] [--games 3] [--every 5]
        [--iterations 1000] [--game villages] [--out other.json]

Writes benchmarks/results/search_speed.json and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from engine_speed import reference_loops_per_s  # noqa: E402

from village_games.bots import SearchBot  # noqa: E402
from village_games.bots.lineups import HEURISTIC  # noqa: E402
from village_games.core import SeatView  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "search_speed.json"
TARGET = 1000
ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")


def measure(engine: str, players: int, games: int, every: int, iterations: int) -> dict:
    module = importlib.import_module(f"village_games.{engine}")
    heuristic = HEURISTIC[engine]
    seconds: list[float] = []
    done = 0
    ref = reference_loops_per_s()
    for seed in range(games):
        g = module.new_game(players=players, seed=900 + seed)
        bots = [heuristic(seed=seed * 10 + s) for s in range(players)]
        k = 0
        while not g.is_over():
            seat = g.to_act()[0]
            view = SeatView(g, seat)
            if len(g.legal_actions(seat)) > 1:
                k += 1
                if k % every == 0:
                    thought = SearchBot(seed=k, iterations=iterations).think(view)
                    seconds.append(thought.seconds)
                    done += thought.iterations
            g.apply(seat, bots[seat].act(view))
    ref = (ref + reference_loops_per_s()) / 2
    rate = done / sum(seconds)
    q = statistics.quantiles(seconds, n=10)
    return {"engine": engine, "players": players, "searches": len(seconds),
            "iterations": iterations, "iterations_per_s": round(rate),
            "per_reference": round(rate / ref, 4),
            "median_decision_s": round(statistics.median(seconds), 3),
            "p90_decision_s": round(q[-1], 3), "meets_target": rate >= TARGET}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--every", type=int, default=5, help="search at every k-th real choice")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--game", choices=ENGINES)
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    random.seed(0)
    load_before = os.getloadavg()[0]
    rows = [measure(e, args.players, args.games, args.every, args.iterations)
            for e in ENGINES if args.game in (None, e)]
    load_after = os.getloadavg()[0]
    print(f"| engine | players | searches | iterations/s | per reference | decision s "
          f"(median / p90) at {args.iterations} | target {TARGET}/s |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['engine']} | {r['players']} | {r['searches']} | {r['iterations_per_s']:,} | "
              f"{r['per_reference']} | {r['median_decision_s']} / {r['p90_decision_s']} | "
              f"{'met' if r['meets_target'] else 'missed'} |")
    print(f"\nload average {load_before:.2f} before, {load_after:.2f} after")
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps({
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_before": load_before, "load_after": load_after, "cpus": os.cpu_count(),
        "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"({time.perf_counter() - t0:.0f} s)")
