"""`scripts/serve` and the table store: where tables are kept, the teacher key, and the
address other devices are given."""

from __future__ import annotations

import re

from village_games.tables import DATA_ENV, PUBLIC_URL_ENV, STORE_ENV, open_store


def test_the_store_is_opened_and_its_teacher_key_made_at_start(serve, tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(STORE_ENV, raising=False)
    where, key = serve.table_store()
    assert (tmp_path / "data" / "tables.sqlite3").exists()
    assert where == f"sqlite:///{tmp_path / 'data' / 'tables.sqlite3'}"
    store = open_store(where, shared=False)
    assert store.teacher_key() == key  # the same key every time the server starts
    assert serve.table_store() == (where, key)
    lines = serve.where_lines("http://127.0.0.1:8866", where, key)
    assert f"http://127.0.0.1:8866/voila/render/lobby.ipynb?key={key}" in "\n".join(lines)
    assert any(line.startswith("Tables are kept in:") and where in line for line in lines)


def test_a_store_that_cannot_be_used_stops_the_server_with_the_reason(serve, tmp_path,
                                                                      monkeypatch):
    junk = tmp_path / "tables.sqlite3"
    junk.write_bytes(b"not a database" * 200)
    monkeypatch.setenv(STORE_ENV, f"sqlite:///{junk}")
    try:
        serve.table_store()
    except SystemExit as exc:
        assert "is not a table store" in str(exc)
    else:
        raise AssertionError("the server started on a file that is not a table store")


def test_a_server_without_a_store_says_pages_keep_games_in_their_tabs(serve, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(STORE_ENV, "none")
    where, key = serve.table_store()
    assert key == "" and not (tmp_path / "data").exists()
    assert "each page keeps its game in its own tab" in where
    lines = serve.where_lines("http://127.0.0.1:8866", where, key)
    assert not any("lobby" in line for line in lines)
    assert any(line.startswith("Tables are kept in:   nowhere") for line in lines)


def test_a_server_bound_to_the_network_gives_its_network_address(serve, monkeypatch):
    # (set, so that monkeypatch takes back what public_address writes: the address of
    # the machine leaked into the servers that later tests start)
    monkeypatch.setenv(PUBLIC_URL_ENV, "")
    assert serve.public_address("127.0.0.1", "8866") == "http://127.0.0.1:8866"
    address = serve.public_address("0.0.0.0", "8866")
    assert re.fullmatch(r"http://[^/:]+:8866", address) and "0.0.0.0" not in address
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://games.school.example/")
    assert serve.public_address("0.0.0.0", "8866") == "https://games.school.example"
