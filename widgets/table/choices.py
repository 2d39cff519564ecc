"""What a player has picked among the legal actions, without any widget: the actions
grouped by kind, the picks so far (of one kind at a time), which values are still possible,
and which action the picks decide. `ActionPicker` (picker.py) draws it as buttons, and a
clickable board drives it through `pick_value` and `clickable_values`.

No rules live here: what may be chosen comes only from the legal actions offered.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from village_games.core import Action
from village_games.core.actions import FieldValue

Key = tuple[str, str, FieldValue]  # (kind, field, value); (kind, "", "") for a kind without fields


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
    def value_label(self, action_type: str, field: str, value: FieldValue) -> str: ...
    def value_classes(self, action_type: str, field: str, value: FieldValue) -> list[str]: ...
    def value_tooltip(self, action_type: str, field: str, value: FieldValue) -> str: ...


class DefaultLabels:
    def field_title(self, action_type: str, field: str) -> str:
        return field.replace("_", " ").capitalize()

    def value_label(self, action_type: str, field: str, value: FieldValue) -> str:
        return str(value)

    def value_classes(self, action_type: str, field: str, value: FieldValue) -> list[str]:
        return []

    def value_tooltip(self, action_type: str, field: str, value: FieldValue) -> str:
        return ""

    def kind_title(self, kind: str) -> str:
        """`TakeBasic` -> "Take basic" (acronyms such as `HQ` keep their capitals)."""
        parts = words(kind)
        if not parts:
            return kind
        rest = [x if x.isupper() and len(x) > 1 else x.lower() for x in parts[1:]]
        return " ".join([parts[0][:1].upper() + parts[0][1:], *rest])

    def pick_hint(self, kind: str) -> str:
        return "Pick one in each row, then confirm."


def words(kind: str) -> list[str]:
    """The words of a CamelCase (or snake_case) name."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_", " ", kind).split()


def board_keys(kind: str, field: str, value: FieldValue) -> list[str]:
    """What a board matches for `value` of `kind`'s `field`: the bare `str` (an element
    with no `data-vg-field`), `field=value` and `Kind.field=value` (an element that names
    the field, or the kind and field, it stands for)."""
    text = str(value)
    return [text, f"{field}={text}", f"{kind}.{field}={text}"]


def action_fields(action: object) -> list[str]:
    if not dataclasses.is_dataclass(action):
        raise TypeError(f"the picker needs dataclass actions, got {action!r}")
    return [f.name for f in dataclasses.fields(action)]


