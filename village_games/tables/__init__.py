"""Tables that live on the server: a game's record, its seats and its moves, in a database.

Pure Python (no Jupyter). A table is the game's record (game, options, seed, data files)
plus its seats (a person at the device that opened it, a person on another device, a
bot), the moves so far, a version number and timestamps. The moves are the truth:
replaying them gives the state. Moves are appended with optimistic concurrency (a move
names the version it was made on), so two devices moving at once get exactly one move
applied. The tables and class experiments share one database through its public interface
(`database.py`: transactions, reads, announcing a change, a change mark per topic), each
with its own schema. Two backends behind one interface: SQLite from the standard library (the
default) and PostgreSQL by URL (psycopg 3) for several servers behind one address.

    store = open_store("sqlite:///tmp/tables.sqlite3")
    table = store.create(new_table("villagers", base, seats))
    store.append(table.id, table.version, [(0, {"type": "DraftRoad", "slot": 1})])
"""

from .database import Database, SchemaPart
from .errors import (
    Conflict,
    NoStore,
    SchemaMismatch,
    StoreError,
    StoreUnavailable,
    UnknownTable,
)
from .model import BOT, HUMAN, REMOTE, SEAT_KINDS, Move, Seat, Table, new_table
from .open import (
    DATA_ENV,
    NO_STORE,
    PUBLIC_URL_ENV,
    STORE_ENV,
    data_dir,
    open_store,
    store_url,
)
from .store import TableStore
from .tokens import new_token

__all__ = [
    "BOT",
    "DATA_ENV",
    "HUMAN",
    "NO_STORE",
    "REMOTE",
    "SEAT_KINDS",
    "PUBLIC_URL_ENV",
    "STORE_ENV",
    "Conflict",
    "Database",
    "Move",
    "NoStore",
    "SchemaMismatch",
    "SchemaPart",
    "Seat",
    "StoreError",
    "StoreUnavailable",
    "Table",
    "TableStore",
    "UnknownTable",
    "data_dir",
    "new_table",
    "new_token",
    "open_store",
    "store_url",
]
