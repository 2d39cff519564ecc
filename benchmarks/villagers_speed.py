"""Villagers engine speed: what search bots and tournaments live on. Not a test.

Measures, for 2, 3, 4 and 5 players:
- random play-outs: games/s and decisions/s (a decision = one applied action), choosing
  uniformly among `legal_actions` with a pre-seeded generator, for logged games and for
  quiet search copies (`clone(keep_log=False)`), best of three alternating runs, each also
  as a ratio to a fixed pure-Python reference workload timed beside it (steadier on a
  shared machine);
- `legal_actions` and `apply` separately (mean µs per call, timed call by call in a second
  pass), by phase (draft, build, other);
- `clone()` and `determinize()` at mid-game states (median µs over many states x repeats).

Target (DESIGN.md, "Speed"): >= 100k decisions/s. Prints a Markdown table, the load average,
and writes benchmarks/results/villagers_speed.json.

    .venv/bin/python benchmarks/villagers_speed.py [--seconds 3] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from random_games import play_one  # noqa: E402

from village_games import villagers  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "villagers_speed.json"
PLAYERS = (2, 3, 4, 5)
TARGET_DECISIONS_PER_S = 100_000


def _playouts(players: int, seconds: float, quiet: bool) -> tuple[int, int, float]:
    """Whole random games back to back for about `seconds`; no per-call timers."""
    rnd = random.Random(players).random
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += play_one(villagers, players, games, {}, quiet, rnd)  # seed = game number
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def reference_loops_per_s(seconds: float = 0.3) -> float:
    """The same fixed pure-Python workload as benchmarks/engine_speed.py."""
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        d: dict[int, list[int]] = {}
        for i in range(200):
            d.setdefault(i % 7, []).append(i)
        n += sum(len(v) for v in d.values()) // 200
    return n / (time.perf_counter() - start)


def random_playouts(players: int, seconds: float, rounds: int = 3) -> dict:
    best: dict[str, tuple[float, float, float]] = {}
    for _ in range(rounds):
        for quiet in (False, True):
            ref = reference_loops_per_s()
            games, decisions, elapsed = _playouts(players, seconds / rounds, quiet)
            rate = decisions / elapsed
            key = "quiet" if quiet else "logged"
            if key not in best or rate > best[key][0]:
                best[key] = (rate, games / elapsed, rate / ref)
    (rate, gps, ratio), (qrate, qgps, qratio) = best["logged"], best["quiet"]
    return {"games_per_s": gps, "decisions_per_s": rate, "decisions_per_game": rate / gps,
            "decisions_per_reference": ratio, "quiet_games_per_s": qgps,
            "quiet_decisions_per_s": qrate, "quiet_decisions_per_reference": qratio}


def per_call(players: int, games: int) -> dict:
    """Time each legal_actions and apply call on its own, by phase."""
    rng = random.Random(100 + players)
    now = time.perf_counter_ns
    legal_ns: dict[str, list[int]] = {"draft": [], "build": [], "other": []}
    apply_ns: dict[str, list[int]] = {"draft": [], "build": [], "other": []}
    for seed in range(games):
        g = villagers.new_game(players=players, seed=10_000 + seed)
        while not g.is_over():
            phase = g.phase if g.phase in ("draft", "build") else "other"
            p = g.to_act()[0]
            t0 = now()
            acts = g.legal_actions(p)
            t1 = now()
            a = rng.choice(acts)
            t2 = now()
            g.apply(p, a)
            t3 = now()
            legal_ns[phase].append(t1 - t0)
            apply_ns[phase].append(t3 - t2)
    out = {}
    for phase in legal_ns:
        if legal_ns[phase]:
            out[f"legal_actions_us_{phase}"] = statistics.fmean(legal_ns[phase]) / 1e3
            out[f"apply_us_{phase}"] = statistics.fmean(apply_ns[phase]) / 1e3
    every_legal = [x for v in legal_ns.values() for x in v]
    every_apply = [x for v in apply_ns.values() for x in v]
    out["legal_actions_us"] = statistics.fmean(every_legal) / 1e3
    out["apply_us"] = statistics.fmean(every_apply) / 1e3
    return out


def mid_game_states(players: int, count: int) -> list:
    states = []
    rng = random.Random(200 + players)
    for seed in range(count):
        g = villagers.new_game(players=players, seed=20_000 + seed)
        moves = []
        while not g.is_over():
            p = g.to_act()[0]
            a = rng.choice(g.legal_actions(p))
            moves.append((p, a))
            g.apply(p, a)
        g = villagers.new_game(players=players, seed=20_000 + seed)
        for p, a in moves[: len(moves) // 2]:
            g.apply(p, a)
        states.append(g)
    return states


def copy_times(players: int, states: int, repeats: int) -> dict:
    now = time.perf_counter_ns
    clone_us, det_us = [], []
    rng = random.Random(300 + players)
    for g in mid_game_states(players, states):
        seat = g.to_act()[0]
        samples = []
        for _ in range(repeats):
            t0 = now()
            g.clone()
            samples.append(now() - t0)
        clone_us.append(statistics.median(samples) / 1e3)
        samples = []
        for _ in range(max(1, repeats // 4)):
            t0 = now()
            g.determinize(seat, rng)
            samples.append(now() - t0)
        det_us.append(statistics.median(samples) / 1e3)
    return {"clone_us": statistics.median(clone_us), "clone_us_max_state": max(clone_us),
            "determinize_us": statistics.median(det_us)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="per random-playout run")
    ap.add_argument("--quick", action="store_true", help="short runs (a smoke test)")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    seconds, call_games, states, repeats = args.seconds, 100, 30, 200
    if args.quick:
        seconds, call_games, states, repeats = 0.5, 10, 5, 40
    load_start = os.getloadavg() if hasattr(os, "getloadavg") else None

    rows = {}
    for n in PLAYERS:
        row = random_playouts(n, seconds)
        row |= per_call(n, call_games)
        row |= copy_times(n, states, repeats)
        rows[n] = row
        print(f"  {n} players done", file=sys.stderr)

    worst_rate = min(r["decisions_per_s"] for r in rows.values())
    worst_quiet = min(r["quiet_decisions_per_s"] for r in rows.values())
    met = {"decisions_per_s": worst_rate >= TARGET_DECISIONS_PER_S,
           "quiet_decisions_per_s": worst_quiet >= TARGET_DECISIONS_PER_S}
    lines = [
        "| players | games/s | decisions/s (logged / quiet copy) | decisions/game "
        "| legal_actions µs (draft / build) | apply µs (draft / build) "
        "| clone µs (median / worst state) | determinize µs |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, r in rows.items():
        lines.append(
            f"| {n} | {r['games_per_s']:,.0f} | {r['decisions_per_s']:,.0f} / "
            f"{r['quiet_decisions_per_s']:,.0f} | {r['decisions_per_game']:.0f} | "
            f"{r['legal_actions_us_draft']:.1f} / {r['legal_actions_us_build']:.1f} | "
            f"{r['apply_us_draft']:.1f} / {r['apply_us_build']:.1f} | "
            f"{r['clone_us']:.1f} / {r['clone_us_max_state']:.1f} | "
            f"{r['determinize_us']:.1f} |")
    print("\n".join(lines))
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print()
    print(f"Target >= {TARGET_DECISIONS_PER_S:,} decisions/s: logged games "
          f"{'met' if met['decisions_per_s'] else 'NOT met'} (slowest: {worst_rate:,.0f}/s); "
          f"quiet search copies {'met' if met['quiet_decisions_per_s'] else 'NOT met'} "
          f"(slowest: {worst_quiet:,.0f}/s)")
    print(f"load average at start {load_start}, at end {load} ({os.cpu_count()} CPUs)")
    result = {
        "benchmark": "villagers_speed", "game": "villagers",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(), "machine": platform.machine(),
        "cpus": os.cpu_count(), "load_average_at_start": load_start,
        "load_average_at_end": load, "quick": args.quick,
        "targets": {"decisions_per_s": TARGET_DECISIONS_PER_S}, "met": met,
        "players": {str(n): r for n, r in rows.items()},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()
