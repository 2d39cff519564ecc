"""A school's store made by an earlier version keeps working: version 1 (tables only) is
upgraded in place to version 2 (class experiments), on both backends."""

from __future__ import annotations

import hashlib

import pytest

from tests.tables.test_store import make
from village_games.experiments.store import ExperimentStore
from village_games.tables import SchemaMismatch
from village_games.tables.schema import SCHEMA_VERSION, VERSION_1, upgrade_steps

NEW_TABLES = ("vg_trials", "vg_students", "vg_experiments")


def as_version_1(store) -> None:
    """Turn a fresh store into what the first release made: its tables and rows, without
    the tables version 2 adds."""
    with store._tx() as q:
        for name in NEW_TABLES:
            q(f"DROP TABLE {name}", ())
        q("UPDATE vg_meta SET value = ? WHERE key = ?", ("1", "schema"))


def schema_of(store) -> str:
    with store._read() as q:
        return q("SELECT value FROM vg_meta WHERE key = ?", ("schema",)).fetchall()[0][0]


def test_the_statements_that_made_version_1_stores_never_change():
    """Version 1 stores exist in schools: an upgrade adds to them, so what made them must
    stay as it was shipped (the hash of the first release's statements)."""
    text = "\n".join(VERSION_1).encode()
    assert hashlib.sha256(text).hexdigest() == (
        "c98ce11b7b9e92e03d1fa6c9495f227ab51841089d1fff0da8638e78c7f0d035")


def test_a_version_1_store_is_upgraded_in_place_and_keeps_its_tables(connect):
    old = connect()
    t = make(old)
    old.append(t.id, 0, [(0, {"type": "A"}), (1, {"type": "B"})])
    key = old.teacher_key()
    as_version_1(old)
    assert schema_of(old) == "1"

    new = connect()  # the upgrade happens as the new program opens the store
    assert schema_of(new) == str(SCHEMA_VERSION) == "2"
    table, moves = new.load(t.id)
    assert table.moves == 2 and [m.action["type"] for m in moves] == ["A", "B"]
    assert new.teacher_key() == key  # the teacher's links still work
    xs = ExperimentStore(new)
    e = xs.create("vv-recruit", {"position": "4"})
    assert xs.join(e.id, "Ana").number == 1
    assert schema_of(connect()) == "2"  # opening it again changes nothing


def test_an_unknown_version_is_still_refused_and_left_as_it_was(connect):
    first = connect()
    for version in ("0", "3", "x"):
        with first._tx() as q:
            q("UPDATE vg_meta SET value = ? WHERE key = ?", (version, "schema"))
        with pytest.raises(SchemaMismatch, match=f"schema version {version}; this program "
                                                 "reads version 2"):
            connect()
        assert schema_of(first) == version


def test_upgrade_steps_are_known_only_for_older_versions():
    assert upgrade_steps("1") and all("CREATE" in s for s in upgrade_steps("1"))
    assert upgrade_steps("2") is None and upgrade_steps("0") is None
    assert upgrade_steps("-1") is None and upgrade_steps("") is None
