"""Layout and Style models shared by one app's widgets.

Every ipywidgets control brings a Layout model and most a Style model of its own: two more
models for the page to fetch and build per button. An app whose widgets never change their
own layout can hand them one shared model each instead (sizes and spacing then live in
style.css), which roughly halves the models a page loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import ipywidgets as w

W = TypeVar("W", bound=w.DOMWidget)


class Shared:
    """The Layout and Style models that one app's widgets share.

    `make(w.IntSlider, "vg-x", value=1, style={...}, layout={...})` is `w.IntSlider(...)`
    with the class added, except that the layout and style are this app's one model for
    those attributes (made on first use) instead of two new models per widget. Never
    change a shared model through one widget (`widget.layout.display = ...`): that would
    change every widget sharing it. A widget whose layout changes at run time gets its own.
    """

    def __init__(self) -> None:
        self._models: dict[tuple, w.Widget] = {}

    def _model(self, klass: type[w.Widget], attrs: dict[str, Any]) -> w.Widget:
        key = (klass, tuple(sorted(attrs.items())))
        if key not in self._models:
            self._models[key] = klass(**attrs)
        return self._models[key]

    def layout(self, **attrs: Any) -> w.Layout:
        return self._model(w.Layout, attrs)

    def make(self, kind: type[W], *classes: str, layout: dict[str, Any] | None = None,
             style: dict[str, Any] | None = None, **kwargs: Any) -> W:
        traits = kind.class_traits()
        kwargs["layout"] = self.layout(**(layout or {}))
        if "style" in traits:  # boxes have none
            kwargs["style"] = self._model(traits["style"].klass, style or {})
        if classes:  # in the constructor: one comm_open, no update per class
            kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), *classes)
        return kind(**kwargs)

    def html(self, value: str = "", *classes: str) -> w.HTML:
        return self.make(w.HTML, *classes, value=value)

    def vbox(self, children: Sequence[w.Widget], *classes: str) -> w.VBox:
        return self.make(w.VBox, *classes, children=list(children))

    def hbox(self, children: Sequence[w.Widget], *classes: str) -> w.HBox:
        return self.make(w.HBox, *classes, children=list(children))
