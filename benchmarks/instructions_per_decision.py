"""Machine instructions per random-play decision, counted by valgrind. Not a test.

Wall-clock rates on a shared machine swing by ±25% between identical runs; an instruction
count does not. Each case plays the same seeded quiet games as `random_play_speed.py`
(whole games, setup included, a seat choosing uniformly among the legal actions) under
`valgrind --tool=cachegrind`, once with `--small` games and once with `--large`, and
divides the difference in instructions by the difference in decisions, so start-up and
import costs cancel. Compare two versions of the code by running this on each: fewer
instructions per decision is faster, whatever the machine is doing. (To turn a count into
a rate, divide a rate measured on a quiet moment by the ratio of the counts.)

    .venv/bin/python benchmarks/instructions_per_decision.py --game village_pillage
        [--mode basic] [--players 3] [--small 100] [--large 400] [--logged] [--out file.json]

Needs valgrind (Debian: `apt install valgrind`). Writes
benchmarks/results/instructions_per_decision.json unless --out says otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from random_play_speed import CASES  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "instructions_per_decision.json"

# The workload valgrind runs: `games` seeded games (quiet search copies, or logged games
# with `--logged`); prints the decisions made.
WORKLOAD = """
import ast, importlib, random, sys
sys.path.insert(0, "benchmarks")
from random_games import play_one
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options, quiet = ast.literal_eval(sys.argv[4]), sys.argv[5] == "quiet"
module = importlib.import_module("village_games." + name)
rnd = random.Random(players).random
print(sum(play_one(module, players, seed, options, quiet, rnd) for seed in range(games)))
"""


def count(name: str, players: int, games: int, options: dict,
          quiet: bool = True) -> tuple[int, int]:
    """(decisions, instructions) of one valgrind run."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", WORKLOAD, name, str(players), str(games), repr(options),
         "quiet" if quiet else "logged"],
        capture_output=True, text=True, check=True, cwd=ROOT)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise RuntimeError(f"valgrind gave no instruction count:\n{out.stderr[-2000:]}")
    return int(out.stdout.split()[-1]), int(refs.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted({c[0] for c in CASES}))
    parser.add_argument("--mode", choices=sorted({c[1] for c in CASES if c[1]}))
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--small", type=int, default=100, help="games in the short run")
    parser.add_argument("--large", type=int, default=400, help="games in the long run")
    parser.add_argument("--logged", action="store_true",
                        help="play logged games instead of quiet search copies")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt install valgrind)")
    if not 0 < args.small < args.large:
        parser.error("--small must be a positive number of games below --large")
    rows = []
    print("| engine | players | instructions per decision |")
    print("|---|---:|---:|")
    for name, mode, options, counts in CASES:
        if (args.game and name != args.game) or (args.mode and mode != args.mode):
            continue
        if counts is None:  # every count from 2 the engine allows
            info = importlib.import_module(f"village_games.{name}").new_game(
                players=2, seed=0, **options).info
            counts = range(max(2, info.min_players), info.max_players + 1)
        for players in counts:
            if args.players and players != args.players:
                continue
            d1, i1 = count(name, players, args.small, options, not args.logged)
            d2, i2 = count(name, players, args.large, options, not args.logged)
            per = round((i2 - i1) / (d2 - d1))
            rows.append({"engine": name, "mode": mode, "players": players,
                         "instructions_per_decision": per, "decisions": d2 - d1})
            label = f"{name} ({mode})" if mode else name
            print(f"| {label} | {players} | {per:,} |", flush=True)
    if not rows:
        parser.error("no case matches those options")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "instructions_per_decision",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": [args.small, args.large], "play": "logged" if args.logged else "quiet",
        "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
