"""A school's store made by an earlier version keeps working: a store of the first release
(one schema version for the whole database: 1, the tables only) is read as such and gains
the tables of class experiments when they are first used; each part of the program keeps
its own schema version from then on (on both backends)."""

from __future__ import annotations

import hashlib

import pytest

from tests.tables.test_store import make
from village_games.experiments.schema import EXPERIMENTS
from village_games.experiments.store import ExperimentStore
from village_games.tables import SchemaMismatch, SchemaPart
from village_games.tables.schema import TABLES, VERSION_1

NEW_TABLES = ("vg_trials", "vg_students", "vg_experiments")


def as_first_release(store) -> None:
    """Turn a fresh store into what the first release made: its tables and rows, one
    schema version for the whole database, no tables of class experiments."""
    with store.transaction() as q:
        for name in NEW_TABLES:
            q(f"DROP TABLE IF EXISTS {name}", ())
        q("DELETE FROM vg_meta WHERE key LIKE ?", ("schema%",))
        q("INSERT INTO vg_meta (key, value) VALUES (?, ?)", ("schema", "1"))


def versions(store) -> dict[str, str]:
    with store.reading() as q:
        rows = q("SELECT key, value FROM vg_meta WHERE key LIKE ?", ("schema%",)).fetchall()
    return {str(k): str(v) for k, v in rows}


def test_the_statements_that_made_version_1_stores_never_change():
    """Version 1 stores exist in schools: an upgrade adds to them, so what made them must
    stay as it was shipped (the hash of the first release's statements)."""
    text = "\n".join(VERSION_1).encode()
    assert hashlib.sha256(text).hexdigest() == (
        "c98ce11b7b9e92e03d1fa6c9495f227ab51841089d1fff0da8638e78c7f0d035")


def test_a_first_release_store_keeps_its_tables_and_gains_class_experiments(connect):
    old = connect()
    t = make(old)
    old.append(t.id, 0, [(0, {"type": "A"}), (1, {"type": "B"})])
    key = old.teacher_key()
    as_first_release(old)
    assert versions(old) == {"schema": "1"}

    new = connect()  # the new program reads it as the tables of version 1
    assert versions(new) == {"schema": "1", "schema.tables": "1"}
    table, moves = new.load(t.id)
    assert table.moves == 2 and [m.action["type"] for m in moves] == ["A", "B"]
    assert new.teacher_key() == key  # the teacher's links still work
    xs = ExperimentStore(new)  # the experiments' tables come with their first use
    e = xs.create("vv-recruit", {"position": "4"})
    assert xs.join(e.id, "Ana").number == 1
    assert versions(connect())["schema.experiments"] == "1"  # opening it again: the same
    assert versions(connect()) == versions(new)


def test_a_store_of_the_release_with_class_experiments_is_read_as_such(connect):
    """The second release's stores said version 2 for the tables and the experiments."""
    first = connect()
    xs = ExperimentStore(first)
    e = xs.create("vv-recruit", {"position": "4"})
    with first.transaction() as q:
        q("DELETE FROM vg_meta WHERE key LIKE ?", ("schema%",))
        q("INSERT INTO vg_meta (key, value) VALUES (?, ?)", ("schema", "2"))
    again = connect()
    assert ExperimentStore(again).get(e.id).kind == "vv-recruit"
    assert versions(again) == {"schema": "2", "schema.tables": "1", "schema.experiments": "1"}


def test_an_unknown_whole_store_version_is_still_refused_and_left_as_it_was(connect):
    first = connect()
    for version in ("0", "3", "x"):
        with first.transaction() as q:
            q("DELETE FROM vg_meta WHERE key LIKE ?", ("schema%",))
            q("INSERT INTO vg_meta (key, value) VALUES (?, ?)", ("schema", version))
        with pytest.raises(SchemaMismatch, match=f"schema version {version}; this program "
                                                 "reads version 2"):
            connect()
        assert versions(first) == {"schema": version}


def test_a_part_of_a_newer_version_is_refused_and_left_as_it_was(connect):
    first = connect()
    ExperimentStore(first)
    with first.transaction() as q:
        q("UPDATE vg_meta SET value = ? WHERE key = ?", ("7", "schema.experiments"))
    second = connect()  # the tables are fine
    with pytest.raises(SchemaMismatch, match="holds experiments of schema version 7; this "
                                             "program reads version 1"):
        ExperimentStore(second)
    assert versions(first)["schema.experiments"] == "7"


def test_a_part_upgrades_only_from_older_versions_and_keeps_shipped_steps():
    part = SchemaPart("notes", {1: ["CREATE A"], 2: ["CREATE B"], 3: ["CREATE C"]})
    assert part.version == 3 and part.upgrade(1) == ["CREATE B", "CREATE C"]
    assert part.upgrade(0) == ["CREATE A", "CREATE B", "CREATE C"] and part.upgrade(3) == []
    assert TABLES.version == 1 and EXPERIMENTS.version == 1
