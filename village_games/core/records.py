"""Game records as text: JSON for files and pasting, a short packed form for links.

The packed form is the record's compact JSON, zlib-compressed, in URL-safe base64 without
padding: a whole Village Pillage game fits in well under a kilobyte of page address.
Reading either form refuses damaged input with a `RecordError` that says what is wrong,
and never inflates more than `MAX_RECORD_BYTES` (a small link cannot become a huge text).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from .json_text import read_json
from .replay import Record, RecordError, check_record_shape

MAX_RECORD_BYTES = 2_000_000


def record_json(record: Record) -> str:
    """The record as readable JSON (what a record file holds)."""
    return json.dumps(record, indent=1)


def record_from_json(text: str) -> Record:
    """A record from JSON text, checked for the parts every record has."""
    if not text.strip():
        raise RecordError("there is no record: the text is empty")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"that text is too long to be a game record ({len(text)} characters)")
    try:
        data = read_json(text, "that record")
    except ValueError as exc:  # not JSON, a huge number, nested too deep
        raise RecordError(str(exc)) from None
    return check_record_shape(data)


def pack_record(record: Record) -> str:
    """The record as a short URL-safe token (for `?record=` links)."""
    text = json.dumps(record, separators=(",", ":"))
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def unpack_record(token: str) -> Record:
    """The record a token from `pack_record` holds; RecordError for a damaged or cut one."""
    token = token.strip()
    if not token:
        raise RecordError("the record in the link is empty")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("the record in the link is damaged: it is not in the packed form "
                          "a replay link uses") from None
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(raw, MAX_RECORD_BYTES)
    except zlib.error:
        raise RecordError("the record in the link is damaged: it does not unpack") from None
    if inflate.unconsumed_tail:
        raise RecordError("the record in the link unpacks to far more than a game record")
    if not inflate.eof:
        raise RecordError("the record in the link is cut short: copy the whole link")
    if inflate.unused_data:
        raise RecordError("the record in the link is damaged: something follows its end")
    try:
        return record_from_json(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("the record in the link is damaged: it is not text") from None
