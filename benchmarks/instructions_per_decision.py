"""Machine instructions per random-play decision, counted by valgrind. Not a test.

Wall-clock rates on a shared machine swing by ±25% between identical runs; an instruction
count does not. Each case plays the same seeded quiet games as `random_play_speed.py`
(whole games, setup included, a seat choosing uniformly among the legal actions) under
`valgrind --tool=cachegrind`, once with `--small` games and once with `--large`, and
divides the difference in instructions by the difference in decisions, so start-up and
import costs cancel. Compare two versions of the code by running this on each, or with
`--against REV` (the engines of git revision REV, checked out in a temporary worktree,
counted beside these): fewer instructions per decision is faster, whatever the machine is
doing. (To turn a count into a rate, divide a rate measured on a quiet moment by the ratio
of the counts.)

Each run first plays one logged game, as a bot's process does before it searches and as
`random_play_speed.py` does before its quiet games: an engine that keeps its state in an
instance dict (every engine before 2026-11-27) reads it faster once a logged game has set
the class's shared dict keys (Village Pillage at 3 players, before then: 64.7k
instructions a quiet decision without that game, 54.9k with it).

    .venv/bin/python benchmarks/instructions_per_decision.py --game village_pillage
        [--mode basic] [--players 3] [--small 100] [--large 400] [--logged] [--out file.json]
        [--against cc72ebc]

Needs valgrind (Debian: `apt install valgrind`). Writes
benchmarks/results/instructions_per_decision.json unless --out says otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from random_play_speed import CASES, add_case_options, selected, worktree  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "instructions_per_decision.json"

# The workload valgrind runs in the checkout measured: one logged game (see above), then
# `games` seeded games (quiet search copies, or logged games with `--logged`); prints the
# decisions made after the first game.
WORKLOAD = """
import ast, importlib, random, sys
sys.path[:0] = ["", sys.argv[6]]
from random_games import play_one
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options, quiet = ast.literal_eval(sys.argv[4]), sys.argv[5] == "quiet"
module = importlib.import_module("village_games." + name)
play_one(module, players, 0, options, False, random.Random(-1).random)
rnd = random.Random(players).random
print(sum(play_one(module, players, seed, options, quiet, rnd) for seed in range(games)))
"""


def count(name: str, players: int, games: int, options: dict,
          quiet: bool = True, engines: Path = ROOT) -> tuple[int, int]:
    """(decisions, instructions) of one valgrind run with the engines of checkout
    `engines` (the benchmarks are always these)."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", WORKLOAD, name, str(players), str(games), repr(options),
         "quiet" if quiet else "logged", str(ROOT / "benchmarks")],
        capture_output=True, text=True, check=True, cwd=engines)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise RuntimeError(f"valgrind gave no instruction count:\n{out.stderr[-2000:]}")
    return int(out.stdout.split()[-1]), int(refs.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_case_options(parser)
    parser.add_argument("--small", type=int, default=100, help="games in the short run")
    parser.add_argument("--large", type=int, default=400, help="games in the long run")
    parser.add_argument("--logged", action="store_true",
                        help="play logged games instead of quiet search copies")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--against", metavar="REV",
                        help="also count the engines of this git revision, case by case")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt install valgrind)")
    if not 0 < args.small < args.large:
        parser.error("--small must be a positive number of games below --large")
    if not any(selected(args)):
        parser.error("no case matches those options")
    if args.against is not None:
        with worktree(args.against) as other:
            return count_all(args, other)
    return count_all(args, None)


def per_decision(args: argparse.Namespace, name: str, players: int, options: dict,
                 engines: Path) -> int:
    """Instructions per decision: the long run's extra instructions over its extra
    decisions."""
    d1, i1 = count(name, players, args.small, options, not args.logged, engines)
    d2, i2 = count(name, players, args.large, options, not args.logged, engines)
    return round((i2 - i1) / (d2 - d1))


def count_all(args: argparse.Namespace, other: Path | None) -> int:
    """Count every case (and with `other`, the same case in that checkout first)."""
    rows = []
    if other is None:
        print("| engine | players | instructions per decision |")
        print("|---|---:|---:|")
    else:
        print(f"| engine | players | instructions, {args.against} | instructions, here |")
        print("|---|---:|---:|---:|")
    for case, label, players in selected(args):
        name, mode, options, _ = CASES[case]
        row: dict = {"engine": name, "mode": mode, "players": players}
        if other is not None:
            row["against"] = per_decision(args, name, players, options, other)
        row["instructions_per_decision"] = per = per_decision(args, name, players, options,
                                                              ROOT)
        rows.append(row)
        before = "" if other is None else f" {row['against']:,} |"
        print(f"| {label} | {players} |{before} {per:,} |", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "instructions_per_decision",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": [args.small, args.large], "play": "logged" if args.logged else "quiet",
        **({"against": args.against} if args.against else {}),
        "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
