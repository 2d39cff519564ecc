"""A class experiment under load: 30 students each sending a trial a second, one teacher's
page following them live, on one Voila server (2 cores), or on several sharing one
PostgreSQL (`--postgres --servers 2`).

Each server runs as the README tells a teacher (`scripts/serve --class-size=31
--class-apps=class_experiment.ipynb`; with several, each takes its share of the class, the
students in turn, and the teacher's page is on the first). The experiment is the recruit
lesson's (card 4, no extra roll: one click is one trial). Every page is a light client
(harness/light_client.py's `LivePage`: the page, the kernel websocket in the v1 protocol,
the widgets the page shows, clicks as comm messages), so the machine measures the server
and the kernels, not thirty browsers: each student opens the class link, types a name,
joins, and then clicks the roll button about once a second (`--think`, jittered ±50%);
the teacher's page is open with the teacher key the whole time.

Measured:
* every trial counted: the clicks each student's kernel handled, the trials the store
  holds, and the count the teacher's page shows at the end must all agree;
* how soon the teacher's page shows a trial: for each click, the time from sending it to
  the first update of the teacher's numbers whose count includes it. A trial is stored
  before its student's kernel goes idle, so the k-th trial acknowledged is among the
  first k stored: the teacher's count reaching k shows it (p50/p95/max, target p95 1 s);
* CPU of the servers and the kernels per trial (from the first page to the last close,
  the pools' refills included; and while the class rolls, the servers and the class's own
  kernels only), the load, memory per kernel.

Writes benchmarks/results/class_experiment.json (class_experiment_postgres.json with
`--postgres`, class_experiment_postgres_2_servers.json with two servers) and prints a
Markdown row. A run in which no trial reaches the teacher's page fails (exit status 1,
nothing written).

    .venv/bin/python benchmarks/class_experiment.py [--students 30] [--seconds 60]
        [--postgres [--servers 2]]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import os
import platform
import random
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from bench_server import server_pid, store_for_run  # noqa: E402
from class_load import (  # noqa: E402
    LoadSampler,
    class_kernels,
    class_kernels_cpu,
    cpu_seconds,
    kernels,
    pool_memory,
    wait_for_pools,
)
from voila_pools import notebooks_in, pool_config, pool_sizes  # noqa: E402

from harness.light_client import LivePage  # noqa: E402
from harness.voila import running_voila  # noqa: E402
from village_games.experiments.store import ExperimentStore  # noqa: E402
from village_games.tables import open_store  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK = "class_experiment.ipynb"
SETTINGS = {"position": "4", "extra": "0"}  # one die: one click is one trial
TARGET_P95_S = 1.0
COUNT = re.compile(r"data-trials='(\d+)'")


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


class Teacher(LivePage):
    """The teacher's page: when each count of trials first showed."""

    def __init__(self) -> None:
        super().__init__("teacher")
        self.counts_seen: list[tuple[float, int]] = []  # (time, count) as the numbers
        self.on_update = self._seen

    def _seen(self, comm_id: str, state: dict[str, Any], now: float) -> None:
        found = COUNT.search(str(state.get("value", "")))
        if found and "vg-xp-numbers-box" in self.states.get(comm_id, {}).get("_dom_classes",
                                                                            ()):
            count = int(found.group(1))
            if not self.counts_seen or count > self.counts_seen[-1][1]:
                self.counts_seen.append((now, count))

    def first_time_at(self, count: int) -> float | None:
        counts = [c for _, c in self.counts_seen]
        i = bisect.bisect_left(counts, count)
        return self.counts_seen[i][0] if i < len(self.counts_seen) else None

    def count(self) -> int:
        found = COUNT.search(str(self.states[self.model("vg-xp-numbers-box")].get("value")))
        return int(found.group(1)) if found else 0


