"""The default store: one SQLite file (standard library), in WAL mode so that many devices
read while one writes. A change mark is cheap: `PRAGMA data_version` says whether anyone
changed the database at all; only then is the topic's counter read (one small row)."""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .database import Query, bump_marks
from .errors import SchemaMismatch, StoreError, StoreUnavailable
from .store import TableStore

BUSY_TIMEOUT_S = 5.0  # a write waits this long for another one before giving up


class SQLiteStore(TableStore):
    kind = "sqlite"

    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self.busy_timeout = busy_timeout
        self._writes = 0  # this connection's own commits (data_version does not count them)
        # each topic's mark as last read, and the state of the database it was read at
        self._marks: dict[str, tuple[Hashable, int]] = {}
        # SQLite opens a file it may not write read-only, and the connection stays so even
        # once the file can be written again: after a read-only refusal the next use opens
        # a new connection
        self._reopen = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreUnavailable(f"cannot open the table store ({exc})") from None
        self.conn = self._connect()
        try:
            self._set_up()
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise SchemaMismatch(f"{self.path} is not a table store ({exc})") from None
        except StoreError:
            self.conn.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)  # one user at a time
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the table store ({exc})") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise SchemaMismatch(f"{self.path} is not a table store ({exc})") from None
        return conn

    def _fresh(self) -> None:
        """Open the connection again if the last one was refused a write as read-only."""
        if self._reopen:
            conn = self._connect()
            self.conn.close()
            self.conn, self._reopen = conn, False

    @contextmanager
    def transaction(self) -> Iterator[Query]:
        self._fresh()
        with self._words():
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn.execute
            except BaseException:
                if self.conn.in_transaction:  # (SQLite rolls back a full disk's write itself)
                    self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")
            self._writes += 1

    @contextmanager
    def reading(self) -> Iterator[Query]:
        self._fresh()
        with self._words():
            self.conn.execute("BEGIN")
            try:
                yield self.conn.execute
            finally:
                self.conn.execute("COMMIT")

    def announce(self, q: Query, *topics: str) -> None:
        bump_marks(q, topics)

    def change_mark(self, *topics: str) -> Hashable:
        self._fresh()
        with self._words():
            (version,) = self.conn.execute("PRAGMA data_version").fetchone()
            state = (version, self._writes)
            stale = [t for t in topics if t not in self._marks or self._marks[t][0] != state]
            if stale:
                marks = q_marks(self.conn.execute, stale)
                for t in stale:
                    self._marks[t] = (state, marks.get(t, 0))
        return tuple(self._marks[t][1] for t in topics)

    @contextmanager
    def _words(self) -> Iterator[None]:
        """SQLite's errors (locked, full, read-only, a damaged file) as a `StoreUnavailable`
        in words, without the file's path: pages show it to whoever opened them."""
        try:
            yield
        except sqlite3.DatabaseError as exc:  # (OperationalError is one)
            text = str(exc)
            read_only = False
            if "locked" in text or "busy" in text:
                why = "the table store is busy (another program holds it locked)"
            elif "full" in text:
                why = "the disk that holds the table store is full"
            elif "readonly" in text or "read-only" in text:
                why = "the table store cannot be written (its file is read-only)"
                read_only = True
            elif "malformed" in text or "not a database" in text or "corrupt" in text:
                why = ("the table store's file is damaged: whoever runs the server must "
                       "restore it from a backup or start a new one")
            else:
                why = f"the table store failed ({type(exc).__name__}: {text[:120]})"
            self._reopen = read_only
            raise StoreUnavailable(why, read_only=read_only) from None

    def close(self) -> None:
        self.conn.close()


def q_marks(q: Query, topics: Sequence[str]) -> dict[str, int]:
    """The counters of `topics` (a topic never announced has none: 0)."""
    marks = ", ".join("?" for _ in topics)
    rows = q(f"SELECT topic, n FROM vg_marks WHERE topic IN ({marks})", tuple(topics))
    return {str(t): int(n) for t, n in rows.fetchall()}
