"""Villagers & Villains' worked rule examples: scenarios plus scripted steps, run by the
real engine with scripted dice, so each example shows exactly what its narration says.

The data lives in `rule_examples.toml` (data, not code). Each example is a hand-written
scenario for `VillagersAndVillains.from_dict` (with `dice` to script the rolls) and a list
of steps; a step applies zero or more actions (each by a named mayor), carries a short
narration in this project's words, and may `expect` facts afterwards, so every example is
also a test. `replay(example, k)` rebuilds the state after k steps from the scenario.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.card_data import CardDataError, load_toml, unknown_keys
from ..core.errors import IllegalAction
from ..core.events import Event
from . import actions as _actions
from .actions import CODEC
from .game import VillagersAndVillains
from .views import favor_view

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")

_EXAMPLE_KEYS = {"id", "title", "intro", "scenario", "step"}
_STEP_KEYS = {"narration", "actions", "expect"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _sheet_line(line: str) -> Callable[[VillagersAndVillains, int], Any]:
    return lambda g, s: g.score_sheet()[s][line]


# per-mayor facts (checked as a table by name) and table-wide facts
SEAT_CHECKS: dict[str, Callable[[VillagersAndVillains, int], Any]] = {
    "gold": lambda g, s: g.players[s].gold,
    "town": lambda g, s: list(g.players[s].town),
    "hand": lambda g, s: g.players[s].hand(),
    "total": _sheet_line("total"),
    "heroic": _sheet_line("heroic"),
    "victory": _sheet_line("victory"),
    "largest_town": _sheet_line("largest_town"),
    "matchmaker": _sheet_line("matchmaker"),
    "civility": _sheet_line("civility"),
    "town_value": _sheet_line("town_value"),
}
TABLE_CHECKS: dict[str, Callable[[VillagersAndVillains], Any]] = {
    "pool": lambda g: list(g.pool),
    "bank": lambda g: g.bank,
    "phase": lambda g: g.phase,
    "marker": lambda g: g.names[g.marker],
    "favor": lambda g: _favor_text(g),
    "over": lambda g: g.is_over(),
    "winners": lambda g: [g.names[s] for s in g.final_winners],
}


def _favor_text(g: VillagersAndVillains) -> str:
    """The Favor's place in words: "bank", "pool:N" or a mayor's name."""
    view = favor_view(g) or {"where": "none"}
    if view["where"] == "mayor":
        return g.names[view["seat"]]
    if view["where"] == "pool":
        return f"pool:{view['position']}"
    return view["where"]


class ExampleFailed(AssertionError):
    """A rule example no longer matches the engine: an illegal step or a broken `expect`."""


@dataclass(frozen=True)
class Step:
    narration: str
    actions: tuple[tuple[int, dict[str, Any]], ...] = ()
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleExample:
    id: str
    title: str
    intro: str
    scenario: dict[str, Any]
    steps: tuple[Step, ...]
    names: tuple[str, ...]

    def new_game(self) -> VillagersAndVillains:
        """A fresh game at the scenario's starting position."""
        return VillagersAndVillains.from_dict(self.scenario)

    def seat_of(self, name: str) -> int:
        return self.names.index(name)


def load_examples(path: str | Path = EXAMPLES_FILE) -> list[RuleExample]:
    """Every example in the file, validated; a bad file raises CardDataError saying where."""
    data = load_toml(path)
    raw = data.get("example")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{Path(path).name}: no [[example]] tables")
    out: list[RuleExample] = []
    for i, table in enumerate(raw):
        where = f"{Path(path).name}: example {i + 1}"
        unknown_keys(table, _EXAMPLE_KEYS, where)
        ex_id = str(table.get("id", ""))
        if not _ID.match(ex_id):
            raise CardDataError(f"{where}: id {ex_id!r} must be lower-case-with-dashes")
        if any(e.id == ex_id for e in out):
            raise CardDataError(f"{where}: duplicate id {ex_id!r}")
        out.append(_parse_example(table, ex_id, f"{where} ({ex_id})"))
    return out


