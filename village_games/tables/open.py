"""Where the table store is: a URL, an environment variable, or the data folder."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import NoStore, StoreError
from .store import TableStore

# postgresql://user@host/db, sqlite:///path/file, or none (no store: each page keeps its
# game in the page itself, as a static site in the browser must)
STORE_ENV = "VILLAGE_GAMES_STORE"
NO_STORE = "none"
DATA_ENV = "VILLAGE_GAMES_DATA"  # the folder of the default SQLite store
PUBLIC_URL_ENV = "VILLAGE_GAMES_PUBLIC_URL"  # the address other devices open (seat links)
SQLITE_FILE = "tables.sqlite3"

_open: dict[str, TableStore] = {}  # one connection per store per process


def data_dir() -> Path:
    """The data folder: $VILLAGE_GAMES_DATA, else the user's data folder."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser().resolve()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "village-games"


def store_url(url: str | None = None) -> str:
    """The store's URL: `url`, else $VILLAGE_GAMES_STORE, else SQLite in the data folder;
    `none` (any case, as given) when the store is turned off."""
    chosen = (url or os.environ.get(STORE_ENV) or "").strip()
    if chosen.lower() == NO_STORE:
        return NO_STORE
    return chosen or f"sqlite:///{data_dir() / SQLITE_FILE}"


def open_store(url: str | None = None, shared: bool = True) -> TableStore:
    """The table store at `url` (see `store_url`). With `shared`, every caller in this
    process gets one connection (the apps of one kernel); otherwise a new one.

    `NoStore` when there is none to open: turned off (`none`), or SQLite's module is
    missing (Pyodide has no sqlite3 unless it is loaded). Any other problem is another
    `StoreError`."""
    target = store_url(url)
    if shared and target in _open:
        return _open[target]
    if target == NO_STORE:
        raise NoStore(f"the table store is turned off (${STORE_ENV}={NO_STORE})")
    if target.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        store: TableStore = PostgresStore(target)
    elif target.startswith("sqlite:///"):
        try:
            from .sqlite import SQLiteStore
        except ImportError as exc:
            raise NoStore(f"this Python has no SQLite ({exc})") from None
        store = SQLiteStore(target.removeprefix("sqlite:///") or ".")
    else:
        raise StoreError(f"the table store's URL must start with sqlite:/// or postgresql://, "
                         f"or be {NO_STORE}; got {target[:60]!r}")
    if shared:
        _open[target] = store
    return store