class Student(LivePage):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.clicks: list[tuple[float, float]] = []  # (sent, handled) per trial

    async def join(self) -> None:
        name_box = self.model("vg-xp-name")
        await self.send(name_box, {"method": "update", "state": {"value": self.name},
                                   "buffer_paths": []})
        await self.custom(self.model("vg-xp-join"), {"event": "click"})
        self.pad = self.model("vg-trial-pad-widget")

    async def roll(self) -> None:
        token = self.states[self.pad]["step_token"]
        sent = time.monotonic()
        await self.custom(self.pad, {"type": "step", "token": token})
        if self.states[self.pad]["step_token"] == token:
            raise RuntimeError(f"{self.name}'s roll {token} was not taken")
        self.clicks.append((sent, time.monotonic()))

    async def play(self, until: float, think_s: float) -> None:
        while time.monotonic() < until:
            await asyncio.sleep(think_s * random.uniform(0.5, 1.5))
            try:
                await self.roll()
            except (LookupError, RuntimeError, TimeoutError) as exc:
                self.error = f"{type(exc).__name__}: {exc}"[:200]
                return


async def a_class(bases: list[str], experiment_id: str, key: str, students: int,
                  seconds: float, think_s: float, pids: list[int],
                  ) -> tuple[Teacher, list[Student], float, dict[str, float]]:
    """Open the teacher's page, let the class join, roll for `seconds`, leave; also the
    CPU-seconds the servers and the class's own kernels used while it rolled (not the
    pools' refills of the kernels the class took)."""
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=180, limits=limits) as http:
        teacher = Teacher()
        await teacher.open(http, f"{bases[0]}/voila/render/{NOTEBOOK}?experiment="
                                 f"{experiment_id}&key={key}")
        class_ = [Student(f"Student {i + 1}") for i in range(students)]
        link = f"/voila/render/{NOTEBOOK}?experiment={experiment_id}"
        await asyncio.gather(*(s.open(http, bases[i % len(bases)] + link)
                               for i, s in enumerate(class_)))
        await asyncio.gather(*(s.join() for s in class_))
        mine = class_kernels([p.kernel_id for p in (teacher, *class_)])
        servers0, kernels0 = sum(cpu_seconds(pid)[0] for pid in pids), class_kernels_cpu(mine)
        t0 = time.monotonic()
        await asyncio.gather(*(s.play(t0 + seconds, think_s) for s in class_))
        wall = time.monotonic() - t0
        await asyncio.sleep(3)  # the last trials reach the teacher's page
        playing = {"servers": sum(cpu_seconds(pid)[0] for pid in pids) - servers0,
                   "class_kernels": class_kernels_cpu(mine) - kernels0}
        for page in (teacher, *class_):
            await page.close(http)
    return teacher, class_, wall, playing


