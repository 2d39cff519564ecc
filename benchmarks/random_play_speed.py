"""Random play, every engine measured the same way: decisions per second. Not a test.

For each engine package and player count: whole games back to back for a few seconds
(setup included), a seat choosing uniformly among `legal_actions` by index with a
pre-seeded generator, in logged games and in quiet search copies (`clone(keep_log=False)`:
no history, no log, no events, as bots and determinized worlds play). Engines with more
than one mode are measured per mode.

Each run is timed between two runs of random tic-tac-toe in plain Python
(`tic_tac_toe.py`, played by the same loop), and its rate is given as a share of theirs:
on a shared machine the raw rates swing by a quarter, the share far less. The targets
(issue 23): logged play at least 0.125 of tic-tac-toe for every engine and player count,
quiet search copies at least 0.25. The share reported is the median of the rounds, the
rate the best (issue 6's older target: 100,000 decisions/s).

Each engine, mode and player count is measured in a fresh Python process, as a player's or
a bot's process runs one game: in one long process, the objects earlier cases leave in
caches (menus, card tables) are walked by every garbage collection of a later case, which
slowed Villages' logged play, measured last, by a fifth (2026-11-28).

`--against REV` measures whether speed held across a change: each row is measured with
the engines of git revision REV (checked out in a temporary worktree; this script and its
yardstick stay the same) and with the engines here, one after the other, and the table
gives both shares side by side.

    .venv/bin/python benchmarks/random_play_speed.py [--seconds 2] [--game villages]
        [--mode "all four expansions"] [--out other.json] [--against cc72ebc]

Writes benchmarks/results/random_play_speed.json (with --against:
random_play_speed_against.json) and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import tic_tac_toe  # noqa: E402
from random_games import play_one  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "random_play_speed.json"
AGAINST_RESULTS = ROOT / "benchmarks" / "results" / "random_play_speed_against.json"
TARGET = 100_000
# shares of random tic-tac-toe's decisions/s (issue 23)
LOGGED_SHARE, QUIET_SHARE = 0.125, 0.25
ROUNDS = 5
# (engine package, mode label, options besides the player count, player counts: None =
# every count from 2 the engine allows)
CASES = (
    ("village_pillage", "", {}, None),
    ("villagers", "", {}, None),
    ("villagers", "solo", {"solo_mode": "normal"}, (1,)),
    ("villagers", "Saints, Profiteers, Developments",
     {"expansions": ("saints", "profiteers", "developments")}, None),
    ("villagers", "all four expansions",
     {"expansions": ("saints", "scoundrels", "profiteers", "developments")}, None),
    ("villagers_and_villains", "basic", {"advanced": False}, None),
    ("villagers_and_villains", "advanced", {"advanced": True}, None),
    ("villages", "", {}, None),
    ("villages", "all three expansions", {"locations": True, "dark_light": True, "dual": True},
     None),
)


def playouts(module, players: int, options: dict, seconds: float, quiet: bool) -> float:
    """Decisions per second over whole games played back to back for about `seconds`."""
    rnd = random.Random(players).random
    decisions, seed = 0, 0
    start = time.perf_counter()
    while True:
        decisions += play_one(module, players, seed, options, quiet, rnd)
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def measure(module, players: int, options: dict, seconds: float) -> dict:
    """Best rates and median shares of tic-tac-toe over `ROUNDS` rounds, each round
    tic-tac-toe, logged games, tic-tac-toe, quiet copies, tic-tac-toe."""
    slot = seconds / (2 * ROUNDS)
    rates: dict[str, list[float]] = {"logged": [], "quiet": []}
    shares: dict[str, list[float]] = {"logged": [], "quiet": []}
    before = tic_tac_toe.decisions_per_s(slot)
    for _ in range(ROUNDS):
        for key in ("logged", "quiet"):
            rate = playouts(module, players, options, slot, key == "quiet")
            after = tic_tac_toe.decisions_per_s(slot)
            rates[key].append(rate)
            shares[key].append(rate / ((before + after) / 2))
            before = after
    logged, quiet = statistics.median(shares["logged"]), statistics.median(shares["quiet"])
    return {"logged_decisions_per_s": round(max(rates["logged"])),
            "quiet_decisions_per_s": round(max(rates["quiet"])),
            "logged_per_tic_tac_toe": round(logged, 3),
            "quiet_per_tic_tac_toe": round(quiet, 3),
            "meets_targets": logged >= LOGGED_SHARE and quiet >= QUIET_SHARE}


def in_fresh_process(case: int, players: int, seconds: float,
                     engines: Path = ROOT) -> dict:
    """`measure` of `CASES[case]` at `players`, run by a new Python process (see above)
    that imports the engines from the checkout `engines`."""
    done = subprocess.run([sys.executable, __file__, "--one", str(case), str(players),
                           "--seconds", str(seconds), "--engines", str(engines)],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"case {CASES[case][:2]} at {players} players failed:\n{done.stderr}")
    return json.loads(done.stdout)


@contextmanager
def worktree(revision: str):
    """A temporary checkout of `revision` of this repository, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="speed-against-")) / "tree"
    added = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach",
                            str(folder), revision], capture_output=True, text=True)
    if added.returncode:
        folder.parent.rmdir()
        raise SystemExit(f"--against {revision!r}: git could not check it out:\n"
                         f"{added.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                        str(folder)], capture_output=True)
        folder.parent.rmdir()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="per engine, mode and player count (split over 3 runs)")
    add_case_options(parser, players=False)
    parser.add_argument("--out", type=Path,
                        help="where the JSON goes (a partial run: not over the full one)")
    parser.add_argument("--against", metavar="REV",
                        help="also measure the engines of this git revision, row by row")
    parser.add_argument("--one", nargs=2, type=int, metavar=("CASE", "PLAYERS"),
                        help=argparse.SUPPRESS)  # (the child process: one row as JSON)
    parser.add_argument("--engines", type=Path, default=ROOT,
                        help=argparse.SUPPRESS)  # (the child: the checkout to import)
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.one:
        case, players = args.one
        name, mode, options, _ = CASES[case]
        sys.path.insert(0, str(args.engines))
        module = importlib.import_module(f"village_games.{name}")
        print(json.dumps(measure(module, players, options, args.seconds)))
        return 0
    if args.against is not None:
        with worktree(args.against) as other:
            return compare(args, other)
    return measure_all(args)


