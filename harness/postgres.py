"""A throwaway PostgreSQL server, for the tests of the PostgreSQL table store and for the
benchmarks of several servers sharing one.

It runs Debian's `postgresql` binaries (`.ci/run` installs the package) on a free loopback
port, with its data in a temporary folder; as root it runs them as the `postgres` user,
since PostgreSQL refuses to run as root. A missing PostgreSQL fails loudly: the tests of
the second backend must never skip without saying so.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

USER = "vg"


def binaries() -> Path:
    """The folder of the newest installed PostgreSQL's programs."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    if not found:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql; "
                           ".ci/run does it): the PostgreSQL table store cannot be tested")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextlib.contextmanager
def postgres_server(fast: bool = True) -> Iterator[str]:
    """Start PostgreSQL; yield the URL of its `postgres` database; stop and remove it.
    `fast` turns fsync off (tests); benchmarks keep the defaults."""
    bin_dir = binaries()
    root = Path(tempfile.mkdtemp(prefix="vg-postgres-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, port = root / "data", _free_port()
    subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust",
                              "-U", USER, "-E", "UTF8"]),
                   check=True, capture_output=True, text=True)
    settings = f"-k {root} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=200"
    if fast:
        settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", settings,
                              "-l", str(root / "server.log"), "-w", "-t", "60", "start"]),
                   check=True, capture_output=True, text=True)
    try:
        yield f"postgresql://{USER}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                  "-w", "stop"]), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def fresh_schema(url: str) -> str:
    """A URL of the same server whose tables live in a new, empty schema (one per test)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return f"{url}?options=-csearch_path%3D{name}"

