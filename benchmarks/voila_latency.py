"""Voila latency: what a player waits for. A measurement script, not a test.

For each app notebook (APPS below; any other notebook in notebooks/ gets load times only):

- Time to interactive: navigation start until every one of the app's ready selectors is
  visible (selectors that exist only once the app is fully built, not just any widget), next
  to a blank ipywidgets notebook on the same server: the floor, Voila's page and front-end
  JavaScript alone. Median of --loads loads, round-robin. Target: at most 1.3 x blank.
- Click to update: one representative real interaction per app (a picker card, Next, a
  drop-down), median of --clicks, next to a one-Button-one-Label baseline app clicked in
  its own page just before each app click (so load on the machine hits both alike). Each
  timed action is undone by an untimed one (unselect, Back, the other option), so every
  timed action starts from the same state. Target: at most 1.5 x baseline. The gallery has
  links only: no click.

`measure_click` / `measure_action` are meant for other scripts too (import them from here).
Between loads the script waits until Voila has re-filled the notebook's pre-heated kernel and
Voila's processes are quiet again, so one measurement does not pay for the previous one's
refill. Other work on the machine still adds noise: the results record the load average.

Nothing is written into notebooks/: a temp copy is served, with the baselines beside it.
Prints a Markdown table; writes benchmarks/results/voila_latency.json. Exit status 1 only if
a load or click failed; a missed target is a result, not an error.

    .venv/bin/python benchmarks/voila_latency.py [NOTEBOOK ...] [--ready [NB=]SELECTOR ...]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import nbformat
import voila
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "benchmarks" / "results" / "voila_latency.json"
sys.path.insert(0, str(ROOT))
from harness.chromium import close_page, launch_chromium, new_page  # noqa: E402
from harness.voila import running_voila  # noqa: E402

TTI_TARGET = 1.3  # app time to interactive / blank notebook's
CLICK_TARGET = 1.5  # app click to update / one-label baseline's

# Voila 0.5 has no `.widget-area` (that was the classic notebook); widget views sit in
# #rendered_cells, which stays hidden until every cell has run.
DEFAULT_READY = "#rendered_cells .jupyter-widgets"
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


# ---------------------------------------------------------------- JS snippets
# Actions and predicates are JS source of functions of no arguments. A predicate source is
# evaluated just before its action runs, so it may capture the state before (`changes`).
def js_click(selector: str) -> str:
    sel = json.dumps(selector)
    return (f"() => {{ const el = document.querySelector({sel}); "
            f"if (!el) throw new Error('nothing matches ' + {sel}); el.click(); }}")


def js_select(selector: str, option: str) -> str:
    """Choose `option` in the <select> of an ipywidgets Dropdown as a person would: the
    widget listens to `change` and reads `selectedIndex` (labels use no-break spaces)."""
    sel, opt = json.dumps(selector), json.dumps(option)
    return f"""() => {{
        const el = document.querySelector({sel});
        if (!el) throw new Error('nothing matches ' + {sel});
        const i = [...el.options].findIndex(o => o.textContent.replace(/\\u00a0/g, ' ') === {opt});
        if (i < 0) throw new Error('no option ' + {opt} + ' in ' + {sel});
        el.selectedIndex = i;
        el.dispatchEvent(new Event('change', {{bubbles: true}}));
    }}"""


def js_visible(*selectors: str) -> str:
    """True when each selector matches at least one visible element."""
    return (f"() => {json.dumps(list(selectors))}.every(sel => "
            "[...document.querySelectorAll(sel)].some(el => el.checkVisibility()))")


def js_absent(selector: str) -> str:
    return f"() => !document.querySelector({json.dumps(selector)})"


def js_changes(*selectors: str) -> str:
    """True once the innerHTML of the first match of every selector differs from what it was
    when the predicate was set up (just before the action)."""
    sels = json.dumps(list(selectors))
    return f"""(() => {{
        const now = () => {sels}.map(s => document.querySelector(s)?.innerHTML ?? null);
        const before = now();
        return () => now().every((h, i) => h !== null && h !== before[i]);
    }})()"""


def js_all(*predicates: str) -> str:
    return "(() => { const ps = [" + ", ".join(f"({p})" for p in predicates) + \
        "]; return () => ps.every(p => p()); })()"


VISIBLE_AT_JS = """sels => sels.every(sel => [...document.querySelectorAll(sel)].some(
    el => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0))
    && performance.now()"""

ACTION_JS = """async ([act, predicate, timeout]) => {
    const action = (0, eval)('(' + act + ')');
    const changed = (0, eval)('(' + predicate + ')');
    if (changed()) throw new Error('measure: the change holds before the action');
    return await new Promise((resolve, reject) => {
        let t0, done = false;
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => finish(reject,
            new Error('measure: no change within ' + timeout + ' ms')), timeout);
        function finish(settle, value) {
            if (done) return;
            done = true;
            observer.disconnect();
            clearTimeout(timer);
            settle(value);
        }
        function check() {
            if (!done && changed()) finish(resolve, performance.now() - t0);
        }
        observer.observe(document.body,
            {subtree: true, childList: true, characterData: true, attributes: true});
        t0 = performance.now();
        try {
            action();
        } catch (e) {
            finish(reject, e);
            return;
        }
        check();
    });
}"""


def measure_action(page: Page, action_js: str, changed_predicate_js: str,
                   timeout_ms: float = 30_000) -> float:
    """Milliseconds from running `action_js` in the page until `changed_predicate_js` holds
    (both JS source of functions of no arguments; the predicate source is evaluated just
    before the action, so it can capture the state before, see `js_changes`). Timed inside
    the page with a MutationObserver, so Playwright's own round trips and actionability
    checks are not counted. Pace repeated actions like a person (see --click-pause): a click
    sent while the kernel still finishes the previous one measured about 45 ms instead of
    about 6 ms here.
    """
    return page.evaluate(ACTION_JS, [action_js, changed_predicate_js, timeout_ms])


def measure_click(page: Page, click_selector: str, changed_predicate_js: str,
                  timeout_ms: float = 30_000) -> float:
    """`measure_action` for a DOM click on the first match of `click_selector`, e.g.
    `measure_click(page, ".x", "() => document.querySelector('.y').textContent === 'z'")`.
    """
    return measure_action(page, js_click(click_selector), changed_predicate_js, timeout_ms)


# ---------------------------------------------------------------- what is measured
@dataclass(frozen=True)
class Interaction:
    what: str  # for the report
    act: str  # JS action, timed
    changed: str  # JS predicate: the update the person waits for
    reset: str | None = None  # JS action, untimed: back to the state before `act`
    reset_done: str | None = None
    prepare: Callable[[Page], None] | None = None  # once, after the page is ready


@dataclass(frozen=True)
class App:
    label: str
    notebook: str  # relative to notebooks/
    ready: tuple[str, ...]  # all visible = interactive
    query: str = ""
    interaction: Interaction | None = None

    @property
    def path(self) -> str:
        return self.notebook + (f"?{self.query}" if self.query else "")


def _open_match_tab(page: Page) -> None:
    page.locator(".lm-TabBar-tab", has_text="3 · Match").click()
    page.locator(".vg-lesson-they select").wait_for(state="visible", timeout=30_000)
    page.locator(".vg-lesson-match .vg-lesson-exact-value").wait_for(state="visible")


PICK = ".vg-pick-left.vg-val-farmer"
MATCH_EXACT = ".vg-lesson-match .vg-lesson-exact-value"
APPS = [
    App("gallery", "index.ipynb", (".vg-gallery-card .vg-gallery-open",)),
    App("play", "village_pillage_play.ipynb",
        (".vg-board-html .vg-village.vg-viewer", ".vg-pick-card", ".vg-prompt .vg-turn-badge"),
        query="players=3&seats=human,bot,bot&seed=7",  # a gallery link
        interaction=Interaction(
            "select a card in the plan picker (Left: Farmer) until it shows as selected",
            js_click(PICK), js_visible(f"{PICK}.vg-selected"),
            reset=js_click(f"{PICK}.vg-selected"),
            reset_done=js_all(js_absent(".vg-pick.vg-selected"), js_visible(PICK)))),
    App("rules", "village_pillage_rules.ipynb",
        (".vg-wt-board .vg-village", ".vg-wt-count", "button.vg-wt-next:not(:disabled)"),
        interaction=Interaction(
            "Next (step 1 to 2) until the counter, narration, board and log all changed",
            js_click("button.vg-wt-next"),
            js_changes(".vg-wt-count", ".vg-wt-narration", ".vg-wt-board", ".vg-wt-log"),
            reset=js_click("button.vg-wt-back"),
            reset_done=js_all(js_changes(".vg-wt-count"),
                              "() => document.querySelector('.vg-wt-count')"
                              "?.dataset.step === '1'"))),
    App("lesson", "village_pillage_lesson.ipynb",
        (".vg-payoff-table", ".vg-lesson-position .vg-pos-relic-bonus",
         ".vg-lesson-tabs .lm-TabBar-tab"),
        interaction=Interaction(
            "Match tab: 'They play' Uniform random to Always Merchant until the exact "
            "answer changes",
            js_select(".vg-lesson-they select", "Always Merchant"), js_changes(MATCH_EXACT),
            reset=js_select(".vg-lesson-they select", "Uniform random"),
            reset_done=js_changes(MATCH_EXACT), prepare=_open_match_tab)),
]
BLANK_APP = App("blank", BLANK, (DEFAULT_READY,))
CLICK_APP = App("one-label baseline", CLICK, (".bench-button", ".bench-label"),
                interaction=Interaction("Button sets a Label", js_click(".bench-button"),
                                        js_changes(".bench-label")))


# ---------------------------------------------------------------- measuring
def time_to_interactive(page: Page, url: str, ready: str | Sequence[str],
                        timeout_ms: float = 60_000) -> float:
    """Milliseconds from navigation start until every `ready` selector matches a visible
    element (sampled every frame)."""
    sels = [ready] if isinstance(ready, str) else list(ready)
    page.goto(url, wait_until="commit")
    return page.wait_for_function(
        VISIBLE_AT_JS, arg=sels, polling="raf", timeout=timeout_ms
    ).json_value()


def server_group(base_url: str) -> int | None:
    """The process group of the Voila server at `base_url` (its kernels are in it too)."""
    port = base_url.rsplit(":", 1)[1]
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if f"--port={port}".encode() in args and any(a.endswith(b"serve") for a in args):
            with contextlib.suppress(OSError):
                return os.getpgid(int(cmdline.parent.name))
    return None


def _group_ticks(pgid: int) -> int:
    """CPU time (clock ticks) used so far by the live processes of a process group."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # state ppid pgrp ... utime(11) stime(12)
            total += int(fields[11]) + int(fields[12])
    return total


