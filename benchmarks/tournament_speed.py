"""Tournament speed: games per second for every engine with one process, the local
2-process pool and a 2-worker Dask LocalCluster. Not a test.

Each engine plays the same seeded 3-player tournament of its heuristic bots (seats
rotated) on each executor; the rows give games per second and the speed-up over one
process (the pool and the cluster each start before the clock does, as a long
tournament pays that once; a tournament one process plays in under `--seconds` is
lengthened to about that, as a short one measures the executors' overheads, not the
games). A second part times a few games of a search bot at its default budget against two
heuristic bots in one process, and from that and the pool's speed-up works out what a
10,000-game tournament of search bots costs on this machine.

    .venv/bin/python benchmarks/tournament_speed.py [--games 30] [--seconds 10]
        [--search-games 2]
        [--game villages] [--out other.json]

Writes benchmarks/results/tournament_speed.json and prints Markdown tables.
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

from village_games.bots import SearchBot  # noqa: E402
from village_games.bots.lineups import ENGINES, HEURISTIC  # noqa: E402
from village_games.bots.tournament import local_pool, run_matches  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "tournament_speed.json"
PLAYERS = 3


def timed(engine: str, lineup: list, games: int, executor) -> tuple[float, dict]:
    new_game = importlib.import_module(f"village_games.{engine}").new_game
    t0 = time.perf_counter()
    res = run_matches(lineup, games=games, players=PLAYERS, seed=1, new_game=new_game,
                      executor=executor)
    return time.perf_counter() - t0, res.to_dict() | {"seconds": 0}


def executors_row(engine: str, games: int, client, seconds: float) -> dict:
    """Games per second on each executor; a tournament that one process plays in under
    `seconds` is lengthened to about that (a short one measures the pool's overheads)."""
    lineup = [HEURISTIC[engine]] * PLAYERS
    one, ref = timed(engine, lineup, games, None)
    if one < seconds:
        games = max(games, round(games * seconds / one / PLAYERS) * PLAYERS)
        one, ref = timed(engine, lineup, games, None)
    with local_pool(2) as pool:
        pool.submit(int).result()  # the workers are up before the clock starts
        two, pooled = timed(engine, lineup, games, pool)
    dask, clustered = timed(engine, lineup, games, client)
    assert ref == pooled == clustered, "the executors disagree on a seeded tournament"
    return {"engine": engine, "players": PLAYERS, "games": games,
            "games_per_s": {"one_process": round(games / one, 2),
                            "pool_2": round(games / two, 2),
                            "dask_local_2": round(games / dask, 2)},
            "speedup": {"pool_2": round(one / two, 2), "dask_local_2": round(one / dask, 2)}}


def search_row(engine: str, games: int, speedup: float) -> dict:
    lineup = [SearchBot] + [HEURISTIC[engine]] * (PLAYERS - 1)
    seconds, _ = timed(engine, lineup, games, None)
    per_game = seconds / games
    hours = 10_000 * per_game / speedup / 3600
    return {"engine": engine, "players": PLAYERS, "games": games,
            "lineup": "SearchBot (default budget) + 2 heuristic bots",
            "seconds_per_game_one_process": round(per_game, 1),
            "hours_for_10000_games_on_the_pool": round(hours, 1),
            "cpu_hours_for_10000_games": round(10_000 * per_game / 3600, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30, help="heuristic games per executor")
    ap.add_argument("--seconds", type=float, default=10,
                    help="at least this long in one process (more games if need be)")
    ap.add_argument("--search-games", type=int, default=2)
    ap.add_argument("--game", choices=ENGINES)
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    import distributed

    load_before = os.getloadavg()[0]
    engines = [e for e in ENGINES if args.game in (None, e)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        rows = [executors_row(e, args.games, client, args.seconds) for e in engines]
    search = [search_row(r["engine"], args.search_games, r["speedup"]["pool_2"])
              for r in rows] if args.search_games else []
    load_after = os.getloadavg()[0]
    print("| engine | games | games/s, 1 process | 2-process pool | 2-worker Dask "
          "LocalCluster |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        g, s = r["games_per_s"], r["speedup"]
        print(f"| {r['engine']} | {r['games']} | {g['one_process']} | {g['pool_2']} "
              f"({s['pool_2']}×) | {g['dask_local_2']} ({s['dask_local_2']}×) |")
    if search:
        print("\n| engine | search games | s per game, 1 process | 10,000 games on the pool, "
              "hours | CPU hours |")
        print("|---|---:|---:|---:|---:|")
        for r in search:
            print(f"| {r['engine']} | {r['games']} | {r['seconds_per_game_one_process']} | "
                  f"{r['hours_for_10000_games_on_the_pool']} | "
                  f"{r['cpu_hours_for_10000_games']} |")
    print(f"\nload average {load_before:.2f} before, {load_after:.2f} after")
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps({
        "when": datetime.now(UTC).isoformat(timespec="seconds"), "cpus": os.cpu_count(),
        "load_before": load_before, "load_after": load_after, "executors": rows,
        "search": search}, indent=1) + "\n")


if __name__ == "__main__":
    main()
