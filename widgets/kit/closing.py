"""Closing an app's widgets when the page will never show it: an app a pre-heated kernel
built before the page's address asked for another.

ipywidgets sends the page every widget open in the kernel, shown or not (the page's widget
manager asks for all their states), so an app left open costs each page that loads it as
much as the app it shows: a seat link's Villagers page loaded 369 widget models, 183 of
them for an app nobody saw (and a light client that looked for widgets among them played
that one).

Every widget the app made is closed, not only those its view reaches: an app also holds
widgets it shows later (a data file's section), which share Layout models with the ones on
view; closing only the view's left those referring to closed models, and the state of
every widget, which the page asks for, could no longer be read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import ipywidgets as w
from ipywidgets.widgets import widget as _widget_module


def _open_widgets() -> dict[str, w.Widget]:
    # ipywidgets' registry of open widgets (model id: widget); `Widget.widgets` is the
    # same dict, deprecated
    return _widget_module._instances


@contextlib.contextmanager
def widgets_made() -> Iterator[list[w.Widget]]:
    """The widgets made inside the `with` block (the list is filled in at its end)."""
    before = set(_open_widgets())
    made: list[w.Widget] = []
    yield made
    made.extend(widget for mid, widget in list(_open_widgets().items()) if mid not in before)


def close_all(widgets: list[w.Widget]) -> None:
    """Close `widgets` (an app's, made in `widgets_made`, that no other app uses)."""
    for widget in widgets:
        widget.close()
