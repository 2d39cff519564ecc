"""How a finished game ended: who won (possibly nobody), the scores and why, in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """`winners` may be empty (a solo game lost to an automated opponent). `tiebreak` names
    the rule that settled equal scores ("most turnips left"), or is "" when none was needed
    or "shared" when the tie stood and several seats won together."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    tiebreak: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores),
                "reason": self.reason, "tiebreak": self.tiebreak}
