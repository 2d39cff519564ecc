"""Worked rule examples: scenarios plus scripted steps, run through the real engine.

The data lives in `rule_examples.toml` (data, not code). Each example is a hand-written
scenario for `VillagePillage.from_dict` and a list of steps. A step may apply actions (one
seat's, or several seats' plans at once), may reveal only part of the events those actions
produced (`show_until`), carries a short narration, and may `expect` facts afterwards, so
every example is also a test.

`show_until = "kind"` or `"kind:value"` stops *before* the first later event of that kind
(whose data holds that value): `show_until = "phase:Raider"` shows the reveal, the Farmer
and the Wall phases and keeps the Raider phase for the next step. A step with no actions
and no `show_until` shows everything still hidden.

`replay(example, k)` rebuilds the state after k steps from the scenario every time (the
walkthrough's Back button never runs the game backwards).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from ..core.card_data import CardDataError, load_toml, unknown_keys
from ..core.card_data import field as data_field
from ..core.errors import IllegalAction
from ..core.events import Event, TraceStep
from .actions import CODEC
from .game import VillagePillage
from .views import PillageObservation

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")

_EXAMPLE_KEYS = {"id", "title", "intro", "scenario", "step"}
_STEP_KEYS = {"narration", "seat", "action", "actions", "show_until", "expect"}
COUNT_CHECKS = ("stockpile", "bank", "relics", "turnips")  # checked against the board shown
STATE_CHECKS = ("exhausted", "hand", "owns", "winners", "round", "to_act", "awaiting",
                "market")  # checked against the engine state: only once nothing is hidden
_EXPECT_KEYS = set(COUNT_CHECKS) | set(STATE_CHECKS) | {"log"}
_SHOW_UNTIL = re.compile(r"^[a-z_]+(:[A-Za-z0-9_ ]+)?$")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class ExampleFailed(AssertionError):
    """A rule example no longer matches the engine: an illegal step or a broken `expect`."""


@dataclass(frozen=True)
class Step:
    narration: str
    actions: tuple[tuple[int, dict[str, Any]], ...] = ()
    show_until: str | None = None
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleExample:
    id: str
    title: str
    intro: str
    scenario: dict[str, Any]
    steps: tuple[Step, ...]
    names: tuple[str, ...]

    def new_game(self) -> VillagePillage:
        """A fresh game at the scenario's starting position."""
        return VillagePillage.from_dict(self.scenario)

    def seat_of(self, name: str) -> int:
        return self.names.index(name)


# ---------------------------------------------------------------- loading and validation
def load_examples(path: str | Path = EXAMPLES_FILE) -> list[RuleExample]:
    """Every example in the file, validated; a bad file raises CardDataError saying where."""
    return parse_examples(load_toml(path), Path(path).name)


def parse_examples(data: dict[str, Any], source: str = "rule examples") -> list[RuleExample]:
    raw = data.get("example")
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{source}: needs at least one [[example]] table")
    out: list[RuleExample] = []
    seen: set[str] = set()
    for i, table in enumerate(raw):
        where = f"{source} example #{i + 1}"
        if not isinstance(table, dict):
            raise CardDataError(f"{where}: must be a table")
        unknown_keys(table, _EXAMPLE_KEYS, where)
        ex_id = data_field(table, "id", str, where)
        if not _ID.match(ex_id):
            raise CardDataError(f"{where}: id {ex_id!r} must be lower-case words joined by '-'")
        where = f"{source} example {ex_id!r}"
        if ex_id in seen:
            raise CardDataError(f"{where}: the id appears twice")
        seen.add(ex_id)
        out.append(_parse_example(table, ex_id, where))
    return out


