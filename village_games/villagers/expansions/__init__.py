"""The Kickstarter Expansion Pack for Villagers: Saints, Scoundrels, Profiteers and
Developments, each a `new_game(expansions=...)` option, usable together.

This package's `__init__` holds only the names and the player counts each expansion
allows, so the engine's modules can import it without pulling the rules in.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.actions import short_repr

EXPANSIONS: tuple[str, ...] = ("saints", "scoundrels", "profiteers", "developments")
# Scoundrels deals five cards (Barbarian, Courier, Flaker, Noble, Schemer): one per player
# at any count; the Courier's moment before another's draft turn is in courier.py.
PLAYERS: dict[str, tuple[int, int]] = {"saints": (2, 5), "scoundrels": (2, 5),
                                       "profiteers": (2, 5), "developments": (2, 5)}
TITLES: dict[str, str] = {"saints": "Saints", "scoundrels": "Scoundrels",
                          "profiteers": "Profiteers", "developments": "Developments"}


def check_expansions(value: object, players: int) -> tuple[str, ...]:
    """`value` (names, or one comma-separated string) as a tuple in canonical order, or
    ValueError naming the allowed names or the player counts an expansion allows."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, Iterable):
        raise ValueError(f"expansions must be a list of names from {', '.join(EXPANSIONS)}, "
                         f"got {short_repr(value)}")
    names = list(value)
    for name in names:
        if name not in EXPANSIONS:
            raise ValueError(f"unknown expansion {short_repr(name)}; allowed: "
                             f"{', '.join(EXPANSIONS)}")
    for name in names:
        lo, hi = PLAYERS[name]
        if not lo <= players <= hi:
            raise ValueError(f"the {TITLES[name]} expansion is for {lo} to {hi} players, "
                             f"not {players}")
    return tuple(e for e in EXPANSIONS if e in names)
