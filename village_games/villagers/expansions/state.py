"""What an expansion game keeps besides the base game's state (`g.ext`; None without
expansions, so a base game's state, saves and speed are untouched)."""

from __future__ import annotations

from typing import Any

from ...core.shapes import (
    COUNT,
    FLAG,
    NAMES,
    SEAT,
    ListOf,
    Maybe,
    Obj,
    OneOf,
    Row,
    Text,
    check_shape,
)

SLOT = COUNT  # a village slot (the rules check that it is there)
# What a save keeps, as `to_dict` writes it
SHAPE = {
    "dealt": NAMES, "developments": NAMES, "holders": ListOf(Maybe(SEAT)),
    "bronze_round": ListOf(COUNT), "recruited": FLAG, "extra": COUNT,
    "thieves": ListOf(SLOT), "freelancers": ListOf(Row(SEAT, SLOT)),
    "bronze_pick": Maybe(SLOT),
    "pending": Maybe(Obj({"kind": OneOf("prophet", "pigeoneer", "noble"), "seat": SEAT,
                          "options": NAMES, "source": COUNT, "back": Text(20),
                          "hand": NAMES},  # (the Noble's: the whole hand looked through)
                         required=("kind", "seat", "options", "source", "back"))),
    "rewards": ListOf(Row(SEAT, Text(200))), "courier": Maybe(SEAT),
}


class ExpansionState:
    """`names`: the expansions in play. `dealt`: expansion cards dealt at setup (they are
    in play; the rest of those stay in the box). `devs`/`holders`: the Developments on the
    table and who holds each token. `bronze_round[seat]`: the last round that seat scored
    a Bronze symbol. Per turn: `recruited` (Recruiter paid), `extra` (drafts left this
    turn beyond the one under way), `thieves` (Thief slots used), `freelancers`
    ([seat, slot] paid), `bronze_pick`. `pending`: a choice under way (see pending.py);
    `rewards`: Development rewards still to choose, [seat, name]. `courier`: the seat
    deciding whether to play the Courier before the drafter's turn (see courier.py)."""

    __slots__ = ("names", "dealt", "devs", "holders", "bronze_round", "recruited", "extra",
                 "thieves", "freelancers", "bronze_pick", "pending", "rewards", "courier")

    def __init__(self, names: tuple[str, ...], n: int) -> None:
        self.names = names
        self.dealt: list[str] = []
        self.devs: list[str] = []
        self.holders: list[int | None] = []
        self.bronze_round = [0] * n
        self.recruited = False
        self.extra = 0
        self.thieves: list[int] = []
        self.freelancers: list[list[int]] = []
        self.bronze_pick: int | None = None
        self.pending: dict[str, Any] | None = None
        self.rewards: list[list] = []
        self.courier: int | None = None

    def has(self, name: str) -> bool:
        return name in self.names

    def reset_turn(self) -> None:
        # (every draft and build turn: an empty list is left as it is, not made again)
        self.recruited = False
        self.extra = 0
        if self.thieves:
            self.thieves = []
        if self.freelancers:
            self.freelancers = []
        self.bronze_pick = None

    def copy(self) -> ExpansionState:
        e = ExpansionState.__new__(ExpansionState)
        e.names, e.dealt, e.devs = self.names, self.dealt[:], self.devs[:]
        e.holders, e.bronze_round = self.holders[:], self.bronze_round[:]
        e.recruited, e.extra, e.thieves = self.recruited, self.extra, self.thieves[:]
        e.freelancers = [x[:] for x in self.freelancers]
        e.bronze_pick = self.bronze_pick
        e.pending = None if self.pending is None else {
            k: (v[:] if isinstance(v, list) else v) for k, v in self.pending.items()}
        e.rewards = [r[:] for r in self.rewards]
        e.courier = self.courier
        return e

    def to_dict(self) -> dict[str, Any]:
        courier = {} if self.courier is None else {"courier": self.courier}
        return {**courier, "dealt": self.dealt[:], "developments": self.devs[:],
                "holders": self.holders[:], "bronze_round": self.bronze_round[:],
                "recruited": self.recruited, "extra": self.extra, "thieves": self.thieves[:],
                "freelancers": [x[:] for x in self.freelancers],
                "bronze_pick": self.bronze_pick,
                "pending": None if self.pending is None else dict(self.pending),
                "rewards": [r[:] for r in self.rewards]}

    @classmethod
    def from_dict(cls, names: tuple[str, ...], n: int, d: dict[str, Any]) -> ExpansionState:
        e = cls(names, n)
        if not isinstance(d, dict):
            raise ValueError("expansion_state must be a dict")
        check_shape(d, SHAPE, n, "expansion_state")
        if len(d.get("bronze_round", [0] * n)) != n:
            raise ValueError(f"expansion_state.bronze_round must list {n} rounds, one a seat")
        e.dealt = list(d.get("dealt", []))
        e.devs = list(d.get("developments", []))
        e.holders = list(d.get("holders", [None] * len(e.devs)))
        if len(e.holders) != len(e.devs):
            raise ValueError("expansion_state: one holder (or null) per Development")
        e.bronze_round = list(d.get("bronze_round", [0] * n))
        e.recruited = d.get("recruited", False)
        e.extra = d.get("extra", 0)
        e.thieves = list(d.get("thieves", []))
        e.freelancers = [list(x) for x in d.get("freelancers", [])]
        e.bronze_pick = d.get("bronze_pick")
        pending = d.get("pending")
        if pending is not None and "hand" in pending and (
                pending["kind"] != "noble" or not set(pending["options"]) <= set(pending["hand"])):
            raise ValueError("expansion_state.pending.hand is the hand the Noble looks "
                             "through: only for a noble pick, and holding every option")
        e.pending = None if pending is None else dict(pending)
        e.rewards = [list(r) for r in d.get("rewards", [])]
        e.courier = d.get("courier")  # (checked against the table by courier.check_moment)
        return e
