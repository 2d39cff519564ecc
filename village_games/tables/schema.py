"""The tables of games in the store's database (`SchemaPart` "tables"), in SQL that SQLite
and PostgreSQL both take.

Each version's statements are kept as they were shipped: `VERSION_1` made the stores of
the first release. Add a change as a new version (`TABLES.steps[2] = [...]`) rather than
editing a shipped one; a store of an older version is brought up to date as it opens
(`Database.ensure`). Class experiments keep their own tables (experiments/schema.py).
"""

from __future__ import annotations

from .database import META, SchemaPart

VERSION_1 = [
    META,
    # one row per table; `version` goes up by one with every change (move, undo, close)
    """CREATE TABLE IF NOT EXISTS vg_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        base TEXT NOT NULL,
        seats TEXT NOT NULL,
        host_key TEXT NOT NULL,
        settings TEXT NOT NULL,
        version BIGINT NOT NULL,
        moves BIGINT NOT NULL,
        summary TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        closed TEXT NOT NULL,
        bots_holder TEXT NOT NULL,
        bots_until DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS vg_moves (
        table_id TEXT NOT NULL REFERENCES vg_tables (id) ON DELETE CASCADE,
        idx BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        version BIGINT NOT NULL,
        made DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, idx))""",
    "CREATE INDEX IF NOT EXISTS vg_tables_updated ON vg_tables (closed, updated)",
]

TABLES = SchemaPart("tables", {1: VERSION_1})
