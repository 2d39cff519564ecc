"""A class opens one link at once: can one 2-core server take it? A measurement script.

For each class size N (default 10 and 30), against `scripts/serve --class-size=N
--class-apps=village_pillage_play.ipynb` on notebooks/ (exactly what the README tells a
teacher to run):

1. start the server and wait until every pool is full and quiet (the time it took, and
   the memory the pre-heated kernels hold: RSS and USS per kernel, summed);
2. record, once per run, which static files a real Chromium page load of the play app
   fetches (the light clients fetch the same), then wait for that kernel's replacement;
3. N students open the play app's gallery link within `--spread` seconds: N - `--browsers`
   light clients (harness/light_client.py: the page, its static files, the kernel
   websocket and the widget state, as a browser asks for them) and `--browsers` real
   Chromium pages (the whole way to a drawn, clickable table). Each clicks a card
   `--clicks` times, about `--think` seconds apart, then leaves as a closed tab does;
4. check that the kernel of every closed page is gone, and that the pools refill to
   exactly their size (nothing leaks).

Reported per N: playable pages, blank pages (the page came without its app), failures;
time to interactive p50/p95/max (light: page, files and widget state received; browser:
the table drawn); click latency p50/p95/max (light: until the kernel is idle after the
click, all its updates sent; browser: until the page shows the change); server and kernel
CPU-seconds during the class; load average. Targets (issue 7): 0 blank pages, every app
interactive within 10 s, clicks p95 under 300 ms, no kernel left behind.

The light clients and Chromium run on the server's own 2 cores here, as does anything
else on the machine. They run niced (`--client-nice`, default 10), so they take what the
server and its kernels leave, as clients on the students' own machines would; the results
record their CPU-seconds (Chromium's: its whole run, launch included) and the load average.
Writes benchmarks/results/class_load.json and prints a Markdown table. Exit status 1 if a
page failed or a kernel leaked; a missed time target is a result, not an error.

    .venv/bin/python benchmarks/class_load.py [--students 10 30] [--clicks 10]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import statistics
import sys
import threading
import time
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlparse

import httpx
import psutil
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from voila_latency import (  # noqa: E402
    ACTION_JS,
    APPS,
    PICK,
    VISIBLE_AT_JS,
    js_absent,
    js_all,
    js_click,
    js_visible,
    server_group,
)
from voila_pools import notebooks_in, pool_config, pool_sizes  # noqa: E402

from harness.chromium import BROWSER_ARGS, CHROMIUM  # noqa: E402
from harness.light_client import Visit, visit  # noqa: E402
from harness.voila import running_voila  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "benchmarks" / "results" / "class_load.json"
PLAY = next(a for a in APPS if a.label == "play")
PATH = f"/voila/render/{PLAY.path}"
BUTTON = {"vg-pick-left", "vg-val-farmer"}  # the light clients click the same card
SELECT = (js_click(PICK), js_visible(f"{PICK}.vg-selected"))
UNSELECT = (js_click(f"{PICK}.vg-selected"), js_all(js_absent(".vg-pick.vg-selected"),
                                                     js_visible(PICK)))
NOTICE = ".vg-page-guard"  # the page says its app did not arrive (page_guard.js)
READY_OR_NOTICE_JS = f"""sels => document.querySelector({json.dumps(NOTICE)})
    || ({VISIBLE_AT_JS})(sels)"""
TTI_TARGET_S = 10.0
CLICK_P95_TARGET_MS = 300.0


# ---------------------------------------------------------------- the server's side
def kernels(server_pid: int) -> list[psutil.Process]:
    """The live kernels Voila started (its children; each in a session of its own)."""
    found = []
    for p in psutil.Process(server_pid).children():
        try:
            if "ipykernel_launcher" in " ".join(p.cmdline()):
                found.append(p)
        except psutil.Error:
            continue
    return found


def busy_cores(server_pid: int, window: float = 0.5) -> float:
    """How many cores the server and its kernels used over the next `window` seconds."""
    procs = [psutil.Process(server_pid), *kernels(server_pid)]

    def total() -> float:
        t = 0.0
        for p in procs:
            try:
                t += sum(p.cpu_times()[:2])
            except psutil.Error:
                continue
        return t

    before = total()
    time.sleep(window)
    return (total() - before) / window


def wait_for_pools(server_pid: int, expected: int, timeout: float) -> float | None:
    """Seconds until `expected` kernels are alive and they and the server are quiet
    (under 10% of a core twice in a row): the pools are warm."""
    t0 = time.monotonic()
    quiet = 0
    while time.monotonic() - t0 < timeout:
        if len(kernels(server_pid)) != expected:
            quiet = 0
            time.sleep(0.5)
            continue
        quiet = quiet + 1 if busy_cores(server_pid) < 0.1 else 0
        if quiet >= 2:
            return round(time.monotonic() - t0, 1)
    print(f"warning: {len(kernels(server_pid))} kernels, not {expected}, or still busy "
          f"after {timeout:.0f} s", file=sys.stderr)
    return None


def pool_memory(server_pid: int) -> dict:
    per_kernel = []
    for p in kernels(server_pid):
        try:
            m = p.memory_full_info()
            per_kernel.append((m.rss, m.uss))
        except psutil.Error:
            continue
    mib = 2**20
    return {"kernels": len(per_kernel),
            "rss_mib_total": round(sum(r for r, _ in per_kernel) / mib),
            "uss_mib_total": round(sum(u for _, u in per_kernel) / mib),
            "uss_mib_per_kernel": round(statistics.median(u for _, u in per_kernel) / mib, 1)
            if per_kernel else None,
            "server_rss_mib": round(psutil.Process(server_pid).memory_info().rss / mib)}


def cpu_seconds(server_pid: int) -> tuple[float, float]:
    """(server, kernels) CPU-seconds so far: the server's own, and its kernels' (live ones
    plus those it has already reaped)."""
    server = psutil.Process(server_pid).cpu_times()
    live = 0.0
    for p in kernels(server_pid):
        try:
            t = p.cpu_times()
            live += t.user + t.system
        except psutil.Error:
            continue
    return server.user + server.system, server.children_user + server.children_system + live


def class_kernels(kernel_ids: list[str]) -> list[psutil.Process]:
    """The kernels that serve the class's pages (their command line names their connection
    file, `kernel-<id>.json`), not the pools' waiting ones nor their refills."""
    found = []
    for p in psutil.process_iter(["cmdline"]):
        cmd = " ".join(p.info.get("cmdline") or [])
        if "ipykernel_launcher" in cmd and any(f"kernel-{k}" in cmd for k in kernel_ids):
            found.append(p)
    return found


