"""What one page's static files cost the server, from memory and from disk. A measurement.

A class arriving together waits on the server's single thread, and the ~100 static files
of a page were most of what it did for them (benchmarks/class_load.py). This script starts
`scripts/serve` on notebooks/ three times: as it runs (static files answered from memory,
gzip-compressed for clients that accept it, scripts/static_memory.py), the same with
clients that do not accept gzip, and with `--static-from-disk`; records the files of one
real Chromium page load of the play app (which also warms the memory); then `--clients`
bare clients fetch them all at once, six connections each, as browsers with empty caches
do (bytes counted as sent). Reported per mode and round: requests, wall time, the
server's CPU-seconds (its own process: the main thread, system time for the sockets, its
helper threads) per request, and the load average, since this machine's speed drifts.
Rounds alternate the modes.

    .venv/bin/python benchmarks/static_files.py [--clients 30] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from class_load import NOTEBOOKS, record_assets  # noqa: E402
from voila_latency import server_group  # noqa: E402

from harness.light_client import fetch_assets  # noqa: E402
from harness.voila import running_voila  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "static_files.json"
# mode: (server flags, whether the clients accept gzip as browsers do)
MODES = {"memory": ((), True), "memory, no gzip": ((), False),
         "disk": (("--static-from-disk",), True)}


def server_cpu(pid: int) -> float:
    t = psutil.Process(pid).cpu_times()
    return t.user + t.system


async def everyone_fetches(base: str, assets: list[str], clients: int, gzip: bool) -> int:
    import httpx

    totals = await asyncio.gather(*(fetch_assets(base, assets, httpx.Cookies(), gzip)
                                    for _ in range(clients)))
    return sum(totals)


def one_round(mode: str, clients: int, tmp: Path) -> dict:
    flags, gzip = MODES[mode]
    with running_voila(NOTEBOOKS, tmp / "voila.log", *flags) as base:
        pid = server_group(base)
        if pid is None:
            raise SystemExit("Voila's process not found")
        assets = asyncio.run(record_assets(base))
        time.sleep(5)  # let the pre-heated kernel that page took be replaced first
        load = os.getloadavg()[0]
        cpu0, t0 = server_cpu(pid), time.perf_counter()
        size = asyncio.run(everyone_fetches(base, assets, clients, gzip))
        wall, cpu = time.perf_counter() - t0, server_cpu(pid) - cpu0
    requests = clients * len(assets)
    return {"mode": mode, "files": len(assets), "requests": requests,
            "mib": round(size / 2**20, 1), "wall_s": round(wall, 2),
            "server_cpu_s": round(cpu, 2), "cpu_ms_per_request": round(1e3 * cpu / requests, 2),
            "load_before": round(load, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    rounds = []
    with tempfile.TemporaryDirectory(prefix="static-files-") as tmp:
        for r in range(args.rounds):
            for mode in (list(MODES) if r % 2 == 0 else list(MODES)[::-1]):
                result = one_round(mode, args.clients, Path(tmp))
                print(json.dumps(result), flush=True)
                rounds.append(result)
    summary = {}
    for mode in MODES:
        mine = [r for r in rounds if r["mode"] == mode]
        summary[mode] = {"cpu_ms_per_request_median":
                         statistics.median(r["cpu_ms_per_request"] for r in mine),
                         "wall_s_median": statistics.median(r["wall_s"] for r in mine)}
    cpu = {mode: summary[mode]["cpu_ms_per_request_median"] for mode in MODES}
    summary["disk_over_memory_cpu"] = round(cpu["disk"] / cpu["memory"], 2)
    summary["plain_over_gzip_cpu"] = round(cpu["memory, no gzip"] / cpu["memory"], 2)
    summary["mib_per_page"] = {mode: statistics.median(r["mib"] for r in rounds
                                                       if r["mode"] == mode) / args.clients
                               for mode in MODES}
    results = {"date": datetime.now(UTC).isoformat(timespec="seconds"),
               "python": platform.python_version(), "cpus": os.cpu_count(),
               "clients": args.clients, "rounds": rounds, "summary": summary}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
