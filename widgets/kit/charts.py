"""Charts as PNG bytes in a widgets.Image: matplotlib inside an Output widget can hang Voila.

matplotlib is imported when the first chart is drawn, not with this module: it costs about
half a CPU-second per kernel, and no app draws a chart on its first screen.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

import ipywidgets as w
from traitlets import Unicode

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


class ChartImage(w.Image):
    """An Image whose tooltip becomes its title. The page's widget view sets a title only
    when `description` is empty and reads its length, which a plain Image lacks (its view
    fails with "reading 'length'"), so a chart carries an empty one."""

    description = Unicode("").tag(sync=True)


def chart_image(says: str = "A chart (drawn once there is something to show)",
                width: str | None = None) -> w.Image:
    """An image for charts; `says` is its text alternative until it is drawn."""
    img = ChartImage(format="png", tooltip=says)
    if width:
        img.layout.width = width
    img.add_class("vg-chart")
    return img


def show_chart(img: w.Image, png: bytes, says: str) -> None:
    """Show a chart with its text alternative (the image's title, which a screen reader
    reads as its name): what it shows, and its numbers or where they are written."""
    with img.hold_sync():
        img.value = png
        img.tooltip = says
        img.layout.visibility = "visible"
