"""Villagers' worked rule examples (`rule_examples.toml`), run by the real engine.

The reading, checking and replaying is shared by every game (`core/rule_examples.py`);
here are only the facts a Villagers example may `expect`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..core.events import Event
from ..core.rule_examples import ExampleFailed, ExampleRules, Frame, RuleExample, Step
from .actions import CODEC
from .game import Villagers

__all__ = ["EXAMPLES_FILE", "RULES", "ExampleFailed", "Frame", "RuleExample", "Step",
           "check_expect", "load_examples", "replay", "run_example"]

EXAMPLES_FILE = Path(__file__).with_name("rule_examples.toml")


def _village(g: Villagers, seat: int) -> list[str]:
    return [s.card for s in g.players[seat].village]


def _coins(g: Villagers, seat: int) -> list[int]:
    return [s.coins for s in g.players[seat].village]


# per-seat facts (checked as a table by player name) and table-wide facts
SEAT_CHECKS: dict[str, Callable[[Villagers, int], object]] = {
    "gold": lambda g, s: g.players[s].gold,
    "village": _village,
    "village_coins": _coins,
    "hand": lambda g, s: sorted(g.players[s].hand_pub),
    "square": lambda g, s: list(g.players[s].square),
    "draft_limit": lambda g, s: g.players[s].draft_limit,
}
TABLE_CHECKS: dict[str, Callable[[Villagers, list[Event]], object]] = {
    "bank": lambda g, _e: g.bank,
    "road": lambda g, _e: list(g.road),
    "road_coins": lambda g, _e: list(g.road_coins),
    "phase": lambda g, _e: g.phase,
    "markets": lambda g, _e: g.markets,
    "build_limit": lambda g, _e: g.limit,
    "builds_used": lambda g, _e: g.used,
    "basics": lambda g, _e: dict(g.basics),
    "over": lambda g, _e: g.is_over(),
    # solo mode: the face-up events, and whether the Jester is still at hand
    "face_up_events": lambda g, _e: len(g.solo.face_up) if g.solo is not None else 0,
    "jester": lambda g, _e: g.solo.jester if g.solo is not None else False,
    # Developments expansion: who holds each Development's token (None: nobody)
    "dev_holders": lambda g, _e: ["nobody" if h is None else g.player_name(h)
                                  for h in g.ext.holders] if g.ext is not None else [],
}
RULES = ExampleRules(Villagers, CODEC, SEAT_CHECKS, TABLE_CHECKS, authority="the rulebook")


def load_examples(path: str | Path = EXAMPLES_FILE) -> list[RuleExample]:
    """Every example in the file, validated; a bad file raises CardDataError saying where."""
    return RULES.load(path)


replay, check_expect, run_example = RULES.replay, RULES.check_expect, RULES.run_example
