"""A staged picker for dataclass actions, grouped by kind: buttons per field, then Confirm.

The legal actions may mix types, e.g. `Build(card, on)`, `TakeBasic(kind)` and `Pass()`.
They are grouped by kind (the class name) in first-seen order, each kind in a section under
its title. A kind without fields is one button and a kind with one field a row of buttons;
either applies on one click. A kind with more fields gets a row per field: a click picks a
value and narrows that kind's other rows to the values still possible with it (the others
are disabled); when one action is left, the section's Confirm applies it. The picks belong
to one kind at a time, so starting in another section drops them. When every action is of
one kind the rows are shown bare, with no section around them.

One rule for every game: a move that cannot be taken back (its kind is marked `final` by
the engine: a draw, a reveal, the end of a turn) is picked first, shown as picked, and
played by Confirm; until then a second click takes the pick back. A kind without fields
that is final is picked by its button like any value. Moves that can be undone play on one
click.

A clickable board can drive the same picks: `clickable_values` and `picked_values` give
the keys a board marks (see `board_keys`), and `pick_value(value, field)` picks by a
value's `str` and the field(s) the clicked element stands for. While a kind is being
picked, only the values that can still complete it are clickable. A kind whose actions
name a `played_card` (a special villager played from the hand) is chosen by clicking that
card; its other fields are then picked on the table. `hint` says what to pick next.

The buttons are built when the legal actions are set (reusing the ones of the previous set
where the same kind, field and value come back), and a pick only changes what it must: the
selected class and icon, which values are disabled, Confirm and the summary. Every change
to one button goes out as one comm message, so a click costs a handful of small messages
instead of a new set of widgets (the browser shows a pick about as fast as a plain Label).

No rules live here: what may be chosen comes only from the legal actions passed in.
Labels and colours come from a `PickerLabels` object supplied by the game's adapter.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w

from village_games.core import Action
from village_games.core.actions import FieldValue

from ..kit.markup import slug
from ..kit.safe import Guard
from ..kit.shared_models import Shared
from .choices import (
    NONE,
    Choices,
    Key,
    PickerLabels,
    words,
)


def kind_slug(kind: str) -> str:
    """`TakeBasic` -> `take-basic`, for `vg-kind-<slug>` and `vg-pick-kind-<slug>`."""
    return slug("-".join(words(kind)))


@dataclass
class _Bar:
    """A multi-field kind's Confirm / Clear / summary line."""

    confirm: w.Button
    clear: w.Button
    summary: w.HTML
    box: w.HBox

    def close(self) -> None:
        for widget in (self.confirm, self.clear, self.summary, self.box):
            widget.close()


