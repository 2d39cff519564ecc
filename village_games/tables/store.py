"""The tables of games in the store: create, read, append moves, undo, close, and the claim
on a table's bots. Built on the store's database (`database.py`), through its public
interface only, as class experiments are.

Every write is one transaction: a move (or a burst of bot moves) is stored whole or not at
all, and it names the table version it was made on, so of two devices moving at once
exactly one is applied and the other gets `Conflict`. Each write announces the table's id
(its devices follow that topic) and "tables" (the lobby follows that).
"""

from __future__ import annotations

import json
import time
from collections.abc import Hashable, Sequence
from typing import Any

from .database import Database, Query
from .errors import Conflict, UnknownTable
from .model import Move, Seat, Table, TableSummary
from .schema import TABLES

COLUMNS = ("id, game, base, seats, host_key, settings, version, moves, summary, created, "
           "updated, closed")
ALL_TABLES = "tables"  # the topic of any table's change (the lobby's list)


class TableStore(Database):
    """The table store: a database with the tables of games (either backend)."""

    def _set_up(self) -> None:
        """The backends call this once connected."""
        self.ensure(TABLES)

    def watermark(self, table_id: str) -> Hashable:
        """The change mark of one table (`ALL_TABLES`: of any)."""
        return self.change_mark(table_id)

    def _changed(self, q: Query, table_id: str) -> None:
        self.announce(q, table_id, ALL_TABLES)

    # --- tables ------------------------------------------------------------------------
    def create(self, table: Table) -> Table:
        """Store a new table (from `model.new_table`); returns it as stored."""
        with self.transaction() as q:
            q(f"INSERT INTO vg_tables ({COLUMNS}, bots_holder, bots_until) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0)",
              (table.id, table.game, _dump(table.base),
               _dump([s.to_dict() for s in table.seats]), table.host_key,
               _dump(table.settings), table.version, table.moves, _dump(table.summary),
               table.created, table.updated, table.closed))
            self._changed(q, table.id)
        return table

    def get(self, table_id: str) -> Table:
        with self.reading() as q:
            return self._get(q, table_id)

    def _get(self, q: Query, table_id: str) -> Table:
        if not isinstance(table_id, str) or not table_id:
            raise UnknownTable("a table link names its table: this one names none")
        rows = q(f"SELECT {COLUMNS} FROM vg_tables WHERE id = ?", (table_id,)).fetchall()
        if not rows:
            raise UnknownTable(f"there is no table {table_id[:24]!r} on this server (it may "
                               "have been removed, or the link is mistyped)")
        return _table(rows[0])

    def version(self, table_id: str) -> int:
        with self.reading() as q:
            rows = q("SELECT version FROM vg_tables WHERE id = ?", (table_id,)).fetchall()
        if not rows:
            raise UnknownTable(f"there is no table {table_id[:24]!r} on this server")
        return int(rows[0][0])

    def load(self, table_id: str, start: int = 0) -> tuple[Table, list[Move]]:
        """The table and its moves from `start` on, read together (one snapshot)."""
        with self.reading() as q:
            table = self._get(q, table_id)
            rows = q("SELECT idx, seat, action, version, made FROM vg_moves "
                     "WHERE table_id = ? AND idx >= ? ORDER BY idx", (table_id, start)).fetchall()
        return table, [Move(int(i), int(s), json.loads(a), int(v), float(t))
                       for i, s, a, v, t in rows]

    def list_tables(self, include_closed: bool = False, limit: int = 200) -> list[Table]:
        """The tables, the most recently active first."""
        where = "" if include_closed else "WHERE closed = ''"
        with self.reading() as q:
            rows = q(f"SELECT {COLUMNS} FROM vg_tables {where} ORDER BY updated DESC LIMIT ?",
                     (int(limit),)).fetchall()
        return [_table(r) for r in rows]

    # --- writes ------------------------------------------------------------------------
    def append(self, table_id: str, version: int, moves: Sequence[tuple[int, dict[str, Any]]],
               summary: TableSummary | None = None) -> tuple[int, list[Move]]:
        """Append moves made on table version `version`, in one transaction; returns the
        new version and the stored moves. `Conflict` (nothing written) when the table has
        changed since, or is closed."""
        if not moves:
            raise ValueError("append needs at least one move")
        now = time.time()
        with self.transaction() as q:
            row = q("UPDATE vg_tables SET version = version + 1, moves = moves + ?, "
                    "updated = ?, summary = COALESCE(?, summary) "
                    "WHERE id = ? AND version = ? AND closed = '' RETURNING version, moves",
                    (len(moves), now, _dump(summary) if summary is not None else None,
                     table_id, int(version))).fetchall()
            if not row:
                raise self._why_not(q, table_id, version)
            new_version, count = int(row[0][0]), int(row[0][1])
            first = count - len(moves)
            stored = [Move(first + k, int(seat), action, new_version, now)
                      for k, (seat, action) in enumerate(moves)]
            for m in stored:
                q("INSERT INTO vg_moves (table_id, idx, seat, action, version, made) "
                  "VALUES (?, ?, ?, ?, ?, ?)",
                  (table_id, m.index, m.seat, _dump(m.action), m.version, m.at))
            self._changed(q, table_id)
        return new_version, stored

    def undo(self, table_id: str, version: int, seat: int,
             summary: TableSummary | None = None) -> int:
        """Take back the table's last move, which `seat` made, on version `version`;
        returns the new version. `Conflict` when anything changed since."""
        with self.transaction() as q:
            row = q("UPDATE vg_tables SET version = version + 1, moves = moves - 1, "
                    "updated = ?, summary = COALESCE(?, summary) "
                    "WHERE id = ? AND version = ? AND closed = '' AND moves > 0 "
                    "RETURNING version, moves",
                    (time.time(), _dump(summary) if summary is not None else None,
                     table_id, int(version))).fetchall()
            if not row:
                raise self._why_not(q, table_id, version)
            new_version, last = int(row[0][0]), int(row[0][1])
            mover = q("SELECT seat FROM vg_moves WHERE table_id = ? AND idx = ?",
                      (table_id, last)).fetchall()
            if not mover or int(mover[0][0]) != seat:
                raise Conflict("only the seat that made the last move may take it back",
                               version, int(mover[0][0]) if mover else None)
            q("DELETE FROM vg_moves WHERE table_id = ? AND idx = ?", (table_id, last))
            self._changed(q, table_id)
        return new_version

    def update_settings(self, table_id: str, settings: dict[str, str]) -> int:
        """Change the app's own settings of a table (a bot kind); returns the new version
        (the other devices read them again)."""
        with self.transaction() as q:
            row = q("UPDATE vg_tables SET version = version + 1, settings = ?, updated = ? "
                    "WHERE id = ? RETURNING version",
                    (_dump(settings), time.time(), table_id)).fetchall()
            if not row:
                raise self._why_not(q, table_id, -1)
            self._changed(q, table_id)
            return int(row[0][0])

    def close_table(self, table_id: str, why: str) -> int:
        """Close a table (no more moves); its record stays for replays. Returns the new
        version; closing a closed table changes nothing."""
        with self.transaction() as q:
            row = q("UPDATE vg_tables SET version = version + 1, closed = ?, updated = ? "
                    "WHERE id = ? AND closed = '' RETURNING version",
                    (why or "closed", time.time(), table_id)).fetchall()
            if not row:
                return self._get(q, table_id).version
            self._changed(q, table_id)
            return int(row[0][0])

    def claim_bots(self, table_id: str, holder: str, seconds: float) -> bool:
        """Whether `holder` (one device) may play the table's bots for the next `seconds`:
        so that two open devices do not both work out the same bot move. (The version
        check would refuse the second one anyway; this saves the work.)"""
        now = time.time()
        with self.transaction() as q:
            row = q("UPDATE vg_tables SET bots_holder = ?, bots_until = ? WHERE id = ? AND "
                    "(bots_holder = ? OR bots_until < ?) RETURNING id",
                    (holder, now + seconds, table_id, holder, now)).fetchall()
        return bool(row)

    def release_bots(self, table_id: str, holder: str) -> None:
        with self.transaction() as q:
            q("UPDATE vg_tables SET bots_until = 0 WHERE id = ? AND bots_holder = ?",
              (table_id, holder))

    def _why_not(self, q: Query, table_id: str, version: int) -> Conflict:
        """Why a write on `version` found no table to change (read inside the write)."""
        table = self._get(q, table_id)  # raises UnknownTable
        if table.closed:
            return Conflict(f"this table is closed: {table.closed}", table.version)
        last = q("SELECT seat FROM vg_moves WHERE table_id = ? ORDER BY idx DESC LIMIT 1",
                 (table_id,)).fetchall()
        by = int(last[0][0]) if last else None
        return Conflict(f"the table moved on (version {table.version}, not {version})",
                        table.version, by)

def _dump(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _table(row: Sequence[Any]) -> Table:
    (tid, game, base, seats, host_key, settings, version, moves, summary, created, updated,
     closed) = row
    return Table(str(tid), str(game), json.loads(base),
                 tuple(Seat.from_dict(s) for s in json.loads(seats)), str(host_key),
                 json.loads(settings), int(version), int(moves), json.loads(summary),
                 float(created), float(updated), str(closed))
