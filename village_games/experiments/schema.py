"""The tables of class experiments in the store's database (`SchemaPart` "experiments"),
in SQL that SQLite and PostgreSQL both take. Each version's statements are kept as they
were shipped (a school's store was made by them): add a change as a new version."""

from __future__ import annotations

from village_games.tables.database import SchemaPart

VERSION_1 = [
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

EXPERIMENTS = SchemaPart("experiments", {1: VERSION_1})
