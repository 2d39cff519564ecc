"""The store's database, as every part of the program that keeps data there uses it: the
tables of games (`TableStore`) and class experiments (`ExperimentStore`) alike.

- `transaction()`: a write, all or nothing (locks taken at once; rolled back on any
  exception; the backend's errors turned into `StoreUnavailable` in words);
- `reading()`: a read (one consistent snapshot where the backend offers it);
- `announce(q, *topics)`, inside a write: tell every device (on every server sharing the
  database) that these topics changed (a table's id, an experiment's mark...);
- `change_mark(*topics)`: a cheap mark that changes whenever one of the topics may have
  changed; compare it with the last one seen before reading anything again. A change to
  another topic leaves it alone (on SQLite it costs one small read, after the database
  changed at all; on PostgreSQL nothing but the notifications heard);
- `ensure(part)`: each part of the program owns its schema (`SchemaPart`: its tables and
  their versions) and brings it up to date as it starts, in one transaction.

Backends: SQLite (sqlite.py, the default) and PostgreSQL (postgres.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from .errors import SchemaMismatch
from .tokens import new_token

Query = Callable[[str, Sequence[Any]], Any]  # (sql with ? placeholders, params) -> cursor
TEACHER_KEY = "teacher_key"
META = """CREATE TABLE IF NOT EXISTS vg_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)"""
# a counter per topic that `announce` raises (SQLite's change marks read it)
MARKS = """CREATE TABLE IF NOT EXISTS vg_marks (
        topic TEXT PRIMARY KEY,
        n BIGINT NOT NULL)"""
# Before each part kept its own version, one number covered the whole database: 1 (the
# tables) or 2 (the tables and class experiments). A store of that time is read as such.
LEGACY_KEY = "schema"
LEGACY_VERSIONS = {"1": {"tables": 1}, "2": {"tables": 1, "experiments": 1}}
LEGACY_NEWEST = 2


@dataclass(frozen=True)
class SchemaPart:
    """The tables one part of the program keeps: `steps[v]` is what version `v` adds to
    the one before, kept as it was shipped (a school's store was made by it)."""

    name: str
    steps: dict[int, list[str]]

    @property
    def version(self) -> int:
        return max(self.steps)

    def upgrade(self, found: int) -> list[str]:
        return [s for v in range(found + 1, self.version + 1) for s in self.steps[v]]


class Database(ABC):
    """One connection to the store's database. Not shared between threads."""

    url: str
    kind: str  # "sqlite" or "postgresql"

    # --- what a backend provides ---------------------------------------------------
    @abstractmethod
    def transaction(self) -> AbstractContextManager[Query]:
        """A write transaction (see the module docstring)."""

    @abstractmethod
    def reading(self) -> AbstractContextManager[Query]:
        """A read (one consistent snapshot where the backend offers it)."""

    @abstractmethod
    def announce(self, q: Query, *topics: str) -> None:
        """Inside a write: these topics changed."""

    @abstractmethod
    def change_mark(self, *topics: str) -> Hashable:
        """A cheap mark that changes whenever one of `topics` may have changed."""

    def _schema_lock(self, q: Query) -> None:
        """Make a second server that sets a schema up at the same moment wait (one SQLite
        writer at a time already does)."""
        return None

    @abstractmethod
    def close(self) -> None: ...

    # --- the schema -----------------------------------------------------------------
    def ensure(self, part: SchemaPart) -> None:
        """Set `part`'s tables up, bring those of an older known version up to date (in
        the same transaction: all or nothing), or refuse a store whose tables of this part
        are of another version, changing nothing."""
        ensured: set[str] = self.__dict__.setdefault("_ensured", set())
        if part.name in ensured:  # (once per connection)
            return
        key = f"schema.{part.name}"
        with self.transaction() as q:
            self._schema_lock(q)
            q(META, ())
            q(MARKS, ())
            found = self._part_version(q, part.name)
            kept = q("SELECT 1 FROM vg_meta WHERE key = ?", (key,)).fetchall()
            if found == part.version and kept:
                ensured.add(part.name)
                return
            if found == part.version:  # (as the store of an earlier release said)
                steps = []
            elif found is None:
                steps = part.upgrade(0)
            elif 0 < found < part.version:
                steps = part.upgrade(found)
            else:  # raised inside the transaction: nothing of it is kept
                raise SchemaMismatch(
                    f"the store at {self.url} holds {part.name} of schema version {found}; "
                    f"this program reads version {part.version} (and upgrades older ones "
                    "it knows). Point VILLAGE_GAMES_STORE (or VILLAGE_GAMES_DATA) at another "
                    "database, or use the program that wrote it.")
            for statement in steps:
                q(statement, ())
            q("DELETE FROM vg_meta WHERE key = ?", (key,))
            q("INSERT INTO vg_meta (key, value) VALUES (?, ?)", (key, str(part.version)))
        ensured.add(part.name)

    def _part_version(self, q: Query, name: str) -> int | None:
        """The version of `name`'s tables in this store (None: none yet); a store of the
        time before parts had their own versions reads as the versions it then had."""
        rows = q("SELECT value FROM vg_meta WHERE key = ?", (f"schema.{name}",)).fetchall()
        if rows:
            return int(str(rows[0][0])) if str(rows[0][0]).isdigit() else -1
        legacy = q("SELECT value FROM vg_meta WHERE key = ?", (LEGACY_KEY,)).fetchall()
        if not legacy:
            return None
        value = str(legacy[0][0])
        if value not in LEGACY_VERSIONS:
            raise SchemaMismatch(
                f"the table store at {self.url} was written with schema version {value}; "
                f"this program reads version {LEGACY_NEWEST} (and upgrades older ones it "
                "knows). Point VILLAGE_GAMES_STORE (or VILLAGE_GAMES_DATA) at another "
                "database, or use the program that wrote it.")
        return LEGACY_VERSIONS[value].get(name)

    def teacher_key(self) -> str:
        """The key that opens the teacher's pages (the lobby), made once per store: every
        server sharing the store uses the same one."""
        with self.transaction() as q:
            q(META, ())
            rows = q("SELECT value FROM vg_meta WHERE key = ?", (TEACHER_KEY,)).fetchall()
            if rows:
                return str(rows[0][0])
            key = new_token()
            q("INSERT INTO vg_meta (key, value) VALUES (?, ?)", (TEACHER_KEY, key))
            return key

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def bump_marks(q: Query, topics: Sequence[str]) -> None:
    """Raise each topic's counter in `vg_marks` (inside a write)."""
    for topic in topics:
        q("INSERT INTO vg_marks (topic, n) VALUES (?, 1) "
          "ON CONFLICT (topic) DO UPDATE SET n = vg_marks.n + 1", (topic,))
