"""Hand-written solo positions for the tests: a player, the Countess, face-up events."""

from __future__ import annotations

from typing import Any

from village_games.villagers import Villagers


def solo(face_up: list[str], village: list | None = None, hand: list[str] | None = None,
         gold: int = 10, countess: list | None = None, her_gold: int = 1,
         mode: str = "normal", phase: str = "events", **extra: Any) -> Villagers:
    """A solo game in `phase` (the Event Phase by default) with `face_up` events."""
    her: dict[str, Any] = {"name": "The Countess", "gold": her_gold}
    if countess is not None:
        her["village"] = [{"card": "Countess", "flipped": mode == "beginner"}, *countess]
    return Villagers.from_dict({
        "seed": extra.pop("seed", 5), "options": {"solo_mode": mode}, "phase": phase,
        "players": [{"name": "Ana", "gold": gold, "hand": hand or [],
                     "village": village or ["Founders"]}, her],
        "solo": {"face_up": face_up, **extra.pop("solo", {})}, **extra})
