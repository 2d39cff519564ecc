"""Where random play's time goes: each decision's cost by phase and kind of action. Not a test.

`random_play_speed.py` says how fast an engine plays; this says where that time is spent.
It plays the same seeded games (a seat choosing uniformly among `legal_actions` by index,
quiet search copies unless `--logged`) and times each decision, the legal list and the
`apply` together, under the phase the game was in and the kind of action chosen; setup
(`new_game`, and the copy) and freeing a finished game are two more rows. When the time is
spread over many rows that each cost a few microseconds, no single rule is the
bottleneck: a faster engine then means fewer Python steps everywhere. (Each
decision's two clock reads add about 0.1 us, 1-2% of a decision.)

    .venv/bin/python benchmarks/decision_costs.py --game villagers --mode solo
        [--players 1] [--games 400] [--logged] [--top 12] [--out other.json]

Writes benchmarks/results/decision_costs.json and prints a Markdown table per case.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from random_play_speed import CASES, add_case_options, selected  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "decision_costs.json"
SETUP = ("setup", "new_game and copy")
TEARDOWN = ("teardown", "freeing the game")


def costs(name: str, players: int, options: dict, games: int, quiet: bool
          ) -> tuple[Counter, Counter]:
    """Nanoseconds and decisions per (phase, action kind) over `games` seeded games."""
    module = importlib.import_module(f"village_games.{name}")
    rnd = random.Random(players).random
    clock = time.perf_counter_ns
    spent: Counter = Counter()
    made: Counter = Counter()
    module.new_game(players=players, seed=games, **options)  # (warm: imports, card tables)
    for seed in range(games):
        start = clock()
        g = module.new_game(players=players, seed=seed, **options)
        if quiet:
            g = g.clone(keep_log=False)
        spent[SETUP] += clock() - start
        made[SETUP] += 1
        while not g.is_over():
            p = g.to_act()[0]
            phase = g.phase
            start = clock()
            acts = g.legal_actions(p)
            action = acts[int(rnd() * len(acts))]
            g.apply(p, action)
            took = clock() - start
            key = (phase, type(action).__name__)
            spent[key] += took
            made[key] += 1
        start = clock()
        del g  # (as a benchmark's game is freed when `play_one` returns)
        spent[TEARDOWN] += clock() - start
        made[TEARDOWN] += 1
    return spent, made


def rows(spent: Counter, made: Counter) -> list[dict]:
    total = sum(spent.values())
    return [{"phase": phase, "action": kind, "share": round(ns / total, 3),
             "count": made[phase, kind], "mean_us": round(ns / made[phase, kind] / 1000, 2)}
            for (phase, kind), ns in spent.most_common()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_case_options(parser)
    parser.add_argument("--games", type=int, default=400, help="games per case")
    parser.add_argument("--logged", action="store_true",
                        help="play logged games instead of quiet search copies")
    parser.add_argument("--top", type=int, default=12, help="rows printed per case")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.top < 1:
        parser.error("--top must be at least 1")
    if not any(selected(args)):
        parser.error("no case matches those options")
    results = []
    for case, label, players in selected(args):
        name, mode, options, _ = CASES[case]
        spent, made = costs(name, players, options, args.games, not args.logged)
        table = rows(spent, made)
        decisions = sum(made.values()) - made[SETUP] - made[TEARDOWN]
        results.append({"engine": name, "mode": mode, "players": players,
                        "decisions": decisions, "rows": table})
        seats = f"{players} player" + ("s" if players > 1 else "")
        print(f"\n{label}, {seats}: {decisions:,} decisions in {args.games} games")
        print("| phase | action | share of time | count | mean us |")
        print("|---|---|---:|---:|---:|")
        for row in table[:args.top]:
            print(f"| {row['phase']} | {row['action']} | {row['share']:.3f} | "
                  f"{row['count']:,} | {row['mean_us']:.2f} |", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "decision_costs",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": args.games, "play": "logged" if args.logged else "quiet",
        "results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
