"""The table store's tests run against both backends: SQLite in a temporary folder and a
throwaway PostgreSQL server (tests/pg_server.py), each test in its own fresh database."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.pg_server import fresh_schema, postgres_server
from village_games.tables import TableStore, open_store


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> str:
    """A URL of an empty table store of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return fresh_schema(request.getfixturevalue("postgres_url"))


@pytest.fixture
def connect(store_url) -> Iterator[Callable[[], TableStore]]:
    """Open another connection to the test's store (a second device or server)."""
    opened: list[TableStore] = []

    def make() -> TableStore:
        opened.append(open_store(store_url, shared=False))
        return opened[-1]

    yield make
    for s in opened:
        s.close()


@pytest.fixture
def store(connect) -> TableStore:
    return connect()
