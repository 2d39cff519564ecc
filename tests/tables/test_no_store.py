"""When there is no table store at all: turned off on purpose ($VILLAGE_GAMES_STORE=none),
or a Python without the database library (Pyodide, a static site's browser, has no
sqlite3). Opening one then raises `NoStore`, which the pages take as "keep the game in the
tab", not as a fault."""

from __future__ import annotations

import sys

import pytest

from village_games.tables import (
    NO_STORE,
    STORE_ENV,
    NoStore,
    StoreError,
    StoreUnavailable,
    open_store,
    store_url,
)
from village_games.tables import open as opening


@pytest.fixture
def no_sqlite(monkeypatch):
    """This process as if Python had been built without sqlite3 (and had never loaded
    the store's SQLite module)."""
    monkeypatch.setitem(sys.modules, "sqlite3", None)
    monkeypatch.delitem(sys.modules, "village_games.tables.sqlite", raising=False)
    monkeypatch.setattr(opening, "_open", {})


@pytest.mark.parametrize("chosen", ["none", "None", " NONE "])
def test_the_store_turned_off_by_the_environment_is_no_store(monkeypatch, chosen):
    monkeypatch.setenv(STORE_ENV, chosen)
    assert store_url() == NO_STORE
    with pytest.raises(NoStore, match=r"turned off \(\$VILLAGE_GAMES_STORE=none\)"):
        open_store()
    with pytest.raises(NoStore):
        open_store(shared=False)


def test_a_python_without_sqlite_has_no_store_and_says_why(no_sqlite, tmp_path):
    with pytest.raises(NoStore, match="this Python has no SQLite") as refused:
        open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    assert isinstance(refused.value, StoreError)  # (every caller that catches those is safe)
    assert not (tmp_path / "tables.sqlite3").exists()


def test_a_postgresql_store_without_psycopg_is_a_fault_that_says_what_to_install(monkeypatch):
    """Not "no store": the server was told to use PostgreSQL, so its pages say it fails."""
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(StoreUnavailable, match=r"needs psycopg.*village-games\[server\]"):
        open_store("postgresql://nobody@127.0.0.1:1/none", shared=False)
