"""The store's tables, in SQL that SQLite and PostgreSQL both take, and its version.

A database written by another schema version is refused, never changed: the message
names both versions. Raise `SCHEMA_VERSION` with any change below.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

TABLES = [
    """CREATE TABLE IF NOT EXISTS vg_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
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