class ActionPicker(Choices, w.VBox):
    """`picker.set_actions(legal)`; `on_choose(action)` is called with the chosen action.

    Wrap `on_choose` with `guarded` in the app: the picker itself never raises on a click.
    `buttons` maps `(kind, field, value)` to the buttons on show (`(kind, "", "")` for a
    kind without fields); values not possible with the picks made are disabled.
    """

    def __init__(self, on_choose: Callable[[Action], None], labels: PickerLabels | None = None,
                 wrap: Guard | None = None,
                 shared: Shared | None = None) -> None:
        w.VBox.__init__(self)
        self.add_class("vg-picker")
        # the buttons, rows and titles never change their own layout: they share models
        self.shared = shared or Shared()
        Choices.__init__(self, on_choose, labels)
        self._wrap = wrap or (lambda fn: fn)
        self.buttons: dict[Key, w.Button] = {}
        self._by_kind: dict[str, list[Action]] = {}
        self._pool: dict[Key, w.Button] = {}  # built buttons, shown or not
        self._classes: dict[Key, tuple[str, ...]] = {}  # without vg-selected
        self._rows: dict[tuple[str, str], tuple[w.HTML, w.HBox, w.Box]] = {}  # title, box, row
        self._sections: dict[str, tuple[w.HTML, w.VBox]] = {}  # kind -> title, section
        self._bars: dict[str, _Bar] = {}
        # what to pick next, for the app to show where the player looks (a turn bar)
        self.hint = self.shared.make(w.HTML, value="", _dom_classes=("vg-pick-hint",))
        # called after every change of what is on offer or picked (a clickable board
        # mirrors the picker through it)
        self.on_change: Callable[[], None] | None = None

    # ------------------------------------------------------------ state
    def set_actions(self, actions: Sequence[Action]) -> None:
        """Show these legal actions; an empty list hides the picker."""
        self.offer(actions)
        self._build()

    def button(self, field: str, value: FieldValue, kind: str | None = None) -> w.Button:
        """The button on show for `field` = `value` (in `kind`, needed if several match)."""
        found = [key for key in self.buttons
                 if key[1] == field and key[2] == value and kind in (None, key[0])]
        if len(found) != 1:
            what = f"{field}={value!r}" + (f" in {kind}" if kind else "")
            if not found:
                raise KeyError(f"no button for {what} on show")
            kinds = ", ".join(k for k, _f, _v in found)
            raise KeyError(f"{what} is in several kinds ({kinds}): pass kind=")
        return self.buttons[found[0]]

    @property
    def confirm(self) -> w.Button:
        """Confirm of the kind being picked (or of the first kind on show that has one)."""
        return self._bar_on_show().confirm

    @property
    def clear(self) -> w.Button:
        return self._bar_on_show().clear

    @property
    def summary(self) -> w.HTML:
        return self._bar_on_show().summary

    def _bar_on_show(self) -> _Bar:
        kind = self.chosen_kind
        if kind is not None and self._confirms(kind):
            return self._bars[kind]
        for k in self.kinds:
            if self._confirms(k):
                return self._bars[k]
        raise LookupError("no kind on offer has a Confirm: one click applies each action")

    # ------------------------------------------------------------ callbacks
    def _on_confirm(self, kind: str) -> None:
        action = self.ready() if kind == self.chosen_kind else None
        if action is None:
            raise ValueError("pick a value in every row first")
        self._apply(action)

    def _on_confirm_click(self, button: w.Button, kind: str) -> None:
        """A click on a Confirm that is disabled was sent before the page learnt so (the
        second click of a double click, once the first made the move): nothing to do."""
        if not button.disabled:
            self._on_confirm(kind)

    def _on_clear(self, kind: str) -> None:
        if kind == self.chosen_kind:
            self._choose(None, {})

    def _clicked(self, key: Key) -> None:
        if key not in self.buttons:
            raise ValueError(f"{key[2] or key[0]} is not on offer now")
        super()._clicked(key)

    # ------------------------------------------------------------ drawing
    def _button(self, key: Key) -> w.Button:
        """The button for `key`, from the pool or new, with the adapter's label, tooltip
        and classes (sent when a pooled button's look changed: one message at most).
        A field-less kind's button is labelled with the kind's title."""
        kind, field, value = key
        if field:
            label = self.labels.value_label(kind, field, value)
            tooltip = self.labels.value_tooltip(kind, field, value) or label
            classes: tuple[str, ...] = (
                "vg-pick", f"vg-kind-{kind_slug(kind)}", f"vg-pick-{slug(field)}",
                f"vg-val-{slug(value)}", *self.labels.value_classes(kind, field, value))
        else:
            label = tooltip = self._label("kind_title", kind)
            classes = ("vg-pick", f"vg-kind-{kind_slug(kind)}", "vg-pick-action")
        self._classes[key] = classes
        b = self._pool.get(key)
        if b is None:  # every trait in the constructor: one comm_open, no updates
            b = self.shared.make(w.Button, description=label, tooltip=tooltip,
                                 _dom_classes=classes)
            b.on_click(self._wrap(lambda _b, k=key: self._clicked(k)))
            self._pool[key] = b
        else:
            _set(b, description=label, tooltip=tooltip)
        self.buttons[key] = b
        return b

    def _row(self, kind: str, field: str, buttons: list[w.Button]) -> w.Box:
        """The row for a field (a title over a wrapping line of buttons; a field-less kind's
        button has no title), reused if built."""
        if (kind, field) not in self._rows:
            make = self.shared.make
            title_w = make(w.HTML, value="")
            box = make(w.HBox, _dom_classes=("vg-pick-row",))
            row = (make(w.VBox, children=[title_w, box],
                        _dom_classes=(f"vg-pick-field-{slug(field)}",)) if field else box)
            self._rows[kind, field] = (title_w, box, row)
        title_w, box, row = self._rows[kind, field]
        if field:
            title = html.escape(self.labels.field_title(kind, field))
            title_w.value = f'<div class="vg-pick-title">{title}</div>'
        box.children = buttons
        return row

    def _bar(self, kind: str) -> _Bar:
        if kind not in self._bars:
            make = self.shared.make
            confirm = make(w.Button, description="Confirm", button_style="success",
                           icon="check", disabled=True, _dom_classes=("vg-confirm",))
            confirm.on_click(self._wrap(lambda b, k=kind: self._on_confirm_click(b, k)))
            clear = make(w.Button, description="Clear", icon="undo", disabled=True,
                         tooltip="Clear your choices and pick again",
                         _dom_classes=("vg-clear",))
            clear.on_click(self._wrap(lambda _b, k=kind: self._on_clear(k)))
            summary = make(w.HTML, value="", _dom_classes=("vg-pick-summary",))
            box = make(w.HBox, children=[confirm, clear, summary],
                       _dom_classes=("vg-pick-bar",))
            self._bars[kind] = _Bar(confirm, clear, summary, box)
        return self._bars[kind]

    def _section(self, kind: str, parts: list[w.Widget]) -> w.VBox:
        """A kind's section: its title (none for a field-less kind: the button says it)
        over its rows."""
        if kind not in self._sections:
            classes = ("vg-pick-kind", f"vg-pick-kind-{kind_slug(kind)}")
            self._sections[kind] = (self.shared.make(w.HTML, value=""),
                                    self.shared.make(w.VBox, _dom_classes=classes))
        title_w, section = self._sections[kind]
        if self.kinds[kind]:
            title = html.escape(self._label("kind_title", kind))
            title_w.value = f'<div class="vg-pick-kind-title">{title}</div>'
            parts = [title_w, *parts]
        section.children = parts
        return section

    def _build(self) -> None:
        """Lay out the buttons for `self.actions` (once per set of legal actions)."""
        self.buttons = {}
        if not self.actions:
            self.children = ()  # the pool stays: the next set usually brings most values back
            _set(self.hint, value="")
            return
        children: list[w.Widget] = []
        for kind, fields in self.kinds.items():
            if fields:
                parts: list[w.Widget] = [
                    self._row(kind, f, [self._button((kind, f, v))
                                        for v in self._options(kind, f, {})])
                    for f in fields]
            else:
                parts = [self._row(kind, "", [self._button((kind, "", ""))])]
            if self._confirms(kind):
                parts.append(self._bar(kind).box)
            if len(self.kinds) > 1:
                children.append(self._section(kind, parts))
            else:
                children.extend(parts)
        self._update()
        self.children = tuple(children)
        self._prune()

    def _prune(self) -> None:
        """Close pooled widgets the new set of actions does not use."""
        for key in [k for k in self._pool if k not in self.buttons]:
            self._pool.pop(key).close()
            del self._classes[key]
        for kind, field in [k for k in self._rows if not self._shows_row(*k)]:
            for widget in self._rows.pop((kind, field)):
                widget.close()
        for kind in [k for k in self._bars if k not in self.kinds or not self._confirms(k)]:
            self._bars.pop(kind).close()
        for kind in [k for k in self._sections if len(self.kinds) < 2 or k not in self.kinds]:
            for widget in self._sections.pop(kind):
                widget.close()

    def _shows_row(self, kind: str, field: str) -> bool:
        fields = self.kinds.get(kind)
        return fields is not None and (field in fields if field else not fields)

    def _update(self) -> None:
        """Bring the buttons and bars on show in line with the picks: selected class and
        icon, and disabled unless still possible. Only what changed is sent, one message a
        widget. Kinds without picks have every value possible."""
        kind = self.chosen_kind
        options = ({f: self._options(kind, f, self.chosen) for f in self.kinds[kind]}
                   if kind else {})
        for key, b in self.buttons.items():
            k, field, value = key
            active = k == kind
            selected = active and (self.chosen.get(field, NONE) == value if field else True)
            _set(b, _dom_classes=self._classes[key] + (("vg-selected",) if selected else ()),
                 icon="check" if selected else "",
                 disabled=active and bool(field) and value not in options[field])
        ready = self.ready()
        for k, bar in self._bars.items():
            if k not in self.kinds or not self._confirms(k):
                continue  # not on show; pruned after this build
            action = ready if k == kind else None
            wait = self._label("pick_hint", k) if len(self.kinds[k]) > 1 else FINAL_HINT
            summary = (f"<b>Ready:</b> {self._describe(action)}" if action is not None
                       else html.escape(wait))
            _set(bar.confirm, disabled=action is None)
            _set(bar.clear, disabled=k != kind)
            _set(bar.summary, value=summary)
        _set(self.hint, value=self._hint_html(ready))
        if self.on_change is not None:
            self.on_change()

    def _hint_html(self, ready: Action | None) -> str:
        """What to do next, once something is picked: the adapter's words (`next_hint`) or
        the picker's own."""
        kind = self.chosen_kind
        if kind is None:
            return ""
        field, options = self._next_field(kind)
        ask = getattr(self.labels, "next_hint", None)
        text = (ask(kind, dict(self.chosen), ready, field, options) if ask is not None
                else None)
        if text is None:
            if ready is not None:
                text = (f"Ready: {self._describe_text(ready)}. Press Confirm, or click a "
                        "pick again to take it back.")
            elif field is not None:
                values = ", ".join(self.labels.value_label(kind, field, v) for v in options)
                text = f"Now pick: {self.labels.field_title(kind, field)} ({values})."
            else:
                text = "Pick again."
        return f'<div class="vg-pick-hint-line">{html.escape(text)}</div>'

    def _describe(self, action: Action) -> str:
        return html.escape(self._describe_text(action))

    def _describe_text(self, action: Action) -> str:
        """A move in words: its kind's title, then each field's value."""
        kind = type(action).__name__
        parts = [f"{self.labels.field_title(kind, f)}: "
                 f"{self.labels.value_label(kind, f, getattr(action, f))}"
                 for f in self.kinds[kind]]
        return "; ".join(parts) if parts else self._label("kind_title", kind)


# the bar's words under a final move of one choice, until it is picked
FINAL_HINT = "Pick one, then Confirm: this move cannot be taken back."


def _set(widget: w.Widget, **traits: object) -> None:
    """Set traits that differ, all in one comm message."""
    changed = {k: v for k, v in traits.items() if getattr(widget, k) != v}
    if changed:
        with widget.hold_sync():
            for k, v in changed.items():
                setattr(widget, k, v)
