"""Speed of the matrix-game tools (village_games.probability) the lessons call. Not a test.

Measures, with a pre-seeded generator so every run solves the same games:
- `solve_zero_sum` on the 8-number guessing game (`np.eye(8)`): full support, so support
  enumeration tries every smaller square support first (the worst case at 8x8);
- `solve_zero_sum` on 10 random 8x8 games with normal payoffs (seed 2024), and on 10 random
  8x8 games with small integer payoffs (many ties and degenerate games; no target);
- `fictitious_play` for 10,000 rounds on a random 4x4 game (seed 7).

Each case runs once untimed (warm-up), then call by call with `perf_counter`: median and
max ms per call. Targets (the limits the tests used to assert, moved here because speed is
measured, never asserted in tests): the guessing game in <= 2 s, the 10 random normal games
in <= 5 s together, and 10,000 fictitious-play rounds in <= 1 s. Prints a Markdown table
and writes benchmarks/results/probability_speed.json; a missed target is a result, not an
error.

    .venv/bin/python benchmarks/probability_speed.py [--repeats 20] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from village_games.probability import fictitious_play, solve_zero_sum  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "probability_speed.json"
FP_ROUNDS = 10_000
RANDOM_GAMES = 10


def time_calls(calls: list[Callable[[], object]], repeats: int) -> list[float]:
    """ms per call: every call once untimed, then each timed `repeats` times."""
    for call in calls:
        call()
    ms = []
    for _ in range(repeats):
        for call in calls:
            t0 = time.perf_counter()
            call()
            ms.append((time.perf_counter() - t0) * 1e3)
    return ms


def solve_all(games: list[np.ndarray]) -> Callable[[], None]:
    def run() -> None:
        for game in games:
            solve_zero_sum(game)
    return run


def cases(repeats: int) -> dict[str, dict]:
    rng = np.random.default_rng(2024)
    normal = [rng.normal(size=(8, 8)) for _ in range(RANDOM_GAMES)]
    rng = np.random.default_rng(2025)
    integer = [rng.integers(-3, 4, size=(8, 8)).astype(float) for _ in range(RANDOM_GAMES)]
    fp_game = np.random.default_rng(7).normal(size=(4, 4))
    guess = np.eye(8)

    out: dict[str, dict] = {}

    def row(name: str, ms: list[float], per: str, target_ms: float | None,
            target_of: str, measured_ms: float, **extra: float) -> None:
        out[name] = {
            "calls": len(ms), "per": per, "median_ms": statistics.median(ms), "max_ms": max(ms),
            "target_ms": target_ms, "target_of": target_of, "measured_for_target_ms": measured_ms,
            "met": None if target_ms is None else measured_ms <= target_ms, **extra,
        }

    ms = time_calls([lambda: solve_zero_sum(guess)], repeats)
    row("solve_zero_sum guessing game 8x8 (eye)", ms, "solve", 2_000.0, "max solve", max(ms))

    ms = time_calls([lambda g=g: solve_zero_sum(g) for g in normal], max(1, repeats // 4))
    batch = time_calls([solve_all(normal)], max(1, repeats // 4))
    row(f"solve_zero_sum {RANDOM_GAMES} random normal 8x8", ms, "solve", 5_000.0,
        f"max time for all {RANDOM_GAMES}", max(batch),
        all_games_median_ms=statistics.median(batch))

    ms = time_calls([lambda g=g: solve_zero_sum(g) for g in integer], max(1, repeats // 4))
    row(f"solve_zero_sum {RANDOM_GAMES} random integer 8x8 (ties)", ms, "solve", None, "",
        max(ms))

    ms = time_calls([lambda: fictitious_play(fp_game, FP_ROUNDS)], repeats)
    row(f"fictitious_play {FP_ROUNDS:,} rounds 4x4", ms, "run", 1_000.0, "max run", max(ms),
        rounds_per_s=FP_ROUNDS / (statistics.median(ms) / 1e3))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=20, help="timed calls per case")
    ap.add_argument("--quick", action="store_true", help="few repeats (a smoke test)")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    repeats = 4 if args.quick else max(1, args.repeats)

    rows = cases(repeats)
    lines = ["| case | timed calls | median ms | max ms | target | measured | met |",
             "|---|---:|---:|---:|---|---:|---|"]
    for name, r in rows.items():
        target = (f"{r['target_of']} <= {r['target_ms']:,.0f} ms"
                  if r["target_ms"] is not None else "none")
        met = {True: "yes", False: "**NO**", None: ""}[r["met"]]
        lines.append(f"| {name} | {r['calls']} | {r['median_ms']:.2f} | {r['max_ms']:.2f} | "
                     f"{target} | {r['measured_for_target_ms']:.1f} ms | {met} |")
    print("\n".join(lines))
    fp = next(r for r in rows.values() if "rounds_per_s" in r)
    print(f"\nfictitious play: {fp['rounds_per_s']:,.0f} rounds/s (median run)")

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    result = {
        "benchmark": "probability_speed", "module": "village_games.probability",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(), "numpy": np.__version__,
        "machine": platform.machine(), "cpus": os.cpu_count(), "load_average_at_end": load,
        "quick": args.quick, "repeats": repeats,
        "met": all(r["met"] is not False for r in rows.values()), "cases": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()
