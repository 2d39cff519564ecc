"""The default table store: one SQLite file (standard library), in WAL mode so that many
devices read while one writes."""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import SchemaMismatch, StoreError, StoreUnavailable
from .store import Query, TableStore

BUSY_TIMEOUT_S = 5.0  # a write waits this long for another one before giving up


class SQLiteStore(TableStore):
    kind = "sqlite"

    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self._writes = 0  # this connection's own commits (data_version does not count them)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=busy_timeout, isolation_level=None,
                                        check_same_thread=False)  # one user at a time
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the table store {self.path}: {exc}") from None
        try:
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints
            self.conn.execute("PRAGMA foreign_keys=ON")
            self._init_schema()
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise SchemaMismatch(f"{self.path} is not a table store ({exc})") from None
        except StoreError:
            self.conn.close()
            raise

    @contextmanager
    def _tx(self) -> Iterator[Query]:
        with _words():
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
    def _read(self) -> Iterator[Query]:
        with _words():
            self.conn.execute("BEGIN")
            try:
                yield self.conn.execute
            finally:
                self.conn.execute("COMMIT")

    def watermark(self, table_id: str) -> Hashable:
        with _words():
            (version,) = self.conn.execute("PRAGMA data_version").fetchone()
        return version, self._writes

    def close(self) -> None:
        self.conn.close()


@contextmanager
def _words() -> Iterator[None]:
    """SQLite's operational errors (locked, full, read-only) as a `StoreUnavailable`."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        text = str(exc)
        if "locked" in text or "busy" in text:
            why = "the table store is busy (another program holds it locked)"
        elif "full" in text:
            why = "the disk that holds the table store is full"
        elif "readonly" in text or "read-only" in text:
            why = "the table store cannot be written (its file is read-only)"
        else:
            why = f"the table store failed ({text})"
        raise StoreUnavailable(why) from None
