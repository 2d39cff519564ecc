"""Loading and validating card data files (TOML): a bad file fails once, clearly."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

T = TypeVar("T")

# A deck, solo event or Location file is a few KB; 1 MB leaves room for any hand-made
# one. (A 50 MB file took 40 s to read; the apps' uploads have the same limit.)
MAX_DATA_FILE_BYTES = 1_000_000


class CardDataError(ValueError):
    """A card file is missing, unreadable or breaks its schema; the message says where."""


def check_data_size(size: int, name: str) -> None:
    """CardDataError when a data file of `size` bytes is over `MAX_DATA_FILE_BYTES`."""
    if size > MAX_DATA_FILE_BYTES:
        raise CardDataError(f"{name} is larger than {MAX_DATA_FILE_BYTES // 1_000_000} MB, "
                            "the most a card file may be")


def load_toml(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        if path.is_dir():
            raise CardDataError(f"{path} is a folder, not a card file")
        with path.open("rb") as fh:
            raw = fh.read(MAX_DATA_FILE_BYTES + 1)  # (a device may never end)
            check_data_size(max(len(raw), path.stat().st_size), path.name)
    except FileNotFoundError:
        raise CardDataError(f"card file not found: {path}") from None
    except OSError as exc:
        raise CardDataError(f"{path} cannot be read: {exc.strerror or exc}") from None
    return toml_text(raw, path)


def toml_text(raw: bytes | str, name: str | Path) -> dict[str, Any]:
    """A data file's contents, parsed; CardDataError naming the file when it is over
    `MAX_DATA_FILE_BYTES`, not UTF-8 text or not valid TOML."""
    if isinstance(raw, str):
        check_data_size(len(raw.encode("utf-8", "surrogatepass")), Path(name).name)
        text = raw
    else:
        check_data_size(len(raw), Path(name).name)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CardDataError(f"{name} is not a text file (a card file is TOML, in "
                                "UTF-8)") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{name} is not valid TOML: {exc}") from None


@overload
def field(table: Mapping[str, object], key: str, kind: type[T], where: str) -> T: ...
@overload
def field(table: Mapping[str, object], key: str, kind: tuple[type, ...],
          where: str) -> object: ...
def field(table: Mapping[str, object], key: str, kind: type | tuple[type, ...],
          where: str) -> object:
    """`table[key]`, checked to be of `kind`; the error names the file position `where`."""
    if key not in table:
        raise CardDataError(f"{where}: missing field {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise CardDataError(f"{where}: field {key!r} must be {names}, got {value!r}")
    return value


def name_field(table: Mapping[str, object], key: str, where: str) -> str:
    """A card's (or event's) name: text with something in it. A blank name cannot be told
    apart on the table, and a save that holds such a card cannot name it again."""
    value = field(table, key, str, where)
    if not value.strip():
        raise CardDataError(f"{where}: field {key!r} must not be empty")
    return value


def int_field(table: Mapping[str, object], key: str, where: str, lo: int, hi: int) -> int:
    value = field(table, key, int, where)
    if not lo <= value <= hi:
        raise CardDataError(f"{where}: field {key!r} must be from {lo} to {hi}, got {value}")
    return value


def choice_field(table: Mapping[str, object], key: str, where: str,
                 allowed: tuple[str, ...]) -> str:
    value = field(table, key, str, where)
    if value not in allowed:
        raise CardDataError(f"{where}: field {key!r} must be one of {', '.join(allowed)}; "
                            f"got {value!r}")
    return value


def unknown_keys(table: Mapping[str, object], allowed: set[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise CardDataError(f"{where}: unknown field(s) {', '.join(extra)}; "
                            f"allowed: {', '.join(sorted(allowed))}")
