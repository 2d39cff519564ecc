"""A class experiment under load: 30 students each sending a trial a second, one teacher's
page following them live, on one Voila server (2 cores).

The server runs as the README tells a teacher (`scripts/serve --class-size=31
--class-apps=class_experiment.ipynb`). The experiment is the recruit lesson's (card 4,
no extra roll: one click is one trial). Every page is a light client
(harness/light_client.py's protocol: the page, the kernel websocket, the widget state,
clicks as comm messages), so the machine measures the server and the kernels, not thirty
browsers: each student opens the class link, types a name, joins, and then clicks the
roll button about once a second (`--think`, jittered ±50%); the teacher's page is open
with the teacher key the whole time.

Measured:
* every trial counted: the clicks each student's kernel handled, the trials the store
  holds, and the count the teacher's page shows at the end must all agree;
* how soon the teacher's page shows a trial: for each click, the time from sending it to
  the first update of the teacher's numbers whose count includes it. A trial is stored
  before its student's kernel goes idle, so the k-th trial acknowledged is among the
  first k stored: the teacher's count reaching k shows it (p50/p95/max, target p95 1 s);
* CPU of the server and the kernels per trial, the load, memory per kernel.

Writes benchmarks/results/class_experiment.json (class_experiment_postgres.json with
`--postgres`) and prints a Markdown row.

    .venv/bin/python benchmarks/class_experiment.py [--students 30] [--seconds 60]
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
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from bench_server import server_pid, store_for_run  # noqa: E402
from class_load import LoadSampler, cpu_seconds, kernels, pool_memory, wait_for_pools  # noqa: E402
from voila_pools import notebooks_in, pool_config, pool_sizes  # noqa: E402

from harness.light_client import WS_V1, KernelChannel, message, parse_page  # noqa: E402
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


class Page:
    """One page (a student's or the teacher's), through its kernel websocket."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.idle: dict[str, asyncio.Future] = {}
        self.on_update: Any = None  # (model id, state, time) -> None
        self.error: str | None = None

    async def open(self, http: httpx.AsyncClient, url: str) -> None:
        r = await http.get(url)
        r.raise_for_status()
        self.kernel_id, _views = parse_page(r.text)
        parts = urlparse(url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        ws_url = (self.base.replace("http", "ws", 1)
                  + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self._ws = connect(ws_url, max_size=None, subprotocols=[WS_V1])
        self.channel = KernelChannel(await self._ws.__aenter__(), self.session)
        asked = await self.channel.send(message("kernel_info_request", {}, self.session))
        await self.channel.until(asked, "kernel_info_reply")
        self.states = {k: v["state"] for k, v in (await self.channel.widget_states()).items()}
        self.reader = asyncio.create_task(self._read())

    async def close(self, http: httpx.AsyncClient) -> None:
        self.reader.cancel()
        with contextlib.suppress(Exception):
            await self._ws.__aexit__(None, None, None)
        with contextlib.suppress(httpx.HTTPError):
            await http.post(f"{self.base}/voila/api/shutdown/{self.kernel_id}")

    async def _read(self) -> None:
        while True:
            msg = await self.channel.receive()
            kind, c = msg["msg_type"], msg["content"]
            if kind == "comm_open":
                self.states[c["comm_id"]] = c.get("data", {}).get("state", {})
            elif kind == "comm_msg" and c.get("data", {}).get("method") == "update":
                state = c["data"].get("state", {})
                self.states.setdefault(c["comm_id"], {}).update(state)
                if self.on_update is not None:
                    self.on_update(c["comm_id"], state, time.monotonic())
            elif kind == "status" and c.get("execution_state") == "idle":
                waiter = self.idle.pop(msg.get("parent_header", {}).get("msg_id", ""), None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)

    def model(self, css: str) -> str:
        for mid, state in self.states.items():
            if css in state.get("_dom_classes", ()):
                return mid
        raise LookupError(f"no widget with class {css} on {self.name}'s page")

    async def send(self, comm_id: str, data: dict[str, Any], timeout: float = 60) -> None:
        """A comm message as the page sends it; returns when the kernel is idle again."""
        msg = message("comm_msg", {"comm_id": comm_id, "data": data}, self.session)
        waiter = asyncio.get_running_loop().create_future()
        self.idle[msg["header"]["msg_id"]] = waiter
        await self.channel.send(msg)
        await asyncio.wait_for(waiter, timeout)


class Teacher(Page):
    """The teacher's page: when each count of trials first showed."""

    def __init__(self) -> None:
        super().__init__("teacher")
        self.shown: list[tuple[float, int]] = []  # (time, count) as the numbers changed
        self.on_update = self._seen

    def _seen(self, comm_id: str, state: dict[str, Any], now: float) -> None:
        found = COUNT.search(str(state.get("value", "")))
        if found and "vg-xp-numbers-box" in self.states.get(comm_id, {}).get("_dom_classes",
                                                                            ()):
            count = int(found.group(1))
            if not self.shown or count > self.shown[-1][1]:
                self.shown.append((now, count))

    def first_time_at(self, count: int) -> float | None:
        counts = [c for _, c in self.shown]
        i = bisect.bisect_left(counts, count)
        return self.shown[i][0] if i < len(self.shown) else None

    def count(self) -> int:
        found = COUNT.search(str(self.states[self.model("vg-xp-numbers-box")].get("value")))
        return int(found.group(1)) if found else 0


class Student(Page):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.clicks: list[tuple[float, float]] = []  # (sent, handled) per trial

    async def join(self) -> None:
        name_box = self.model("vg-xp-name")
        await self.send(name_box, {"method": "update", "state": {"value": self.name},
                                   "buffer_paths": []})
        await self.send(self.model("vg-xp-join"), {"method": "custom",
                                                   "content": {"event": "click"}})
        self.pad = self.model("vg-trial-pad-widget")

    async def roll(self) -> None:
        token = self.states[self.pad]["step_token"]
        sent = time.monotonic()
        await self.send(self.pad, {"method": "custom",
                                   "content": {"type": "step", "token": token}})
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


async def a_class(base: str, experiment_id: str, key: str, students: int, seconds: float,
                  think_s: float) -> tuple[Teacher, list[Student], float]:
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=180, limits=limits) as http:
        teacher = Teacher()
        await teacher.open(http, f"{base}/voila/render/{NOTEBOOK}?experiment={experiment_id}"
                                 f"&key={key}")
        class_ = [Student(f"Student {i + 1}") for i in range(students)]
        link = f"{base}/voila/render/{NOTEBOOK}?experiment={experiment_id}"
        await asyncio.gather(*(s.open(http, link) for s in class_))
        await asyncio.gather(*(s.join() for s in class_))
        t0 = time.monotonic()
        await asyncio.gather(*(s.play(t0 + seconds, think_s) for s in class_))
        wall = time.monotonic() - t0
        await asyncio.sleep(3)  # the last trials reach the teacher's page
        for page in (teacher, *class_):
            await page.close(http)
    return teacher, class_, wall


def run(args: argparse.Namespace) -> dict[str, Any]:
    with store_for_run(args.postgres, "vg-bench-experiment-") as (data, env):
        os.environ.update(env)
        store = open_store(shared=False)
        xs = ExperimentStore(store)
        experiment = xs.create("vv-recruit", SETTINGS)
        key = store.teacher_key()
        size = args.students + 1
        extra = [f"--class-size={size}", f"--class-apps={NOTEBOOK}"]
        with running_voila(NOTEBOOKS, data / "server.log", *extra, timeout=120,
                           env=env) as base:
            pid = server_pid(base)
            expected = sum(pool_sizes(pool_config(size, [NOTEBOOK]),
                                      notebooks_in(NOTEBOOKS)).values())
            warm = wait_for_pools(pid, expected, 900)
            load = LoadSampler()
            cpu0 = cpu_seconds(pid)
            load.start()
            teacher, students, wall = asyncio.run(a_class(
                base, experiment.id, key, args.students, args.seconds, args.think))
            cpu1 = cpu_seconds(pid)
            memory = pool_memory(pid)
            load.stop.set()
            live = len(kernels(pid))
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
    server_cpu, kernel_cpu = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "backend": "one server, PostgreSQL" if args.postgres else "one server, SQLite",
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
        "teacher_updates": len(teacher.shown),
        "cpu_s": {"server": round(server_cpu, 1), "kernels": round(kernel_cpu, 1),
                  "per_trial_ms": round((server_cpu + kernel_cpu) / max(trials, 1) * 1e3, 1)},
        "load_avg_max": max(load.samples, default=None),
        "memory": memory,
        "uss_mib_per_kernel": memory.get("uss_mib_per_kernel"),
        "kernels_left": live,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between trials")
    parser.add_argument("--postgres", action="store_true",
                        help="the store on PostgreSQL (LISTEN/NOTIFY) instead of SQLite")
    args = parser.parse_args()
    result = run(args)
    name = "class_experiment_postgres.json" if args.postgres else "class_experiment.json"
    out = ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(result, indent=2) + "\n")
    t, seen = result["trials"], result["teacher_sees_trial_s"]
    print(f"| {result['backend']} | {result['students']} students, {t['per_second']} trials/s "
          f"| {t['sent_and_handled']} sent, {t['stored']} stored, {t['teacher_page_shows']} "
          f"on the teacher's page | teacher sees a trial p50 {seen['p50']} s, p95 "
          f"{seen['p95']} s, max {seen['max']} s | {result['cpu_s']['per_trial_ms']} ms CPU "
          f"per trial | load max {result['load_avg_max']} |")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
