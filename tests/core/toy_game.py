"""A tiny two-seat game for testing the shared machinery: take 1 or 2 counters from a pile;
whoever takes the last one wins. A hidden 'bonus' card per seat exercises observations."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from village_games.core import Action, ActionCodec, Event, Game, GameInfo, Outcome, Rng


@dataclass(frozen=True, slots=True)
class Take(Action):
    final: ClassVar[bool] = True  # a take hands the turn to the other seat

    count: int


class Pile(Game):
    info = GameInfo(name="pile", title="Pile", min_players=2, max_players=2,
                    simultaneous=False, chance=False, hidden_information=True)
    codec = ActionCodec(Take)

    @classmethod
    def new(cls, seed: int = 0, size: int = 7) -> Pile:
        g = cls()
        g.seed, g.options, g.history, g.log = seed, {"size": size}, [], []
        g.pile, g.turn, g.rng = size, 0, Rng(seed)
        g.bonus = [g.rng.below(10), g.rng.below(10)]  # hidden from the other seat
        g.winner = None
        return g

    @property
    def num_players(self) -> int:
        return 2

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def choices(self, player: int) -> list[Action]:
        return [Take(k) for k in (1, 2) if k <= self.pile]

    def why_illegal(self, player: int, action: Action) -> str:
        return f"you may take 1 or 2 counters, at most the {self.pile} left"

    def _apply(self, player: int, action: Action) -> list[Event]:
        self.pile -= action.count
        if self.pile == 0:
            self.winner = player
        self.turn = 1 - player
        return [Event("take", f"Seat {player} takes {action.count}.", {"seat": player})]

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> list[float]:
        return [float(self.winner == p) for p in range(2)]

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), tuple(self.scores()),
                       f"Seat {self.winner} took the last counter.")

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn,
                "bonus": self.bonus[player] if player is not None else None}

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "options": self.options, "pile": self.pile,
                "turn": self.turn, "rng": self.rng.state, "bonus": self.bonus,
                "winner": self.winner, "history": self.history_dicts()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pile:
        g = cls()
        g.seed, g.options, g.log = d["seed"], d["options"], []
        g.pile, g.turn, g.rng = d["pile"], d["turn"], Rng(d["rng"])
        g.bonus, g.winner = list(d["bonus"]), d["winner"]
        g.load_history(d["history"])
        return g

    def clone(self, keep_log: bool = True) -> Pile:
        twin = type(self).from_dict(self.to_dict())
        if not keep_log:
            twin.history, twin.quiet = [], True
        return twin

    def determinize(self, observer: int, rng: random.Random) -> Pile:
        w = self.clone(keep_log=False)
        w.rng = Rng(rng.getrandbits(64))
        w.bonus[1 - observer] = rng.randrange(10)
        return w


def new_pile(seed: int = 0, size: int = 7) -> Pile:
    return Pile.new(seed=seed, size=size)
