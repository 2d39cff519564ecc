"""A store that cannot be used says why, in words, and changes nothing."""

from __future__ import annotations

import sqlite3

import pytest

from tests.tables.test_store import make
from village_games.tables import SchemaMismatch, StoreError, StoreUnavailable, open_store
from village_games.tables.sqlite import SQLiteStore


def test_a_store_of_another_schema_version_is_refused_and_left_alone(connect, store_url):
    first = connect()
    with first.transaction() as q:
        q("UPDATE vg_meta SET value = ? WHERE key = ?", ("99", "schema.tables"))
    with pytest.raises(SchemaMismatch, match="holds tables of schema version 99; this "
                                             "program reads version 1"):
        connect()
    with first.reading() as q:
        rows = q("SELECT value FROM vg_meta WHERE key = ?", ("schema.tables",)).fetchall()
        assert rows[0][0] == "99"


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    junk = tmp_path / "tables.sqlite3"
    junk.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(SchemaMismatch, match="is not a table store"):
        open_store(f"sqlite:///{junk}", shared=False)
    assert junk.read_bytes().startswith(b"these are my notes")


def test_a_url_of_another_kind_is_refused_with_the_kinds_allowed():
    with pytest.raises(StoreError, match="must start with sqlite:/// or postgresql://"):
        open_store("mysql://somewhere/db", shared=False)


def test_a_locked_sqlite_store_gives_a_notice_and_writes_nothing(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = SQLiteStore(path, busy_timeout=0.05)
    t = make(store)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable, match="busy"):
            store.append(t.id, 0, [(0, {"type": "A"})])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.load(t.id)[0].moves == 0
    store.append(t.id, 0, [(0, {"type": "A"})])  # free again: the same move goes in
    assert store.load(t.id)[0].moves == 1


def test_a_full_sqlite_store_gives_a_notice_and_writes_nothing(tmp_path):
    store = SQLiteStore(tmp_path / "tables.sqlite3")
    t = make(store)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages + 1}")
    big = {"type": "A", "note": "x" * 20_000}
    with pytest.raises(StoreUnavailable, match="full"):
        store.append(t.id, 0, [(0, big)] * 4)
    table, moves = store.load(t.id)
    assert table.moves == 0 and table.version == 0 and moves == []


def test_a_connection_opened_read_only_is_opened_again_once_the_file_can_be_written(
        tmp_path, monkeypatch):
    path = tmp_path / "tables.sqlite3"
    t = make(SQLiteStore(path))
    real = sqlite3.connect
    first = []

    def read_only_once(target, *args, **kw):  # as SQLite opens a file it may not write
        if not first:
            first.append(target)
            return real(f"file:{target}?mode=ro", *args, uri=True, **kw)
        return real(target, *args, **kw)

    monkeypatch.setattr(sqlite3, "connect", read_only_once)
    store = SQLiteStore.__new__(SQLiteStore)
    store.__init__(path)  # (the schema is there: opening it writes nothing)
    with pytest.raises(StoreUnavailable, match="read-only"):
        store.append(t.id, 0, [(0, {"type": "A"})])
    store.append(t.id, 0, [(0, {"type": "A"})])  # the file could be written all along
    assert store.load(t.id)[0].moves == 1


def test_a_damaged_store_says_so_in_words_without_the_servers_paths(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = SQLiteStore(path)
    t = make(store)
    for k in range(40):
        store.append(t.id, k, [(0, {"type": "A", "note": "x" * 3000})])
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = store.conn.execute("PRAGMA page_size").fetchone()[0]
    data[page:len(data)] = b"\x5a" * (len(data) - page)  # every page but the first
    path.write_bytes(bytes(data))
    store.conn.execute("PRAGMA cache_size = 0")  # (read what is on the disk now)
    with pytest.raises(StoreUnavailable) as refused:
        store.load(t.id)
    assert "damaged" in str(refused.value)
    assert str(tmp_path) not in str(refused.value) and "Error" not in str(refused.value)
