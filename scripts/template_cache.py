"""Voila's page templates compiled once per server, not once per page.

Every page Voila renders gets a fresh nbconvert exporter, and with it a fresh Jinja
environment whose template cache starts empty: the page's templates (index.html.j2 and
the base templates it extends and includes) were read, lexed, parsed and compiled to
Python again for every student, about a quarter of the server's own CPU for a page opened
from a warm kernel (py-spy on `scripts/serve` while a class arrived). Jinja's bytecode
cache is the hook it offers for this: every new environment here shares one in-memory
cache, keyed by the template's name and a checksum of its source, so an edited template
is compiled afresh and an unchanged one never again.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from nbconvert.exporters.templateexporter import TemplateExporter


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept in a dict. A bucket's key already covers the template's
    name and file; `checksum` (of the source) decides whether the code is still good."""

    def __init__(self) -> None:
        self.code: dict[str, tuple[str, bytes]] = {}  # key -> (source checksum, bytecode)

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self.code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.bytecode_from_string(found[1])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = (bucket.checksum, bucket.bytecode_to_string())


SHARED = MemoryBytecodeCache()
_original = TemplateExporter._create_environment


def _create_environment(self: TemplateExporter) -> Any:
    environment = _original(self)
    environment.bytecode_cache = SHARED
    return environment


def install() -> None:
    """Every nbconvert exporter from now on (Voila's included) shares SHARED."""
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]
