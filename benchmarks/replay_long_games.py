"""Opening a long game in the replay: time and memory of a timeline. Not a test.

Five Villages bots play the longest games of any engine here (seed 1: 7,335 moves in 67
rounds; seed 2: 25,116 moves in 230 rounds). For each, the record is built, then the
timeline for a seat: the time to open it, the peak memory it took (tracemalloc, which
also slows the run), the time to read a step far from the last one read (replayed from
the nearest kept copy) and the next step (one action on from the last). Then the play
apps' save file of the finished game: its size (a save over `SAVE_KEEPS_LOG` leaves the
log out) and the time to load it again (replaying the moves when the log was left out).

    .venv/bin/python benchmarks/replay_long_games.py [--seeds 1 2] [--out file.json]

Writes benchmarks/results/replay_long_games.json unless --out says otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from village_games import villages  # noqa: E402
from village_games.bots import VillagesBot  # noqa: E402
from village_games.core import play  # noqa: E402
from widgets.table.save_file import checked_by_moves, log_left_out, save_text  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "replay_long_games.json"
PLAYERS = 5


def measure(seed: int) -> dict:
    g = villages.new_game(players=PLAYERS, seed=seed)
    play(g, [VillagesBot(seed=seed * 31 + s) for s in range(PLAYERS)])
    record = json.loads(json.dumps(g.record()))
    start = time.perf_counter()
    tl = villages.timeline(record, 0)
    open_s = time.perf_counter() - start
    tracemalloc.start()
    traced = villages.timeline(record, 0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del traced
    rnd = random.Random(seed)
    far = rnd.sample(range(len(tl)), 50)
    start = time.perf_counter()
    for i in far:
        tl.steps[i].obs  # noqa: B018 (read to time it)
    far_ms = (time.perf_counter() - start) / len(far) * 1000
    start = time.perf_counter()
    for i in range(1000, 1200):
        tl.steps[i].obs  # noqa: B018
    next_ms = (time.perf_counter() - start) / 200 * 1000
    text = save_text(g, ["bot"] * PLAYERS)
    start = time.perf_counter()
    save = json.loads(text)
    loaded = villages.Villages.from_dict(save["state"])
    loaded = checked_by_moves(loaded, save["state"])  # (as the table app loads every save)
    load_s = time.perf_counter() - start
    assert len(loaded.log) == len(g.log)
    return {"seed": seed, "moves": len(record["actions"]), "rounds": g.round,
            "steps": len(tl), "open_s": round(open_s, 2),
            "peak_mb": round(peak / 1e6, 1), "far_step_ms": round(far_ms, 1),
            "next_step_ms": round(next_ms, 2),
            "record_mb": round(len(json.dumps(record)) / 1e6, 2),
            "save_mb": round(len(text) / 1e6, 2), "save_log_left_out": log_left_out(save),
            "save_load_s": round(load_s, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    rows = []
    print("| seed | moves | rounds | steps | open (s) | peak MB | far step (ms) | next step (ms) "
          "| save MB | log in save | load save (s) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for seed in args.seeds:
        r = measure(seed)
        rows.append(r)
        print(f"| {r['seed']} | {r['moves']:,} | {r['rounds']} | {r['steps']:,} | {r['open_s']} |"
              f" {r['peak_mb']} | {r['far_step_ms']} | {r['next_step_ms']} | {r['save_mb']} |"
              f" {'no' if r['save_log_left_out'] else 'yes'} | {r['save_load_s']} |", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "replay_long_games", "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": PLAYERS, "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
