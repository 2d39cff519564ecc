"""Invariant soak: thousands of seeded random games per engine through the shared harness.

The test suite runs the harness (`village_games.core.invariants.run_playouts`) on a few
hundred games so CI stays quick; this runs it on many more, per engine and player count,
and reports games, decisions, the time taken and the first broken invariant (with its
seed, so it can be replayed). Not a test: nothing here is timed against a target.

    .venv/bin/python benchmarks/invariant_soak.py [--games 250] [--deep-every 97]
                                                  [--game villagers] [--first-seed 0]
                                                  [--out results.json]

Writes benchmarks/results/invariant_soak.json. Exit status 1 when an invariant broke.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from village_games.core.invariants import InvariantBroken, run_playouts  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "invariant_soak.json"
# engine packages to soak when present (the later games join as they land)
ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")
# options besides the player count, per seed: every mode gets its share of the games
MODES = {"villagers_and_villains": lambda seed: {"advanced": seed % 2 == 1}}


def engines(only: str | None) -> list[tuple[str, object]]:
    """(name, module) for every engine package that exists (or just `only`)."""
    found = []
    for name in ENGINES if only is None else (only,):
        try:
            module = importlib.import_module(f"village_games.{name}")
        except ModuleNotFoundError:
            if only is not None:
                raise SystemExit(f"no engine package village_games.{name}") from None
            continue
        if hasattr(module, "new_game"):
            found.append((name, module))
    return found


def player_counts(module: object) -> range:
    info = module.new_game(seed=0).info  # type: ignore[attr-defined]
    return range(max(2, info.min_players), info.max_players + 1)


def soak(name: str, module: object, players: int, seeds: range, deep_every: int) -> dict:
    mode = MODES.get(name, lambda seed: {})
    start = time.perf_counter()
    cpu = time.process_time()
    try:
        stats = run_playouts(module.new_game, seeds,  # type: ignore[attr-defined]
                             options=lambda s: {"players": players, **mode(s)},
                             deep_every=deep_every)
    except InvariantBroken as exc:
        return {"players": players, "games": len(seeds), "broken": str(exc)[:500],
                "seconds": round(time.perf_counter() - start, 1)}
    lengths = sorted(stats.lengths)
    return {"players": players, "games": stats.games, "finished": stats.finished,
            "decisions": stats.decisions, "illegal_actions_refused": stats.illegal_checked,
            "decisions_per_game": {"min": lengths[0], "median": lengths[len(lengths) // 2],
                                   "max": lengths[-1]},
            "broken": None, "seconds": round(time.perf_counter() - start, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=250, help="games per player count")
    parser.add_argument("--deep-every", type=int, default=97,
                        help="round-trip, clone and refusal checks every n-th decision")
    parser.add_argument("--game", choices=ENGINES, help="only this engine")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the JSON goes")
    args = parser.parse_args()
    if args.games < 1 or args.deep_every < 1:
        parser.error("--games and --deep-every must be at least 1")
    seeds = range(args.first_seed, args.first_seed + args.games)
    rows = []
    print("| engine | players | games | decisions | refused | broken | s |")
    print("|---|---:|---:|---:|---:|---|---:|")
    for name, module in engines(args.game):
        for players in player_counts(module):
            row = {"engine": name, **soak(name, module, players, seeds, args.deep_every)}
            rows.append(row)
            print(f"| {name} | {players} | {row['games']} | {row.get('decisions', '-')} | "
                  f"{row.get('illegal_actions_refused', '-')} | {row['broken'] or 'none'} | "
                  f"{row['seconds']} |", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "invariant_soak", "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "games_per_player_count": args.games, "deep_every": args.deep_every,
        "first_seed": args.first_seed, "load_average_at_end": os.getloadavg(),
        "results": rows}, indent=2) + "\n")
    return 1 if any(r["broken"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
