"""The static site (`make site`): its size, a page's first load and a click's answer, in
Chromium, beside the same pages on Voila. A measurement script, not a test.

- Size: the built folder, and its largest parts (the browser's Python, the wheels the
  pages install, the front end).
- Time to interactive: navigation start until the app's ready selectors (the ones
  benchmarks/voila_latency.py uses) are all visible. "Cold" is a new browser context (an
  empty cache: every file is fetched, as on a visitor's first page); "cached" loads the
  same page again in that context (the browser's cache; the page still starts its Python
  and installs the project, which is most of the time). Median of --loads.
- Click to update: the same interaction as voila_latency.py (Next on the walkthrough, a
  card in the play page's picker), undone untimed each time, median of --clicks.

The site is served from its folder by Python's plain file server on 127.0.0.1, and every
other request is refused. The Voila numbers come from benchmarks/results/voila_latency.json
(run benchmarks/voila_latency.py to renew them). The pages open at the same addresses as
there (the play page with a gallery link's settings).
Writes benchmarks/results/static_site.json and prints a Markdown table.

    make site && .venv/bin/python benchmarks/static_site.py [--loads 3] [--clicks 10]
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
from urllib.parse import urlparse

from playwright.sync_api import Browser, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
RESULTS = ROOT / "benchmarks" / "results" / "static_site.json"
VOILA_RESULTS = ROOT / "benchmarks" / "results" / "voila_latency.json"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from voila_latency import APPS, measure_action, time_to_interactive  # noqa: E402

from harness.chromium import launch_chromium  # noqa: E402
from harness.file_server import serving  # noqa: E402

STATIC_APPS = [app for app in APPS if app.label in ("gallery", "rules", "play")]
PARTS = {"the browser's Python (Pyodide)": "static/pyodide",
         "the pages' wheels": "pypi",
         "front end (JupyterLite, Voici, widgets)": "build",
         "lab extensions (Pyodide kernel, widgets)": "extensions"}
LOAD_MS = 240_000
CLICK_PAUSE_S = 0.3


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def new_context_page(browser: Browser, origin: str, refused: list[str]) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def only_the_site(route: Route) -> None:
        if urlparse(route.request.url).netloc == origin:
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    return page


def median(samples: list[float]) -> float | None:
    return round(statistics.median(samples), 1) if samples else None


def measure_app(browser: Browser, base: str, app, loads: int, clicks: int,
                refused: list[str]) -> dict:
    url = (f"{base}/voici/render/{app.notebook.removesuffix('.ipynb')}.html"
           + (f"?{app.query}" if app.query else ""))
    origin = urlparse(base).netloc
    cold: list[float] = []
    cached: list[float] = []
    click_ms: list[float] = []
    for _ in range(loads):
        page = new_context_page(browser, origin, refused)
        cold.append(time_to_interactive(page, url, app.ready, LOAD_MS))
        cached.append(time_to_interactive(page, url, app.ready, LOAD_MS))
        if app.interaction is not None and not click_ms:
            act = app.interaction
            if act.prepare:
                act.prepare(page)
            for _ in range(clicks):
                time.sleep(CLICK_PAUSE_S)
                click_ms.append(measure_action(page, act.act, act.changed))
                if act.reset:
                    time.sleep(CLICK_PAUSE_S)
                    measure_action(page, act.reset, act.reset_done or "() => true")
        page.context.close()
    return {"page": url.removeprefix(base), "ready": list(app.ready),
            "cold": {"median_ms": median(cold), "samples_ms": cold},
            "cached": {"median_ms": median(cached), "samples_ms": cached},
            "click": None if app.interaction is None else {
                "what": app.interaction.what, "median_ms": median(click_ms),
                "samples_ms": click_ms}}


def voila_numbers() -> dict[str, dict]:
    if not VOILA_RESULTS.exists():
        return {}
    data = json.loads(VOILA_RESULTS.read_text())
    return {label: {"date": data.get("date", "")[:10],
                    "tti_ms": app["time_to_interactive"]["median_ms"],
                    "click_ms": (app.get("click") or {}).get("median_ms")}
            for label, app in data.get("apps", {}).items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=10)
    args = parser.parse_args()
    if not (SITE / "voici" / "render" / "index.html").exists():
        print("no site/: run `make site` first", file=sys.stderr)
        return 1
    started = time.monotonic()
    sizes = {"total": folder_bytes(SITE),
             **{name: folder_bytes(SITE / part) for name, part in PARTS.items()}}
    refused: list[str] = []
    results = {}
    with serving(SITE) as base, sync_playwright() as pw:
        browser = launch_chromium(pw)
        for app in STATIC_APPS:
            results[app.label] = measure_app(browser, base, app, args.loads, args.clicks,
                                             refused)
        version = browser.version
        browser.close()
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(), "chromium": version,
        "loads": args.loads, "clicks": args.clicks, "click_pause_s": CLICK_PAUSE_S,
        "loadavg": [round(x, 2) for x in os.getloadavg()[:2]],
        "duration_s": round(time.monotonic() - started),
        "site_bytes": sizes, "refused_requests": refused, "apps": results,
        "voila": voila_numbers(),
    }
    RESULTS.write_text(json.dumps(report, indent=1) + "\n")
    mb = {k: f"{v / 1e6:.1f} MB" for k, v in sizes.items()}
    print("site/: " + ", ".join(f"{k} {v}" for k, v in mb.items()))
    print("\n| app | static: cold load | static: cached load | static: click | "
          "Voila: load | Voila: click |")
    print("|---|---:|---:|---:|---:|---:|")
    voila = report["voila"]
    for label, r in results.items():
        v = voila.get(label, {})
        click = r["click"]["median_ms"] if r["click"] else None
        print(f"| {label} | {r['cold']['median_ms']} ms | {r['cached']['median_ms']} ms | "
              f"{'' if click is None else f'{click} ms'} | {v.get('tti_ms', '')} ms | "
              f"{'' if v.get('click_ms') is None else str(v['click_ms']) + ' ms'} |")
    if refused:
        print(f"refused requests (the site asked another host): {refused[:5]}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
