"""The table store's tests run against both backends (`store_url`, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from village_games.tables import TableStore, open_store


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
