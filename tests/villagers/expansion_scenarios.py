"""Hand-written positions with the Kickstarter expansions (through `from_dict` only)."""

from __future__ import annotations

from typing import Any

from village_games.villagers import Villagers

ALL = ["saints", "scoundrels", "profiteers", "developments"]


def make_ext(players: list[dict[str, Any]], expansions: list[str], **table: Any) -> Villagers:
    """A position with `expansions` in play; table fields as in scenarios.make."""
    return Villagers.from_dict({"players": players, "seed": 1,
                                "options": {"expansions": expansions}, **table})


def kinds(g: Villagers) -> list[str]:
    return [e.kind for e in g.log]
