"""The teacher's two charts, as PNG bytes (widgets/kit/charts.py: never matplotlib in an
Output widget): the class's share as trials arrived, with Wilson's 95% band narrowing,
and how far single students' shares spread around it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from village_games.experiments.pooled import StudentTally
from village_games.probability.intervals import running_share_intervals

from ..kit.charts import png_bytes

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

BAND_POINTS = 40  # the band is worked out at this many points (a SciPy call each)
LINE_POINTS = 200
SIZE = (5.2, 3.0)  # inches at 100 dpi


def figure() -> tuple[Figure, Axes]:
    """A figure with fixed margins: a live page draws these every second, and
    matplotlib's constrained layout would take about half of that time."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE, dpi=100)
    fig.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.16)
    return fig, fig.add_subplot()
EXACT, POOLED = "#2f5f9e", "#a8322a"


def running_share_png(hits: np.ndarray, exact: float | None, unit: str) -> bytes:
    """The share after each trial, its 95% band, and the exact line (once revealed)."""
    fig, ax = figure()
    n = hits.size
    if n:
        at = np.unique(np.geomspace(1, n, num=min(n, LINE_POINTS)).astype(int))
        shares = np.cumsum(hits)[at - 1] / at
        band = np.unique(np.geomspace(1, n, num=min(n, BAND_POINTS)).astype(int))
        low, high = running_share_intervals(hits, band)
        ax.fill_between(band, low, high, color="#c8792b", alpha=0.25, linewidth=0,
                        label="95% interval")
        ax.plot(at, shares, color=POOLED, linewidth=1.6, label="the class's share")
        if n > 10:
            ax.set_xscale("log")
        ax.set_xlim(1, max(n, 2))
    else:
        ax.text(0.5, 0.5, f"no {unit}s yet", ha="center", va="center",
                transform=ax.transAxes, color="#6b5a48")
    if exact is not None:
        ax.axhline(exact, color=EXACT, linestyle="--", linewidth=1.4,
                   label=f"exact = {exact:.3f}")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(f"{unit}s so far" + (" (log scale)" if n > 10 else ""))
    ax.set_ylabel("share")
    ax.set_title("The class's share as trials arrive", fontsize=10)
    ax.grid(alpha=0.3)
    if n or exact is not None:
        ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
    return png_bytes(fig)


def students_png(tallies: Sequence[StudentTally], pooled: float | None,
                 exact: float | None) -> bytes:
    """A histogram of the students' own shares, with the pooled share and the exact
    answer (once revealed) marked."""
    fig, ax = figure()
    shares = [t.share for t in tallies if t.trials]
    bins = [k / 10 for k in range(11)]  # tenths
    if shares:
        ax.hist(shares, bins=bins, color="#8a6d3b", edgecolor="#fbf5e8", alpha=0.85,
                label="students")
    else:
        ax.text(0.5, 0.5, "no students with trials yet", ha="center", va="center",
                transform=ax.transAxes, color="#6b5a48")
    if pooled is not None:
        ax.axvline(pooled, color=POOLED, linewidth=1.8, label=f"the class: {pooled:.3f}")
    if exact is not None:
        ax.axvline(exact, color=EXACT, linestyle="--", linewidth=1.4,
                   label=f"exact = {exact:.3f}")
    ax.set_xlim(0, 1)
    ax.set_xlabel("a student's own share")
    ax.set_ylabel("students")
    ax.set_title("How much single students differ", fontsize=10)
    from matplotlib.ticker import MaxNLocator  # (matplotlib's usual ticks, whole numbers)

    ax.yaxis.set_major_locator(MaxNLocator("auto", steps=[1, 2, 2.5, 5, 10], integer=True))
    ax.grid(alpha=0.3, axis="y")
    if shares or pooled is not None:
        ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
    return png_bytes(fig)
