"""Kernel start cost: what one student's kernel spends before their app is on screen.

A class that opens one link at once starts (or takes from the pool) one kernel per student,
so the CPU-seconds of a kernel start decide how long the server is saturated, and its
memory decides how many pre-heated kernels fit. A measurement script, not a test.

For each app notebook, `--runs` times (round-robin, so drift hits every notebook alike):
start a `python3` kernel as Voila does (jupyter_client, the venv's ipykernel, the app's
link in QUERY_STRING), run the notebook's code cells in order until the kernel is idle
again, and read the kernel process's own counters:

- start CPU-s: ipykernel's own start, until it answers kernel_info (the floor, same for all);
- app CPU-s: running the notebook's cells (imports and building the first screen);
- total CPU-s and wall seconds until the app's output has arrived;
- RSS and USS (memory only this kernel holds, i.e. what each extra kernel costs) after
  the first screen is built;
- heavy modules the first screen pulled in (numpy, matplotlib, voila, jsonschema, ...).

Prints a Markdown table (medians), writes benchmarks/results/kernel_start.json with every
sample and the load average before and after: other work on this 2-core machine inflates
CPU-seconds a little (cache, frequency) and wall time a lot.

    .venv/bin/python benchmarks/kernel_start.py [NOTEBOOK ...] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import nbformat
import psutil
from jupyter_client.manager import KernelManager

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "benchmarks" / "results" / "kernel_start.json"
# The link each app is opened with (the play app's is a gallery example link).
QUERIES = {"village_pillage_play.ipynb": "players=3&seats=human,bot,bot&seed=7"}
# Modules worth knowing about when they load for a first screen (each costs 50 ms to 8 s).
HEAVY = ("numpy", "matplotlib", "PIL", "voila", "jupyter_server", "jsonschema", "lark",
         "scipy", "pandas")
PROBE = f"""import sys as _s
print(sorted({{m for m in {HEAVY!r} if m in _s.modules}}))"""


def cpu_seconds(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return t.user + t.system


def run_cell(kc, code: str, timeout: float = 120) -> list[dict]:
    """Execute `code`; return its iopub messages once the kernel is idle again."""
    msg_id = kc.execute(code, store_history=False)
    messages = []
    deadline = time.monotonic() + timeout
    while True:
        msg = kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        messages.append(msg)
        if msg["msg_type"] == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return messages


def measure(notebook: Path) -> dict:
    """One kernel: start it, run the notebook, read its counters, shut it down."""
    cells = [c.source for c in nbformat.read(notebook, as_version=4).cells
             if c.cell_type == "code" and c.source.strip()]
    env = {**os.environ, "QUERY_STRING": QUERIES.get(notebook.name, ""),
           "VOILA_PREHEAT": "False"}
    km = KernelManager(kernel_name="python3")
    t0 = time.monotonic()
    km.start_kernel(env=env, cwd=str(notebook.parent))
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        proc = psutil.Process(km.provisioner.process.pid)
        ready_s, start_cpu = time.monotonic() - t0, cpu_seconds(proc)
        for source in cells:
            run_cell(kc, source)
        wall, total_cpu = time.monotonic() - t0, cpu_seconds(proc)
        mem = proc.memory_full_info()
        probe = run_cell(kc, PROBE)
        heavy = next(json.loads(m["content"]["text"].replace("'", '"')) for m in probe
                     if m["msg_type"] == "stream")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return {"ready_s": round(ready_s, 2), "start_cpu_s": round(start_cpu, 2),
            "app_cpu_s": round(total_cpu - start_cpu, 2), "total_cpu_s": round(total_cpu, 2),
            "wall_s": round(wall, 2), "rss_mib": round(mem.rss / 2**20, 1),
            "uss_mib": round(mem.uss / 2**20, 1), "heavy_modules": heavy}


def median(samples: list[dict], key: str) -> float:
    return round(statistics.median(s[key] for s in samples), 2)


def report(results: dict) -> str:
    lines = ["| notebook | start CPU-s | app CPU-s | total CPU-s | wall s | RSS MiB "
             "| USS MiB | heavy modules loaded |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for name, r in results["notebooks"].items():
        s = r["samples"]
        heavy = ", ".join(s[-1]["heavy_modules"]) or "none"
        lines.append(f"| {name} | {median(s, 'start_cpu_s')} | {median(s, 'app_cpu_s')} | "
                     f"{median(s, 'total_cpu_s')} | {median(s, 'wall_s')} | "
                     f"{median(s, 'rss_mib'):.0f} | {median(s, 'uss_mib'):.0f} | {heavy} |")
    la = results["loadavg"]
    lines += ["", f"Medians of {results['runs']} kernels per notebook; CPU-seconds of the "
              f"kernel process only. Load average {la[0]} before, {la[1]} after."]
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="default: every notebook in notebooks/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    args.notebooks = [p.resolve() for p in args.notebooks] or sorted(NOTEBOOKS.glob("*.ipynb"))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    load_before = os.getloadavg()
    samples: dict[str, list[dict]] = {nb.name: [] for nb in args.notebooks}
    for i in range(args.runs):
        for nb in args.notebooks:
            print(f"run {i + 1}/{args.runs}: {nb.name}", file=sys.stderr)
            samples[nb.name].append(measure(nb))
    results = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "runs": args.runs,
        "loadavg": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "notebooks": {name: {"query": QUERIES.get(name, ""), "samples": s}
                      for name, s in samples.items()},
    }
    print(report(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
