"""A class at shared tables: how long until a move on one device shows on the others?

`--tables` tables (default 10) of three devices each (default: 30 students) play Villagers
on one Voila server (`scripts/serve --class-size=...`, as the README tells a teacher), or
on two servers sharing one PostgreSQL (`--postgres`: two `scripts/serve` processes on two
ports, $VILLAGE_GAMES_STORE naming the same database; the class's devices alternate
between them, so a table's devices are on both). Each table is set up by one device
(`seats=human,remote,remote`); the two others open the seat links its page shows, and each
must find its own seat there.

Every device is a light client (harness/light_client.py's `LivePage`: the page, the kernel
websocket in the v1 protocol, the widgets the page shows, clicks as comm messages), so the
2-core machine measures the server, not thirty browsers. On its turn a device plays as a
player clicks: Confirm when it is offered, else the first card the table offers, else the
first button, about `--think` seconds apart. A move chosen on a table that moved on since
is refused ("... moved first"): such clicks are counted.

Measured: the time from the click that made a move to the update of each other device's
log (every device of the table sees it: p50/p95/max, target p95 <= 300 ms); the store's
write time under the class's load (a probe in this process appends a move to a table of
its own ten times a second: p50/p95); memory per kernel and per table (three kernels);
server and kernel CPU-seconds per click (the servers and the class's own kernels while it
plays; also with every kernel of the servers, the pools' refills included), and what open
pages cost with nobody clicking (`--idle` seconds first: their kernels look for other
devices' moves every 0.1 s). Writes benchmarks/results/shared_tables.json (or
shared_tables_postgres.json) and prints a Markdown summary.

The run FAILS (exit status 1, the reason on stderr, no results written) when a table does
not advance: fewer than `--min-moves` moves of one device seen on another. A class whose
clicks reach no other device is not a measurement (a run once made 1,211 clicks, saw 7
moves and still wrote its figures: the devices were clicking an app their pages
did not show).

    .venv/bin/python benchmarks/shared_tables.py [--tables 10] [--seconds 90] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import psutil

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
from village_games.tables import Seat, new_table, open_store  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK = "villagers_play.ipynb"
LATENCY_TARGET_MS = 300.0
SEAT_LINK = re.compile(r'<a class="vg-seat-link" data-seat="(\d+)" href="([^"]+)"')
MOVED_FIRST = "moved first"  # the table's notice when a click came too late (session.py)


class TablesStuck(RuntimeError):
    """The class's clicks did not move its tables on (the run measured nothing)."""


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


@dataclass
class Table:
    """What the devices of one table share: who clicked last and when (to time how long
    a move takes to reach the others)."""

    number: int
    last_click: tuple[str, float] | None = None
    latencies_ms: list[float] = field(default_factory=list)


