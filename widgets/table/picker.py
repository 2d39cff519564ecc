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

import dataclasses
import html
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as w

from ..kit.markup import slug
from ..kit.shared_models import Shared

Key = tuple[str, str, Any]  # (kind, field, value); (kind, "", "") for a kind without fields


class PickerLabels(Protocol):
    """What the picker asks the game's adapter.

    Also used when present (looked up with getattr, so older adapters keep working):
    `kind_title(kind) -> str` titles a kind's section and labels a field-less kind's button;
    `pick_hint(kind) -> str` is the summary shown until a multi-field pick is complete;
    `next_hint(kind, picks, ready, field, options) -> str | None` is the line that says
    what to pick next (`picks` the values picked, `ready` the action they decide or None,
    `field` the next field to pick and `options` its possible values; None: the picker's
    own words); `opens_pick(kind, field) -> bool` says whether a board click on a value of
    that field may start a pick (False for a field that only follows others, such as a
    padlock's payment), so a table lights up only the first steps of each move.
    """

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

    def kind_title(self, kind: str) -> str:
        """`TakeBasic` -> "Take basic" (acronyms such as `HQ` keep their capitals)."""
        words = _words(kind)
        if not words:
            return kind
        rest = [x if x.isupper() and len(x) > 1 else x.lower() for x in words[1:]]
        return " ".join([words[0][:1].upper() + words[0][1:], *rest])

    def pick_hint(self, kind: str) -> str:
        return "Pick one in each row, then confirm."


def _words(kind: str) -> list[str]:
    """The words of a CamelCase (or snake_case) name."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_", " ", kind).split()


def kind_slug(kind: str) -> str:
    """`TakeBasic` -> `take-basic`, for `vg-kind-<slug>` and `vg-pick-kind-<slug>`."""
    return slug("-".join(_words(kind)))


def board_keys(kind: str, field: str, value: Any) -> list[str]:
    """What a board matches for `value` of `kind`'s `field`: the bare `str` (an element
    with no `data-vg-field`), `field=value` and `Kind.field=value` (an element that names
    the field, or the kind and field, it stands for)."""
    text = str(value)
    return [text, f"{field}={text}", f"{kind}.{field}={text}"]


def action_fields(action: Any) -> list[str]:
    if not dataclasses.is_dataclass(action):
        raise TypeError(f"the picker needs dataclass actions, got {action!r}")
    return [f.name for f in dataclasses.fields(action)]


@dataclasses.dataclass
class _Bar:
    """A multi-field kind's Confirm / Clear / summary line."""

    confirm: w.Button
    clear: w.Button
    summary: w.HTML
    box: w.HBox

    def close(self) -> None:
        for widget in (self.confirm, self.clear, self.summary, self.box):
            widget.close()


