"""Villages' rule examples: the rulebook's illustrated cases and a few whole moments of
play (a battle in five steps, hired units, the Archer, the end of a round), as scenarios
plus scripted steps run by the real engine.

The data lives in `rule_examples.toml` (data, not code). Each step applies zero or more
actions (each by a named seat), may try actions that must be `refused` (with a piece of
the reason), carries a short narration in this project's words, and may `expect` facts
afterwards, so every example is also a test. `replay(example, k)` rebuilds the state
after k steps from the scenario every time, so a walkthrough's Back button never runs
the game backwards.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.card_data import CardDataError, load_toml, unknown_keys
from ..core.errors import IllegalAction
from ..core.events import Event
from .actions import CODEC
from .game import Villages

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")

_EXAMPLE_KEYS = {"id", "title", "intro", "scenario", "step"}
_STEP_KEYS = {"narration", "actions", "refused", "expect"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _last_reveal(events: list[Event]) -> list[Any] | None:
    found = [e for e in events if e.kind == "reveal"]
    return [found[-1].data["a_power"], found[-1].data["d_power"]] if found else None


# per-seat facts (checked as a table by player name) and table-wide facts
SEAT_CHECKS: dict[str, Callable[[Villages, int], Any]] = {
    "hand": lambda g, s: list(g.hands[s]),
    "villages": lambda g, s: {c: list(v) for c, v in g.villages[s].items()},
    "graveyard": lambda g, s: list(g.graves[s]),
    "total": lambda g, s: g.totals[s],
    "round_score": lambda g, s: g.sheet[-1]["parts"][s]["score"] if g.sheet else None,
}
TABLE_CHECKS: dict[str, Callable[[Villages, list[Event]], Any]] = {
    "phase": lambda g, ev: g.phase,
    "round": lambda g, ev: g.round,
    "turn": lambda g, ev: g.player_name(g.turn),
    "powers": lambda g, ev: _last_reveal(ev),
    # a seat by name, "" for nobody (TOML has no null)
    "emptied": lambda g, ev: "" if g.emptied is None else g.player_name(g.emptied),
    "high": lambda g, ev: "" if g.high is None else g.player_name(g.high),
    "low": lambda g, ev: "" if g.low is None else g.player_name(g.low),
    "over": lambda g, ev: g.is_over(),
}


class ExampleFailed(AssertionError):
    """A rule example no longer matches the engine: an illegal step or a broken `expect`."""


@dataclass(frozen=True)
class Step:
    narration: str
    actions: tuple[tuple[int, dict[str, Any]], ...] = ()
    refused: tuple[tuple[int, dict[str, Any], str], ...] = ()
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleExample:
    id: str
    title: str
    intro: str
    scenario: dict[str, Any]
    steps: tuple[Step, ...]
    names: tuple[str, ...]

    def new_game(self) -> Villages:
        """A fresh game at the scenario's starting position."""
        return Villages.from_dict(self.scenario)

    def seat_of(self, name: str) -> int:
        return self.names.index(name)


# ---------------------------------------------------------------- loading and validation
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
        out.append(_parse_example(table, f"{where} ({ex_id})", ex_id))
    return out


def _parse_example(table: dict[str, Any], where: str, ex_id: str) -> RuleExample:
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
        raise CardDataError(f"{where}: unknown seat {value!r}; players are {', '.join(names)}")
    return names.index(value)


def _action(raw: Any, names: tuple[str, ...], where: str) -> tuple[int, dict[str, Any]]:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: an action is a table {{seat = ..., type = ...}}")
    body = dict(raw)
    seat = _seat(body.pop("seat", None), names, where)
    body.pop("because", None)
    if "seat_of" in body:  # an action naming another player (Attack, Give) by name
        body["seat"] = _seat(body.pop("seat_of"), names, where)
    try:
        CODEC.from_dict(body)
    except IllegalAction as exc:
        raise CardDataError(f"{where}: bad action {raw!r}: {exc}") from exc
    return seat, body


