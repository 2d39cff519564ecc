"""The store on PostgreSQL (psycopg 3), for a school that runs several Voila servers behind
one address: every write announces its topics with NOTIFY, and each device LISTENs, so a
move on one server reaches the devices on the others without polling the tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .database import Query
from .errors import StoreError, StoreUnavailable
from .store import TableStore

CHANNEL = "vg_tables"
SCHEMA_LOCK = 71_283  # an advisory lock: two servers creating the schema at once wait


class PostgresStore(TableStore):
    kind = "postgresql"

    def __init__(self, url: str, connect_timeout: int = 5) -> None:
        try:
            import psycopg  # only a school that uses PostgreSQL needs it (extra `server`)
        except ImportError as exc:
            raise StoreUnavailable(f"the PostgreSQL table store needs psycopg, which this "
                                   f"Python cannot import ({exc}): install "
                                   "village-games[server]") from None

        self._psycopg = psycopg
        self.url = _without_password(url)
        self._heard: Counter[str] = Counter()
        try:
            self.conn = psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout)
        except psycopg.Error as exc:
            raise StoreUnavailable(f"cannot reach the table store {self.url}: "
                                   f"{str(exc).strip().splitlines()[0]}") from None
        try:
            self.conn.execute(f"LISTEN {CHANNEL}")
            self._set_up()
        except StoreError:
            self.conn.close()
            raise

    def _run(self, cur: Any) -> Query:
        def q(sql: str, params: Sequence[Any]) -> Any:
            return cur.execute(sql.replace("?", "%s"), params)
        return q

    @contextmanager
    def transaction(self) -> Iterator[Query]:
        with self._words(), self.conn.transaction(), self.conn.cursor() as cur:
            yield self._run(cur)

    @contextmanager
    def reading(self) -> Iterator[Query]:
        with self._words(), self.conn.transaction(), self.conn.cursor() as cur:
            cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield self._run(cur)

    def _schema_lock(self, q: Query) -> None:
        q("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def announce(self, q: Query, *topics: str) -> None:
        for topic in topics:
            q("SELECT pg_notify(?, ?)", (CHANNEL, topic))

    def change_mark(self, *topics: str) -> Hashable:
        """How many notifications this connection heard for each topic."""
        with self._words():
            for n in self.conn.notifies(timeout=0):
                self._heard[n.payload] += 1
        return tuple(self._heard[t] for t in topics)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _words(self) -> Iterator[None]:
        try:
            yield
        except self._psycopg.OperationalError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnavailable(f"the table store failed ({first})") from None


def _without_password(url: str) -> str:
    """The URL as it may be shown on a page or in a log."""
    head, sep, tail = url.partition("@")
    if not sep or "://" not in head:
        return url
    scheme, _, auth = head.partition("://")
    user = auth.split(":", 1)[0]
    return f"{scheme}://{user}@{tail}"
