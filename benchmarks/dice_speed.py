"""Monte Carlo dice for the Villagers & Villains lessons: vectorised numpy against a plain
Python loop. Not a test.

Both simulate the same question (a recruit of position 5 with 3 dice, +1 on each die) and
report dice rolled per second; the target is numpy >= 100x the loop. Best of three runs
each, the two kinds alternating; the load average is recorded with the result.

    .venv/bin/python benchmarks/dice_speed.py [--trials 1000000]

Writes benchmarks/results/dice_speed.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from village_games.probability.dice import any_reaches  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "dice_speed.json"
NEED, DICE, BONUS = 5, 3, 1
TARGET_RATIO = 100.0


def numpy_rate(trials: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    hits = any_reaches(rng, trials, NEED, DICE, BONUS)
    elapsed = time.perf_counter() - start
    return trials * DICE / elapsed, float(hits.mean())


def loop_rate(trials: int, seed: int) -> tuple[float, float]:
    randint = random.Random(seed).randint
    start = time.perf_counter()
    hits = 0
    for _ in range(trials):
        if max(randint(1, 6) for _ in range(DICE)) + BONUS >= NEED:
            hits += 1
    elapsed = time.perf_counter() - start
    return trials * DICE / elapsed, hits / trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1_000_000,
                        help="numpy trials per run (the loop runs a tenth as many)")
    args = parser.parse_args()
    if args.trials < 1000:
        parser.error("--trials must be at least 1000")
    best_np = best_loop = 0.0
    means = []
    for run in range(3):
        rate, mean = numpy_rate(args.trials, run)
        best_np, means = max(best_np, rate), [*means, mean]
        rate, mean = loop_rate(args.trials // 10, run)
        best_loop, means = max(best_loop, rate), [*means, mean]
    ratio = best_np / best_loop
    result = {"benchmark": "dice_speed", "when": datetime.now(UTC).isoformat(timespec="seconds"),
              "question": f"any of {DICE} d6 + {BONUS} reaches {NEED}",
              "numpy_dice_per_s": round(best_np), "loop_dice_per_s": round(best_loop),
              "ratio": round(ratio, 1), "target_ratio": TARGET_RATIO,
              "met": ratio >= TARGET_RATIO, "means": [round(m, 4) for m in means],
              "load_average_at_end": os.getloadavg()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"numpy {best_np:,.0f} dice/s, plain loop {best_loop:,.0f} dice/s: {ratio:.0f}x "
          f"(target {TARGET_RATIO:.0f}x; load {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
