"""A staged picker for dataclass actions: one row of buttons per field, then Confirm.

Given the legal actions (all of one dataclass type, e.g. `Plan(left, right)`), the picker
shows a row per field. A click picks a value for that field and narrows the other rows to
the values still possible with it; when one action is left, Confirm applies it. Actions
with a single field (`Queue(card)`, `TakeMarketCard(card)`) apply on one click.

No rules live here: what may be chosen comes only from the legal actions passed in.
Labels and colours come from a `PickerLabels` object supplied by the game's adapter.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as w


class PickerLabels(Protocol):
    """What the picker asks the game's adapter (all optional in `DefaultLabels`)."""

    def field_title(self, action_type: str, field: str) -> str: ...
    def value_label(self, action_type: str, field: str, value: Any) -> str: ...
    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]: ...
    def value_tooltip(self, action_type: str, field: str, value: Any) -> str: ...


class DefaultLabels:
    def field_title(self, action_type: str, field: str) -> str:
        return field.replace("_", " ").capitalize()

    def value_label(self, action_type: str, field: str, value: Any) -> str:
        return str(value)

    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]:
        return []

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        return ""


def slug(value: Any) -> str:
    """A CSS-safe form of a value, for `vg-val-<slug>` test hooks."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "x"


def action_fields(action: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(action)]


class ActionPicker(w.VBox):
    """`picker.set_actions(legal)`; `on_choose(action)` is called with the chosen action.

    Wrap `on_choose` with `guarded` in the app: the picker itself never raises on a click.
    """

    def __init__(self, on_choose: Callable[[Any], None], labels: PickerLabels | None = None,
                 wrap: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
                 ) -> None:
        super().__init__()
        self.add_class("vg-picker")
        self.on_choose = on_choose
        self.labels: PickerLabels = labels or DefaultLabels()
        self._wrap = wrap or (lambda fn: fn)
        self.actions: list[Any] = []
        self.fields: list[str] = []
        self.chosen: dict[str, Any] = {}
        self.confirm = w.Button(description="Confirm", button_style="success",
                                icon="check", disabled=True)
        self.confirm.add_class("vg-confirm")
        self.confirm.on_click(self._wrap(self._on_confirm))
        self.clear = w.Button(description="Clear", icon="undo", disabled=True,
                              tooltip="Clear your choices and pick again")
        self.clear.add_class("vg-clear")
        self.clear.on_click(self._wrap(self._on_clear))
        self.summary = w.HTML("")
        self.summary.add_class("vg-pick-summary")
        self.buttons: dict[tuple[str, Any], w.Button] = {}

    # ------------------------------------------------------------ state
    def set_actions(self, actions: Sequence[Any]) -> None:
        """Show these legal actions; an empty list hides the picker."""
        self.actions = list(actions)
        types = {type(a) for a in self.actions}
        if len(types) == 1 and dataclasses.is_dataclass(self.actions[0]) and action_fields(
                self.actions[0]):
            self.fields = action_fields(self.actions[0])
        else:
            self.fields = []  # mixed or field-less actions: one button per action
        self.chosen = {}
        self._rebuild()

    def remaining(self) -> list[Any]:
        """Legal actions consistent with every value picked so far."""
        return [a for a in self.actions
                if all(getattr(a, f) == v for f, v in self.chosen.items())]

    def options(self, field: str) -> list[Any]:
        """Values of `field` still possible given the picks in the other fields."""
        seen: dict[Any, None] = {}
        for a in self.actions:
            if all(getattr(a, f) == v for f, v in self.chosen.items() if f != field):
                seen.setdefault(getattr(a, field), None)
        return list(seen)

    def pick(self, field: str, value: Any) -> None:
        """Select (or, when already selected, unselect) a value; apply when it decides."""
        if self.chosen.get(field, object()) == value:
            del self.chosen[field]
        else:
            if value not in self.options(field):
                raise ValueError(f"{value} is not a choice for {field} now")
            self.chosen[field] = value
        if len(self.fields) == 1:
            action = self.remaining()[0]
            self.chosen = {}
            self.on_choose(action)
            return
        self._rebuild()

    def ready(self) -> Any | None:
        left = self.remaining()
        if len(self.chosen) == len(self.fields) and len(left) == 1:
            return left[0]
        return None

    # ------------------------------------------------------------ callbacks
    def _on_confirm(self, _button: Any = None) -> None:
        action = self.ready()
        if action is None:
            raise ValueError("pick a value in every row first")
        self.chosen = {}
        self.on_choose(action)

    def _on_clear(self, _button: Any = None) -> None:
        self.chosen = {}
        self._rebuild()

    # ------------------------------------------------------------ drawing
    def _button(self, type_name: str, field: str, value: Any, onclick: Callable[[Any], None]
                ) -> w.Button:
        label = self.labels.value_label(type_name, field, value)
        b = w.Button(description=label, tooltip=self.labels.value_tooltip(
            type_name, field, value) or label)
        for cls in ["vg-pick", f"vg-pick-{slug(field)}", f"vg-val-{slug(value)}",
                    *self.labels.value_classes(type_name, field, value)]:
            b.add_class(cls)
        b.on_click(self._wrap(onclick))
        return b

    def _rebuild(self) -> None:
        for b in self.buttons.values():
            b.close()
        self.buttons = {}
        rows: list[w.Widget] = []
        if not self.actions:
            self.children = []
            return
        if not self.fields:
            buttons = []
            for a in self.actions:
                b = self._button(type(a).__name__, "action", str(a),
                                 lambda _b, a=a: self.on_choose(a))
                self.buttons[("action", str(a))] = b
                buttons.append(b)
            box = w.HBox(buttons)
            box.add_class("vg-pick-row")
            self.children = [box]
            return
        type_name = type(self.actions[0]).__name__
        for field in self.fields:
            title = w.HTML(f'<div class="vg-pick-title">'
                           f"{html.escape(self.labels.field_title(type_name, field))}</div>")
            buttons = []
            for value in self.options(field):
                b = self._button(type_name, field, value,
                                 lambda _b, f=field, v=value: self.pick(f, v))
                if self.chosen.get(field, object()) == value:
                    b.add_class("vg-selected")
                    b.icon = "check"
                self.buttons[(field, value)] = b
                buttons.append(b)
            box = w.HBox(buttons)
            box.add_class("vg-pick-row")
            row = w.VBox([title, box])
            row.add_class(f"vg-pick-field-{slug(field)}")
            rows.append(row)
        if len(self.fields) > 1:
            action = self.ready()
            self.confirm.disabled = action is None
            self.clear.disabled = not self.chosen
            self.summary.value = (f"<b>Ready:</b> {self._describe(action)}" if action
                                  else "Pick one card in each row, then confirm.")
            bar = w.HBox([self.confirm, self.clear, self.summary])
            bar.add_class("vg-pick-bar")
            rows.append(bar)
        self.children = rows

    def _describe(self, action: Any) -> str:
        type_name = type(action).__name__
        return html.escape("; ".join(
            f"{self.labels.field_title(type_name, f)}: "
            f"{self.labels.value_label(type_name, f, getattr(action, f))}"
            for f in self.fields))