class Device(LivePage):
    """One student's page at a table, played through the kernel websocket."""

    def __init__(self, name: str, table: Table, seat: int) -> None:
        super().__init__(name)
        self.table = table
        self.seat = seat
        self.seen_click: float | None = None  # the click whose move this device has seen
        self.clicks = 0
        self.refused = 0  # clicks answered "... moved first"
        self._log = ""

    async def join(self, http: httpx.AsyncClient, url: str) -> None:
        """Open the page; a seat's page must say it is that seat's (not a table of its own)."""
        await self.open(http, url)
        self._log = self.model("vg-log")
        self.on_update = self._updated
        if self.seat:
            header = self.html_of("vg-seat-header")
            if f"(seat {self.seat + 1} of" not in header:
                raise RuntimeError(f"{self.name}: the seat link did not open seat "
                                   f"{self.seat + 1}: {re.sub('<[^>]+>', '', header)[:200]!r}")

    def _updated(self, comm_id: str, _update: dict[str, Any], now: float) -> None:
        if comm_id == self._log:
            self._log_changed(now)

    def _log_changed(self, now: float) -> None:
        """This device's log changed: a move arrived. Time it from the other device's click
        that made it (once per click)."""
        last = self.table.last_click
        if last is None or last[0] == self.name or self.seen_click == last[1]:
            return
        self.seen_click = last[1]
        self.table.latencies_ms.append((now - last[1]) * 1e3)

    # ---------------------------------------------------------------- playing
    def my_turn(self) -> bool:
        return "vg-turn-badge" in self.html_of("vg-prompt")

    def seat_links(self) -> dict[int, str]:
        return {int(seat): href.replace("&amp;", "&")
                for seat, href in SEAT_LINK.findall(self.html_of("vg-table-links-box"))}

    async def _click(self, comm_id: str, content: dict[str, Any]) -> None:
        self.table.last_click = (self.name, time.monotonic())
        await self.custom(comm_id, content, timeout=30)
        self.clicks += 1
        if MOVED_FIRST in self.html_of("vg-table-notice"):
            self.refused += 1

    async def step(self) -> None:
        """One click, as a player makes it on their turn."""
        confirm = self.model("vg-turn-confirm")
        if self.displayed(confirm) and not self.states[confirm].get("disabled"):
            await self._click(confirm, {"event": "click"})
            return
        board = self.model("vg-board-html")
        targets = [t for t in self.states[board].get("targets", [])
                   if t not in self.states[board].get("picked", [])]
        if targets:
            await self._click(board, {"type": "pick", "value": targets[0], "field": None})
            return
        shown = self.shown()
        buttons = [mid for mid, s in shown.items()
                   if s.get("_model_name") == "ButtonModel" and not s.get("disabled")
                   and any(c.startswith("vg-pick") for c in s.get("_dom_classes", ()))]
        if buttons:
            await self._click(buttons[0], {"event": "click"})

    async def play(self, until: float, think_s: float) -> None:
        while time.monotonic() < until:
            await asyncio.sleep(think_s * random.uniform(0.5, 1.5))
            try:
                if self.my_turn():
                    await self.step()
            except (LookupError, TimeoutError) as exc:
                self.error = f"{type(exc).__name__}: {exc}"[:200]


class WriteProbe(threading.Thread):
    """Appends a move to a table of its own ten times a second and times each write: the
    store's write time while the class plays."""

    def __init__(self, url: str | None) -> None:
        super().__init__(daemon=True)
        self.store = open_store(url, shared=False)
        self.table = self.store.create(new_table(
            "villagers", {"game": "villagers", "version": 1, "options": {}, "seed": 1},
            [Seat("human", "Probe")]))
        self.ms: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        version = 0
        while not self.stop.wait(0.1):
            t0 = time.perf_counter()
            version, _ = self.store.append(self.table.id, version,
                                           [(0, {"type": "DraftRoad", "slot": 1})],
                                           {"moves": version + 1})
            self.ms.append((time.perf_counter() - t0) * 1e3)
        self.store.close_table(self.table.id, "benchmark probe")


def device_memory(kernel_ids: list[str]) -> dict[str, Any]:
    """USS and RSS of the kernels that served the class's pages, measured while the pages
    are open."""
    uss, rss = [], []
    for p in class_kernels(kernel_ids):
        with contextlib.suppress(psutil.Error):
            m = p.memory_full_info()
            uss.append(m.uss / 2**20)
            rss.append(m.rss / 2**20)
    return {"kernels": len(uss),
            "uss_mib_median": round(statistics.median(uss), 1) if uss else None,
            "rss_mib_median": round(statistics.median(rss), 1) if rss else None}