def wait_quiet(pgid: int | None, timeout: float = 20, busy: float = 0.1,
               window: float = 0.3) -> None:
    """Block until the Voila server and its kernels use less than `busy` of one core for two
    windows in a row: a pre-heated kernel still running its notebook, or a closed page's
    kernel shutting down, would otherwise slow the next measurement (2 cores here). Only
    the server's own processes count, so other work on the machine does not stall this;
    it does still add noise (see `loadavg` in the results)."""
    if pgid is None or not Path("/proc").is_dir():
        time.sleep(2.0)
        return
    hz = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        t0 = _group_ticks(pgid)
        time.sleep(window)
        quiet = quiet + 1 if (_group_ticks(pgid) - t0) / hz < busy * window else 0
        if quiet >= 2:
            return
    print(f"warning: Voila's kernels not quiet within {timeout:.0f} s", file=sys.stderr)


@dataclass
class Pools:
    """How many times Voila has filled each notebook's pre-heated kernel pool (from its log)."""

    log: Path
    expected: dict[str, int] = field(default_factory=dict)
    pgid: int | None = None  # Voila's process group, for `wait_quiet`

    def wait(self, timeout: float = 120) -> None:
        """Block until every pool has been filled as often as expected, then until the
        pooled kernels have run their notebooks (the log line comes before that)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            filled = re.findall(r"Kernel pool of (.+?) is filled",
                                self.log.read_text(errors="replace"))
            if all(filled.count(nb) >= n for nb, n in self.expected.items()):
                break
            time.sleep(0.2)
        else:
            print(f"warning: kernel pools not refilled within {timeout:.0f} s",
                  file=sys.stderr)
        time.sleep(0.3)
        wait_quiet(self.pgid)

    def taken(self, nb: str) -> None:
        """A page took `nb`'s pooled kernel: wait for its replacement."""
        self.expected[nb] += 1
        self.wait(timeout=60)