def _parse_example(table: dict[str, Any], ex_id: str, where: str) -> RuleExample:
    title = data_field(table, "title", str, where).strip()
    intro = table.get("intro", "")
    if not isinstance(intro, str):
        raise CardDataError(f"{where}: intro must be text")
    scenario = dict(data_field(table, "scenario", dict, where))
    rows = data_field(scenario, "players", list, f"{where} scenario")
    names = []
    for k, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            raise CardDataError(f"{where} scenario players[{k}]: needs a name")
        names.append(row["name"])
    if len(set(names)) != len(names):
        raise CardDataError(f"{where} scenario: player names must differ, got {names}")
    # names in the options too, so every log line uses them (not only the village rows)
    scenario["options"] = {**scenario.get("options", {}), "names": names}
    try:
        VillagePillage.from_dict(scenario)
    except (ValueError, KeyError) as exc:
        raise CardDataError(f"{where} scenario: {exc}") from None
    steps_raw = data_field(table, "step", list, where)
    if not steps_raw:
        raise CardDataError(f"{where}: needs at least one [[example.step]]")
    steps = tuple(_parse_step(s, names, f"{where} step {k + 1}")
                  for k, s in enumerate(steps_raw))
    return RuleExample(ex_id, title, intro.strip(), scenario, steps, tuple(names))


def _seat(value: object, names: list[str], where: str) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    raise CardDataError(f"{where}: seat must be a player name ({', '.join(names)}) or a "
                        f"seat number from 0 to {len(names) - 1}, got {value!r}")


def _action(seat: object, act: object, names: list[str], where: str) -> tuple[int, dict[str, Any]]:
    if not isinstance(act, dict):
        raise CardDataError(f"{where}: an action must be a table like "
                            '{type = "Plan", left = "Raider", right = "Wall"}')
    try:
        CODEC.from_dict(act)
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    return _seat(seat, names, where), dict(act)


def _parse_step(table: object, names: list[str], where: str) -> Step:
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a table")
    unknown_keys(table, _STEP_KEYS, where)
    narration = data_field(table, "narration", str, where).strip()
    if not narration:
        raise CardDataError(f"{where}: narration is empty")
    actions: list[tuple[int, dict[str, Any]]] = []
    if "action" in table:
        if "seat" not in table:
            raise CardDataError(f"{where}: an action needs a seat (who acts)")
        actions.append(_action(table["seat"], table["action"], names, where))
    elif "seat" in table:
        raise CardDataError(f"{where}: seat given without an action")
    for k, row in enumerate(table.get("actions", [])):
        w = f"{where} actions[{k}]"
        if not isinstance(row, dict) or "seat" not in row:
            raise CardDataError(f"{w}: each entry needs a seat and the action's fields")
        act = {key: v for key, v in row.items() if key != "seat"}
        actions.append(_action(row["seat"], act, names, w))
    until = table.get("show_until")
    if until is not None and (not isinstance(until, str) or not _SHOW_UNTIL.match(until)):
        raise CardDataError(f"{where}: show_until must look like 'kind' or 'kind:value' "
                            f"(e.g. 'phase:Raider'), got {until!r}")
    expect = table.get("expect", {})
    if not isinstance(expect, dict):
        raise CardDataError(f"{where}: expect must be a table")
    unknown_keys(expect, _EXPECT_KEYS, f"{where} expect")
    for key, value in expect.items():
        _check_expect_shape(key, value, names, f"{where} expect.{key}")
    if until is not None and any(k in STATE_CHECKS for k in expect):
        raise CardDataError(f"{where}: with show_until only counts and log lines can be "
                            f"expected (the engine state is already past the hidden events)")
    return Step(narration, tuple(actions), until, dict(expect))


