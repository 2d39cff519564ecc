"""Hand-written Villagers positions for the rule tests (through `from_dict` only).

Card names are typed out on purpose: the tests must fail if cards.toml changes them.
"""

from __future__ import annotations

import json
from typing import Any

from village_games.core.errors import IllegalAction
from village_games.villagers import Villagers

EMPTY_STACKS: list[list[str]] = [[] for _ in range(6)]


def make(players: list[dict[str, Any]], **table: Any) -> Villagers:
    """A position: player dicts (gold, hand, village, ...) and table fields."""
    return Villagers.from_dict({"players": players, "seed": 1, **table})


def slot_of(g: Villagers, seat: int, card: str, nth: int = 0) -> int:
    """The slot of the `nth` `card` in `seat`'s village."""
    found = [k for k, s in enumerate(g.players[seat].village) if s.card == card]
    return found[nth]


def state(g: Villagers) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def refused(g: Villagers, seat: int, action: Any) -> str:
    """Apply an action that must be refused; the state must not change. Returns why."""
    before = state(g)
    try:
        g.apply(seat, action)
    except IllegalAction as exc:
        assert state(g) == before, "a refused action changed the game"
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def village_cards(g: Villagers, seat: int) -> list[str]:
    return [s.card for s in g.players[seat].village]
