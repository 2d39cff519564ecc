"""A staged picker for dataclass actions: one row of buttons per field, then Confirm.

Given the legal actions (all of one dataclass type, e.g. `Plan(left, right)`), the picker
shows a row per field. A click picks a value for that field and narrows the other rows to
the values still possible with it (the others are disabled); when one action is left,
Confirm applies it. Actions with a single field (`Queue(card)`, `TakeMarketCard(card)`)
apply on one click.

The buttons are built when the legal actions are set (reusing the ones of the previous set
where the same field and value come back), and a pick only changes what it must: the
selected class and icon, which values are disabled, Confirm and the summary. Every change
to one button goes out as one comm message, so a click costs a handful of small messages
instead of a new set of widgets (the browser shows a pick about as fast as a plain Label).

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
    `buttons` maps `(field, value)` (or `("action", str(action))` for mixed or field-less
    actions) to the buttons on show; values not possible with the picks made are disabled.
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
                                icon="check", disabled=True, _dom_classes=("vg-confirm",))
        self.confirm.on_click(self._wrap(self._on_confirm))
        self.clear = w.Button(description="Clear", icon="undo", disabled=True,
                              tooltip="Clear your choices and pick again",
                              _dom_classes=("vg-clear",))
        self.clear.on_click(self._wrap(self._on_clear))
        self.summary = w.HTML("", _dom_classes=("vg-pick-summary",))
        self.bar = w.HBox([self.confirm, self.clear, self.summary],
                          _dom_classes=("vg-pick-bar",))
        self.buttons: dict[tuple[str, Any], w.Button] = {}
        self._pool: dict[tuple[str, Any], w.Button] = {}  # built buttons, shown or not
        self._classes: dict[tuple[str, Any], tuple[str, ...]] = {}  # without vg-selected
        self._loose: dict[tuple[str, Any], Any] = {}  # field-less mode: key -> action
        self._rows: dict[str, tuple[w.HTML, w.HBox, w.Box]] = {}  # field -> title, box, row

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
        self._build()

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
        if self.chosen.get(field, _NONE) == value:
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
        self._update()

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
        self._update()

    def _clicked(self, key: tuple[str, Any]) -> None:
        if key not in self.buttons:
            raise ValueError(f"{key[1]} is not on offer now")
        if self.fields:
            self.pick(*key)
        else:
            self.on_choose(self._loose[key])

    # ------------------------------------------------------------ drawing
    def _button(self, type_name: str, key: tuple[str, Any]) -> w.Button:
        """The button for `key`, from the pool or new, with the adapter's label, tooltip
        and classes (sent when a pooled button's look changed: one message at most)."""
        field, value = key
        label = self.labels.value_label(type_name, field, value)
        tooltip = self.labels.value_tooltip(type_name, field, value) or label
        classes = ("vg-pick", f"vg-pick-{slug(field)}", f"vg-val-{slug(value)}",
                   *self.labels.value_classes(type_name, field, value))
        self._classes[key] = classes
        b = self._pool.get(key)
        if b is None:  # every trait in the constructor: one comm_open, no updates
            b = w.Button(description=label, tooltip=tooltip, _dom_classes=classes)
            b.on_click(self._wrap(lambda _b, k=key: self._clicked(k)))
            self._pool[key] = b
        else:
            with b.hold_sync():
                b.description, b.tooltip = label, tooltip
        return b

    def _row(self, field: str, title: str | None, buttons: list[w.Button]) -> w.Box:
        """The row for `field` (a title over a wrapping line of buttons), reused if built."""
        if field not in self._rows:
            title_w = w.HTML("")
            box = w.HBox(_dom_classes=("vg-pick-row",))
            row = (w.VBox([title_w, box], _dom_classes=(f"vg-pick-field-{slug(field)}",))
                   if title is not None else box)
            self._rows[field] = (title_w, box, row)
        title_w, box, row = self._rows[field]
        if title is not None:
            title_w.value = f'<div class="vg-pick-title">{html.escape(title)}</div>'
        box.children = buttons
        return row

    def _build(self) -> None:
        """Lay out the buttons for `self.actions` (once per set of legal actions)."""
        self.buttons, self._loose = {}, {}
        if not self.actions:
            self.children = ()  # the pool stays: the next set usually brings most values back
            return
        rows: list[w.Widget] = []
        if not self.fields:
            for a in self.actions:
                key = ("action", str(a))
                self._loose[key] = a
                self.buttons[key] = self._button(type(a).__name__, key)
            rows.append(self._row(_LOOSE, None, list(self.buttons.values())))
        else:
            type_name = type(self.actions[0]).__name__
            for field in self.fields:
                buttons = []
                for value in self.options(field):
                    key = (field, value)
                    self.buttons[key] = self._button(type_name, key)
                    buttons.append(self.buttons[key])
                rows.append(self._row(field, self.labels.field_title(type_name, field),
                                      buttons))
            if len(self.fields) > 1:
                rows.append(self.bar)
        self._prune(rows)
        self._update()
        self.children = rows

    def _prune(self, rows: list[w.Widget]) -> None:
        """Close pooled buttons and rows the new set of actions does not use."""
        for key in [k for k in self._pool if k not in self.buttons]:
            self._pool.pop(key).close()
            del self._classes[key]
        for field in [f for f, (_t, _b, row) in self._rows.items() if row not in rows]:
            for widget in self._rows.pop(field):
                widget.close()

    def _update(self) -> None:
        """Bring the buttons on show in line with `chosen`: selected class and icon, and
        disabled unless still possible. Only what changed is sent, one message a button."""
        if not self.fields:
            for key, b in self.buttons.items():
                _set(b, _dom_classes=self._classes[key], icon="", disabled=False)
            return
        options = {f: self.options(f) for f in self.fields}
        for key, b in self.buttons.items():
            field, value = key
            selected = self.chosen.get(field, _NONE) == value
            _set(b, _dom_classes=self._classes[key] + (("vg-selected",) if selected else ()),
                 icon="check" if selected else "", disabled=value not in options[field])
        if len(self.fields) > 1:
            action = self.ready()
            self.confirm.disabled = action is None
            self.clear.disabled = not self.chosen
            self.summary.value = (f"<b>Ready:</b> {self._describe(action)}" if action
                                  else "Pick one card in each row, then confirm.")

    def _describe(self, action: Any) -> str:
        type_name = type(action).__name__
        return html.escape("; ".join(
            f"{self.labels.field_title(type_name, f)}: "
            f"{self.labels.value_label(type_name, f, getattr(action, f))}"
            for f in self.fields))


_NONE = object()  # no value picked
_LOOSE = "\0loose"  # the row key of field-less actions (no dataclass field has this name)


def _set(widget: w.Widget, **traits: Any) -> None:
    """Set traits that differ, all in one comm message."""
    changed = {k: v for k, v in traits.items() if getattr(widget, k) != v}
    if changed:
        with widget.hold_sync():
            for k, v in changed.items():
                setattr(widget, k, v)
