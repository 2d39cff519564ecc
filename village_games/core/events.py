"""Log events: what happened, in words, and who may read which words.

Engines make dozens of events per round and search copies make millions, so an event keeps
its text as a template plus arguments and formats it only when somebody reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple

from .actions import short_repr
from .observation import Obs
from .shapes import FLAG, SEAT, TEXT, Json, ListOf, Obj, Text


class Event(NamedTuple):
    """One thing that happened.

    `text` is what every seat may read: `template.format(*args)` (the template itself when
    `args` is empty, so literal braces are safe). A template may also be a function of the
    args, for a line that takes real work to build (a list of every revealed card). When
    some seats may know more (a player sees the card they drew), `secret_text` is shown to
    the seats in `secret_for` instead. `data` holds the same facts as plain JSON values,
    for tests, bots and animations; keys starting with '_' are secret to outsiders.

    `reveals`: the event turns hidden facts face up (a reveal, a flipped card).
    `chance`: the event comes from chance (a shuffle, a draw, a die, a coin flip).
    Either makes the event `final`: an app's undo never rewinds past it.
    """

    kind: str
    template: str | Callable[..., str]
    data: dict[str, Any] = {}  # never mutated: engines pass their own dict
    args: tuple[object, ...] = ()
    secret_template: str | Callable[..., str] | None = None
    secret_args: tuple[object, ...] = ()
    secret_for: tuple[int, ...] = ()
    reveals: bool = False
    chance: bool = False

    @property
    def text(self) -> str:
        return _format(self.template, self.args)

    @property
    def secret_text(self) -> str | None:
        if self.secret_template is None:
            return None
        return _format(self.secret_template, self.secret_args)

    @property
    def final(self) -> bool:
        """Whether undo must stop here: something was revealed or chance spoke."""
        return self.reveals or self.chance

    def text_for(self, seat: int | None, omniscient: bool = False) -> str:
        """The line this seat may read; `omniscient` (a referee or replay view) sees all."""
        if self.secret_template is not None and (omniscient or seat in self.secret_for):
            return _format(self.secret_template, self.secret_args)
        return self.text

    def visible_data(self, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        """`data` with secret fields (keys starting with '_') removed for outsiders."""
        if omniscient or seat in self.secret_for or not self.secret_for:
            return dict(self.data)
        return {k: v for k, v in self.data.items() if not k.startswith("_")}

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data}
        if self.secret_template is not None:
            d["secret_text"] = self.secret_text
            d["secret_for"] = list(self.secret_for)
        if self.reveals:
            d["reveals"] = True
        if self.chance:
            d["chance"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], seats: int = 64, where: str = "event") -> Event:
        """The event `to_dict` wrote; ValueError naming the part (`where`) that is not of
        its kind (a save's log comes from a file anyone can edit)."""
        if not _plain(d, seats):
            EVENT_SHAPE.check(d, where, seats)  # says which part is wrong
            raise ValueError(f"{where} must be an event ({', '.join(EVENT_SHAPE.fields)})")
        return cls(kind=d["kind"], template=d["text"], data=dict(d.get("data", {})),
                   secret_template=d.get("secret_text"),
                   secret_for=tuple(d.get("secret_for", ())),
                   reveals=d.get("reveals", False), chance=d.get("chance", False))


_tuple_new = tuple.__new__
_NO_DATA: dict[str, Any] = Event._field_defaults["data"]  # (the very same dict)


def event(kind: str, template: str | Callable[..., str], data: dict[str, Any] = _NO_DATA,
          args: tuple[object, ...] = (), secret_template: str | Callable[..., str] | None = None,
          secret_args: tuple[object, ...] = (), secret_for: tuple[int, ...] = (),
          reveals: bool = False, chance: bool = False) -> Event:
    """`Event(...)` with the same arguments and the same result, as engines build their
    events: a NamedTuple's own `__new__` is a Python function that the class call reaches
    through C, a quarter of the cost of each event; this is one Python call and one C
    call (about 4% of a logged decision)."""
    return _tuple_new(Event, (kind, template, data, args, secret_template, secret_args,
                              secret_for, reveals, chance))


EVENT_SHAPE = Obj({"kind": Text(200), "text": TEXT, "data": Json(obj=True), "secret_text": TEXT,
                   "secret_for": ListOf(SEAT), "reveals": FLAG, "chance": FLAG},
                  required=("kind", "text"))
_EVENT_KEYS = frozenset(EVENT_SHAPE.fields)
_DATA = Json(obj=True)


def _plain(d: object, seats: int) -> bool:
    """Whether `d` is an event as `to_dict` writes it (the quick test; a save's log is long)."""
    if type(d) is not dict or type(d.get("kind")) is not str or type(d.get("text")) is not str:
        return False
    if not _EVENT_KEYS.issuperset(d) or len(d["kind"]) > 200:
        return False
    secret, secret_for = d.get("secret_text"), d.get("secret_for", [])
    return ((secret is None or type(secret) is str)
            and type(secret_for) is list
            and all(type(s) is int and 0 <= s < seats for s in secret_for)
            and type(d.get("reveals", False)) is bool and type(d.get("chance", False)) is bool
            and ("data" not in d or _DATA.fits(d["data"], seats)))


def events_from_dicts(rows: object, seats: int, where: str = "log") -> list[Event]:
    """A saved log: `Event.from_dict` of each row, ValueError naming the row that is not
    an event (`log[3].secret_for must be ...`)."""
    if type(rows) is not list:
        raise ValueError(f"{where} must be a list of events, got {short_repr(rows)}")
    return [Event.from_dict(e, seats, f"{where}[{k}]") for k, e in enumerate(rows)]


def _format(template: str | Callable[..., str], args: tuple[object, ...]) -> str:
    if callable(template):
        return template(*args)
    return template.format(*args) if args else template


class TraceStep(NamedTuple, Generic[Obs]):
    """One event of a batch and the observation right after it (see `Game.apply_traced`)."""

    event: Event
    obs: Obs