def _check_expect_shape(key: str, value: object, names: list[str], where: str) -> None:
    def ints_ok(v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    def names_ok(v: object) -> TypeGuard[list[str]]:
        return isinstance(v, list) and all(isinstance(x, str) for x in v)

    if key in COUNT_CHECKS:
        if isinstance(value, list):
            ok = len(value) == len(names) and all(ints_ok(v) for v in value)
        else:
            ok = isinstance(value, dict) and all(n in names and ints_ok(v)
                                                 for n, v in value.items())
        if not ok:
            raise CardDataError(f"{where}: give one whole number per seat ({len(names)}) or a "
                                f"table by player name, got {value!r}")
    elif key in ("exhausted", "hand", "owns"):
        if not isinstance(value, dict) or not all(n in names and names_ok(v)
                                                  for n, v in value.items()):
            raise CardDataError(f"{where}: give a table of card lists by player name, "
                                f"got {value!r}")
    elif key in ("winners", "to_act"):
        if not names_ok(value) or not set(value) <= set(names):
            raise CardDataError(f"{where}: give a list of player names, got {value!r}")
    elif key == "round" and not ints_ok(value):
        raise CardDataError(f"{where}: give a round number, got {value!r}")
    elif key == "awaiting" and value not in ("", "market", "order"):
        raise CardDataError(f"{where}: must be '', 'market' or 'order', got {value!r}")
    elif key in ("market", "log") and not names_ok(value):
        raise CardDataError(f"{where}: give a list of strings, got {value!r}")


# ---------------------------------------------------------------- replaying
@dataclass
class Frame:
    """The walkthrough at one step: the engine state, and how much of its log is shown.

    While some events of the last actions are still hidden, the board is the engine's own
    trace: the spectator's observation right after the last event shown.
    """

    example: RuleExample
    index: int  # how many steps have been applied (0 = the scenario as written)
    game: VillagePillage  # the engine state after those steps
    origin_index: int  # which step applied the last actions (index into steps)
    before: PillageObservation  # the spectator's view before those actions
    trace: list[TraceStep[PillageObservation]]  # each event, with the view right after it
    batch_start: int  # log position of their first event
    shown_from: int  # log position where this step's new lines begin
    cursor: int  # log events shown so far: game.log[:cursor]

    @property
    def step(self) -> Step | None:
        return self.example.steps[self.index - 1] if self.index else None

    @property
    def pending(self) -> bool:
        """Whether some events of the last actions are still hidden."""
        return self.cursor < len(self.game.log)

    @property
    def new_events(self) -> list[Event]:
        return self.game.log[self.shown_from:self.cursor]

    @property
    def new_lines(self) -> list[str]:
        """This step's new log lines, as a spectator reads them (plans stay secret)."""
        return [e.text_for(None) for e in self.new_events]

    def observation_after(self, cursor: int) -> PillageObservation:
        """The spectator's view once `game.log[:cursor]` has happened."""
        if cursor >= len(self.game.log):
            return self.game.observation(None)
        k = cursor - self.batch_start
        return self.trace[k - 1].obs if k > 0 else self.before

    def observation(self) -> PillageObservation:
        """What a spectator sees at this step, even halfway through a round's resolution."""
        return self.observation_after(self.cursor)

    def counts(self) -> Counts:
        """[stockpile, bank, relics] per seat as of the last event shown."""
        return obs_counts(self.observation())

    def changed(self) -> list[int]:
        """Seats whose counts changed during this step (for highlighting)."""
        before = obs_counts(self.observation_after(self.shown_from))
        return [i for i, (a, b) in enumerate(zip(before, self.counts(), strict=True)) if a != b]


Counts = list[list[int]]  # per seat: [stockpile, bank, relics]


def obs_counts(obs: PillageObservation) -> Counts:
    return [[p["stockpile"], p["bank"], p["relics"]] for p in obs["players"]]


def game_counts(g: VillagePillage) -> Counts:
    return [[v.stockpile, v.bank, v.relics] for v in g.players]


def matches(event: Event, spec: str) -> bool:
    kind, _, value = spec.partition(":")
    if event.kind != kind:
        return False
    return not value or value in (str(v) for v in event.data.values())


def _advance(log: list[Event], cursor: int, until: str | None, where: str) -> int:
    if until is None:
        return len(log)
    for j in range(cursor, len(log)):
        if matches(log[j], until):
            if j == cursor:
                raise ExampleFailed(f"{where}: show_until {until!r} shows nothing new: the "
                                    f"next hidden event is already {until!r}")
            return j
    hidden = ", ".join(_label(e) for e in log[cursor:]) or "none"
    raise ExampleFailed(f"{where}: show_until {until!r} matches no event still to show "
                        f"(hidden events: {hidden})")


def _label(e: Event) -> str:
    phase = e.data.get("phase")
    return f"{e.kind}:{phase}" if phase else e.kind


def replay(example: RuleExample, upto: int, *, check: bool = False) -> Frame:
    """The walkthrough after `upto` steps, rebuilt from the scenario.

    Raises ExampleFailed when a step's action is illegal (with the engine's reason) and,
    with `check=True`, when a step's `expect` does not hold.
    """
    if not 0 <= upto <= len(example.steps):
        raise ValueError(f"example {example.id!r} has {len(example.steps)} steps; "
                         f"asked for step {upto}")
    g = example.new_game()
    frame = Frame(example, 0, g, -1, g.observation(None), [], 0, 0, 0)
    for i, step in enumerate(example.steps[:upto]):
        where = f"rule example {example.id!r} step {i + 1}"
        frame.shown_from = frame.cursor
        frame.index = i + 1
        if step.actions:
            if frame.pending:
                raise ExampleFailed(f"{where}: acts while events of step {frame.origin_index + 1}"
                                    " are still hidden; add a step without actions to show "
                                    "them first")
            frame.origin_index, frame.before = i, g.observation(None)
            frame.trace, frame.batch_start = [], len(g.log)
            for seat, act in step.actions:
                try:
                    frame.trace += g.apply_traced(seat, act, None)
                except IllegalAction as exc:
                    raise ExampleFailed(f"{where}: {example.names[seat]} cannot play "
                                        f"{CODEC.from_dict(act)}: {exc}") from None
        frame.cursor = _advance(g.log, frame.cursor, step.show_until, where)
        if check:
            check_expect(frame)
    return frame


def run_example(example: RuleExample) -> list[Frame]:
    """Play every step, checking each `expect`; one Frame per step (1..N)."""
    return [replay(example, k, check=True) for k in range(1, len(example.steps) + 1)]


# ---------------------------------------------------------------- expect checks
def check_expect(frame: Frame) -> None:
    step = frame.step
    if step is None:
        return
    ex = frame.example
    where = f"rule example {ex.id!r} step {frame.index}"
    g = frame.game
    problems = []
    counts = frame.counts()
    columns = {"stockpile": 0, "bank": 1, "relics": 2}
    for key, want in step.expect.items():
        if key in COUNT_CHECKS:
            have = [row[0] + row[1] if key == "turnips" else row[columns[key]]
                    for row in counts]
            pairs = (enumerate(want) if isinstance(want, list)
                     else ((ex.seat_of(n), v) for n, v in want.items()))
            for seat, value in pairs:
                if have[seat] != value:
                    problems.append(f"{ex.names[seat]}'s {key} is {have[seat]}, expected "
                                    f"{value}")
        elif key in ("exhausted", "hand"):
            for name, cards in want.items():
                have_cards = getattr(g.players[ex.seat_of(name)], key)
                if sorted(have_cards) != sorted(cards):
                    problems.append(f"{name}'s {key} is {have_cards}, expected {cards}")
        elif key == "owns":
            for name, cards in want.items():
                owned = g.players[ex.seat_of(name)].owned()
                missing = [c for c in cards if c not in owned]
                if missing:
                    problems.append(f"{name} does not own {', '.join(missing)} "
                                    f"(owns {', '.join(owned)})")
        elif key == "winners":
            have_w = [ex.names[s] for s in g.winners()]
            if sorted(have_w) != sorted(want):
                problems.append(f"winners are {have_w}, expected {want}")
        elif key == "to_act":
            have_t = [ex.names[s] for s in g.to_act()]
            if sorted(have_t) != sorted(want):
                problems.append(f"to act: {have_t}, expected {want}")
        elif key == "round" and g.round != want:
            problems.append(f"round is {g.round}, expected {want}")
        elif key == "awaiting":
            have_a = (g.awaiting or {}).get("kind", "")
            if have_a != want:
                problems.append(f"awaiting {have_a!r}, expected {want!r}")
        elif key == "market" and [c or "" for c in g.market] != want:
            problems.append(f"market is {g.market}, expected {want}")
        elif key == "log":
            shown = frame.new_lines
            for text in want:
                if not any(text in line for line in shown):
                    problems.append(f"no line of this step contains {text!r}; lines: {shown}")
    if problems:
        raise ExampleFailed(f"{where}: " + "; ".join(problems))


# ---------------------------------------------------------------- the board mid-round
def observation_at(frame: Frame) -> PillageObservation:
    """What a spectator sees at this step (the engine's trace while events are hidden)."""
    return frame.observation()
