"""Villagers & Villains' worked rule examples (`rule_examples.toml`), run by the real
engine with scripted dice (a scenario's `dice` list), so each example shows exactly what
its narration says.

The reading, checking and replaying is shared by every game (`core/rule_examples.py`);
here are only the facts an example may `expect`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from ..core.events import Event
from ..core.rule_examples import ExampleFailed, ExampleRules, Frame, RuleExample, Step
from .actions import CODEC
from .game import VillagersAndVillains
from .views import favor_view

__all__ = ["EXAMPLES_FILE", "RULES", "ExampleFailed", "Frame", "RuleExample", "Step",
           "check_expect", "load_examples", "replay", "run_example"]

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")


# a score sheet's column a rule example checks: a line of the pad or the total
SheetColumn = Literal["town_value", "civility", "heroic", "victory", "largest_town",
                      "matchmaker", "total"]


def _sheet_line(line: SheetColumn) -> Callable[[VillagersAndVillains, int], int]:
    return lambda g, s: g.score_sheet()[s][line]


def _favor_text(g: VillagersAndVillains) -> str:
    """The Favor's place in words: "bank", "pool:N" or a mayor's name."""
    view = favor_view(g) or {"where": "none"}
    if view["where"] == "mayor":
        return g.names[view["seat"]]
    if view["where"] == "pool":
        return f"pool:{view['position']}"
    return view["where"]


# per-mayor facts (checked as a table by name) and table-wide facts
SEAT_CHECKS: dict[str, Callable[[VillagersAndVillains, int], object]] = {
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
TABLE_CHECKS: dict[str, Callable[[VillagersAndVillains, list[Event]], object]] = {
    "pool": lambda g, _e: list(g.pool),
    "bank": lambda g, _e: g.bank,
    "phase": lambda g, _e: g.phase,
    "marker": lambda g, _e: g.names[g.marker],
    "favor": lambda g, _e: _favor_text(g),
    "over": lambda g, _e: g.is_over(),
    "winners": lambda g, _e: [g.names[s] for s in g.final_winners],
}
RULES = ExampleRules(VillagersAndVillains, CODEC, SEAT_CHECKS, TABLE_CHECKS,
                     seat_word="mayor")


def load_examples(path: str | Path = EXAMPLES_FILE) -> list[RuleExample]:
    """Every example in the file, validated; a bad file raises CardDataError saying where."""
    return RULES.load(path)


replay, check_expect, run_example = RULES.replay, RULES.check_expect, RULES.run_example