class ActionPicker(w.VBox):
    """`picker.set_actions(legal)`; `on_choose(action)` is called with the chosen action.

    Wrap `on_choose` with `guarded` in the app: the picker itself never raises on a click.
    `buttons` maps `(kind, field, value)` to the buttons on show (`(kind, "", "")` for a
    kind without fields); values not possible with the picks made are disabled.
    """

    def __init__(self, on_choose: Callable[[Any], None], labels: PickerLabels | None = None,
                 wrap: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None,
                 shared: Shared | None = None) -> None:
        super().__init__()
        self.add_class("vg-picker")
        # the buttons, rows and titles never change their own layout: they share models
        self.shared = shared or Shared()
        self.on_choose = on_choose
        self.labels: PickerLabels = labels or DefaultLabels()
        self._wrap = wrap or (lambda fn: fn)
        self.actions: list[Any] = []
        self.kinds: dict[str, list[str]] = {}  # kind -> its fields, both in display order
        self.chosen_kind: str | None = None  # the kind the picks in `chosen` belong to
        self.chosen: dict[str, Any] = {}  # field -> picked value
        # the kind stays chosen with no value picked: chosen by its card or, for a final
        # kind without fields, by its button
        self._held = False
        self.buttons: dict[Key, w.Button] = {}
        self._by_kind: dict[str, list[Any]] = {}
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
    def set_actions(self, actions: Sequence[Any]) -> None:
        """Show these legal actions; an empty list hides the picker."""
        self.actions = list(actions)
        self._by_kind = {}
        for a in self.actions:
            self._by_kind.setdefault(type(a).__name__, []).append(a)
        self.kinds = {k: action_fields(acts[0]) for k, acts in self._by_kind.items()}
        self.chosen_kind, self.chosen, self._held = None, {}, False
        self._build()

    @property
    def fields(self) -> list[str]:
        """The fields when every action is of one kind ([] when kinds are mixed)."""
        return list(next(iter(self.kinds.values()))) if len(self.kinds) == 1 else []

    def remaining(self) -> list[Any]:
        """Legal actions consistent with every value picked so far."""
        if self.chosen_kind is None:
            return list(self.actions)
        return self._remaining(self.chosen_kind, self.chosen)

    def options(self, field: str, kind: str | None = None) -> list[Any]:
        """Values of `field` still possible given the picks in the other fields."""
        kind = self._kind_of(field, kind)
        return self._options(kind, field, self._picks(kind))

    def pick(self, field: str, value: Any, kind: str | None = None) -> None:
        """Select (or, when already selected, unselect) a value; apply when it decides a
        move that can be taken back. A kind without fields is one button: it applies, or,
        when final, is picked (and unpicked) like a value."""
        kind = self._kind_of(field, kind)
        fields = self.kinds[kind]
        if not fields:
            if not self._confirms(kind):
                self._apply(self._by_kind[kind][0])
            elif self.chosen_kind == kind:
                self._choose(None, {})
            else:
                self._choose(kind, {}, held=True)
            return
        picks = dict(self._picks(kind))  # a copy: nothing changes if the value is refused
        if picks.get(field, _NONE) == value:
            del picks[field]
        elif value in self._options(kind, field, picks):
            picks[field] = value
        else:
            raise ValueError(f"{value} is not a choice for {field} now")
        if not self._confirms(kind):
            self._apply(self._remaining(kind, picks)[0])
            return
        held = self._held and kind == self.chosen_kind
        self._choose(kind if picks or held else None, picks, held)

    def choose_kind(self, kind: str) -> None:
        """Choose `kind` with nothing picked yet (its card was clicked), or, when it is
        the kind chosen, drop it and its picks. A kind that would play at once (no
        fields, not final) plays."""
        if kind not in self.kinds:
            raise ValueError(f"{self._label('kind_title', kind)} is not on offer now")
        if self.chosen_kind == kind:
            self._choose(None, {})
        elif not self.kinds[kind] and not self._confirms(kind):
            self._apply(self._by_kind[kind][0])
        else:
            self._choose(kind, {}, held=True)

    def _choose(self, kind: str | None, picks: dict[str, Any], held: bool = False) -> None:
        self.chosen_kind, self.chosen, self._held = kind, picks, held and kind is not None
        self._update()

    def _confirms(self, kind: str) -> bool:
        """Whether a pick of `kind` waits for Confirm: always with several fields; else
        when the engine marks the kind `final` (it cannot be taken back once made)."""
        fields = self.kinds.get(kind)
        if fields is None:
            return False
        return len(fields) > 1 or bool(getattr(type(self._by_kind[kind][0]), "final", False))

    def ready(self) -> Any | None:
        """The action the picks decide: the kind chosen has one action left (a field with
        a single possible value needs no click of its own)."""
        kind = self.chosen_kind
        if kind is None:
            return None
        left = self._remaining(kind, self.chosen)
        return left[0] if len(left) == 1 else None

    # ------------------------------------------------------------ board hooks
    def clickable_values(self) -> list[str]:
        """The board keys (`board_keys`) of every value `pick_value` would pick now.

        With a kind chosen: only the values still possible in its fields with no pick
        (so nothing lights up that cannot take the cards picked). Else: the values of every
        kind's fields that may open a pick (`opens_pick`), and the card of each kind that
        names a `played_card`."""
        seen: dict[str, None] = {}
        kinds = [self.chosen_kind] if self.chosen_kind else list(self.kinds)
        opens = getattr(self.labels, "opens_pick", None)
        for kind in kinds:
            picks = self._picks(kind)
            for field in self.kinds[kind]:
                if kind != self.chosen_kind and opens is not None and not opens(kind, field):
                    continue
                if field not in picks:
                    for value in self._options(kind, field, picks):
                        seen.update(dict.fromkeys(board_keys(kind, field, value)))
            card = self._played_card(kind)
            if card is not None and kind != self.chosen_kind:
                seen.update(dict.fromkeys(board_keys(kind, "card", card)))
        return list(seen)

    def picked_values(self) -> list[str]:
        """The board keys of what is picked: the values in field order (with those the
        picks leave no choice about), and the card of a kind chosen by its card (a second
        click on a picked value takes it back)."""
        kind = self.chosen_kind
        if kind is None:
            return []
        keys: dict[str, None] = {}
        card = self._played_card(kind)
        if card is not None:
            keys.update(dict.fromkeys(board_keys(kind, "card", card)))
        for f in self.kinds[kind]:
            if f in self.chosen:
                keys.update(dict.fromkeys(board_keys(kind, f, self.chosen[f])))
            elif self.chosen or self._held:
                only = self._options(kind, f, self.chosen)
                if len(only) == 1:
                    keys.update(dict.fromkeys(board_keys(kind, f, only[0])))
        return list(keys)

    def pick_value(self, value: str, field: str | None = None, kind: str | None = None) -> None:
        """Pick by a value's `str`, as if its button were clicked.

        `field` names the field(s) the clicked element stands for, separated by spaces,
        each a field name or `Kind.field` (None: any field). The kind being picked comes
        first (so a board click never drops half a pick for another kind's field), then
        the others in display order. In each kind: the first field with no pick that
        accepts the value; else, if the value is a field's pick, unpick it (with `field`
        given, another possible value replaces the pick instead); a kind not under way
        takes the value only in a field that may open a pick (`opens_pick`). Last, a kind
        whose `played_card` is the value is chosen (or dropped, if it is the one chosen).
        """
        value = str(value)
        specs = field.split() if field else None
        opens = getattr(self.labels, "opens_pick", None)

        def named(k: str, f: str) -> bool:
            if k != self.chosen_kind and opens is not None and not opens(k, f):
                return False  # (not lit on a board before its move is under way)
            return specs is None or f in specs or f"{k}.{f}" in specs

        for k in self._kind_order():
            if kind is not None and k != kind:
                continue
            picks = self._picks(k)
            fields = [f for f in self.kinds[k] if named(k, f)]
            for f in fields:
                if f not in picks:
                    found = _find(value, self._options(k, f, picks))
                    if found is not _NONE:
                        self._clicked((k, f, found))
                        return
            for f in fields:
                if f in picks and str(picks[f]) == value:
                    self._clicked((k, f, picks[f]))
                    return
                if f in picks and field is not None:
                    found = _find(value, self._options(k, f, picks))
                    if found is not _NONE:
                        self._clicked((k, f, found))
                        return
        if specs is None or "card" in specs:
            order = [self.chosen_kind] if self.chosen_kind else []
            for k in order + [k for k in self.kinds if k != self.chosen_kind]:
                if (kind is None or k == kind) and self._played_card(k) == value:
                    self.choose_kind(k)
                    return
        raise ValueError(f"{value} is not a choice now")

    def button(self, field: str, value: Any, kind: str | None = None) -> w.Button:
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

    # ------------------------------------------------------------ helpers
    def _kind_of(self, field: str, kind: str | None) -> str:
        """The kind `field` belongs to ("" for a field-less kind): the one given, or the
        only kind with that field."""
        def has(k: str) -> bool:
            return field in self.kinds[k] if field else not self.kinds[k]

        if kind is not None:
            if kind not in self.kinds or not has(kind):
                raise KeyError(f"no field {field!r} in kind {kind!r} on offer")
            return kind
        found = [k for k in self.kinds if has(k)]
        if len(found) != 1:
            raise KeyError(f"field {field!r} is in {len(found)} kinds on offer: pass kind=")
        return found[0]

    def _picks(self, kind: str) -> dict[str, Any]:
        return self.chosen if kind == self.chosen_kind else {}

    def _played_card(self, kind: str) -> str | None:
        """The card that stands for `kind` on a table (the engine's `played_card`)."""
        acts = self._by_kind.get(kind)
        return getattr(type(acts[0]), "played_card", None) if acts else None

    def _remaining(self, kind: str, picks: dict[str, Any]) -> list[Any]:
        return [a for a in self._by_kind[kind]
                if all(getattr(a, f) == v for f, v in picks.items())]

    def _options(self, kind: str, field: str, picks: dict[str, Any]) -> list[Any]:
        seen: dict[Any, None] = {}
        for a in self._by_kind[kind]:
            if all(getattr(a, f) == v for f, v in picks.items() if f != field):
                seen.setdefault(getattr(a, field), None)
        return list(seen)

    def _kind_order(self) -> list[str]:
        """Kinds with fields, the one being picked first."""
        first = [self.chosen_kind] if self.chosen_kind and self.kinds[self.chosen_kind] else []
        return first + [k for k, fs in self.kinds.items() if fs and k != self.chosen_kind]

    def _bar_on_show(self) -> _Bar:
        kind = self.chosen_kind
        if kind is not None and self._confirms(kind):
            return self._bars[kind]
        for k in self.kinds:
            if self._confirms(k):
                return self._bars[k]
        raise LookupError("no kind on offer has a Confirm: one click applies each action")

    def _label(self, method: str, *args: Any) -> str:
        fn = getattr(self.labels, method, None) or getattr(_DEFAULT, method)
        return fn(*args)

    # ------------------------------------------------------------ callbacks
    def _apply(self, action: Any) -> None:
        self.chosen_kind, self.chosen, self._held = None, {}, False
        self.on_choose(action)

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
        kind, field, value = key
        self.pick(field, value, kind)

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
            selected = active and (self.chosen.get(field, _NONE) == value if field else True)
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

    def _hint_html(self, ready: Any) -> str:
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

    def _next_field(self, kind: str) -> tuple[str | None, list[Any]]:
        """The field to pick next and its possible values: the first with no pick that
        still has a choice in it (a field with one value left decides itself)."""
        open_fields = [f for f in self.kinds[kind] if f not in self.chosen]
        for f in open_fields:
            options = self._options(kind, f, self.chosen)
            if len(options) > 1:
                return f, options
        if open_fields:
            return open_fields[0], self._options(kind, open_fields[0], self.chosen)
        return None, []

    def _describe(self, action: Any) -> str:
        return html.escape(self._describe_text(action))

    def _describe_text(self, action: Any) -> str:
        """A move in words: its kind's title, then each field's value."""
        kind = type(action).__name__
        parts = [f"{self.labels.field_title(kind, f)}: "
                 f"{self.labels.value_label(kind, f, getattr(action, f))}"
                 for f in self.kinds[kind]]
        return "; ".join(parts) if parts else self._label("kind_title", kind)


_NONE = object()  # no value picked / found
# the bar's words under a final move of one choice, until it is picked
FINAL_HINT = "Pick one, then Confirm: this move cannot be taken back."
_DEFAULT = DefaultLabels()  # for the label methods an adapter leaves out


def _find(text: str, values: list[Any]) -> Any:
    """The first of `values` whose `str` is `text` (a board sends strings), or `_NONE`."""
    return next((v for v in values if str(v) == text), _NONE)


def _set(widget: w.Widget, **traits: Any) -> None:
    """Set traits that differ, all in one comm message."""
    changed = {k: v for k, v in traits.items() if getattr(widget, k) != v}
    if changed:
        with widget.hold_sync():
            for k, v in changed.items():
                setattr(widget, k, v)
