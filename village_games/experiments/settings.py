"""An experiment's settings: what each one is, what it allows, and how it reads from text.

Settings arrive as text (a lesson's link, the store) and are fixed by the teacher when the
experiment is made. Every kind lists its settings; `read` turns the text into values and
refuses anything else with the setting's name and what it allows, all problems at once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from village_games.core import words

ECHO = 40  # characters of a bad value repeated back
NOT_SETTINGS = frozenset({"kind", "key", "experiment"})  # parts of a link that are no setting


def _echo(raw: str) -> str:
    return repr(raw if len(raw) <= ECHO else raw[:ECHO - 1] + "…")


@dataclass(frozen=True)
class Setting(ABC):
    key: str
    label: str

    @property
    @abstractmethod
    def default(self) -> Any: ...

    @abstractmethod
    def parse(self, raw: str) -> Any:
        """The value of `raw`; ValueError (without the setting's name) if not allowed."""

    @abstractmethod
    def allowed(self) -> str:
        """What the setting allows, in words."""

    def text(self, value: Any) -> str:
        """The value as a link and the store write it."""
        return str(value)

    def shown(self, value: Any) -> str:
        """The value as a page shows it."""
        return self.text(value)


@dataclass(frozen=True)
class Whole(Setting):
    lo: int
    hi: int
    start: int

    @property
    def default(self) -> int:
        return self.start

    def parse(self, raw: str) -> int:
        text = raw.strip()
        if not (text.lstrip("-").isdigit() and len(text) < 12) or not (
                self.lo <= int(text) <= self.hi):
            raise ValueError
        return int(text)

    def allowed(self) -> str:
        return f"a whole number from {self.lo} to {self.hi}"


@dataclass(frozen=True)
class Pick(Setting):
    choices: tuple[tuple[str, str], ...]  # (value, label)
    start: str

    @property
    def default(self) -> str:
        return self.start

    def parse(self, raw: str) -> str:
        if raw.strip() not in dict(self.choices):
            raise ValueError
        return raw.strip()

    def allowed(self) -> str:
        return "one of " + ", ".join(v for v, _ in self.choices)

    def shown(self, value: Any) -> str:
        return dict(self.choices).get(value, str(value))


@dataclass(frozen=True)
class Flag(Setting):
    start: bool = False

    @property
    def default(self) -> bool:
        return self.start

    def parse(self, raw: str) -> bool:
        text = raw.strip().lower()
        if text in ("1", "yes", "true", "on"):
            return True
        if text in ("0", "no", "false", "off", ""):
            return False
        raise ValueError

    def allowed(self) -> str:
        return "1 (yes) or 0 (no)"

    def text(self, value: Any) -> str:
        return "1" if value else "0"

    def shown(self, value: Any) -> str:
        return "yes" if value else "no"


@dataclass(frozen=True)
class Several(Setting):
    """One or more names from a list, written with commas."""

    choices: tuple[str, ...]
    start: tuple[str, ...]

    @property
    def default(self) -> tuple[str, ...]:
        return self.start

    def parse(self, raw: str) -> tuple[str, ...]:
        names = [n.strip() for n in raw.split(",") if n.strip()]
        if not names or any(n not in self.choices for n in names) or len(set(names)) != len(
                names):
            raise ValueError
        return tuple(sorted(names, key=self.choices.index))

    def allowed(self) -> str:
        return "one or more (with commas) of " + ", ".join(self.choices)

    def text(self, value: Any) -> str:
        return ",".join(value)

    def shown(self, value: Any) -> str:
        return words.and_list(value)


@dataclass(frozen=True)
class Name(Setting):
    """A name the kind checks against the game (`Kind.refine` lists what is allowed)."""

    start: str = ""
    limit: int = 40

    @property
    def default(self) -> str:
        return self.start

    def parse(self, raw: str) -> str:
        text = raw.strip()
        if not text or len(text) > self.limit or not text.isprintable():
            raise ValueError
        return text

    def allowed(self) -> str:
        return f"a name (at most {self.limit} characters)"


def read(settings: Sequence[Setting], raw: Mapping[str, str]) -> dict[str, Any]:
    """The values of `raw` (a missing setting takes its default); ValueError naming every
    setting that is unknown or not allowed, with what it allows."""
    known = {s.key: s for s in settings}
    problems = [f"there is no setting {_echo(k)} (the settings are "
                f"{', '.join(known) or 'none'})" for k in raw
                if k not in known and k not in NOT_SETTINGS]
    values: dict[str, Any] = {}
    for s in settings:
        if s.key not in raw:
            values[s.key] = s.default
            continue
        value = raw[s.key]
        try:
            values[s.key] = s.parse(str(value))
        except ValueError:
            problems.append(f"{s.label} ({s.key}) must be {s.allowed()}, got {_echo(str(value))}")
    if problems:
        raise ValueError("; ".join(problems))
    return values


def write(settings: Sequence[Setting], values: Mapping[str, Any]) -> dict[str, str]:
    """The values as text, in the settings' order (a link, the store)."""
    return {s.key: s.text(values[s.key]) for s in settings}
