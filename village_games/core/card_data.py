"""Loading and validating card data files (TOML): a bad file fails once, clearly."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class CardDataError(ValueError):
    """A card file is missing, unreadable or breaks its schema; the message says where."""


def load_toml(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CardDataError(f"card file not found: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path} is not valid TOML: {exc}") from None


def field(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """`table[key]`, checked to be of `kind`; the error names the file position `where`."""
    if key not in table:
        raise CardDataError(f"{where}: missing field {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise CardDataError(f"{where}: field {key!r} must be {names}, got {value!r}")
    return value


def int_field(table: dict[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = field(table, key, int, where)
    if not lo <= value <= hi:
        raise CardDataError(f"{where}: field {key!r} must be from {lo} to {hi}, got {value}")
    return value


def choice_field(table: dict[str, Any], key: str, where: str, allowed: tuple[str, ...]) -> str:
    value = field(table, key, str, where)
    if value not in allowed:
        raise CardDataError(f"{where}: field {key!r} must be one of {', '.join(allowed)}; "
                            f"got {value!r}")
    return value


def unknown_keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise CardDataError(f"{where}: unknown field(s) {', '.join(extra)}; "
                            f"allowed: {', '.join(sorted(allowed))}")
