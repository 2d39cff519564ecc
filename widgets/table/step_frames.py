"""Which moves a step-by-step table steps through.

Step-by-step play shows the engine's trace of a move one event at a time (the silent kinds
the engine declares fold away). A person's own move that makes a single step (a draw, a
build, an add) is not stepped through: they have just made it, and the table after it
shows exactly that step, so a "Next step" click would add nothing. A move of theirs that
sets more off (an end of turn that scores and deals a round, a battle) is stepped through,
and so is every bot's move.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from village_games.core import TraceStep


def own_single_step(trace: Sequence[TraceStep], silent: Collection[str],
                    by_person: bool) -> bool:
    """Whether this trace is a person's own move with at most one step worth showing."""
    return by_person and sum(t.event.kind not in silent for t in trace) <= 1