async def class_at_tables(bases: list[str], tables: int, seconds: float, think_s: float,
                          pids: list[int], idle_s: float,
                          ) -> tuple[list[Table], list[Device], dict[str, Any]]:
    """Set the tables up, let every seat join, wait `idle_s` with every page open and
    nobody clicking (what open pages cost by themselves: their kernels look for other
    devices' moves every 0.1 s), play for `seconds`, leave. The class's devices take the
    servers in turn (host, seat 2, seat 3, next host...)."""
    all_tables = [Table(i) for i in range(tables)]
    devices: list[Device] = []
    limits = httpx.Limits(max_connections=20)

    def server(k: int) -> str:
        return bases[k % len(bases)]

    async with httpx.AsyncClient(timeout=180, limits=limits) as http:
        hosts = []
        for t in all_tables:  # each table set up by its first device, one after another
            host = Device(f"t{t.number}-host", t, 0)
            await host.join(http, f"{server(3 * t.number)}/voila/render/{NOTEBOOK}?seats="
                                  f"human,remote,remote&seed={100 + t.number}")
            hosts.append(host)
        joins = []
        for host in hosts:
            links = sorted(host.seat_links().items())
            if len(links) != 2:
                raise RuntimeError(f"{host.name}'s page shows {len(links)} seat links, not 2")
            for seat, link in links:
                path = urlparse(link)
                d = Device(f"t{host.table.number}-seat{seat}", host.table, seat)
                joins.append((d, f"{server(3 * host.table.number + seat)}{path.path}?"
                                 f"{path.query}"))
        await asyncio.gather(*(d.join(http, url) for d, url in joins))
        devices = hosts + [d for d, _ in joins]
        mine = class_kernels([d.kernel_id for d in devices])
        before = class_kernels_cpu(mine)
        await asyncio.sleep(idle_s)
        idle_cpu = class_kernels_cpu(mine) - before
        idle = {"seconds": idle_s, "pages": len(devices), "kernel_cpu_s": round(idle_cpu, 2),
                "cores_per_page": round(idle_cpu / idle_s / len(devices), 4)}
        cpu_at_play = [cpu_seconds(pid) for pid in pids]
        class_at_play = class_kernels_cpu(mine)
        until = time.monotonic() + seconds
        await asyncio.gather(*(d.play(until, think_s) for d in devices))
        idle["class_kernels_cpu_playing_s"] = round(class_kernels_cpu(mine) - class_at_play, 1)
        memory = device_memory([d.kernel_id for d in devices])
        memory["idle"] = idle
        memory["cpu_at_play"] = cpu_at_play
        for d in devices:
            await d.close(http)
    return all_tables, devices, memory


def stuck(tables: list[Table], min_moves: int) -> list[Table]:
    """The tables where fewer than `min_moves` moves reached another device."""
    return [t for t in tables if len(t.latencies_ms) < min_moves]