def add_case_options(parser: argparse.ArgumentParser, players: bool = True) -> None:
    """`--game`, `--mode` (and `--players`): which rows of `CASES` a benchmark runs, as
    `selected` reads them."""
    parser.add_argument("--game", choices=sorted({c[0] for c in CASES}))
    parser.add_argument("--mode", choices=sorted({c[1] for c in CASES}),
                        help="only this mode of the engine(s) ('' for the base game)")
    if players:
        parser.add_argument("--players", type=int, help="only this player count")


def selected(args: argparse.Namespace) -> Iterator[tuple[int, str, int]]:
    """(case, its label, players) of every row the options ask for (`--game`, `--mode`,
    and `--players` where the caller has it)."""
    only = getattr(args, "players", None)
    for case, (name, mode, options, counts) in enumerate(CASES):
        if (args.game and name != args.game) or (args.mode is not None and mode != args.mode):
            continue
        info = importlib.import_module(f"village_games.{name}").new_game(
            players=(counts or (2,))[0], seed=0, **options).info
        for players in counts or range(max(2, info.min_players), info.max_players + 1):
            if only is None or players == only:
                yield case, f"{name} ({mode})" if mode else name, players


def compare(args: argparse.Namespace, other: Path) -> int:
    """Each row measured with the engines of `other` (a checkout of `args.against`), then
    with these, so that both see the same machine."""
    rows = []
    print(f"| engine | players | logged, {args.against} | logged, here | quiet, "
          f"{args.against} | quiet, here |")
    print("|---|---:|---:|---:|---:|---:|")
    for case, label, players in selected(args):
        before = in_fresh_process(case, players, args.seconds, other)
        after = in_fresh_process(case, players, args.seconds)
        name, mode = CASES[case][:2]
        rows.append({"engine": name, "mode": mode, "players": players,
                     "against": before, "here": after})
        print(f"| {label} | {players} | {before['logged_per_tic_tac_toe']:.3f} | "
              f"{after['logged_per_tic_tac_toe']:.3f} | {before['quiet_per_tic_tac_toe']:.3f} | "
              f"{after['quiet_per_tic_tac_toe']:.3f} |", flush=True)
    write(args.out or AGAINST_RESULTS, {
        "benchmark": "random_play_speed", "against": args.against,
        "when": datetime.now(UTC).isoformat(timespec="seconds"), "seconds": args.seconds,
        "load_average_at_end": os.getloadavg(), "results": rows})
    return 0


def write(path: Path, results: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def measure_all(args: argparse.Namespace) -> int:
    """Every row the options ask for, with the engines here, against the targets."""
    rows = []
    print("| engine | players | logged decisions/s | quiet decisions/s | logged / tic-tac-toe "
          f"(≥ {LOGGED_SHARE}) | quiet / tic-tac-toe (≥ {QUIET_SHARE}) |")
    print("|---|---:|---:|---:|---:|---:|")
    for case, label, players in selected(args):
        name, mode = CASES[case][:2]
        row = {"engine": name, "mode": mode, "players": players,
               **in_fresh_process(case, players, args.seconds)}
        rows.append(row)
        print(f"| {label} | {players} | {row['logged_decisions_per_s']:,} | "
              f"{row['quiet_decisions_per_s']:,} | {row['logged_per_tic_tac_toe']:.3f} | "
              f"{row['quiet_per_tic_tac_toe']:.3f} |", flush=True)
    write(args.out or RESULTS, {
        "benchmark": "random_play_speed", "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "target_decisions_per_s": TARGET, "seconds": args.seconds,
        "target_shares_of_tic_tac_toe": {"logged": LOGGED_SHARE, "quiet": QUIET_SHARE},
        "all_meet_targets": all(row["meets_targets"] for row in rows),
        "load_average_at_end": os.getloadavg(), "results": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
