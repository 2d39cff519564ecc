"""Fixtures shared across test folders: a table store of each backend, SQLite in a
temporary folder and a throwaway PostgreSQL server (harness/postgres.py) started once per
session, each test in its own fresh database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.postgres import fresh_schema, postgres_server


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
