"""Worked rule examples for any engine: scenarios plus scripted steps, run by the engine.

A game keeps its examples in `rule_examples.toml` (data, not code). Each example is a
hand-written scenario for the game's `from_dict` and a list of steps; a step applies zero
or more actions (each by a seat named as in the scenario), carries a short narration in
this project's words, may list actions the engine must refuse (`refused`, with part of
the reason it must give as `because`), and may `expect` facts afterwards, so every example
is also a test of the rulebook's numbers. What can be expected is the game's choice: its
`ExampleRules` names a check per fact, per seat (a table by player name) or table-wide.

`rules.replay(example, k)` rebuilds the state after k steps from the scenario every time,
so a walkthrough's Back button never runs the game backwards. (Village Pillage keeps its
own reader: its steps may stop partway through a simultaneous round, `show_until`.)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .actions import ActionCodec
from .card_data import CardDataError, load_toml, unknown_keys
from .errors import IllegalAction
from .events import Event
from .game import Game
from .observation import Observation

G = TypeVar("G", bound=Game)  # the game whose examples these are
SeatCheck = Callable[[G, int], object]  # (game, seat) -> a fact about that seat
TableCheck = Callable[[G, list[Event]], object]  # (game, the step's events) -> a fact

_EXAMPLE_KEYS = {"id", "title", "intro", "scenario", "step"}
_STEP_KEYS = {"narration", "actions", "refused", "expect"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class ExampleFailed(AssertionError):
    """A rule example no longer matches the engine: an illegal step, a move that should
    have been refused, or a broken `expect`."""


@dataclass(frozen=True)
class Step:
    narration: str
    actions: tuple[tuple[int, dict[str, Any]], ...] = ()
    expect: dict[str, Any] = field(default_factory=dict)
    refused: tuple[tuple[int, dict[str, Any], str], ...] = ()  # (seat, action, because)


@dataclass(frozen=True)
class RuleExample(Generic[G]):
    id: str
    title: str
    intro: str
    scenario: dict[str, Any]
    steps: tuple[Step, ...]
    names: tuple[str, ...]
    game_class: type[G] = field(repr=False, compare=False)  # (it sets the scenario up)

    def new_game(self) -> G:
        """A fresh game at the scenario's starting position."""
        return self.game_class.from_dict(self.scenario)

    def seat_of(self, name: str) -> int:
        return self.names.index(name)


@dataclass
class Frame(Generic[G]):
    """The state after `upto` steps of an example, and what the last step added."""

    example: RuleExample[G]
    upto: int
    game: G
    new_events: list[Event]

    @property
    def step(self) -> Step | None:
        return self.example.steps[self.upto - 1] if self.upto else None

    @property
    def new_lines(self) -> list[str]:
        return [e.text_for(None) for e in self.new_events]

    @property
    def observation(self) -> Observation:
        """What a spectator sees: every hand hidden, as the walkthrough shows the table."""
        return self.game.observation(None)


