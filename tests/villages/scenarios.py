"""Hand-written Villages positions for the rule tests (through `from_dict` only).

Card ids are typed out on purpose: the tests must fail if cards.toml changes them.
"""

from __future__ import annotations

import json
from typing import Any

from village_games.core.errors import IllegalAction
from village_games.villages import Villages


def make(players: list[dict[str, Any]], **table: Any) -> Villages:
    """A position: player dicts (hand, villages, graveyard, ...) and table fields. Seat 0
    is to play, past its draws, unless the table says otherwise."""
    table.setdefault("turn", 0)
    table.setdefault("phase", "main")
    return Villages.from_dict({"players": players, "seed": 1, **table})


def state(g: Villages) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def refused(g: Villages, seat: int, action: Any) -> str:
    """Apply an action that must be refused; the state must not change. Returns why."""
    before = state(g)
    try:
        g.apply(seat, action)
    except IllegalAction as exc:
        assert state(g) == before, "a refused action changed the game"
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def texts(events: list[Any]) -> list[str]:
    return [e.text for e in events]