def run(args: argparse.Namespace) -> dict[str, Any]:
    with store_for_run(args.postgres, "vg-bench-tables-") as (data, env):
        servers = 2 if args.postgres else 1
        per_server = -(-args.tables * 3 // servers) + 2  # its share of the class, and 2 more
        extra = [f"--class-size={per_server}", f"--class-apps={NOTEBOOK}"]
        with contextlib.ExitStack() as stack:
            bases = [stack.enter_context(running_voila(NOTEBOOKS, data / f"server{i}.log",
                                                       *extra, timeout=120, env=env))
                     for i in range(servers)]
            pids = [server_pid(b) for b in bases]
            expected = sum(pool_sizes(pool_config(per_server, [NOTEBOOK]),
                                      notebooks_in(NOTEBOOKS)).values())
            warm = [wait_for_pools(pid, expected, 900) for pid in pids]
            os.environ.update(env)
            probe = WriteProbe(env.get("VILLAGE_GAMES_STORE") or
                               f"sqlite:///{data / 'tables.sqlite3'}")
            load = LoadSampler()
            load_before = [round(x, 2) for x in os.getloadavg()]
            probe.start()
            load.start()
            t0 = time.monotonic()
            tables, devices, playing = asyncio.run(class_at_tables(
                bases, args.tables, args.seconds, args.think, pids, args.idle))
            cpu0 = playing.pop("cpu_at_play")
            wall = time.monotonic() - t0
            memory = [pool_memory(pid) for pid in pids]
            cpu1 = [cpu_seconds(pid) for pid in pids]
            probe.stop.set()
            load.stop.set()
            probe.join()
            live = [len(kernels(pid)) for pid in pids]
    latencies = [x for t in tables for x in t.latencies_ms]
    moves = sum(d.clicks for d in devices)
    errors = [f"{d.name}: {d.error}" for d in devices if d.error]
    server_cpu = sum(b[0] - a[0] for a, b in zip(cpu0, cpu1, strict=True))
    kernel_cpu = sum(b[1] - a[1] for a, b in zip(cpu0, cpu1, strict=True))
    idle = playing.pop("idle")
    playing_cpu = idle.pop("class_kernels_cpu_playing_s")
    uss = playing["uss_mib_median"]
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "backend": "two servers, one PostgreSQL" if args.postgres else "one server, SQLite",
        "tables": args.tables, "devices": len(devices), "seconds": round(wall, 1),
        "play_seconds": args.seconds,
        "think_s": args.think, "pools_warm_s": warm,
        "clicks": moves, "clicks_refused_moved_first": sum(d.refused for d in devices),
        "errors": len(errors), "first_errors": errors[:5],
        "moves_seen_per_table": [len(t.latencies_ms) for t in tables],
        "stuck_tables": [t.number for t in stuck(tables, args.min_moves)],
        "move_seen_ms": {"n": len(latencies), "p50": pct(latencies, 0.5),
                         "p95": pct(latencies, 0.95), "max": pct(latencies, 1.0),
                         "target_p95": LATENCY_TARGET_MS},
        "store_write_ms": {"n": len(probe.ms), "p50": pct(probe.ms, 0.5),
                           "p95": pct(probe.ms, 0.95), "max": pct(probe.ms, 1.0)},
        "pool_memory": memory,
        "playing_kernels": playing,
        "uss_mib_per_kernel": uss,
        "uss_mib_per_table": round(3 * uss, 1) if uss else None,
        # while the class plays and leaves: the servers, all their kernels (the pools'
        # refills too), and the class's own kernels while it plays
        "cpu_s": {"server": round(server_cpu, 1), "kernels": round(kernel_cpu, 1),
                  "class_kernels_playing": playing_cpu,
                  "per_click_ms": round((server_cpu + playing_cpu) / max(moves, 1) * 1e3, 1),
                  "all_per_click_ms": round((server_cpu + kernel_cpu) / max(moves, 1) * 1e3,
                                            1)},
        "idle_pages_cpu": idle,
        "load_avg_before": load_before,
        "load_avg_max": max(load.samples, default=None),
        "kernels_left": live,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between clicks")
    parser.add_argument("--idle", type=float, default=10.0,
                        help="seconds every page stays open with nobody clicking, first")
    parser.add_argument("--postgres", action="store_true",
                        help="two Voila servers sharing one PostgreSQL")
    parser.add_argument("--min-moves", type=int, default=3,
                        help="fail unless every table shows at least this many moves of one "
                             "device on another")
    parser.add_argument("--out", help="the results file's name in benchmarks/results/ "
                                      "(default: shared_tables[_postgres].json)")
    args = parser.parse_args()
    result = run(args)
    seen = result["move_seen_ms"]
    if result["stuck_tables"]:
        print(json.dumps(result, indent=2), file=sys.stderr)
        raise SystemExit(
            f"FAILED: {len(result['stuck_tables'])} of {result['tables']} tables did not "
            f"advance (fewer than {args.min_moves} moves of one device seen on another; "
            f"moves seen per table: {result['moves_seen_per_table']}) after "
            f"{result['clicks']} clicks, {result['clicks_refused_moved_first']} of them "
            f"refused as moved first, {result['errors']} device errors "
            f"{result['first_errors']}. Nothing was written: the devices' clicks did not "
            "reach the other devices, so there is nothing to measure.")
    name = args.out or ("shared_tables_postgres.json" if args.postgres
                        else "shared_tables.json")
    out = ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"| {result['backend']} | {result['devices']} devices at {result['tables']} tables "
          f"| move seen p50 {seen['p50']} ms, p95 {seen['p95']} ms (n={seen['n']}) | store "
          f"write p50 {result['store_write_ms']['p50']} ms, p95 "
          f"{result['store_write_ms']['p95']} ms | {result['uss_mib_per_table']} MiB per "
          f"table | {result['cpu_s']['per_click_ms']} ms CPU per click |")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
