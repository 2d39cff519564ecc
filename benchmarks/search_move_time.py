"""How long a search bot's move takes over whole games, at its default strength. Not a test.

For each game and seat count (2 and 3 by default): whole games with a search bot in every
seat (`SearchBot(seed=...)`, the default budget unless `--bot` says otherwise), every
decision of every bot timed: the wall clock (what a player waits) and the thread's CPU time
(what the move cost; it moves less with the machine's load). Reported per case: the
decisions, how many were searched (more than one legal move), the iterations of a searched
decision (median) and the median, 95th percentile and slowest decision, over all
decisions and over the searched ones. The target: the 95th percentile of all decisions at
most 1 s on an idle machine.

On a shared machine the wall clock says little, and even CPU time stretches (the other
processes take the caches): so random tic-tac-toe's pace in CPU time (tic_tac_toe.py, one
second before and after each case) is measured beside, and each CPU time is also given at
the idle machine's pace, `CPU s × tic-tac-toe's pace now / its pace on the idle machine`
(IDLE_TIC_TAC_TOE, docs/performance.md). That column is an estimate (the machine's own
idle pace drifts: 450,000 on 2026-12-02), so a run on an idle machine is read by its raw
clocks, which are in the record too.

    .venv/bin/python benchmarks/search_move_time.py [--game villagers] [--players 2 3]
        [--games 2] [--seed 1] [--options '{"expansions": "saints,profiteers"}']
        [--bot '{"iterations": 1000}'] [--code DIR]
        [--out benchmarks/results/search_move_time.json]

`--code DIR` imports `village_games` from DIR instead of this checkout (DIR holds a
`village_games` folder, e.g. `git archive REV village_games | tar -x -C DIR`), to measure
another revision's bot the same way. Writes the JSON record (`--out`; by default
benchmarks/results/search_move_time.json) and prints a Markdown table; the machine's load
average before and after each case is in both.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from tic_tac_toe import play_one  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "search_move_time.json"
ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")
TARGET_S = 1.0
# random tic-tac-toe decisions a second on this 2-core machine when idle (docs/performance.md)
IDLE_TIC_TAC_TOE = 750_000


def tic_tac_toe_cpu_rate(seconds: float = 1.0) -> float:
    """Random tic-tac-toe decisions per second of this thread's CPU time."""
    rnd = random.Random(0).random
    decisions = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        decisions += play_one(rnd)
    return decisions / (time.thread_time() - start)


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of `values` (the 'inclusive' method of `statistics.quantiles`)."""
    if len(values) == 1:
        return values[0]
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[round(q * 100) - 1]


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"median": round(statistics.median(values), 4),
            "p95": round(quantile(values, 0.95), 4), "max": round(max(values), 4)}


def measure(engine: str, players: int, games: int, seed: int, bot_args: dict,
            options: dict | None = None) -> dict:
    """Whole games of search bots; every decision timed."""
    from village_games.bots import SearchBot
    from village_games.core import SeatView

    module = importlib.import_module(f"village_games.{engine}")
    wall: list[float] = []
    cpu: list[float] = []
    wall_searched: list[float] = []
    cpu_searched: list[float] = []
    iterations: list[int] = []
    load_before = os.getloadavg()[0]
    pace = tic_tac_toe_cpu_rate()
    t0 = time.perf_counter()
    for game in range(games):
        g = module.new_game(players=players, seed=seed * 1000 + game, **(options or {}))
        bots = [SearchBot(seed=seed * 1000 + game * 10 + s, **bot_args)
                for s in range(players)]
        while not g.is_over():
            p = g.to_act()[0]
            view = SeatView(g, p)
            searched = len(g.legal_actions(p)) > 1
            c = time.thread_time()
            w = time.perf_counter()
            action = bots[p].act(view)
            w = time.perf_counter() - w
            c = time.thread_time() - c
            wall.append(w)
            cpu.append(c)
            thinking: Any = bots[p].thinking
            if searched:
                wall_searched.append(w)
                cpu_searched.append(c)
                if thinking is not None:
                    iterations.append(thinking.iterations)
            g.apply(p, action)
    seconds = time.perf_counter() - t0
    pace = (pace + tic_tac_toe_cpu_rate()) / 2
    idle = pace / IDLE_TIC_TAC_TOE  # this machine's CPU second, in idle seconds
    return {"engine": engine, "players": players, "options": options or {},
            "games": games, "seed": seed,
            "bot": bot_args or "default", "decisions": len(wall),
            "searched": len(wall_searched),
            "iterations_median": statistics.median(iterations) if iterations else 0,
            "iterations_min": min(iterations) if iterations else 0,
            "wall_s": summary(wall), "cpu_s": summary(cpu),
            "wall_s_searched": summary(wall_searched), "cpu_s_searched": summary(cpu_searched),
            "tic_tac_toe_cpu_rate": round(pace),
            "cpu_s_at_idle_pace": summary([c * idle for c in cpu]),
            "cpu_s_at_idle_pace_searched": summary([c * idle for c in cpu_searched]),
            "meets_target_wall": quantile(wall, 0.95) <= TARGET_S,
            "meets_target_at_idle_pace": quantile(cpu, 0.95) * idle <= TARGET_S,
            "seconds": round(seconds, 1),
            "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
            "when": datetime.now(UTC).isoformat(timespec="seconds")}


def revision(code: Path) -> str:
    if code != ROOT:
        return f"code from {code}"
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "village_games"],
                           capture_output=True, text=True).stdout.strip()
    return done.stdout.strip() + (" (with uncommitted changes)" if dirty else "")


def row_line(r: dict) -> str:
    def part(s: dict) -> str:
        return f"{s['median']:.2f} / **{s['p95']:.2f}** / {s['max']:.2f}" if s else "–"

    game = r["engine"] + (f" {json.dumps(r['options'])}" if r.get("options") else "")
    return (f"| {game} | {r['players']} | {r['decisions']} | {r['searched']} | "
            f"{r['iterations_median']:g} | {part(r['wall_s'])} | {part(r['cpu_s'])} | "
            f"{part(r['cpu_s_at_idle_pace'])} | {part(r['cpu_s_at_idle_pace_searched'])} | "
            f"{r['load_before']:.1f}–{r['load_after']:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=ENGINES, action="append")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", type=json.loads, default={},
                    help="new_game options as JSON (e.g. '{\"expansions\": \"all\"}')")
    ap.add_argument("--bot", type=json.loads, default={},
                    help="SearchBot keyword arguments as JSON (default: none, the default)")
    ap.add_argument("--code", type=Path, default=ROOT,
                    help="a folder holding the village_games to measure")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    import village_games

    print(f"village_games from {Path(village_games.__file__).parent}", flush=True)
    rows = []
    print("| game | seats | decisions | searched | iterations (median, searched) | wall s "
          "(median / p95 / max) | CPU s | CPU s at idle pace | the same, searched only | "
          "load average |")
    print("|---|---:|---:|---:|---:|---|---|---|---|---|", flush=True)
    code = revision(args.code.resolve())
    for engine in args.game or ENGINES:
        for players in args.players:
            row = measure(engine, players, args.games, args.seed, args.bot, args.options)
            rows.append(row)
            print(row_line(row), flush=True)
            args.out.parent.mkdir(exist_ok=True)  # (after every case: a long run stopped
            args.out.write_text(json.dumps({  # early keeps what it measured)
                "benchmark": "search_move_time", "code": code, "cpus": os.cpu_count(),
                "python": sys.version.split()[0], "target_s": TARGET_S,
                "idle_tic_tac_toe": IDLE_TIC_TAC_TOE, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
