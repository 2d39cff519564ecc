"""The generic lesson widget: controls -> an exact answer beside a Monte Carlo estimate.

Every probability lesson in this project has the same shape, whatever the game:

* some controls (sliders, toggles, drop-downs) that set up a question;
* an **exact** panel: the true answer, computed from `village_games.probability`;
* a **Monte Carlo** panel: a trials slider, a Run button, a progress bar that moves between
  batches (`in_batches`), and the simulated mean with its 95% interval: for a share (a
  lesson made with `share=True`: one 1 or 0 per trial) Wilson's interval, which stays
  inside [0, 1] (`village_games.probability.intervals`), else mean ± 1.96 standard errors;
* a PNG chart of the running mean settling on the exact line as trials grow;
* for a lesson that names its class experiment (`experiment`: the kind and the settings
  of the controls now), a "run this as a class experiment" link carrying them.

`Lesson` wires that up. A lesson supplies two callables that read its own controls:
`exact() -> Exact | None` and `sample(n, rng) -> samples` (one number per trial: a payoff,
or 1/0 for "did the event happen"). `None` from `exact` means there is no closed form, and
the simulation stands alone. Charts are PNG bytes in a `widgets.Image`, never matplotlib in
an Output widget, and every callback runs through `guarded` so errors show in the app.

Lessons stay light in the page: every ipywidgets control brings a Layout model and most a
Style model of its own, each one more model for the page to fetch and build. `Shared` hands
one app's widgets the same few Layout and Style models (`widgets/kit/shared_models.py`;
sizes and spacing live in style.css), and `Choice` is a Dropdown whose changes cost a
single message back.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w
import numpy as np
from traitlets import Int

from village_games.probability import Estimate, estimate, in_batches, running_mean_with_ci
from village_games.probability.intervals import running_share_intervals, share_estimate
from widgets.kit.charts import chart_image, figure, png_bytes, show_chart
from widgets.kit.safe import ErrorBanner, guarded
from widgets.kit.shared_models import Shared
from widgets.teach.class_link import class_link_html

DEFAULT_TRIALS = (100, 1_000, 10_000, 100_000, 1_000_000)
_PLOT_POINTS = 600  # a running mean over a million trials is drawn from this many points
_BAND_POINTS = 120  # a share's interval band: this many points (one SciPy call each)


class Choice(w.Dropdown):
    """A Dropdown whose choices in the page are not echoed back to the page.

    ipywidgets answers every change made in the page with an `echo_update` message before
    any callback runs, for other pages showing the same kernel. A Voila page has its
    kernel to itself, so on a lesson's main control that message only delayed the answer.
    Changes made in Python reach the page as usual.
    """

    index = Int(None, help="Selected index", allow_none=True).tag(sync=True,
                                                                  echo_update=False)


@dataclass(frozen=True)
class Exact:
    """The exact answer a simulation should agree with; `note` is a short HTML explanation."""

    value: float
    label: str = "Exact answer"
    note: str = ""


def fmt(x: float, digits: int = 3) -> str:
    """A number for prose: 0.25 -> '0.25', -1.0 -> '−1', with a real minus sign."""
    if not math.isfinite(x):
        return "–"
    text = f"{x:.{digits}f}"
    if "." in text:  # only trailing decimals go: 180 stays 180
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace("-", "\u2212")


class Lesson(w.VBox):
    """Controls, an exact panel, a Monte Carlo panel with progress, and a chart.

    `controls` are shown first; a change to any of them (or to a control inside a box among
    them) recomputes the exact answer and marks an old simulation as out of date. Call
    `refresh()` when something outside the controls changes the question. `run()` is what
    the Run button does, exposed for tests and for scripted demos. Pass the app's `shared`
    models when a lesson sits inside a bigger app. `share` (True, or a callable for a
    lesson whose question changes kind) says the samples are 1s and 0s of a share.
    """

    def __init__(
        self,
        controls: Sequence[w.Widget],
        exact: Callable[[], Exact | None],
        sample: Callable[[int, np.random.Generator], np.ndarray],
        *,
        quantity: str = "payoff",
        trials: Sequence[int] = DEFAULT_TRIALS,
        default_trials: int = 10_000,
        batches: int = 20,
        seed: int | None = None,
        banner: ErrorBanner | None = None,
        intro: str = "",
        run_label: str = "Run",
        unit: str = "trials",
        shared: Shared | None = None,
        share: bool | Callable[[], bool] = False,
        experiment: Callable[[], tuple[str, dict[str, object]]] | None = None,
    ) -> None:
        shared = shared or Shared()
        self.banner = banner or ErrorBanner()
        self._own_banner = banner is None
        self._exact_fn = exact
        self._sample_fn = sample
        self.quantity = quantity
        self.unit = unit
        self._share = share
        self._experiment = experiment
        self.class_link = ""  # the class-experiment link's HTML (under the exact answer)
        self.batches = max(1, int(batches))
        self._seeds = np.random.SeedSequence(seed)
        self.last_seed: int | None = None
        self.last_estimate: Estimate | None = None
        self.last_exact: Exact | None = None
        self.samples: np.ndarray | None = None

        options = sorted({int(t) for t in trials})
        if default_trials not in options:
            default_trials = options[len(options) // 2]
        self.trials = shared.make(
            w.SelectionSlider, "vg-lesson-trials", options=[(f"{t:,}", t) for t in options],
            value=default_trials, description=unit.capitalize(), continuous_update=False,
            style={"description_width": "initial"})
        self.run_button = shared.make(w.Button, "vg-lesson-run", description=run_label,
                                      icon="play", button_style="primary")
        self.seed_box = shared.make(w.Text, "vg-lesson-seed", value="", description="Seed",
                                    placeholder="new each run",
                                    tooltip="Leave empty for a fresh seed each run; type the "
                                            "seed of an earlier run to repeat it exactly",
                                    layout={"width": "190px"},
                                    style={"description_width": "initial"})
        self.progress = shared.make(w.IntProgress, "vg-lesson-progress", value=0, min=0,
                                    max=default_trials, layout={"width": "220px"})
        self.progress_label = shared.html("", "vg-lesson-progress-label")
        self.exact_html = shared.html("", "vg-lesson-exact")
        self._run_label = html.escape(run_label)
        self.sim_html = shared.html(f"<div class='vg-note'>Press <b>{self._run_label}</b> to "
                                    "simulate.</div>", "vg-lesson-sim")
        self.chart = chart_image()  # its own layout: the chart's width
        self.chart.add_class("vg-lesson-chart")
        self.chart.layout.width = "540px"
        self.chart.layout.visibility = "hidden"  # no broken-image icon before the first run

        guard = guarded(self.banner)
        self.run_button.on_click(guard(lambda _b: self.run()))
        self._on_change = guard(lambda _c: self.refresh())
        for control in controls:
            self.watch(control)

        intro_html = ([shared.html(f"<div class='vg-lesson-intro'>{intro}</div>")] if intro
                      else [])
        controls_box = shared.vbox(controls, "vg-lesson-controls")
        answers = shared.vbox([self.exact_html, self.sim_html], "vg-lesson-answers")
        runner = shared.hbox([self.trials, self.seed_box, self.run_button, self.progress,
                              self.progress_label], "vg-lesson-runner")
        # side by side: fits a laptop screen
        results = shared.hbox([answers, self.chart], "vg-lesson-results")
        children = ([self.banner] if self._own_banner else []) + intro_html + [
            controls_box, runner, results]
        super().__init__(children, layout=shared.layout())
        self.add_class("vg-lesson")
        guard(self.refresh)()

    def watch(self, control: w.Widget) -> None:
        """Recompute the exact answer when `control` (or any control inside a box) changes."""
        if isinstance(control, w.ValueWidget):
            control.observe(self._on_change, names="value")
        for child in getattr(control, "children", ()):
            self.watch(child)

    # ------------------------------------------------------------------ exact side
    def refresh(self) -> None:
        """Recompute the exact answer; an old simulation no longer matches the controls."""
        if self._experiment is not None:
            self.class_link = self._class_link()
        self.last_exact = self._exact_fn()
        # one message: the link sits under the exact answer
        self.exact_html.value = self._exact_markup(self.last_exact) + self.class_link
        if self.samples is not None:
            self.samples = None
            self.last_estimate = None
            self.sim_html.value = ("<div class='vg-note vg-lesson-stale'>The settings changed: "
                                   f"press <b>{self._run_label}</b> again.</div>")
            with self.progress.hold_sync():  # one message for both
                self.progress.value = 0
                self.progress.bar_style = ""
            self.progress_label.value = ""

    def _class_link(self) -> str:
        """The "run this as a class experiment" link for the lesson's settings now."""
        assert self._experiment is not None
        try:
            key, settings = self._experiment()
        except ValueError as exc:
            return (f"<div class='vg-note vg-class-link-none'>Choose the settings first to run "
                    f"this as a class experiment ({html.escape(str(exc))}).</div>")
        return class_link_html(key, settings)

    def _exact_markup(self, exact: Exact | None) -> str:
        if exact is None:
            return ("<div class='vg-lesson-box'><div class='vg-lesson-head'>Exact answer</div>"
                    "<div class='vg-note'>No formula here: the simulation is the answer.</div>"
                    "</div>")
        note = f"<div class='vg-note'>{exact.note}</div>" if exact.note else ""
        return ("<div class='vg-lesson-box'>"
                f"<div class='vg-lesson-head'>{exact.label}</div>"
                f"<div class='vg-lesson-number vg-lesson-exact-value'>{fmt(exact.value, 4)}"
                f"</div>{note}</div>")

    # ------------------------------------------------------------------ simulation
    def run(self, trials: int | None = None) -> Estimate:
        """Simulate in batches, moving the progress bar between them; then show the result."""
        total = int(self.trials.value if trials is None else trials)
        if total < 2:
            raise ValueError("a simulation needs at least 2 trials to give an interval")
        self.last_seed = self._run_seed()
        rng = np.random.default_rng(self.last_seed)
        batch = max(1, math.ceil(total / self.batches))
        self.run_button.disabled = True
        with self.progress.hold_sync():
            self.progress.bar_style = "info"
            self.progress.max = total
            self.progress.value = 0
        self.sim_html.value = "<div class='vg-note'>Simulating…</div>"
        parts: list[np.ndarray] = []
        done = 0
        try:
            for size in in_batches(total, batch):
                part = np.asarray(self._sample_fn(size, rng), dtype=float)
                if part.shape != (size,):
                    raise ValueError(f"the sampler returned {part.shape} values for {size} "
                                     "trials")
                parts.append(part)
                done += size
                self.progress.value = done
                self.progress_label.value = f"<span class='vg-note'>{done:,} / {total:,}</span>"
        finally:
            self.run_button.disabled = False
        self.samples = np.concatenate(parts)
        self.progress.bar_style = "success"
        self.last_estimate = (share_estimate(self.samples) if self.is_share()
                              else estimate(self.samples))
        self.sim_html.value = self._sim_markup(self.last_estimate, self.last_exact)
        show_chart(self.chart, self.draw(self.samples, self.last_exact),
                   f"Chart of the {len(self.samples):,} simulated trials; their numbers, and "
                   "the exact answer, are in the boxes beside it.")
        return self.last_estimate

    def is_share(self) -> bool:
        """Whether the simulated quantity is a share (its interval stays in [0, 1])."""
        return bool(self._share() if callable(self._share) else self._share)

    def _run_seed(self) -> int:
        """The seed typed in (to repeat a run), else a fresh one: a class sees the spread
        from run to run, and any run can be repeated from the seed it shows."""
        raw = self.seed_box.value.strip()
        if not raw:
            # a new child of the lesson's seed sequence each run (generate_state alone would
            # give the same number every time)
            return int(self._seeds.spawn(1)[0].generate_state(1)[0])
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 20 and int(raw) < 2**64):
            raise ValueError("the seed must be a whole number from 0 to 2**64 - 1 (or leave "
                             "it empty for a fresh seed each run)")
        return int(raw)

    def _sim_markup(self, est: Estimate, exact: Exact | None) -> str:
        share = self.is_share()
        verdict = ""
        if est.std_error == 0 and not share:
            verdict = ("<div class='vg-note vg-lesson-verdict'>Every trial gave the same "
                       "result, so this interval says nothing yet: try more trials.</div>")
        elif exact is not None:
            inside = est.covers(exact.value)
            verdict = (
                f"<div class='vg-note vg-lesson-verdict {'vg-in' if inside else 'vg-out'}'>"
                + ("The exact answer is inside the interval." if inside else
                   "The exact answer is outside the interval: that happens about 1 run in 20.")
                + "</div>")
        if share:  # Wilson's interval is not centred on the share: no "±"
            number = fmt(est.mean, 4)
            how = ("95% interval (Wilson's, for a share: never below 0 or above 1): "
                   f"{fmt(est.ci_low, 4)} to {fmt(est.ci_high, 4)}")
        else:
            number = (f"{fmt(est.mean, 4)} <span class='vg-lesson-pm' title='half the width of "
                      f"the 95% interval'>± {fmt(est.half_width, 4)}</span>")
            how = (f"95% interval: {fmt(est.ci_low, 4)} to {fmt(est.ci_high, 4)} (the ± is "
                   "half its width: 1.96 standard errors)")
        return ("<div class='vg-lesson-box'>"
                f"<div class='vg-lesson-head'>Simulated ({est.trials:,} {self.unit})</div>"
                f"<div class='vg-lesson-number vg-lesson-sim-value'>{number}</div>"
                f"<div class='vg-note'>{how} · seed {self.last_seed}</div>{verdict}</div>")

    def draw(self, samples: np.ndarray, exact: Exact | None) -> bytes:
        """Running mean with its 95% band on a log trial axis, and the exact line."""
        n = samples.size
        idx = np.unique(np.geomspace(1, n, num=min(n, _PLOT_POINTS)).astype(int)) - 1
        x = idx + 1
        if self.is_share():  # Wilson's band, at fewer points (each is a SciPy call)
            means = np.cumsum(samples) / np.arange(1, n + 1)
            band = np.unique(np.geomspace(1, n, num=min(n, _BAND_POINTS)).astype(int))
            low, high = running_share_intervals(samples, band)
            band_x = band
        else:
            means, low_all, high_all = running_mean_with_ci(samples)
            low, high, band_x = low_all[idx], high_all[idx], x
        fig, ax = figure(5.4, 3.1)
        ax.fill_between(band_x, low, high, color="#c8792b", alpha=0.25, linewidth=0,
                        label="95% interval")
        ax.plot(x, means[idx], color="#a8322a", linewidth=1.6, label="simulated mean")
        if exact is not None:
            ax.axhline(exact.value, color="#2f5f9e", linestyle="--", linewidth=1.4,
                       label=f"exact = {fmt(exact.value, 3)}")
        if n > 1:
            ax.set_xscale("log")
        ax.set_xlim(1, max(n, 2))
        finite = np.concatenate([means[idx], low[1:], high[1:]])
        finite = finite[np.isfinite(finite)]
        if finite.size:
            centre = exact.value if exact is not None else float(means[-1])
            spread = max(np.percentile(np.abs(finite - centre), 90), 1e-3) * 1.3
            # never show more than the answer can reach: a mean cannot leave the samples'
            # [min, max], a share (and its interval) cannot leave [0, 1]
            floor, ceiling = ((0.0, 1.0) if self.is_share()
                              else (float(samples.min()), float(samples.max())))
            pad = 0.05 * max(ceiling - floor, 1e-3)
            low_y = max(centre - spread, floor - pad)
            high_y = min(centre + spread, ceiling + pad)
            if high_y > low_y:
                ax.set_ylim(low_y, high_y)
        ax.set_xlabel(f"{self.unit} (log scale)")
        ax.set_ylabel(self.quantity)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
        return png_bytes(fig)
