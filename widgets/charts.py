"""Charts as PNG bytes in a widgets.Image: matplotlib inside an Output widget can hang Voila."""

from __future__ import annotations

from io import BytesIO

import ipywidgets as w
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402


def figure(width: float = 6.0, height: float = 3.2) -> tuple[Figure, object]:
    fig, ax = plt.subplots(figsize=(width, height), dpi=100, layout="constrained")
    return fig, ax


def png_bytes(fig: Figure) -> bytes:
    buf = BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def chart_image() -> w.Image:
    img = w.Image(format="png")
    img.add_class("vg-chart")
    return img
