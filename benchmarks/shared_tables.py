"""A class at shared tables: how long until a move on one device shows on the others?

`--tables` tables (default 10) of three devices each (default: 30 students) play Villagers
on one Voila server (`scripts/serve --class-size=...`, as the README tells a teacher), or
on two servers sharing one PostgreSQL (`--postgres`: the tables' hosts on the first
server, the other devices alternating between the two). Each table is set up by one
device (`seats=human,remote,remote`); the two others open the seat links its page shows.

Every device is a light client (harness/light_client.py's protocol: the page, the
kernel websocket, the widget state, clicks as comm messages), so the 2-core machine
measures the server, not thirty browsers. On its turn a device plays as a player clicks:
Confirm when it is offered, else the first card the table offers, else the first button,
about `--think` seconds apart.

Measured: the time from the click that made a move to the update of each other device's
log (every device of the table sees it: p50/p95/max, target p95 <= 300 ms); the store's
write time under the class's load (a probe in this process appends a move to a table of
its own ten times a second: p50/p95); memory per kernel and per table (three kernels);
server and kernel CPU-seconds per move. Writes benchmarks/results/shared_tables.json (or
shared_tables_postgres.json) and prints a Markdown summary.

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
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import psutil
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from bench_server import server_pid, store_for_run  # noqa: E402
from class_load import LoadSampler, cpu_seconds, kernels, pool_memory, wait_for_pools  # noqa: E402
from voila_pools import notebooks_in, pool_config, pool_sizes  # noqa: E402

from harness.light_client import WS_V1, KernelChannel, message, parse_page  # noqa: E402
from harness.voila import running_voila  # noqa: E402
from village_games.tables import Seat, new_table, open_store  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK = "villagers_play.ipynb"
LATENCY_TARGET_MS = 300.0
SEAT_LINK = re.compile(r'<a class="vg-seat-link" data-seat="(\d+)" href="([^"]+)"')


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
    moves: int = 0


class Device:
    """One student's page, played through the kernel websocket."""

    def __init__(self, name: str, table: Table) -> None:
        self.name = name
        self.table = table
        self.states: dict[str, dict[str, Any]] = {}
        self.idle: dict[str, asyncio.Future] = {}
        self.channel: KernelChannel | None = None
        self.session = uuid.uuid4().hex
        self.kernel_id = ""
        self.seen_click: float | None = None  # the click whose move this device has seen
        self.error: str | None = None
        self.actions = 0

    # ---------------------------------------------------------------- the page
    async def open(self, http: httpx.AsyncClient, url: str) -> None:
        r = await http.get(url)
        r.raise_for_status()
        self.kernel_id, _views = parse_page(r.text)
        base = f"{urlparse(url).scheme}://{urlparse(url).netloc}"
        ws_url = (base.replace("http", "ws", 1)
                  + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self.base = base
        self._ws_cm = connect(ws_url, max_size=None, subprotocols=[Subprotocol(WS_V1)])
        ws = await self._ws_cm.__aenter__()
        self.channel = KernelChannel(ws, self.session)
        asked = await self.channel.send(message("kernel_info_request", {}, self.session))
        await self.channel.until(asked, "kernel_info_reply")
        self.states = {k: v["state"] for k, v in (await self.channel.widget_states()).items()}
        self.reader = asyncio.create_task(self._read())

    async def close(self, http: httpx.AsyncClient) -> None:
        self.reader.cancel()
        with contextlib.suppress(Exception):
            await self._ws_cm.__aexit__(None, None, None)
        with contextlib.suppress(httpx.HTTPError):
            await http.post(f"{self.base}/voila/api/shutdown/{self.kernel_id}")

    async def _read(self) -> None:
        assert self.channel is not None
        log_id = self.model(lambda s: "vg-log" in s.get("_dom_classes", ()))
        while True:
            msg = await self.channel.receive()
            kind, c = msg["msg_type"], msg["content"]
            if kind == "comm_open":
                self.states[c["comm_id"]] = c.get("data", {}).get("state", {})
            elif kind == "comm_close":
                self.states.pop(c["comm_id"], None)
            elif kind == "comm_msg" and c.get("data", {}).get("method") == "update":
                self.states.setdefault(c["comm_id"], {}).update(c["data"].get("state", {}))
                if c["comm_id"] == log_id:
                    self._log_changed(time.monotonic())
            elif kind == "status" and c.get("execution_state") == "idle":
                waiter = self.idle.pop(msg.get("parent_header", {}).get("msg_id", ""), None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)

    def _log_changed(self, now: float) -> None:
        """This device's log changed: a move arrived. Time it from the other device's click
        that made it (once per click)."""
        last = self.table.last_click
        if last is None or last[0] == self.name or self.seen_click == last[1]:
            return
        self.seen_click = last[1]
        self.table.latencies_ms.append((now - last[1]) * 1e3)

    # ---------------------------------------------------------------- widgets
    def model(self, test: Any) -> str:
        for mid, state in self.states.items():
            if test(state):
                return mid
        raise LookupError("no such widget on the page")

    def shown(self, mid: str) -> bool:
        layout = self.states.get(mid, {}).get("layout", "")
        ref = layout.removeprefix("IPY_MODEL_") if isinstance(layout, str) else ""
        return self.states.get(ref, {}).get("display") != "none"

    def html_of(self, css: str) -> str:
        return str(self.states[self.model(lambda s: css in s.get("_dom_classes", ()))]
                   .get("value", ""))

    def my_turn(self) -> bool:
        return "vg-turn-badge" in self.html_of("vg-prompt")

    def seat_links(self) -> dict[int, str]:
        return {int(seat): href.replace("&amp;", "&")
                for seat, href in SEAT_LINK.findall(self.html_of("vg-table-links-box"))}

    async def _send(self, comm_id: str, content: dict[str, Any]) -> None:
        assert self.channel is not None
        loop = asyncio.get_running_loop()
        msg = message("comm_msg", {"comm_id": comm_id, "data": {"method": "custom",
                                                                "content": content}},
                      self.session)
        waiter = loop.create_future()
        self.idle[msg["header"]["msg_id"]] = waiter
        self.table.last_click = (self.name, time.monotonic())
        await self.channel.send(msg)
        await asyncio.wait_for(waiter, 30)
        self.actions += 1

    async def step(self) -> None:
        """One click, as a player makes it on their turn."""
        confirm = self.model(lambda s: "vg-turn-confirm" in s.get("_dom_classes", ()))
        if self.shown(confirm) and not self.states[confirm].get("disabled"):
            await self._send(confirm, {"event": "click"})
            return
        board = self.model(lambda s: "vg-board-html" in s.get("_dom_classes", ()))
        targets = [t for t in self.states[board].get("targets", [])
                   if t not in self.states[board].get("picked", [])]
        if targets:
            await self._send(board, {"type": "pick", "value": targets[0], "field": None})
            return
        buttons = [mid for mid, s in self.states.items()
                   if s.get("_model_name") == "ButtonModel" and not s.get("disabled")
                   and any(c.startswith("vg-pick") for c in s.get("_dom_classes", ()))]
        if buttons:
            await self._send(buttons[0], {"event": "click"})

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
    """USS and RSS of the kernels that served the class's pages (their command line names
    their connection file, `kernel-<id>.json`), measured while the pages are open."""
    uss, rss = [], []
    for p in psutil.process_iter(["cmdline"]):
        cmd = " ".join(p.info.get("cmdline") or [])
        if "ipykernel_launcher" in cmd and any(f"kernel-{k}" in cmd for k in kernel_ids):
            with contextlib.suppress(psutil.Error):
                m = p.memory_full_info()
                uss.append(m.uss / 2**20)
                rss.append(m.rss / 2**20)
    return {"kernels": len(uss),
            "uss_mib_median": round(statistics.median(uss), 1) if uss else None,
            "rss_mib_median": round(statistics.median(rss), 1) if rss else None}


async def class_at_tables(bases: list[str], tables: int, seconds: float,
                          think_s: float) -> tuple[list[Table], list[Device], dict[str, Any]]:
    all_tables = [Table(i) for i in range(tables)]
    devices: list[Device] = []
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=180, limits=limits) as http:
        hosts = []
        for t in all_tables:  # each table set up by its first device, one after another
            host = Device(f"t{t.number}-host", t)
            await host.open(http, f"{bases[0]}/voila/render/{NOTEBOOK}?seats=human,remote,"
                                  f"remote&seed={100 + t.number}")
            hosts.append(host)
        joins = []
        for host in hosts:
            for k, (seat, link) in enumerate(sorted(host.seat_links().items())):
                path = urlparse(link)
                base = bases[(k + 1) % len(bases)]  # with two servers: alternate
                d = Device(f"t{host.table.number}-seat{seat}", host.table)
                joins.append((d, f"{base}{path.path}?{path.query}"))
        await asyncio.gather(*(d.open(http, url) for d, url in joins))
        devices = hosts + [d for d, _ in joins]
        until = time.monotonic() + seconds
        await asyncio.gather(*(d.play(until, think_s) for d in devices))
        memory = device_memory([d.kernel_id for d in devices])
        for d in devices:
            await d.close(http)
    return all_tables, devices, memory


