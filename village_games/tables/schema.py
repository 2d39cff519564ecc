"""The store's tables, in SQL that SQLite and PostgreSQL both take, and its version.

Each version's statements are kept as they were shipped: `VERSION_1` made the stores of
the first release, and `ADDED[v]` is what version `v` adds to the one before. A new store
gets all of them; a store of an older version this program knows is brought up to date
in place, in one transaction (`upgrade_steps`); a database of any other version is refused,
never changed, with a message naming both versions. Raise `SCHEMA_VERSION` with any
change, and add the change as a new step rather than editing a shipped one.
"""

from __future__ import annotations

SCHEMA_VERSION = 2

META = """CREATE TABLE IF NOT EXISTS vg_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)"""

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

# Version 2: class experiments (village_games/experiments/store.py).
EXPERIMENTS = [
    # one row per experiment; `trials` counts every trial ever stored (the next one's
    # `seq` is trials + 1), `run_trials`/`run_hits` those of the current run (a reset
    # starts a new run and keeps the old trials), `version` rises with every change
    """CREATE TABLE IF NOT EXISTS vg_experiments (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        settings TEXT NOT NULL,
        seed BIGINT NOT NULL,
        run INTEGER NOT NULL,
        frozen INTEGER NOT NULL,
        revealed INTEGER NOT NULL,
        board INTEGER NOT NULL,
        trials BIGINT NOT NULL,
        run_trials BIGINT NOT NULL,
        run_hits BIGINT NOT NULL,
        students INTEGER NOT NULL,
        version BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL)""",
    # a student's name is theirs within the experiment (`name_key`: the name as compared);
    # `token` is the key their page address carries
    """CREATE TABLE IF NOT EXISTS vg_students (
        experiment_id TEXT NOT NULL REFERENCES vg_experiments (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        token TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (experiment_id, number),
        UNIQUE (experiment_id, name_key))""",
    # a trial is counted once: one row per student and trial number, however often it
    # is sent (a double click, a retried message, a second tab)
    """CREATE TABLE IF NOT EXISTS vg_trials (
        experiment_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        student INTEGER NOT NULL,
        number BIGINT NOT NULL,
        run INTEGER NOT NULL,
        hit INTEGER NOT NULL,
        shown TEXT NOT NULL,
        how TEXT NOT NULL,
        made DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (experiment_id, seq),
        UNIQUE (experiment_id, student, number),
        FOREIGN KEY (experiment_id, student) REFERENCES vg_students (experiment_id, number)
            ON DELETE CASCADE)""",
    "CREATE INDEX IF NOT EXISTS vg_experiments_updated ON vg_experiments (updated)",
]

ADDED = {2: EXPERIMENTS}
TABLES = VERSION_1 + [s for v in sorted(ADDED) for s in ADDED[v]]


def upgrade_steps(found: str) -> list[str] | None:
    """The statements that bring a store of version `found` to `SCHEMA_VERSION`; None for
    a version this program does not know (newer, or not ours)."""
    if not found.isdigit() or not 1 <= int(found) < SCHEMA_VERSION:
        return None
    return [s for v in range(int(found) + 1, SCHEMA_VERSION + 1) for s in ADDED[v]]
