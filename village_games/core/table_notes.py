"""What every game's table notes share: the cards a seat's moves name, and the plain words
for a card that cannot be played when the rules give no more precise reason."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from .actions import Action

NOT_YOUR_TURN = "it is not your turn"
NOT_NOW = "not playable now"


def cards_named(actions: Iterable[Action]) -> set[str]:
    """Every word any field of the actions holds (the cards the moves play, take or name):
    a hand card absent from it is in none of the seat's moves now."""
    named: set[str] = set()
    for action in actions:
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if isinstance(value, str):
                named.add(value)
    return named