def class_kernels_cpu(kernels: list[psutil.Process]) -> float:
    """CPU-seconds the class's kernels have used so far."""
    total = 0.0
    for p in kernels:
        with contextlib.suppress(psutil.Error):
            t = p.cpu_times()
            total += t.user + t.system
    return total


class LoadSampler(threading.Thread):
    """The 1-minute load average once a second, while the class is on."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.samples: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(1.0):
            self.samples.append(round(os.getloadavg()[0], 2))


# ---------------------------------------------------------------- the students' side
async def local_only(route) -> None:
    """Abort every request that leaves the machine (as the browser tests do)."""
    if urlparse(route.request.url).hostname == "127.0.0.1":
        await route.continue_()
    else:
        await route.abort()


async def close(page) -> None:
    """Leave as a closed tab does: the page unloads and its beacon asks Voila to shut the
    kernel down (see `close_page` in harness/chromium.py for why not page.close)."""
    await page.unroute_all(behavior="ignoreErrors")
    await page.goto("about:blank", timeout=10_000)
    await page.close()


async def record_assets(base: str) -> list[str]:
    """Paths of the static files a real page load of the play app fetches."""
    paths: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = await browser.new_page()
        await page.route("**/*", local_only)
        page.on("requestfinished", lambda r: paths.append(r.url.removeprefix(base))
                if r.method == "GET" and "/static/" in r.url else None)
        await page.goto(base + PATH)
        await page.wait_for_function(VISIBLE_AT_JS, arg=list(PLAY.ready), timeout=120_000)
        await close(page)
        await browser.close()
    return sorted(set(paths))


DELIVERED_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').filter(r => r.name.includes('/static/'));
  const last = Math.max(nav.responseEnd, ...files.map(r => r.responseEnd));
  return [nav.responseEnd / 1000, last / 1000];
}"""