def summary(samples: list[float | None]) -> dict:
    ok = [s for s in samples if s is not None]
    median = round(statistics.median(ok), 1) if ok else None
    return {"median_ms": median, "samples_ms": samples, "failed": len(samples) - len(ok)}


def first_line(exc: Exception) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def open_for_clicks(browser, base: str, pools: Pools, app: App) -> Page:
    """A page of `app`, ready to click, with the kernel pool it drew from re-filled."""
    page = new_page(browser)
    try:
        page.goto(f"{base}/voila/render/{app.path}")
        page.wait_for_function(VISIBLE_AT_JS, arg=list(app.ready), polling="raf",
                               timeout=60_000)
        pools.taken(app.notebook)  # the refill must not run during the clicks
        if app.interaction and app.interaction.prepare:
            app.interaction.prepare(page)
    except BaseException:
        close_page(page)
        raise
    return page


def sample(page: Page, label: str, act: str, changed: str) -> float | None:
    try:
        return round(measure_action(page, act, changed), 1)
    except PlaywrightError as exc:
        print(f"  {label}: {first_line(exc)}", file=sys.stderr)
        return None


def click_phase(browser, base: str, pools: Pools, apps: list[App], n: int,
                pause: float) -> dict[str, dict]:
    """For each app with an interaction: `n` timed actions, each after a click on the
    baseline app (open in another page), so load on the machine hits both alike; each
    timed action is followed by its untimed reset. Returns {label: result}."""
    results: dict[str, dict] = {}
    base_inter = CLICK_APP.interaction
    base_page = open_for_clicks(browser, base, pools, CLICK_APP)
    try:
        for app in apps:
            inter = app.interaction
            if inter is None:
                continue
            print(f"clicks: {app.label}", file=sys.stderr)
            base_samples: list[float | None] = []
            samples: list[float | None] = []
            resets: list[float | None] = []
            try:
                page = open_for_clicks(browser, base, pools, app)
            except PlaywrightError as exc:
                print(f"  {app.label}: page failed: {first_line(exc)}", file=sys.stderr)
                page = None
            try:
                for _ in range(n if page else 0):
                    time.sleep(pause)
                    base_samples.append(sample(base_page, "baseline", base_inter.act,
                                               base_inter.changed))
                    time.sleep(pause)
                    samples.append(sample(page, app.label, inter.act, inter.changed))
                    if inter.reset:
                        time.sleep(pause)
                        resets.append(sample(page, f"{app.label} reset", inter.reset,
                                             inter.reset_done))
            finally:
                if page:
                    close_page(page)
                    wait_quiet(pools.pgid)  # its kernel shuts down
            samples += [None] * (n - len(samples))
            base_samples += [None] * (n - len(base_samples))
            results[app.label] = {
                "interaction": inter.what, **summary(samples),
                **({"reset_samples_ms": resets} if inter.reset else {}),
                "baseline": summary(base_samples),
            }
    finally:
        close_page(base_page)
    return results


