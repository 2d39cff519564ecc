"""The coach's place in the table app: a panel and a short note on each picker button.

A game adapter that offers a coach has `coach_models` (label, key pairs) and
`coach(game, seat, model) -> Coaching | None`; the engine computes the advice, the adapter
only turns it into words. The table app shows `html` above the picker and appends each note
to the button of the value it describes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from village_games.core.actions import FieldValue

if TYPE_CHECKING:
    from .choices import PickerLabels

NoteKey = tuple[str, str, FieldValue]  # (action type name, field, value), as the picker names them


@dataclass(frozen=True)
class Coaching:
    html: str
    notes: dict[NoteKey, str] = field(default_factory=dict)


class CoachedLabels:
    """The adapter's picker labels with the coach's note added to each value it covers."""

    def __init__(self, base: PickerLabels, notes: dict[NoteKey, str]) -> None:
        self.base = base
        self.notes = notes

    def __getattr__(self, name: str) -> Any:  # kind_title, pick_hint, next_hint, ...
        return getattr(self.base, name)

    def field_title(self, action_type: str, field: str) -> str:
        return self.base.field_title(action_type, field)

    def value_label(self, action_type: str, field: str, value: FieldValue) -> str:
        label = self.base.value_label(action_type, field, value)
        note = self.notes.get((action_type, field, value))
        return f"{label} · {note}" if note else label

    def value_classes(self, action_type: str, field: str, value: FieldValue) -> list[str]:
        return self.base.value_classes(action_type, field, value)

    def value_tooltip(self, action_type: str, field: str, value: FieldValue) -> str:
        tip = self.base.value_tooltip(action_type, field, value)
        note = self.notes.get((action_type, field, value))
        return f"{tip} Coach: {note}" if note else tip
