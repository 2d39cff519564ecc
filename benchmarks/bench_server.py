"""The server side of the class benchmarks (shared tables, class experiments). Not a test.

Where the run keeps its table store, and which process is the Voila server a benchmark
started, so that its CPU time and kernels can be read.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psutil

from harness.postgres import fresh_schema, postgres_server


@contextlib.contextmanager
def store_for_run(postgres: bool, prefix: str) -> Iterator[tuple[Path, dict[str, str]]]:
    """A fresh data folder and the environment that points servers at the table store:
    SQLite in that folder, or (`postgres`) a fresh schema on a PostgreSQL started from
    Debian's package for this run and stopped after it."""
    data = Path(tempfile.mkdtemp(prefix=prefix))
    if not postgres:
        yield data, {"VILLAGE_GAMES_DATA": str(data)}
        return
    with postgres_server(fast=False) as pg:
        yield data, {"VILLAGE_GAMES_STORE": fresh_schema(pg)}


def server_pid(base: str) -> int:
    """The process of the server listening at `base` (http://host:port)."""
    port = base.rsplit(":", 1)[1]
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info.get("cmdline") or []
        if f"--port={port}" in cmd and any(c.endswith("serve") for c in cmd):
            return p.pid
    raise RuntimeError(f"no server on port {port}")