async def browser_visit(browser, base: str, clicks: int, think_s: float) -> Visit:
    """One student in real Chromium: time to a drawn, clickable table; clicks timed in
    the page until the change shows (select the card, then unselect it, and so on)."""
    v = Visit(started=time.monotonic())
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    await page.route("**/*", local_only)
    try:
        await page.goto(base + PATH, wait_until="commit")
        await page.wait_for_function(READY_OR_NOTICE_JS, arg=list(PLAY.ready), polling="raf",
                                     timeout=180_000)
        if await page.locator(NOTICE).count():
            v.blank = True
            return v
        v.interactive_s = time.monotonic() - v.started
        # what the server had delivered, and when, by the page's own clock: the rest of
        # the time to interactive is the browser's work (scripts, widgets, drawing) and
        # the kernel's answers
        v.html_s, v.assets_s = await page.evaluate(DELIVERED_JS)
        config = await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent)")
        v.kernel_id = config["kernelId"]
        for i in range(clicks):
            await asyncio.sleep(think_s * random.uniform(0.5, 1.5))
            act, changed = SELECT if i % 2 == 0 else UNSELECT
            v.clicks_ms.append(await page.evaluate(ACTION_JS, [act, changed, 30_000]))
    except Exception as exc:  # a failed visit is a result
        v.error = f"{type(exc).__name__}: {exc}"[:300]
    finally:
        await close(page)
    return v


async def class_arrives(base: str, server_pid: int, n: int, browsers: int, assets: list[str],
                        clicks: int, think_s: float, spread_s: float
                        ) -> tuple[list[Visit], list[Visit], float]:
    """`n` students open the link within `spread_s` seconds; (light visits, browser
    visits, CPU-seconds of the browser's processes)."""
    browser_cpu = 0.0
    async with contextlib.AsyncExitStack() as stack:
        chromium = None
        if browsers:
            pw = await stack.enter_async_context(async_playwright())
            chromium = await pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)

        async def later(delay: float, coro):
            await asyncio.sleep(delay)
            return await coro

        light = [later(random.uniform(0, spread_s),
                       visit(base, PATH, assets, BUTTON, clicks, think_s))
                 for _ in range(n - browsers)]
        real = [later(random.uniform(0, spread_s),
                      browser_visit(chromium, base, clicks, think_s))
                for _ in range(browsers)]
        done = await asyncio.gather(*light, *real)
        if chromium:
            browser_cpu = browser_cpu_now(server_pid)  # its driver and Chromium, started above
            await chromium.close()
    return list(done[:n - browsers]), list(done[n - browsers:]), browser_cpu


async def kernels_left(base: str, visits: list[Visit], timeout: float = 20) -> list[str]:
    """Kernels of closed pages that are still running after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(timeout=10) as http:
        while True:
            alive = [v.kernel_id for v in visits if v.kernel_id and
                     (await http.get(f"{base}/api/kernels/{v.kernel_id}")).status_code == 200]
            if not alive or time.monotonic() > deadline:
                return alive
            await asyncio.sleep(1)


# ---------------------------------------------------------------- one class
def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))], 1)


def stats(values: list[float]) -> dict:
    return {"n": len(values), "p50": percentile(values, 0.5), "p95": percentile(values, 0.95),
            "max": round(max(values), 1) if values else None}


def summarize(visits: list[Visit]) -> dict:
    return {
        "sessions": len(visits),
        "playable": sum(v.playable for v in visits),
        "blank": sum(v.blank for v in visits),
        "failed": sum(v.error is not None for v in visits),
        "time_to_interactive_s": stats([v.interactive_s for v in visits
                                        if v.interactive_s is not None]),
        "page_complete_s": stats([v.html_s for v in visits if v.html_s is not None]),
        "click_ms": stats([c for v in visits for c in v.clicks_ms]),
        "errors": sorted({v.error for v in visits if v.error}),
    }


def delivered(visits: list[Visit]) -> dict:
    """The latest a real page had its HTML (`page_s`) and its static files (`files_s`),
    by the browser's own clock."""
    pages = [v.html_s for v in visits if v.html_s is not None]
    files = [v.assets_s for v in visits if v.assets_s is not None]
    return {"page_s": round(max(pages), 1) if pages else None,
            "files_s": round(max(files), 1) if files else None}


