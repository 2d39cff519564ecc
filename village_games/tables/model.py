"""A table as the store keeps it: the record it began from, its seats, its moves."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from ..core.replay import Record, RecordBase
from .tokens import new_table_id, new_token, same_key

HUMAN, REMOTE, BOT = "human", "remote", "bot"
# human: a person at the device that set the table up (several make a hot seat);
# remote: a person on another device, who opens the table by the seat's own link;
# bot: played by whichever device of the table is open (exactly once: see `claim_bots`).
SEAT_KINDS = (HUMAN, REMOTE, BOT)
HOST, SEAT, WATCH = "host", "seat", "watch"  # who a page address opens the table as


class TableSummary(TypedDict, total=False):
    """What the lobby shows of a table without replaying it (`summary_of` in the table
    app writes it with each move)."""

    moves: int
    round: int | None
    turn: list[str]  # the names of those to act (none once it is over)
    over: bool
    result: str  # how it ended, in words ("" while it goes on)


@dataclass(frozen=True)
class Seat:
    kind: str
    name: str
    token: str = ""  # a remote seat's secret key (its link); "" for the others

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name, "token": self.token}

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Seat:
        return cls(str(d["kind"]), str(d["name"]), str(d.get("token") or ""))


@dataclass(frozen=True)
class Move:
    """One stored move: its place in the game (0-based), the seat, the action's dict form,
    and the table's version once it was written (an undone and replaced move gets a new
    version, so a device can tell an extension of what it has from a rewrite)."""

    index: int
    seat: int
    action: dict[str, Any]
    version: int
    at: float


@dataclass(frozen=True)
class Access:
    """What a page address opens a table as: the host device (its seats are the `human`
    ones), one remote seat, or a spectator; `seats` are the seats it may act for."""

    role: str
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Table:
    id: str
    game: str
    base: RecordBase  # the game record without its actions: game, version, options, seed
    seats: tuple[Seat, ...]
    host_key: str
    settings: dict[str, str] = field(default_factory=dict)  # the app's own (bot kind...)
    version: int = 0
    moves: int = 0
    summary: TableSummary = field(default_factory=TableSummary)  # for the lobby
    created: float = 0.0
    updated: float = 0.0
    closed: str = ""  # why it was closed; "" while open

    def record(self, moves: list[Move]) -> Record:
        """The replayable game record of the table with these moves."""
        return {**self.base, "actions": [[m.seat, m.action] for m in moves]}

    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def access(self, key: str | None) -> Access | None:
        """What `key` (from a page address) opens this table as; a watcher without a key;
        None for a key that opens nothing here (a wrong or stale link)."""
        if not key:
            return Access(WATCH)
        if same_key(key, self.host_key):
            return Access(HOST, tuple(i for i, s in enumerate(self.seats) if s.kind == HUMAN))
        for i, s in enumerate(self.seats):
            if s.kind == REMOTE and s.token and same_key(key, s.token):
                return Access(SEAT, (i,))
        return None


def new_table(game: str, base: RecordBase, seats: list[Seat] | tuple[Seat, ...],
              settings: dict[str, str] | None = None,
              summary: TableSummary | None = None) -> Table:
    """A table not yet stored, with fresh keys: one for the host device, one per remote
    seat (a seat given without a token gets one)."""
    for s in seats:
        if s.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, got {s.kind!r}")
    keyed = tuple(replace(s, token=s.token or new_token()) if s.kind == REMOTE
                  else replace(s, token="") for s in seats)
    now = time.time()
    return Table(new_table_id(), game, base.copy(), keyed, new_token(), dict(settings or {}),
                 0, 0, (summary or TableSummary()).copy(), now, now)