def run(args: argparse.Namespace) -> dict[str, Any]:
    with store_for_run(args.postgres, "vg-bench-experiment-") as (data, env):
        os.environ.update(env)
        store = open_store(shared=False)
        xs = ExperimentStore(store)
        experiment = xs.create("vv-recruit", SETTINGS)
        key = store.teacher_key()
        size = -(-args.students // args.servers) + 1  # its share of the class, the teacher
        extra = [f"--class-size={size}", f"--class-apps={NOTEBOOK}"]
        with contextlib.ExitStack() as stack:
            bases = [stack.enter_context(running_voila(NOTEBOOKS, data / f"server{i}.log",
                                                       *extra, timeout=120, env=env))
                     for i in range(args.servers)]
            pids = [server_pid(b) for b in bases]
            expected = sum(pool_sizes(pool_config(size, [NOTEBOOK]),
                                      notebooks_in(NOTEBOOKS)).values())
            warm = [wait_for_pools(pid, expected, 900) for pid in pids]
            load = LoadSampler()
            load_before = [round(x, 2) for x in os.getloadavg()]
            cpu0 = [cpu_seconds(pid) for pid in pids]
            load.start()
            teacher, students, wall, playing = asyncio.run(a_class(
                bases, experiment.id, key, args.students, args.seconds, args.think, pids))
            cpu1 = [cpu_seconds(pid) for pid in pids]
            memories = [pool_memory(pid) for pid in pids]
            load.stop.set()
            live = [len(kernels(pid)) for pid in pids]
        stored = xs.get(experiment.id).run_trials
        store.close()
    clicks = sorted((sent, handled) for s in students for sent, handled in s.clicks)
    by_handled = sorted(handled for _, handled in clicks)
    latencies, missing = [], 0
    for sent, handled in clicks:
        rank = bisect.bisect_right(by_handled, handled)  # trials stored by then
        seen = teacher.first_time_at(rank)
        if seen is None:
            missing += 1
        else:
            latencies.append(max(0.0, seen - sent))
    trials = len(clicks)
    server_cpu = sum(b[0] - a[0] for a, b in zip(cpu0, cpu1, strict=True))
    kernel_cpu = sum(b[1] - a[1] for a, b in zip(cpu0, cpu1, strict=True))
    memory = memories[0] if len(memories) == 1 else {
        "servers": memories, "uss_mib_per_kernel": memories[0].get("uss_mib_per_kernel")}
    if args.servers > 1:
        backend = f"{args.servers} servers, one PostgreSQL"
    else:
        backend = "one server, PostgreSQL" if args.postgres else "one server, SQLite"
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "backend": backend, "servers": args.servers,
        "students": args.students, "seconds": round(wall, 1), "think_s": args.think,
        "pools_warm_s": warm,
        "trials": {"sent_and_handled": trials, "stored": stored,
                   "teacher_page_shows": teacher.count(),
                   "every_trial_counted": trials == stored == teacher.count(),
                   "per_second": round(trials / wall, 1)},
        "errors": [s.error for s in students if s.error][:5],
        "teacher_sees_trial_s": {"n": len(latencies), "p50": pct(latencies, 0.5),
                                 "p95": pct(latencies, 0.95), "max": pct(latencies, 1.0),
                                 "never": missing, "target_p95": TARGET_P95_S},
        "click_handled_ms": {
            "p50": pct([(h - s) * 1e3 for s, h in clicks], 0.5),
            "p95": pct([(h - s) * 1e3 for s, h in clicks], 0.95)},
        "teacher_updates": len(teacher.counts_seen),
        "cpu_s": {"server": round(server_cpu, 1), "kernels": round(kernel_cpu, 1),
                  "per_trial_ms": round((server_cpu + kernel_cpu) / max(trials, 1) * 1e3, 1),
                  # while the class rolled: the servers and the class's own kernels only
                  "rolling_servers": round(playing["servers"], 1),
                  "rolling_class_kernels": round(playing["class_kernels"], 1),
                  "rolling_per_trial_ms": round(sum(playing.values()) / max(trials, 1) * 1e3,
                                                1)},
        "load_avg_before": load_before,
        "load_avg_max": max(load.samples, default=None),
        "memory": memory,
        "uss_mib_per_kernel": memory.get("uss_mib_per_kernel"),
        "kernels_left": live if len(live) > 1 else live[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between trials")
    parser.add_argument("--postgres", action="store_true",
                        help="the store on PostgreSQL (LISTEN/NOTIFY) instead of SQLite")
    parser.add_argument("--servers", type=int, default=1,
                        help="Voila servers sharing the store (more than one: --postgres)")
    parser.add_argument("--out", help="the results file's name in benchmarks/results/")
    args = parser.parse_args()
    if args.servers > 1 and not args.postgres:
        parser.error("several servers share a PostgreSQL store: add --postgres")
    result = run(args)
    t, seen = result["trials"], result["teacher_sees_trial_s"]
    if not t["sent_and_handled"] or not seen["n"]:
        print(json.dumps(result, indent=2), file=sys.stderr)
        raise SystemExit(f"FAILED: {t['sent_and_handled']} trials sent, {seen['n']} seen on "
                         f"the teacher's page; errors {result['errors']}. Nothing written.")
    name = args.out or "class_experiment.json"
    if args.postgres and not args.out:
        name = ("class_experiment_postgres.json" if args.servers == 1 else
                f"class_experiment_postgres_{args.servers}_servers.json")
    out = ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"| {result['backend']} | {result['students']} students, {t['per_second']} trials/s "
          f"| {t['sent_and_handled']} sent, {t['stored']} stored, {t['teacher_page_shows']} "
          f"on the teacher's page | teacher sees a trial p50 {seen['p50']} s, p95 "
          f"{seen['p95']} s, max {seen['max']} s | {result['cpu_s']['per_trial_ms']} ms CPU "
          f"per trial | load max {result['load_avg_max']} |")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