@dataclass(frozen=True)
class ExampleRules(Generic[G]):
    """How one game's examples are read and checked.

    `seat_word` is what the rulebook calls a player ("mayor"), for error messages;
    `authority` is who the expected numbers come from ("the rulebook", "the example").
    """

    game_class: type[G]
    codec: ActionCodec
    seat_checks: Mapping[str, SeatCheck[G]]
    table_checks: Mapping[str, TableCheck[G]]
    seat_word: str = "player"
    authority: str = "the example"

    # ------------------------------------------------------------ loading and validation
    def load(self, path: str | Path) -> list[RuleExample[G]]:
        """Every example in the file, validated; a bad file raises CardDataError saying
        where."""
        return self.parse(load_toml(path), Path(path).name)

    def parse(self, data: dict[str, Any],
              source: str = "rule examples") -> list[RuleExample[G]]:
        raw = data.get("example")
        if not isinstance(raw, list) or not raw:
            raise CardDataError(f"{source}: no [[example]] tables")
        out: list[RuleExample[G]] = []
        for i, table in enumerate(raw):
            where = f"{source}: example {i + 1}"
            if not isinstance(table, dict):
                raise CardDataError(f"{where}: an example is a table")
            unknown_keys(table, _EXAMPLE_KEYS, where)
            ex_id = str(table.get("id", ""))
            if not _ID.match(ex_id):
                raise CardDataError(f"{where}: id {ex_id!r} must be lower-case-with-dashes")
            if any(e.id == ex_id for e in out):
                raise CardDataError(f"{where}: duplicate id {ex_id!r}")
            out.append(self._example(table, ex_id, f"{where} ({ex_id})"))
        return out

    def _example(self, table: dict[str, Any], ex_id: str, where: str) -> RuleExample[G]:
        scenario = table.get("scenario")
        if not isinstance(scenario, dict) or not scenario.get("players"):
            raise CardDataError(f"{where}: needs a [example.scenario] with players")
        names = tuple(str(p.get("name", f"Player {i + 1}"))
                      for i, p in enumerate(scenario["players"]))
        steps = table.get("step")
        if not isinstance(steps, list) or not steps:
            raise CardDataError(f"{where}: needs at least one [[example.step]]")
        parsed = tuple(self._step(s, names, f"{where}, step {k + 1}")
                       for k, s in enumerate(steps))
        return RuleExample(ex_id, str(table.get("title", ex_id)), str(table.get("intro", "")),
                           scenario, parsed, names, self.game_class)

    def _seat(self, value: object, names: tuple[str, ...], where: str) -> int:
        if value not in names:
            raise CardDataError(f"{where}: unknown {self.seat_word} {value!r}; "
                                f"{self.seat_word}s are {', '.join(names)}")
        return names.index(value)

    def _action(self, raw: object, names: tuple[str, ...],
                where: str) -> tuple[int, dict[str, Any]]:
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: an action is a table {{seat = ..., type = ...}}")
        body = dict(raw)
        seat = self._seat(body.pop("seat", None), names, where)
        body.pop("because", None)
        if "seat_of" in body:  # an action naming another player (a target) by name
            body["seat"] = self._seat(body.pop("seat_of"), names, where)
        self._fill_nones(body)
        try:
            self.codec.from_dict(body)
        except (ValueError, TypeError, IllegalAction) as exc:
            raise CardDataError(f"{where}: bad action {raw!r}: {exc}") from exc
        return seat, body

    def _fill_nones(self, body: dict[str, Any]) -> None:
        """TOML has no null: an optional action field left out means None."""
        kind = self.codec.kind(body.get("type"))
        if kind is not None:
            for f in dataclasses.fields(kind):
                if f.name not in body and "None" in str(f.type):
                    body[f.name] = None

    def _step(self, table: object, names: tuple[str, ...], where: str) -> Step:
        if not isinstance(table, dict) or not isinstance(table.get("narration"), str):
            raise CardDataError(f"{where}: needs a narration")
        unknown_keys(table, _STEP_KEYS, where)
        actions = tuple(self._action(a, names, where) for a in table.get("actions", []))
        refused = []
        for raw in table.get("refused", []):
            if not isinstance(raw, dict) or not isinstance(raw.get("because"), str):
                raise CardDataError(f"{where}: a refused action needs 'because' (part of "
                                    "the reason the engine gives)")
            seat, body = self._action(raw, names, where)
            refused.append((seat, body, raw["because"]))
        expect = dict(table.get("expect", {}))
        unknown_keys(expect, set(self.seat_checks) | set(self.table_checks), f"{where}, expect")
        for key in self.seat_checks:
            if key in expect:
                if not isinstance(expect[key], dict):
                    raise CardDataError(f"{where}: expect.{key} must be a table by "
                                        f"{self.seat_word} name")
                for name in expect[key]:
                    self._seat(name, names, f"{where}, expect.{key}")
        return Step(table["narration"], actions, expect, tuple(refused))

    # ------------------------------------------------------------ running
    def replay(self, example: RuleExample[G], upto: int, *, check: bool = False) -> Frame[G]:
        """The game after the first `upto` steps, rebuilt from the scenario; with `check`,
        every step's refusals and `expect` are verified on the way (ExampleFailed says
        which)."""
        g = example.new_game()
        events: list[Event] = []
        for k, step in enumerate(example.steps[:upto]):
            events = []
            if check:
                self._check_refused(example, g, k)
            for seat, body in step.actions:
                try:
                    events.extend(g.apply(seat, self.codec.from_dict(body)))
                except IllegalAction as exc:
                    raise ExampleFailed(f"{example.id} step {k + 1}: {body} refused: "
                                        f"{exc}") from exc
            if check:
                self.check_expect(example, g, k, events)
        return Frame(example, upto, g, events)

    def _check_refused(self, example: RuleExample[G], g: G, k: int) -> None:
        for seat, body, because in example.steps[k].refused:
            try:
                g.clone().apply(seat, self.codec.from_dict(body))
            except IllegalAction as exc:
                if because not in str(exc):
                    raise ExampleFailed(f"{example.id} step {k + 1}: {body} was refused with "
                                        f"{str(exc)!r}, not for {because!r}") from None
            else:
                raise ExampleFailed(f"{example.id} step {k + 1}: {body} should be refused "
                                    f"({because})")

    def check_expect(self, example: RuleExample[G], g: G, k: int,
                     events: list[Event] | None = None) -> None:
        """Compare step k's `expect` with the engine; raise ExampleFailed naming the
        mismatch."""
        for key, want in example.steps[k].expect.items():
            if key in self.seat_checks:
                for name, value in want.items():
                    got = self.seat_checks[key](g, example.seat_of(name))
                    self._same(got, value, f"{example.id} step {k + 1}: {key} of {name}")
            else:
                got = self.table_checks[key](g, events or [])
                self._same(got, want, f"{example.id} step {k + 1}: {key}")

    def _same(self, got: object, want: object, what: str) -> None:
        if got != want:
            raise ExampleFailed(f"{what} is {got!r}, {self.authority} says {want!r}")

    def run_example(self, example: RuleExample[G]) -> list[Frame[G]]:
        """Every frame of an example, each step's refusals and `expect` checked."""
        self.replay(example, len(example.steps), check=True)
        return [self.replay(example, k) for k in range(1, len(example.steps) + 1)]