class Choices:
    """The picks among a set of legal actions (see the module docstring); `on_choose` is
    called with the action a pick decides."""

    def __init__(self, on_choose: Callable[[Action], None],
                 labels: PickerLabels | None = None) -> None:
        self.on_choose = on_choose
        self.labels: PickerLabels = labels or DefaultLabels()
        self.actions: list[Action] = []
        self.kinds: dict[str, list[str]] = {}  # kind -> its fields, both in display order
        self.chosen_kind: str | None = None  # the kind the picks in `chosen` belong to
        self.chosen: dict[str, FieldValue] = {}  # field -> picked value
        # the kind stays chosen with no value picked: chosen by its card or, for a final
        # kind without fields, by its button
        self._held = False
        self._by_kind: dict[str, list[Action]] = {}

    def offer(self, actions: Sequence[Action]) -> None:
        """These legal actions, nothing picked."""
        self.actions = list(actions)
        self._by_kind = {}
        for a in self.actions:
            self._by_kind.setdefault(type(a).__name__, []).append(a)
        self.kinds = {k: action_fields(acts[0]) for k, acts in self._by_kind.items()}
        self.chosen_kind, self.chosen, self._held = None, {}, False

    def _update(self) -> None:
        """The picks changed (a view draws them)."""

    def _clicked(self, key: Key) -> None:
        kind, field, value = key
        self.pick(field, value, kind)

    @property
    def fields(self) -> list[str]:
        """The fields when every action is of one kind ([] when kinds are mixed)."""
        return list(next(iter(self.kinds.values()))) if len(self.kinds) == 1 else []

    def remaining(self) -> list[Action]:
        """Legal actions consistent with every value picked so far."""
        if self.chosen_kind is None:
            return list(self.actions)
        return self._remaining(self.chosen_kind, self.chosen)

    def options(self, field: str, kind: str | None = None) -> list[FieldValue]:
        """Values of `field` still possible given the picks in the other fields."""
        kind = self._kind_of(field, kind)
        return self._options(kind, field, self._picks(kind))

    def pick(self, field: str, value: FieldValue, kind: str | None = None) -> None:
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
        if picks.get(field, NONE) == value:
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

    def _choose(self, kind: str | None, picks: dict[str, FieldValue], held: bool = False) -> None:
        self.chosen_kind, self.chosen, self._held = kind, picks, held and kind is not None
        self._update()

    def _confirms(self, kind: str) -> bool:
        """Whether a pick of `kind` waits for Confirm: always with several fields; else
        when the engine marks the kind `final` (it cannot be taken back once made)."""
        fields = self.kinds.get(kind)
        if fields is None:
            return False
        return len(fields) > 1 or bool(getattr(type(self._by_kind[kind][0]), "final", False))

    def ready(self) -> Action | None:
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
                    found = find(value, self._options(k, f, picks))
                    if found is not NONE:
                        self._clicked((k, f, found))
                        return
            for f in fields:
                if f in picks and str(picks[f]) == value:
                    self._clicked((k, f, picks[f]))
                    return
                if f in picks and field is not None:
                    found = find(value, self._options(k, f, picks))
                    if found is not NONE:
                        self._clicked((k, f, found))
                        return
        if specs is None or "card" in specs:
            order = [self.chosen_kind] if self.chosen_kind else []
            for k in order + [k for k in self.kinds if k != self.chosen_kind]:
                if (kind is None or k == kind) and self._played_card(k) == value:
                    self.choose_kind(k)
                    return
        raise ValueError(f"{value} is not a choice now")

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

    def _picks(self, kind: str) -> dict[str, FieldValue]:
        return self.chosen if kind == self.chosen_kind else {}

    def _played_card(self, kind: str) -> str | None:
        """The card that stands for `kind` on a table (the engine's `played_card`)."""
        acts = self._by_kind.get(kind)
        return getattr(type(acts[0]), "played_card", None) if acts else None

    def _remaining(self, kind: str, picks: dict[str, FieldValue]) -> list[Action]:
        return [a for a in self._by_kind[kind]
                if all(getattr(a, f) == v for f, v in picks.items())]

    def _options(self, kind: str, field: str,
                 picks: dict[str, FieldValue]) -> list[FieldValue]:
        seen: dict[FieldValue, None] = {}
        for a in self._by_kind[kind]:
            if all(getattr(a, f) == v for f, v in picks.items() if f != field):
                seen.setdefault(getattr(a, field), None)
        return list(seen)

    def _kind_order(self) -> list[str]:
        """Kinds with fields, the one being picked first."""
        first = [self.chosen_kind] if self.chosen_kind and self.kinds[self.chosen_kind] else []
        return first + [k for k, fs in self.kinds.items() if fs and k != self.chosen_kind]

    def _label(self, method: str, *args: object) -> str:
        fn = getattr(self.labels, method, None) or getattr(DEFAULT, method)
        return fn(*args)

    def _apply(self, action: Action) -> None:
        self.chosen_kind, self.chosen, self._held = None, {}, False
        self.on_choose(action)

    def _next_field(self, kind: str) -> tuple[str | None, list[FieldValue]]:
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

NONE = object()  # no value picked / found
DEFAULT = DefaultLabels()  # for the label methods an adapter leaves out


def find(text: str, values: list[FieldValue]) -> Any:
    """The first of `values` whose `str` is `text` (a board sends strings), or `NONE`."""
    return next((v for v in values if str(v) == text), NONE)
