"""A session's link to its table in the store: the table as this device last read or wrote
it (its row, its version, the change mark), the moves the store has not taken yet (sent
again, waiting longer each time), what the store last refused, and this device's claim on
the table's bots. The session decides what the moves mean; this only talks to the store.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from village_games.tables import StoreError, StoreUnavailable, TableStore
from village_games.tables.model import Move, Table, TableSummary

# How long a device may play a table's bots before another open device may take over (it
# renews the claim with each burst; a device that closed mid-burst frees it this late).
BOT_CLAIM_S = 5.0
# A move the store did not take (busy, read-only, full) is sent again after this long,
# then after twice as long each time, up to RETRY_MAX_S: the other devices wait for it.
RETRY_FIRST_S = 0.5
RETRY_MAX_S = 8.0
SAVED_AGAIN = "Saved on the server again: the other devices see every move now."


class StoredTable:
    """One stored table as one device knows it (see the module docstring)."""

    def __init__(self, store: TableStore, table: Table, mark: Hashable) -> None:
        self.store = store
        self.table = table  # the row as last read or written
        self.version = table.version  # the table's version the moves held here match
        self.mark = mark  # the change mark when it was read
        self.unsaved: list[tuple[int, dict[str, Any]]] = []  # moves the store did not take
        self.trouble = ""  # what the store last refused ("" when all is well)
        self.saved_again = False  # the store took what it had refused (say so once)
        self._retry_at = 0.0  # (time.monotonic) when to send the unsaved moves again
        self._retry_wait = RETRY_FIRST_S
        self.device = uuid.uuid4().hex  # this device's name when it claims the bots
        self._claimed_until = 0.0  # (time.monotonic) this device's claim on the bots

    @property
    def id(self) -> str:
        return self.table.id

    # ------------------------------------------------------------ writing
    def write(self, summary: TableSummary) -> list[Move] | None:
        """Send the unsaved moves in one transaction; the moves stored, or None when the
        store could not take them (they stay, `trouble` says why, `retry_due` says when to
        send them again). `Conflict`, nothing written, when the table moved on."""
        if not self.unsaved:
            return []
        try:
            version, stored = self.store.append(self.table.id, self.version, self.unsaved,
                                                summary)
        except StoreUnavailable as exc:
            self.trouble = str(exc)
            self._retry_at = time.monotonic() + self._retry_wait
            self._retry_wait = min(2 * self._retry_wait, RETRY_MAX_S)
            return None
        self.unsaved.clear()
        self.version = version
        self.mark = self.store.watermark(self.table.id)
        self.saved_again = bool(self.trouble)
        self.all_well()
        return stored

    def retry_due(self, now: float | None = None) -> bool:
        """Whether unsaved moves wait and their wait is over."""
        return bool(self.unsaved) and (now or time.monotonic()) >= self._retry_at

    def all_well(self) -> None:
        """The store takes and gives again (or what it refused is dropped)."""
        self.trouble, self._retry_wait = "", RETRY_FIRST_S

    # ------------------------------------------------------------ reading
    def looked(self, force: bool = False) -> bool:
        """Whether the table may have changed since it was last read (its change mark
        moved; `force`: read anyway). False, with `trouble` set, when the store cannot be
        read."""
        try:
            mark = self.store.watermark(self.table.id)
        except StoreUnavailable as exc:
            self.trouble = str(exc)
            return False
        if not force and mark == self.mark:
            return False
        self.mark = mark
        return True

    def read(self, start: int) -> tuple[Table, list[Move]] | None:
        """The table and its moves from `start` on; None (`trouble` set) when the store
        cannot be read."""
        try:
            found = self.store.load(self.table.id, start)
        except StoreUnavailable as exc:  # (said once, by the page's status line)
            self.trouble = str(exc)
            return None
        if not self.unsaved:
            self.all_well()
        return found

    # ------------------------------------------------------------ other changes
    def undo(self, seat: int, summary: TableSummary) -> None:
        """Take back the table's last move, `seat`'s (`Conflict` when anything changed)."""
        self.version = self.store.undo(self.table.id, self.version, seat, summary)
        self.mark = self.store.watermark(self.table.id)

    def update_settings(self, settings: dict[str, str]) -> None:
        """Store the table's app settings (`StoreError` when it cannot)."""
        version = self.store.update_settings(self.table.id, settings)
        if version == self.version + 1:  # nothing else happened meanwhile
            self.version = version
        self.table = replace(self.table, settings=dict(settings), version=version)
        self.mark = self.store.watermark(self.table.id)

    def claim_bots(self, shared: bool) -> bool:
        """Whether this device plays the bots now (it renews its claim only when less than
        half of it is left: a claim is a write, which every other device notices). When the
        store cannot be written, a device alone at its table plays them anyway."""
        now = time.monotonic()
        if now < self._claimed_until - BOT_CLAIM_S / 2:
            return True
        try:
            if not self.store.claim_bots(self.table.id, self.device, BOT_CLAIM_S):
                return False
        except StoreUnavailable:
            return not shared
        self._claimed_until = now + BOT_CLAIM_S
        return True

    def close(self, why: str) -> None:
        """Close the table (no more moves); a new game at its host's device does so."""
        if not self.table.closed:
            try:
                self.store.close_table(self.table.id, why)
            except StoreError:
                pass  # a table left open is harmless: the lobby can close it