def run(args: argparse.Namespace) -> dict[str, Any]:
    with store_for_run(args.postgres, "vg-bench-tables-") as (data, env):
        servers = 2 if args.postgres else 1
        per_server = args.tables * 3 // servers + 2
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
            cpu0 = [cpu_seconds(pid) for pid in pids]
            probe.start()
            load.start()
            t0 = time.monotonic()
            tables, devices, playing = asyncio.run(class_at_tables(
                bases, args.tables, args.seconds, args.think))
            wall = time.monotonic() - t0
            memory = [pool_memory(pid) for pid in pids]
            cpu1 = [cpu_seconds(pid) for pid in pids]
            probe.stop.set()
            load.stop.set()
            probe.join()
            live = [len(kernels(pid)) for pid in pids]
    latencies = [x for t in tables for x in t.latencies_ms]
    moves = sum(d.actions for d in devices)
    server_cpu = sum(b[0] - a[0] for a, b in zip(cpu0, cpu1, strict=True))
    kernel_cpu = sum(b[1] - a[1] for a, b in zip(cpu0, cpu1, strict=True))
    uss = playing["uss_mib_median"]
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "backend": "two servers, one PostgreSQL" if args.postgres else "one server, SQLite",
        "tables": args.tables, "devices": len(devices), "seconds": round(wall, 1),
        "think_s": args.think, "pools_warm_s": warm,
        "clicks": moves, "errors": [d.error for d in devices if d.error][:5],
        "move_seen_ms": {"n": len(latencies), "p50": pct(latencies, 0.5),
                         "p95": pct(latencies, 0.95), "max": pct(latencies, 1.0),
                         "target_p95": LATENCY_TARGET_MS},
        "store_write_ms": {"n": len(probe.ms), "p50": pct(probe.ms, 0.5),
                           "p95": pct(probe.ms, 0.95), "max": pct(probe.ms, 1.0)},
        "pool_memory": memory,
        "playing_kernels": playing,
        "uss_mib_per_kernel": uss,
        "uss_mib_per_table": round(3 * uss, 1) if uss else None,
        "cpu_s": {"server": round(server_cpu, 1), "kernels": round(kernel_cpu, 1),
                  "per_click_ms": round((server_cpu + kernel_cpu) / max(moves, 1) * 1e3, 1)},
        "load_avg_max": max(load.samples, default=None),
        "kernels_left": live,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between clicks")
    parser.add_argument("--postgres", action="store_true",
                        help="two Voila servers sharing one PostgreSQL")
    args = parser.parse_args()
    result = run(args)
    name = "shared_tables_postgres.json" if args.postgres else "shared_tables.json"
    out = ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(result, indent=2) + "\n")
    seen = result["move_seen_ms"]
    print(f"| {result['backend']} | {result['devices']} devices at {result['tables']} tables "
          f"| move seen p50 {seen['p50']} ms, p95 {seen['p95']} ms (n={seen['n']}) | store "
          f"write p50 {result['store_write_ms']['p50']} ms, p95 "
          f"{result['store_write_ms']['p95']} ms | {result['uss_mib_per_table']} MiB per "
          f"table | {result['cpu_s']['per_click_ms']} ms CPU per click |")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