def _parse_example(table: dict[str, Any], ex_id: str, where: str) -> RuleExample:
    scenario = table.get("scenario")
    if not isinstance(scenario, dict) or not scenario.get("players"):
        raise CardDataError(f"{where}: needs a [example.scenario] with players")
    names = tuple(str(p.get("name", f"Player {i + 1}"))
                  for i, p in enumerate(scenario["players"]))
    steps = table.get("step")
    if not isinstance(steps, list) or not steps:
        raise CardDataError(f"{where}: needs at least one [[example.step]]")
    parsed = tuple(_parse_step(s, names, f"{where}, step {k + 1}")
                   for k, s in enumerate(steps))
    return RuleExample(ex_id, str(table.get("title", ex_id)), str(table.get("intro", "")),
                       scenario, parsed, names)


def _seat(value: Any, names: tuple[str, ...], where: str) -> int:
    if value not in names:
        raise CardDataError(f"{where}: unknown mayor {value!r}; mayors are "
                            f"{', '.join(names)}")
    return names.index(value)


def _parse_step(table: Any, names: tuple[str, ...], where: str) -> Step:
    if not isinstance(table, dict) or not isinstance(table.get("narration"), str):
        raise CardDataError(f"{where}: needs a narration")
    unknown_keys(table, _STEP_KEYS, where)
    acts = []
    for act in table.get("actions", []):
        body = dict(act)
        seat = _seat(body.pop("seat", None), names, where)
        _fill_nones(body)
        try:
            CODEC.from_dict(body)
        except (ValueError, TypeError, IllegalAction) as exc:
            raise CardDataError(f"{where}: bad action {act!r}: {exc}") from exc
        acts.append((seat, body))
    expect = dict(table.get("expect", {}))
    unknown_keys(expect, set(SEAT_CHECKS) | set(TABLE_CHECKS), f"{where}, expect")
    for key in SEAT_CHECKS:
        if key in expect:
            if not isinstance(expect[key], dict):
                raise CardDataError(f"{where}: expect.{key} must be a table by mayor name")
            for name in expect[key]:
                _seat(name, names, f"{where}, expect.{key}")
    return Step(table["narration"], tuple(acts), expect)


def _fill_nones(body: dict[str, Any]) -> None:
    """TOML has no null: an optional action field left out means None."""
    kind = getattr(_actions, str(body.get("type")), None)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        for f in dataclasses.fields(kind):
            if f.name not in body and "None" in str(f.type):
                body[f.name] = None


@dataclass
class Frame:
    """The state after `upto` steps of an example, and what the last step added."""

    example: RuleExample
    upto: int
    game: VillagersAndVillains
    new_events: list[Event]

    @property
    def step(self) -> Step | None:
        return self.example.steps[self.upto - 1] if self.upto else None

    @property
    def new_lines(self) -> list[str]:
        return [e.text_for(None) for e in self.new_events]

    @property
    def observation(self) -> dict[str, Any]:
        return self.game.observation(None)


def replay(example: RuleExample, upto: int, *, check: bool = False) -> Frame:
    """The game after the first `upto` steps, rebuilt from the scenario; with `check`,
    every step's `expect` is verified on the way (ExampleFailed says which)."""
    g = example.new_game()
    events: list[Event] = []
    for k, step in enumerate(example.steps[:upto]):
        events = []
        for seat, body in step.actions:
            try:
                events.extend(g.apply(seat, CODEC.from_dict(body)))
            except IllegalAction as exc:
                raise ExampleFailed(f"{example.id} step {k + 1}: {body} refused: {exc}") from exc
        if check:
            check_expect(example, g, k)
    return Frame(example, upto, g, events)


def check_expect(example: RuleExample, g: VillagersAndVillains, k: int) -> None:
    for key, want in example.steps[k].expect.items():
        if key in SEAT_CHECKS:
            for name, value in want.items():
                got = SEAT_CHECKS[key](g, example.seat_of(name))
                _same(got, value, f"{example.id} step {k + 1}: {key} of {name}")
        else:
            _same(TABLE_CHECKS[key](g), want, f"{example.id} step {k + 1}: {key}")


def _same(got: Any, want: Any, what: str) -> None:
    if got != want:
        raise ExampleFailed(f"{what} is {got!r}, the example says {want!r}")


def run_example(example: RuleExample) -> list[Frame]:
    """Every frame of an example, each step's `expect` checked."""
    replay(example, len(example.steps), check=True)
    return [replay(example, k) for k in range(1, len(example.steps) + 1)]