def run(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="voila-latency-") as tmp_name:
        tmp = Path(tmp_name)
        root = prepare(tmp)
        log = tmp / "voila.log"
        pools = Pools(log, {
            p.relative_to(root).as_posix(): 1
            for p in root.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts
        })
        with running_voila(root, log) as base, sync_playwright() as pw:
            browser = launch_chromium(pw)
            pools.pgid = server_group(base)
            if pools.pgid is None:
                print("warning: Voila's process not found: fixed pauses instead", file=sys.stderr)
            pools.wait()

            def load(app: App) -> float | None:
                page = new_page(browser)
                try:
                    url = f"{base}/voila/render/{app.path}"
                    return round(time_to_interactive(page, url, app.ready), 1)
                except PlaywrightError as exc:  # a stuck load is a result, not a crash
                    print(f"  {app.label}: load failed: {first_line(exc)}", file=sys.stderr)
                    return None
                finally:
                    close_page(page)
                    pools.taken(app.notebook)

            load(BLANK_APP)  # untimed: warms the browser's HTTP cache
            timed = [BLANK_APP, *args.apps]
            loads: dict[str, list] = {a.label: [] for a in timed}
            for i in range(args.loads):  # round-robin, so drift hits every notebook alike
                print(f"load round {i + 1}/{args.loads}", file=sys.stderr)
                for app in timed:
                    loads[app.label].append(load(app))

            clicks: dict[str, dict] = {}
            if args.clicks and any(app.interaction for app in args.apps):
                clicks = click_phase(browser, base, pools, args.apps, args.clicks,
                                     args.click_pause)
            chromium = browser.version
            browser.close()

    blank = {"notebook": BLANK, "ready": list(BLANK_APP.ready), **summary(loads["blank"])}
    base_all = [x for c in clicks.values() for x in c["baseline"]["samples_ms"]]
    baseline = ({"notebook": CLICK, "interaction": CLICK_APP.interaction.what,
                 **summary(base_all)} if clicks else None)
    apps = {}
    for app in args.apps:
        tti = summary(loads[app.label])
        click = clicks.get(app.label)
        tti_ratio = ratio(tti["median_ms"], blank["median_ms"])
        click_ratio = ratio(click and click["median_ms"], click and click["baseline"]["median_ms"])
        met = tti_ratio is not None and tti_ratio <= TTI_TARGET
        if app.interaction:
            met = met and click_ratio is not None and click_ratio <= CLICK_TARGET
        apps[app.label] = {
            "notebook": app.notebook, "query": app.query, "ready": list(app.ready),
            "time_to_interactive": tti, "tti_ratio": tti_ratio,
            "click": click, "click_ratio": click_ratio, "target_met": met,
        }
    return {"chromium": chromium, "blank": blank, "click_baseline": baseline, "apps": apps}


