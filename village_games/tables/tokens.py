"""Unguessable keys for seats and tables (the standard library's `secrets`)."""

from __future__ import annotations

import secrets

TOKEN_BYTES = 18  # 144 bits: a seat's key cannot be guessed
TABLE_ID_BYTES = 9  # 72 bits: a table id is not a secret (a watch link shows it)


def new_token() -> str:
    """A seat's (or a device's) secret key, safe in a page address."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def same_key(a: str, b: str) -> bool:
    """Compare keys in constant time (a key is a secret)."""
    return secrets.compare_digest(a.encode(), b.encode())
