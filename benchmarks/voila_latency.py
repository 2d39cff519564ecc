"""Voila latency: what a player waits for. A measurement script, not a test.

- Time to interactive: navigation start until the app's ready selector is visible, for each
  notebook, next to a blank ipywidgets notebook on the same server (the floor: Voila's page
  and front-end JavaScript alone). Median of --loads loads.
- Click to update: a one-Button-one-Label baseline app, median of --clicks clicks.
  `measure_click` is meant for real apps too (import it from this file).

Nothing is written into notebooks/: a temp copy is served, with the baselines beside it.
Prints a Markdown table; writes benchmarks/results/voila_latency.json.

    .venv/bin/python benchmarks/voila_latency.py [NOTEBOOK ...] [--ready [NB=]SELECTOR ...]
"""

import argparse
import json
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import nbformat
import voila
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "benchmarks" / "results" / "voila_latency.json"
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import close_page, launch_chromium, new_page, running_voila  # noqa: E402

# Voila 0.5 has no `.widget-area` (that was the classic notebook); widget views sit in
# #rendered_cells, which stays hidden until every cell has run.
DEFAULT_READY = "#rendered_cells .jupyter-widgets"
# Per-notebook ready selectors (path relative to notebooks/); --ready NB=SELECTOR adds more.
READY: dict[str, str] = {}
BASELINE_DIR = "_latency_baseline"
BLANK = f"{BASELINE_DIR}/blank.ipynb"
CLICK = f"{BASELINE_DIR}/click.ipynb"
BASELINES = {
    BLANK: 'import ipywidgets as widgets\n\nwidgets.Label("ready")',
    CLICK: """\
import ipywidgets as widgets

label = widgets.Label("clicks: 0")
label.add_class("bench-label")
button = widgets.Button(description="Click")
button.add_class("bench-button")
clicks = 0


def on_click(_):
    global clicks
    clicks += 1
    label.value = f"clicks: {clicks}"


button.on_click(on_click)
widgets.VBox([button, label])
""",
}

VISIBLE_AT_JS = """sel => [...document.querySelectorAll(sel)].some(
    el => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0)
    && performance.now()"""

CLICK_JS = """async ([sel, predicate, timeout]) => {
    const changed = (0, eval)('(' + predicate + ')');
    const el = document.querySelector(sel);
    if (!el) throw new Error('measure_click: nothing matches ' + sel);
    return await new Promise((resolve, reject) => {
        let t0;
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error('measure_click: no change within ' + timeout + ' ms'));
        }, timeout);
        function check() {
            if (!changed()) return;
            const dt = performance.now() - t0;
            observer.disconnect();
            clearTimeout(timer);
            resolve(dt);
        }
        observer.observe(document.body,
            {subtree: true, childList: true, characterData: true, attributes: true});
        t0 = performance.now();
        el.click();
        check();
    });
}"""


def measure_click(
    page: Page, click_selector: str, changed_predicate_js: str, timeout_ms: float = 30_000
) -> float:
    """Milliseconds from clicking `click_selector` until `changed_predicate_js` (the source of
    a JS function of no arguments, e.g. "() => document.querySelector('.x').textContent ===
    'y'") holds. Timed inside the page: a DOM click, then a MutationObserver, so Playwright's
    own round trips and actionability checks are not counted. Pace repeated clicks like a
    person (see --click-pause): a click sent while the kernel still finishes the previous one
    measured about 45 ms instead of about 6 ms here.
    """
    return page.evaluate(CLICK_JS, [click_selector, changed_predicate_js, timeout_ms])


def time_to_interactive(page: Page, url: str, ready: str, timeout_ms: float = 60_000) -> float:
    """Milliseconds from navigation start until `ready` is visible (sampled every frame)."""
    page.goto(url, wait_until="commit")
    return page.wait_for_function(
        VISIBLE_AT_JS, arg=ready, polling="raf", timeout=timeout_ms
    ).json_value()


