"""How long a player waits for the coach: `advise()` time per decision. Not a test.

For 2, 3 and 5 players, plays random games and times the coach at every plan decision a
seat faces (both opponent models), reporting median / p90 / max ms and how often the
answer was exact (every combination played out, no coin flip). Writes
benchmarks/results/coach_speed.json.

    .venv/bin/python benchmarks/coach_speed.py [--games 4]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from village_games import village_pillage  # noqa: E402
from village_games.village_pillage.coach import MODELS, advise  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "coach_speed.json"


def measure(players: int, games: int, model: str) -> dict:
    ms: list[float] = []
    exact = enumerated = 0
    rng = random.Random(players)
    for seed in range(games):
        g = village_pillage.new_game(players=players, seed=500 + seed)
        while not g.is_over():
            seat = g.to_act()[0]
            if g.phase == "plan":
                t0 = time.perf_counter()
                advice = advise(g, seat, model)
                ms.append((time.perf_counter() - t0) * 1e3)
                exact += advice.exact
                enumerated += advice.enumerated
            g.apply(seat, rng.choice(g.legal_actions(seat)))
    q = statistics.quantiles(ms, n=10)
    return {"players": players, "model": model, "decisions": len(ms),
            "median_ms": statistics.median(ms), "p90_ms": q[-1], "max_ms": max(ms),
            "exact_share": exact / len(ms), "enumerated_share": enumerated / len(ms)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args()
    rows = [measure(p, args.games, m) for p in (2, 3, 5) for m in MODELS]
    print("| players | model | decisions | median ms | p90 ms | max ms | exact "
          "| all combinations |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['players']} | {r['model']} | {r['decisions']} | {r['median_ms']:.0f} | "
              f"{r['p90_ms']:.0f} | {r['max_ms']:.0f} | {r['exact_share']:.0%} | "
              f"{r['enumerated_share']:.0%} |")
    load = os.getloadavg()[0]
    print(f"\nload average {load:.2f}")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"when": datetime.now(UTC).isoformat(), "load": load,
                                   "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
