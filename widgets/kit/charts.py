"""Charts as PNG bytes in a widgets.Image: matplotlib inside an Output widget can hang Voila.

matplotlib is imported when the first chart is drawn, not with this module: it costs about
half a CPU-second per kernel, and no app draws a chart on its first screen.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

import ipywidgets as w

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _pyplot():
    """pyplot on the Agg backend (PNG only, no display)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def figure(width: float = 6.0, height: float = 3.2) -> tuple[Figure, Axes]:
    fig, ax = _pyplot().subplots(figsize=(width, height), dpi=100, layout="constrained")
    return fig, ax


def plain_figure(width: float, height: float) -> Figure:
    """A figure outside pyplot's state (for several axes laid out by the caller)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def png_bytes(fig: Figure) -> bytes:
    buf = BytesIO()
    fig.savefig(buf, format="png")
    _pyplot().close(fig)
    return buf.getvalue()


def chart_image() -> w.Image:
    img = w.Image(format="png")
    img.add_class("vg-chart")
    return img