def wait_pools_filled(log: Path, counts: dict[str, int], timeout: float = 300) -> None:
    """Block until Voila has re-filled the pre-heated kernel pool of each notebook `counts[nb]`
    times, so a load is not slowed by the previous load's refill (or by start-up preheating).
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        filled = re.findall(r"Kernel pool of (.+?) is filled", log.read_text(errors="replace"))
        if all(filled.count(nb) >= n for nb, n in counts.items()):
            time.sleep(1.0)  # the pooled kernel runs its notebook after the log line
            return
        time.sleep(0.2)
    print(f"warning: kernel pools not refilled within {timeout:.0f} s", file=sys.stderr)


def served_name(arg: str) -> str:
    path = Path(arg)
    if not path.exists():
        path = NOTEBOOKS / arg
    path = path.resolve()
    if not path.is_file() or not path.is_relative_to(NOTEBOOKS):
        raise SystemExit(f"{arg}: not a notebook under {NOTEBOOKS}")
    return path.relative_to(NOTEBOOKS).as_posix()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="default: notebooks/ except index.ipynb")
    parser.add_argument(
        "--ready",
        action="append",
        default=[],
        metavar="[NB=]SELECTOR",
        help=f"CSS selector that means 'interactive' (default {DEFAULT_READY!r})",
    )
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--click-pause", type=float, default=0.3, help="seconds between clicks")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.notebooks:
        args.notebooks = [served_name(a) for a in args.notebooks]
    elif NOTEBOOKS.is_dir():
        args.notebooks = sorted(
            p.relative_to(NOTEBOOKS).as_posix()
            for p in NOTEBOOKS.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts and p.name != "index.ipynb"
        )
    args.ready_for = dict(READY)
    for item in args.ready:
        name, sep, selector = item.partition("=")
        if sep and name.endswith(".ipynb"):
            args.ready_for[served_name(name)] = selector
        else:  # a bare selector applies to every notebook given
            args.ready_for.update(dict.fromkeys(args.notebooks, item))
    return args


def prepare(tmp: Path) -> Path:
    """A temp copy of notebooks/ with the baseline notebooks beside it."""
    root = tmp / "notebooks"
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for name, source in BASELINES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(nb, root / name)
    return root


def summary(samples: list[float | None]) -> dict:
    ok = [s for s in samples if s is not None]
    median = round(statistics.median(ok), 1) if ok else None
    return {"median_ms": median, "samples_ms": samples, "failed": len(samples) - len(ok)}


def click_baseline(browser, base: str, n: int, pause: float) -> list[float]:
    page = new_page(browser)
    try:
        page.goto(f"{base}/voila/render/{CLICK}")
        page.locator(".bench-button").wait_for(state="visible", timeout=60_000)
        samples = []
        for i in range(1, n + 1):
            time.sleep(pause)
            changed = f"() => document.querySelector('.bench-label')?.textContent === 'clicks: {i}'"
            samples.append(round(measure_click(page, ".bench-button", changed), 1))
        return samples
    finally:
        close_page(page)


def run(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="voila-latency-") as tmp_name:
        tmp = Path(tmp_name)
        root = prepare(tmp)
        log = tmp / "voila.log"
        pools = {
            p.relative_to(root).as_posix(): 1
            for p in root.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts
        }
        with running_voila(root, log) as base, sync_playwright() as pw:
            browser = launch_chromium(pw)
            wait_pools_filled(log, pools)

            def load(nb: str, ready: str) -> float | None:
                page = new_page(browser)
                try:
                    return round(time_to_interactive(page, f"{base}/voila/render/{nb}", ready), 1)
                except Exception as exc:  # a stuck load is a result, not a crash
                    print(f"  {nb}: load failed: {str(exc).splitlines()[0]}", file=sys.stderr)
                    return None
                finally:
                    close_page(page)
                    pools[nb] += 1
                    wait_pools_filled(log, {nb: pools[nb]}, timeout=60)

            load(BLANK, DEFAULT_READY)  # untimed: warms the browser's HTTP cache
            ready = {nb: args.ready_for.get(nb, DEFAULT_READY) for nb in [BLANK, *args.notebooks]}
            samples: dict[str, list] = {nb: [] for nb in ready}
            for i in range(args.loads):  # round-robin, so drift hits every notebook alike
                print(f"round {i + 1}/{args.loads}", file=sys.stderr)
                for nb in ready:
                    samples[nb].append(load(nb, ready[nb]))
            results = {
                "notebooks": {nb: {"ready": ready[nb], **summary(samples[nb])} for nb in ready}
            }

            clicks = click_baseline(browser, base, args.clicks, args.click_pause)
            results["click_baseline"] = {"app": CLICK, **summary(clicks)}
            results["chromium"] = browser.version
            browser.close()
    return results


def report(results: dict) -> str:
    blank = results["notebooks"][BLANK]["median_ms"]
    lines = [
        "| notebook | ready selector | time to interactive (median ms) | over blank (ms) "
        "| failed loads |",
        "|---|---|---:|---:|---:|",
    ]
    for nb, r in results["notebooks"].items():
        median, over = "n/a", ""
        if r["median_ms"] is not None:
            median = f"{r['median_ms']:.0f}"
            if blank is not None and nb != BLANK:
                over = f"{r['median_ms'] - blank:+.0f}"
        lines.append(f"| {nb} | `{r['ready']}` | {median} | {over} | {r['failed']} |")
    c = results["click_baseline"]
    lines += [
        "",
        "| app | click to update (median ms) | clicks |",
        "|---|---:|---:|",
        f"| {c['app']} (Button sets Label) | {c['median_ms']:.0f} | {len(c['samples_ms'])} |",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    results = run(args)
    results = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "voila": voila.__version__,
        "python": platform.python_version(),
        "loads": args.loads,
        **results,
    }
    print(report(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(results, indent=2) + "\n")
    tmp.replace(args.out)
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    failed = sum(r["failed"] for r in results["notebooks"].values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