def one_class(n: int, args: argparse.Namespace, assets: list[str] | None,
              tmp: Path) -> tuple[dict, list[str]]:
    config = pool_config(n, [PLAY.notebook])
    sizes = pool_sizes(config, notebooks_in(NOTEBOOKS))
    expected = sum(sizes.values())
    log = tmp / f"voila-{n}.log"
    print(f"class of {n}: starting the server ({expected} pre-heated kernels)", file=sys.stderr)
    started = time.monotonic()
    with running_voila(NOTEBOOKS, log, f"--class-size={n}",
                       f"--class-apps={PLAY.notebook}") as base:
        pid = server_group(base)  # the server leads its own process group
        if pid is None:
            raise SystemExit("Voila's process not found")
        warm = wait_for_pools(pid, expected, timeout=60 + 10 * expected)
        fill_s = round(time.monotonic() - started, 1) if warm is not None else None
        memory = pool_memory(pid)
        if assets is None:
            print("recording the static files of one real page load", file=sys.stderr)
            assets = asyncio.run(record_assets(base))
            wait_for_pools(pid, expected, timeout=120)
        print(f"class of {n}: arriving", file=sys.stderr)
        load_before = os.getloadavg()[0]
        sampler = LoadSampler()
        sampler.start()
        cpu0, client0 = cpu_seconds(pid), time.process_time()
        t0 = time.monotonic()
        light, real, browser_cpu = run_niced(args.client_nice, class_arrives(
            base, pid, n, args.browsers, assets, args.clicks, args.think, args.spread))
        duration = time.monotonic() - t0
        cpu1, client1 = cpu_seconds(pid), time.process_time()
        sampler.stop.set()
        left = asyncio.run(kernels_left(base, light + real))
        print(f"class of {n}: waiting for the pools to refill", file=sys.stderr)
        refill_s = wait_for_pools(pid, expected, timeout=60 + 10 * n)
        after = len(kernels(pid))
    everyone = light + real
    result = {
        "students": n, "light_clients": len(light), "browsers": len(real),
        "pool_sizes": sizes, "pools_filled_s": fill_s, "memory": memory,
        **summarize(everyone),
        "light": summarize(light),
        "browser": summarize(real) | delivered(real) if real else None,
        "class_duration_s": round(duration, 1),
        "cpu_s": {"server": round(cpu1[0] - cpu0[0], 1), "kernels": round(cpu1[1] - cpu0[1], 1),
                  "light_clients": round(client1 - client0, 1),
                  "browsers": round(browser_cpu, 1)},
        "loadavg": {"before": round(load_before, 2),
                    "max": max(sampler.samples, default=None),
                    "after": round(os.getloadavg()[0], 2)},
        "closed_pages_with_kernels_alive": left,
        "kernels_after_refill": after, "kernels_expected": expected, "refill_s": refill_s,
        "visits": [asdict(v) | {"started": round(v.started - t0, 2)} for v in everyone],
    }
    return result, assets


def run_niced(nice: int, coro):
    """Run `coro` in a thread of its own at niceness `nice` (Linux: niceness is per thread,
    and processes it starts, Chromium, inherit it). The clients share the server's two
    cores here; niced, they take what the server and its kernels leave, as clients on
    the students' own machines would. Their timings can only come out later for it."""
    result: list = []

    def main() -> None:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)
        result.append(asyncio.run(coro))

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if not result:
        raise RuntimeError("the class's clients failed (see above)")
    return result[0]


def browser_cpu_now(server_pid: int) -> float:
    """CPU-seconds so far of this process's running children and their children, but not
    the Voila server's (Playwright's driver and Chromium, when a browser is running)."""
    total = 0.0
    server = {server_pid, *(c.pid for c in psutil.Process(server_pid).children(recursive=True))}
    for child in psutil.Process().children(recursive=True):
        if child.pid in server:
            continue
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            continue
    return total


# ---------------------------------------------------------------- report
def _v(value, unit: str = "") -> str:
    return "n/a" if value is None else f"{value:g}{unit}"


