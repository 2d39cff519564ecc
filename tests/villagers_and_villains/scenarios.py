"""Hand-written Villagers & Villains positions for the rule tests (through `from_dict`).

Card names are typed out on purpose: the tests must fail if cards.toml changes them.
"""

from __future__ import annotations

import json
from typing import Any

from village_games.core.errors import IllegalAction
from village_games.villagers_and_villains import VillagersAndVillains

POOL = ["Imps", "Weaver", "Flood", "Cathedral", "Harpies", "Midwife"]


def make(players: list[dict[str, Any]], **table: Any) -> VillagersAndVillains:
    """A position: player dicts (name, gold, hand, town) and table fields (pool, phase,
    dice, advanced, favor, deck...)."""
    table.setdefault("pool", POOL)
    return VillagersAndVillains.from_dict({"players": players, "seed": 1, **table})


def state(g: VillagersAndVillains) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def refused(g: VillagersAndVillains, seat: int, action: Any) -> str:
    """Apply an action that must be refused; the state must not change. Returns why."""
    before = state(g)
    try:
        g.apply(seat, action)
    except IllegalAction as exc:
        assert state(g) == before, "a refused action changed the game"
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def lines(events: list) -> list[str]:
    return [e.text for e in events]
