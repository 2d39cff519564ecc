"""What a student's pace meets of the class-experiment caps (village_games/experiments/
caps.py: 5 of the largest batch per run, 2 of them in any one second), in a real browser.

One Voila server (scripts/serve, as `make serve` runs it), Debian's Chromium through
Playwright, one student's page per pace, each in an experiment of its own:

* `hand`: the roll button clicked the moment the page takes a click again (every click is
  answered by the kernel before the button comes back), for `--seconds`: faster than any
  person clicks;
* `batch-1s`: the largest batch clicked once a second (a quick student who does not stop
  to read) until the run is full;
* `flood`: the largest batch clicked the moment the button comes back (a held-down key, a
  script), for `--seconds` or until the run is full;
* `solo-hand`: the solo lesson's whole games (largest batch 10), one per click, as fast
  as the page takes clicks, for `--seconds`.

For each: trials stored, trials a second on average and in the busiest second (from the
store's timestamps), and how often the page said a cap was met (and which). A normal
pace must never meet a cap before the run is full.

Writes benchmarks/results/class_caps.json and prints a Markdown table.

    PYTHONPATH=. .venv/bin/python benchmarks/class_caps.py [--seconds 20]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("VILLAGE_GAMES_DATA", tempfile.mkdtemp(prefix="vg-class-caps-"))
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
sys.path[:0] = [str(ROOT)]
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from harness.chromium import launch_chromium, local_only  # noqa: E402
from harness.pages import open_app  # noqa: E402
from harness.voila import running_voila  # noqa: E402
from village_games.experiments import kind  # noqa: E402
from village_games.experiments.store import ExperimentStore  # noqa: E402
from village_games.tables import open_store  # noqa: E402

NOTEBOOK = "class_experiment.ipynb"
RESULTS = ROOT / "benchmarks" / "results" / "class_caps.json"
RECRUIT = ("vv-recruit", {"position": "4", "extra": "0"})  # a roll is a trial
SOLO = ("villagers-solo-games", {"mode": "beginner"})  # a click is a whole game


def student(browser: Any, server: str, kind_key: str, settings: dict[str, str]
            ) -> tuple[Page, str]:
    eid = ExperimentStore(open_store()).create(kind_key, settings).id
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.route("**/*", local_only)
    page.set_default_navigation_timeout(120_000)
    open_app(page, server, NOTEBOOK, f"experiment={eid}", ready=".vg-xp-name")
    page.locator(".vg-xp-name input").fill("Ana")
    page.locator(".vg-xp-join").click()
    page.locator(".vg-trial-step:not([disabled])").wait_for(timeout=60_000)
    return page, eid


def stored(eid: str) -> int:
    return ExperimentStore(open_store()).get(eid).run_trials


def caps_met(page: Page, seen: Counter) -> None:
    """Count a cap's notice each time it appears (it stays until trials are taken)."""
    for css in ("vg-xp-limit-rate", "vg-xp-limit-run", "vg-xp-limit-full"):
        shown = page.locator(f".{css}").count() > 0
        if shown and not seen[f"_{css}"]:
            seen[css] += 1
        seen[f"_{css}"] = int(shown)


def clicks(page: Page, button: str, seconds: float, every: float, eid: str, cap: int
           ) -> Counter:
    """Click `button` for `seconds` (each click once the page takes it, and not sooner
    than `every` after the last), until the run holds `cap` trials."""
    seen: Counter = Counter()
    end = time.monotonic() + seconds
    ready = page.locator(f"{button}:not([disabled])")
    while time.monotonic() < end and stored(eid) < cap:
        started = time.monotonic()
        try:
            ready.click(timeout=5_000)
        except Exception:  # noqa: BLE001 - the run is full: the button is gone
            break
        seen["clicks"] += 1
        caps_met(page, seen)
        rest = every - (time.monotonic() - started)
        if rest > 0:
            page.wait_for_timeout(rest * 1000)
    page.wait_for_timeout(1500)  # the last click's answer
    caps_met(page, seen)
    return seen


def busiest_second(eid: str) -> int:
    """The most trials stored in any one second (the store's timestamps)."""
    made = sorted(t.made for t in ExperimentStore(open_store()).trials(eid, shown=False))
    best, j = 0, 0
    for i, t in enumerate(made):
        while made[j] <= t - 1.0:
            j += 1
        best = max(best, i - j + 1)
    return best


def run_pace(browser: Any, server: str, name: str, seconds: float) -> dict[str, Any]:
    key, settings = SOLO if name == "solo-hand" else RECRUIT
    k = kind(key)
    caps = k.caps()
    page, eid = student(browser, server, key, settings)
    biggest = max(k.batch_sizes)
    if name in ("batch-1s", "flood"):
        page.locator(".vg-trial-size").select_option(str(biggest))
    started = time.monotonic()
    if name in ("hand", "solo-hand"):
        seen = clicks(page, ".vg-trial-step", seconds, 0.0, eid, caps.per_run)
    elif name == "batch-1s":
        seen = clicks(page, ".vg-trial-batch", 60.0, 1.0, eid, caps.per_run)
    else:
        seen = clicks(page, ".vg-trial-batch", seconds, 0.0, eid, caps.per_run)
    took = time.monotonic() - started
    n = stored(eid)
    result = {
        "pace": name, "kind": key, "caps": {"per_run": caps.per_run,
                                            "per_second": caps.per_second},
        "clicks": seen["clicks"], "seconds": round(took, 1), "trials": n,
        "trials_per_s": round(n / took, 2), "busiest_second": busiest_second(eid),
        "refused_batches": (seen["clicks"] - n // biggest if name in ("batch-1s", "flood")
                            else None),
        "rate_cap_met": seen["vg-xp-limit-rate"], "run_cap_met": seen["vg-xp-limit-run"],
        "run_full": bool(seen["vg-xp-limit-full"]),
    }
    page.goto("about:blank")
    page.context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--paces", default="hand,batch-1s,flood,solo-hand")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = []
    with running_voila(ROOT / "notebooks", Path(tempfile.mkdtemp()) / "voila.log") as server, \
            sync_playwright() as pw:
        browser = launch_chromium(pw)
        for name in args.paces.split(","):
            rows.append(run_pace(browser, server, name, args.seconds))
            print(rows[-1], flush=True)
        browser.close()
    out = {"when": datetime.now(UTC).isoformat(timespec="minutes"),
           "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                      f"{platform.python_version()}",
           "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
           "runs": rows}
    RESULTS.write_text(json.dumps(out, indent=1) + "\n")
    print("\n| pace | clicks | trials (s) | trials/s | busiest second | batches refused | "
          "per-second notice | run full |\n|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        refused = "–" if r["refused_batches"] is None else r["refused_batches"]
        print(f"| {r['pace']} ({r['kind']}) | {r['clicks']} | {r['trials']} ({r['seconds']}) "
              f"| {r['trials_per_s']} | {r['busiest_second']} | {refused} | "
              f"{r['rate_cap_met']} | {'yes' if r['run_full'] else 'no'} |")


if __name__ == "__main__":
    main()