def report(results: dict) -> str:
    lines = ["| students | playable | blank | failed | interactive p50 / p95 / max s "
             "| click p50 / p95 / max ms | browser: interactive s (page, files in by), "
             "click p95 ms "
             "| kernels of closed pages alive | pools refilled | load avg before / max "
             "| CPU-s: server / kernels / light clients / Chromium |",
             "|---:|---:|---:|---:|---|---|---|---:|---|---|---|"]
    for r in results["classes"]:
        tti, click, b = r["time_to_interactive_s"], r["click_ms"], r["browser"]
        browser = (f"{_v(b['time_to_interactive_s']['max'])} (page {_v(b['page_s'])}, files "
                   f"{_v(b['files_s'])}), {_v(b['click_ms']['p95'])}" if b else "none")
        la, cpu = r["loadavg"], r["cpu_s"]
        lines.append(
            f"| {r['students']} | {r['playable']} | {r['blank']} | {r['failed']} | "
            f"{_v(tti['p50'])} / {_v(tti['p95'])} / {_v(tti['max'])} | "
            f"{_v(click['p50'])} / {_v(click['p95'])} / {_v(click['max'])} | {browser} | "
            f"{len(r['closed_pages_with_kernels_alive'])} | "
            f"{r['kernels_after_refill']} of {r['kernels_expected']} | "
            f"{la['before']} / {la['max']} | {cpu['server']} / {cpu['kernels']} / "
            f"{cpu['light_clients']} / {cpu['browsers']} |")
    lines.append("")
    for r in results["classes"]:
        m = r["memory"]
        met = (r["blank"] == 0 and r["failed"] == 0
               and (r["time_to_interactive_s"]["max"] or 1e9) <= TTI_TARGET_S
               and (r["click_ms"]["p95"] or 1e9) < CLICK_P95_TARGET_MS
               and not r["closed_pages_with_kernels_alive"])
        lines.append(
            f"- class of {r['students']} ({r['light_clients']} light clients, "
            f"{r['browsers']} Chromium): pools of {m['kernels']} kernels filled in "
            f"{_v(r['pools_filled_s'], ' s')}, holding {m['uss_mib_total']} MiB USS "
            f"({m['uss_mib_per_kernel']} MiB each; RSS {m['rss_mib_total']} MiB), server "
            f"{m['server_rss_mib']} MiB; {r['click_ms']['n']} clicks; "
            f"targets {'met' if met else '**not met**'}"
            + (f"; errors: {'; '.join(r['errors'])}" if r["errors"] else ""))
    lines.append(f"\nEach student clicks {results['clicks']} times, about {results['think_s']} s "
                 f"apart; students arrive within {results['spread_s']} s; clients run at "
                 f"niceness {results['client_nice']}. Light clients: "
                 "interactive = widget state received; click = kernel idle after the click. "
                 "Chromium: interactive = table drawn (page and files: when its HTML and its "
                 "last static file had arrived); click = change shown.")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[10, 30])
    parser.add_argument("--browsers", type=int, default=1,
                        help="real Chromium pages among the students (the rest are light)")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between clicks")
    parser.add_argument("--spread", type=float, default=2.0,
                        help="students arrive within this many seconds")
    parser.add_argument("--no-assets", action="store_true",
                        help="light clients skip the static files (cached in every browser)")
    parser.add_argument("--client-nice", type=int, default=10,
                        help="niceness of the clients (0: compete with the server as equals)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=RESULTS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    import tempfile

    args = parse_args(argv)
    random.seed(args.seed)
    started = time.monotonic()
    assets: list[str] | None = [] if args.no_assets else None
    classes = []
    with tempfile.TemporaryDirectory(prefix="class-load-") as tmp:
        for n in args.students:
            result, assets = one_class(n, args, assets, Path(tmp))
            classes.append(result)
    results = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(), "cpus": os.cpu_count(),
        "clicks": args.clicks, "think_s": args.think, "spread_s": args.spread,
        "client_nice": args.client_nice,
        "static_files": len(assets or []),
        "targets": {"blank": 0, "time_to_interactive_max_s": TTI_TARGET_S,
                    "click_p95_ms": CLICK_P95_TARGET_MS, "kernels_left": 0},
        "duration_s": round(time.monotonic() - started),
        "classes": classes,
    }
    print(report(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}"
          f" ({results['duration_s']} s)")
    bad = any(r["failed"] or r["blank"] or r["closed_pages_with_kernels_alive"]
              or r["kernels_after_refill"] != r["kernels_expected"] for r in classes)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
