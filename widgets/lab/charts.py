"""The lab's two charts as PNG bytes (widgets/kit/charts.py: never matplotlib in an Output)."""

from __future__ import annotations

from collections.abc import Sequence

from ..kit.charts import figure, png_bytes

COLOURS = ("#a8322a", "#2f5f9e", "#3d7d3a", "#c8792b", "#6b4c9a")


def intervals_png(points: Sequence[tuple[int, list[tuple[float, float, float]]]],
                  names: Sequence[str], fair: float) -> bytes:
    """Each slot's win share and its 95% band against the games played, with the fair
    share: the bands narrow as games arrive."""
    fig, ax = figure(5.6, 3.1)
    xs = [n for n, _ in points]
    for slot, name in enumerate(names):
        colour = COLOURS[slot % len(COLOURS)]
        share = [p[slot][0] for _, p in points]
        low = [p[slot][1] for _, p in points]
        high = [p[slot][2] for _, p in points]
        ax.fill_between(xs, low, high, color=colour, alpha=0.18, linewidth=0)
        ax.plot(xs, share, color=colour, linewidth=1.6, label=name)
    ax.axhline(fair, color="#555", linestyle="--", linewidth=1.1, label=f"fair share {fair:.0%}")
    ax.set_xlim(0, max(xs[-1] if xs else 1, 1))
    ax.set_ylim(0, 1)
    ax.set_xlabel("games played")
    ax.set_ylabel("share of games won")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
    return png_bytes(fig)


def scores_png(scores: Sequence[Sequence[float]], names: Sequence[str],
               score_name: str) -> bytes:
    """The final scores of each slot, as box plots with every game's score as a dot."""
    fig, ax = figure(5.6, 0.6 + 0.55 * len(names))
    data = [list(s) for s in scores]
    ax.boxplot(data, orientation="horizontal", widths=0.5, showfliers=False,
               medianprops={"color": "#222"})
    for slot, values in enumerate(data):
        if values:
            spread = [slot + 1 + 0.18 * ((i * 7919) % 11 - 5) / 5 for i in range(len(values))]
            ax.scatter(values, spread, s=9, alpha=0.45, color=COLOURS[slot % len(COLOURS)])
    ax.set_yticks(range(1, len(names) + 1), list(names))
    ax.invert_yaxis()
    ax.set_xlabel(score_name)
    ax.grid(alpha=0.3, axis="x")
    return png_bytes(fig)
