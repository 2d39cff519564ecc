"""What can go wrong with the table store, as exceptions an app can show in words."""

from __future__ import annotations


class StoreError(Exception):
    """Any problem with the table store; the message says what, for a person."""


class NoStore(StoreError):
    """This process keeps no tables at all: the store was turned off (`$VILLAGE_GAMES_STORE`
    is `none`) or the database library cannot be imported (a Python in the browser has no
    sqlite3). Pages then keep their game in the page itself; it is not a fault to report."""


class SchemaMismatch(StoreError):
    """The database was written by another version of this program (or is not ours)."""


class StoreUnavailable(StoreError):
    """The database cannot be written or read now (locked, full, gone): try again later.
    Nothing was changed. `read_only`: the connection was refused a write as read-only."""

    def __init__(self, message: str, read_only: bool = False) -> None:
        super().__init__(message)
        self.read_only = read_only


class UnknownTable(StoreError):
    """No table with that id (or the link's key does not open it)."""


class Conflict(StoreError):
    """The table changed since the version a move was made on: someone moved first.
    Nothing was written; `by` names the seat of the move that came first, if one did."""

    def __init__(self, message: str, version: int, by: int | None = None) -> None:
        super().__init__(message)
        self.version = version
        self.by = by
