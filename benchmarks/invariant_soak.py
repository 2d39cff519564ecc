"""Invariant soak: thousands of seeded random games per engine through the shared harness.

The test suite runs the harness (`village_games.core.invariants.run_playouts`) on a few
hundred games so CI stays quick; this runs it on many more, per engine and player count,
and reports games, decisions, the time taken and the first broken invariant (with its
seed, so it can be replayed). Not a test: nothing here is timed against a target.

    .venv/bin/python benchmarks/invariant_soak.py [--games 250] [--deep-every 97]
                                                  [--game villagers] [--first-seed 0]
                                                  [--out results.json]

Writes benchmarks/results/invariant_soak.json. Exit status 1 when an invariant broke.
With `--villagers-expansions`, it soaks Villagers with every combination of the Kickstarter
expansions instead (each at every player count it allows) and writes
benchmarks/results/villagers_expansions_soak.json. With `--villages-expansions`, it soaks
Villages (whole games) with every combination of its expansion options and writes
benchmarks/results/villages_expansions_soak.json. With `--villagers-solo`, it soaks the
Villagers solo mode (Beginner, normal and Hard in turn) and writes
benchmarks/results/villagers_solo_soak.json.
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
EXPANSION_RESULTS = ROOT / "benchmarks" / "results" / "villagers_expansions_soak.json"
SOLO_RESULTS = ROOT / "benchmarks" / "results" / "villagers_solo_soak.json"
VILLAGES_EXPANSION_RESULTS = ROOT / "benchmarks" / "results" / "villages_expansions_soak.json"
# engine packages to soak when present (the later games join as they land)
ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")
# options besides the player count, per seed: every mode gets its share of the games
MODES = {"villagers_and_villains": lambda seed: {"advanced": seed % 2 == 1},
         # (only 1-player Villagers games take a solo mode: Beginner, normal, Hard by seed)
         "villagers_solo": lambda seed: {"solo_mode": ("beginner", "normal", "hard")[seed % 3]}}


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
    mode = MODES.get(name if players > 1 else f"{name}_solo", lambda seed: {})
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


def soak_expansions(games: int, first_seed: int, deep_every: int) -> list[dict]:
    """Villagers with every combination of expansions, `games` per combination, spread
    over the player counts the combination allows."""
    import itertools

    from village_games import villagers
    from village_games.villagers.expansions import EXPANSIONS, PLAYERS

    rows = []
    for r in range(1, len(EXPANSIONS) + 1):
        for combo in itertools.combinations(EXPANSIONS, r):
            lo = max(PLAYERS[c][0] for c in combo)
            hi = min(PLAYERS[c][1] for c in combo)
            seeds = range(first_seed, first_seed + games)
            start = time.perf_counter()

            def options(seed: int, combo: tuple = combo, lo: int = lo, hi: int = hi) -> dict:
                return {"players": lo + seed % (hi - lo + 1), "expansions": list(combo)}

            row: dict = {"engine": "villagers", "expansions": list(combo),
                         "players": f"{lo}-{hi}", "games": games}
            try:
                stats = run_playouts(villagers.new_game, seeds, options=options,
                                     deep_every=deep_every)
            except InvariantBroken as exc:
                row.update(broken=str(exc)[:500])
            else:
                row.update(finished=stats.finished, decisions=stats.decisions,
                           illegal_actions_refused=stats.illegal_checked, broken=None)
            row["seconds"] = round(time.perf_counter() - start, 1)
            print(f"| {'+'.join(combo)} | {row['players']} | {games} | "
                  f"{row.get('decisions', '-')} | {row['broken'] or 'none'} | "
                  f"{row['seconds']} |", flush=True)
            rows.append(row)
    return rows


def soak_villages_expansions(games: int, first_seed: int, deep_every: int) -> list[dict]:
    """Villages with every combination of its expansion options (Location cards, Dark and
    Light cards, dual-colour cards), `games` whole games per combination, 2-5 players."""
    import itertools

    from village_games import villages

    rows = []
    flags = ("locations", "dark_light", "dual")
    for r in range(1, len(flags) + 1):
        for combo in itertools.combinations(flags, r):
            start = time.perf_counter()

            def options(seed: int, combo: tuple = combo) -> dict:
                return {"players": 2 + seed % 4, **dict.fromkeys(combo, True)}

            row: dict = {"engine": "villages", "expansions": list(combo), "players": "2-5",
                         "games": games}
            try:
                stats = run_playouts(villages.new_game, range(first_seed, first_seed + games),
                                     options=options, deep_every=deep_every)
            except InvariantBroken as exc:
                row.update(broken=str(exc)[:500])
            else:
                row.update(finished=stats.finished, decisions=stats.decisions,
                           illegal_actions_refused=stats.illegal_checked, broken=None)
            row["seconds"] = round(time.perf_counter() - start, 1)
            print(f"| {'+'.join(combo)} | {games} | {row.get('decisions', '-')} | "
                  f"{row['broken'] or 'none'} | {row['seconds']} |", flush=True)
            rows.append(row)
    return rows


def soak_solo(games: int, first_seed: int, deep_every: int) -> list[dict]:
    """Villagers solo games against the Countess, the three modes in turn by seed."""
    from village_games import villagers

    modes = ("beginner", "normal", "hard")
    # (soak plays 1-player games; the mode comes from MODES["villagers_solo"], by seed)
    row = soak("villagers", villagers, 1, range(first_seed, first_seed + games), deep_every)
    return [{"engine": "villagers", "solo_modes": list(modes), **row}]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=250, help="games per player count")
    parser.add_argument("--deep-every", type=int, default=97,
                        help="round-trip, clone and refusal checks every n-th decision")
    parser.add_argument("--game", choices=ENGINES, help="only this engine")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="where the JSON goes")
    parser.add_argument("--villagers-expansions", action="store_true",
                        help="soak Villagers with every combination of its expansions")
    parser.add_argument("--villagers-solo", action="store_true",
                        help="soak the Villagers solo mode (1 player against the Countess)")
    parser.add_argument("--villages-expansions", action="store_true",
                        help="soak Villages with every combination of its expansion options "
                             "(whole games)")
    args = parser.parse_args()
    if args.games < 1 or args.deep_every < 1:
        parser.error("--games and --deep-every must be at least 1")
    if args.villages_expansions:
        print("| expansions | games | decisions | broken | s |")
        print("|---|---:|---:|---|---:|")
        rows = soak_villages_expansions(args.games, args.first_seed, args.deep_every)
        return write_results(args.out or VILLAGES_EXPANSION_RESULTS,
                             "villages_expansions_soak", args, rows, "games_per_combination")
    if args.villagers_expansions:
        print("| expansions | players | games | decisions | broken | s |")
        print("|---|---|---:|---:|---|---:|")
        rows = soak_expansions(args.games, args.first_seed, args.deep_every)
        return write_results(args.out or EXPANSION_RESULTS, "villagers_expansions_soak", args,
                             rows, "games_per_combination")
    if args.villagers_solo:
        rows = soak_solo(args.games, args.first_seed, args.deep_every)
        print(json.dumps(rows, indent=1))
        return write_results(args.out or SOLO_RESULTS, "villagers_solo_soak", args, rows,
                             "games")
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
    return write_results(args.out or RESULTS, "invariant_soak", args, rows,
                         "games_per_player_count")


def write_results(out: Path, benchmark: str, args: argparse.Namespace, rows: list[dict],
                  games_key: str) -> int:
    """Write one soak's JSON; exit status 1 if any game broke."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "benchmark": benchmark, "when": datetime.now(UTC).isoformat(timespec="seconds"),
        games_key: args.games, "deep_every": args.deep_every,
        "first_seed": args.first_seed, "load_average_at_end": os.getloadavg(),
        "results": rows}, indent=2) + "\n")
    return 1 if any(r["broken"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