def _parse_step(table: Any, names: tuple[str, ...], where: str) -> Step:
    if not isinstance(table, dict) or not isinstance(table.get("narration"), str):
        raise CardDataError(f"{where}: needs a narration")
    unknown_keys(table, _STEP_KEYS, where)
    actions = tuple(_action(a, names, where) for a in table.get("actions", []))
    refused = []
    for raw in table.get("refused", []):
        if not isinstance(raw, dict) or not isinstance(raw.get("because"), str):
            raise CardDataError(f"{where}: a refused action needs 'because' (part of the "
                                "reason the engine gives)")
        seat, body = _action(raw, names, where)
        refused.append((seat, body, raw["because"]))
    expect = dict(table.get("expect", {}))
    unknown_keys(expect, set(SEAT_CHECKS) | set(TABLE_CHECKS), f"{where}, expect")
    for key in SEAT_CHECKS:
        if key in expect:
            if not isinstance(expect[key], dict):
                raise CardDataError(f"{where}: expect.{key} must be a table by player name")
            for name in expect[key]:
                _seat(name, names, f"{where}, expect.{key}")
    return Step(table["narration"], actions, tuple(refused), expect)


# ---------------------------------------------------------------- running
@dataclass
class Frame:
    """The state after `upto` steps of an example, and what the last step added."""

    example: RuleExample
    upto: int
    game: Villages
    new_events: list[Event]

    @property
    def step(self) -> Step | None:
        return self.example.steps[self.upto - 1] if self.upto else None

    @property
    def new_lines(self) -> list[str]:
        return [e.text_for(None) for e in self.new_events]

    @property
    def observation(self) -> dict[str, Any]:
        """What a spectator sees: every hand hidden, as the walkthrough shows the table."""
        return self.game.observation(None)


def replay(example: RuleExample, upto: int, *, check: bool = False) -> Frame:
    """The game after the first `upto` steps, rebuilt from the scenario; with `check`,
    every step's refusals and `expect` are verified on the way (ExampleFailed says which)."""
    g = example.new_game()
    events: list[Event] = []
    for k, step in enumerate(example.steps[:upto]):
        events = []
        if check:
            _check_refused(example, g, k)
        for seat, body in step.actions:
            try:
                events.extend(g.apply(seat, CODEC.from_dict(body)))
            except IllegalAction as exc:
                raise ExampleFailed(f"{example.id} step {k + 1}: {body} refused: {exc}") from exc
        if check:
            check_expect(example, g, k, events)
    return Frame(example, upto, g, events)


def _check_refused(example: RuleExample, g: Villages, k: int) -> None:
    for seat, body, because in example.steps[k].refused:
        try:
            g.clone().apply(seat, CODEC.from_dict(body))
        except IllegalAction as exc:
            if because not in str(exc):
                raise ExampleFailed(f"{example.id} step {k + 1}: {body} was refused with "
                                    f"{str(exc)!r}, not for {because!r}") from None
        else:
            raise ExampleFailed(f"{example.id} step {k + 1}: {body} should be refused "
                                f"({because})")


def check_expect(example: RuleExample, g: Villages, k: int, events: list[Event]) -> None:
    """Compare step k's `expect` with the engine; raise ExampleFailed naming the mismatch."""
    for key, want in example.steps[k].expect.items():
        if key in SEAT_CHECKS:
            for name, value in want.items():
                got = SEAT_CHECKS[key](g, example.seat_of(name))
                _same(got, value, f"{example.id} step {k + 1}: {key} of {name}")
        else:
            _same(TABLE_CHECKS[key](g, events), want, f"{example.id} step {k + 1}: {key}")


def _same(got: Any, want: Any, what: str) -> None:
    if got != want:
        raise ExampleFailed(f"{what} is {got!r}, the example says {want!r}")


def run_example(example: RuleExample) -> list[Frame]:
    """Every frame of an example, each step's refusals and `expect` checked."""
    replay(example, len(example.steps), check=True)
    return [replay(example, k) for k in range(1, len(example.steps) + 1)]
