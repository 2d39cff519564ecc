"""Building the engine's events: `event(...)` takes `Event`'s arguments and gives the same
Event, built in one C call. A round reports dozens of events, and a NamedTuple's own
`__new__` is a Python function that C has to call, a quarter of the cost of each event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.events import Event

_tuple_new = tuple.__new__
_NO_DATA: dict[str, Any] = {}  # (as Event's own default: never mutated)


def event(kind: str, template: str | Callable[..., str], data: dict[str, Any] = _NO_DATA,
          args: tuple = (), secret_template: str | Callable[..., str] | None = None,
          secret_args: tuple = (), secret_for: tuple[int, ...] = (), reveals: bool = False,
          chance: bool = False) -> Event:
    """`Event(...)` with the same arguments, in Event's field order."""
    return _tuple_new(Event, (kind, template, data, args, secret_template, secret_args,
                              secret_for, reveals, chance))
