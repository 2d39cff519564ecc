"""Villages' worked rule examples (`rule_examples.toml`), run by the real engine: the
rulebook's illustrated cases, a battle in its five steps, and a round's end. A step may
also list actions the engine must refuse (`refused`, with part of its reason).

The reading, checking and replaying is shared by every game (`core/rule_examples.py`);
here are only the facts an example may `expect`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..core.events import Event
from ..core.rule_examples import ExampleFailed, ExampleRules, Frame, RuleExample, Step
from .actions import CODEC
from .game import Villages

__all__ = ["EXAMPLES_FILE", "RULES", "ExampleFailed", "Frame", "RuleExample", "Step",
           "check_expect", "load_examples", "replay", "run_example"]

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")


def _last_reveal(events: list[Event]) -> list[object] | None:
    found = [e for e in events if e.kind == "reveal"]
    return [found[-1].data["a_power"], found[-1].data["d_power"]] if found else None


# per-seat facts (checked as a table by player name) and table-wide facts
SEAT_CHECKS: dict[str, Callable[[Villages, int], object]] = {
    "hand": lambda g, s: list(g.hands[s]),
    "villages": lambda g, s: {c: list(v) for c, v in g.villages[s].items()},
    "graveyard": lambda g, s: list(g.graves[s]),
    "total": lambda g, s: g.totals[s],
    "round_score": lambda g, s: g.sheet[-1]["parts"][s]["score"] if g.sheet else None,
}
TABLE_CHECKS: dict[str, Callable[[Villages, list[Event]], object]] = {
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
RULES = ExampleRules(Villages, CODEC, SEAT_CHECKS, TABLE_CHECKS)


def load_examples(path: str | Path = EXAMPLES_FILE) -> list[RuleExample]:
    """Every example in the file, validated; a bad file raises CardDataError saying where."""
    return RULES.load(path)


replay, check_expect, run_example = RULES.replay, RULES.check_expect, RULES.run_example