def ratio(value: float | None, floor: float | None) -> float | None:
    return round(value / floor, 2) if value is not None and floor else None


# ---------------------------------------------------------------- setup and report
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
    parser.add_argument("notebooks", nargs="*",
                        help="default: every notebook in notebooks/ (the apps first)")
    parser.add_argument(
        "--ready",
        action="append",
        default=[],
        metavar="[NB=]SELECTOR",
        help="CSS selector that means 'interactive', replacing the app's own "
             f"(default for notebooks with no entry in APPS: {DEFAULT_READY!r})",
    )
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=20, help="0: load times only")
    parser.add_argument("--click-pause", type=float, default=0.3, help="seconds between clicks")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    known = {a.notebook: a for a in APPS}
    if args.notebooks:
        names = [served_name(a) for a in args.notebooks]
    else:
        found = sorted(
            p.relative_to(NOTEBOOKS).as_posix()
            for p in NOTEBOOKS.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts
        ) if NOTEBOOKS.is_dir() else []
        names = [a.notebook for a in APPS if a.notebook in found]
        names += [nb for nb in found if nb not in known]
    ready: dict[str, tuple[str, ...]] = {}
    for item in args.ready:
        name, sep, selector = item.partition("=")
        if sep and name.endswith(".ipynb"):
            ready[served_name(name)] = (selector,)
        else:  # a bare selector applies to every notebook given
            ready.update(dict.fromkeys(names, (item,)))
    args.apps = []
    for nb in names:
        app = known.get(nb) or App(Path(nb).stem, nb, (DEFAULT_READY,))
        if nb not in known:
            print(f"note: {nb} has no entry in APPS: load time only, ready = "
                  f"{DEFAULT_READY!r}", file=sys.stderr)
        if nb in ready:
            app = App(app.label, nb, ready[nb], app.query, app.interaction)
        args.apps.append(app)
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


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f}"


def _x(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def report(results: dict) -> str:
    blank = results["blank"]["median_ms"]
    lines = [
        f"| app | TTI ms | blank ms | ratio (<= {TTI_TARGET}) | click ms | baseline ms "
        f"| ratio (<= {CLICK_TARGET}) | target met? |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    notes = []
    for label, r in results["apps"].items():
        tti = r["time_to_interactive"]
        click = r["click"]
        if click is None:
            click_cells = "no click | | "
        else:
            click_cells = (f"{_ms(click['median_ms'])} | {_ms(click['baseline']['median_ms'])} | "
                           f"{_x(r['click_ratio'])}")
        met = "yes" if r["target_met"] else "**no**"
        if click is None:
            met += " (TTI only)"
        lines.append(f"| {label} | {_ms(tti['median_ms'])} | {_ms(blank)} | "
                     f"{_x(r['tti_ratio'])} | {click_cells} | {met} |")
        failed = tti["failed"] + (click["failed"] if click else 0)
        what = f"; click: {click['interaction']}" if click else ""
        notes.append(f"- {label} (`{r['notebook']}{'?' + r['query'] if r['query'] else ''}`): "
                     f"ready = {', '.join(f'`{s}`' for s in r['ready'])}{what}"
                     + (f"; **{failed} failed**" if failed else ""))
    loads = len(results["blank"]["samples_ms"])
    lines += ["", f"Medians of {loads} loads and {results['clicks']} clicks per app "
              f"({results['click_pause_s']} s apart). Blank: `{BLANK}` (one Label). "
              f"Baseline click: `{CLICK}` (Button sets a Label), clicked in its own page "
              "before each app click, so each app has its own baseline median. Load average "
              f"{results['loadavg'][0]} before, {results['loadavg'][1]} after.", *notes]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    load_before = os.getloadavg()
    results = run(args)
    results = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "voila": voila.__version__,
        "python": platform.python_version(),
        "loads": args.loads,
        "clicks": args.clicks,
        "click_pause_s": args.click_pause,
        "targets": {"tti_ratio_max": TTI_TARGET, "click_ratio_max": CLICK_TARGET},
        "duration_s": round(time.monotonic() - started),
        # 1-minute load average before and after: other work on the machine adds noise
        "loadavg": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        **results,
    }
    print(report(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(results, indent=2) + "\n")
    tmp.replace(args.out)
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}"
          f" ({results['duration_s']} s)")
    failed = results["blank"]["failed"] + sum(
        r["time_to_interactive"]["failed"] + (r["click"]["failed"] if r["click"] else 0)
        for r in results["apps"].values())
    if results["click_baseline"]:
        failed += results["click_baseline"]["failed"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
