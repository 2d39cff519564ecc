"""A Voila server for a test or a benchmark: the project's own launcher on loopback.

It runs `scripts/serve`, so tests and benchmarks get the exact flags of `make serve` (the
kernel pools, the page template, the websocket guard), plus tracebacks. The server and
every kernel it starts import this checkout's packages: its root goes first on their
PYTHONPATH. Without that, a second checkout (a git worktree) that shares the first one's
virtualenv served the first one's code, since kernels run in notebooks/ and the editable
install points at the checkout it was made from.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVE = ROOT / "scripts" / "serve"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def checkout_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment with `env` added, and this checkout's root first on
    PYTHONPATH (the server's and its kernels' imports come from here)."""
    merged = {**os.environ, **(env or {})}
    paths = [str(ROOT), *(p for p in merged.get("PYTHONPATH", "").split(os.pathsep) if p)]
    merged["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return merged


@contextlib.contextmanager
def running_voila(root: Path, log: Path, *extra: str, timeout: float = 180,
                  port: int | None = None, env: dict[str, str] | None = None) -> Iterator[str]:
    """Run `scripts/serve` on `root` on a free loopback port (or `port`); yield its base
    URL. `env` adds to the server's environment (a table store of its own, say).

    Output goes to `log` (a pipe could fill up and stall the server). The server runs in
    its own process group so the kernels it started die with it.
    """
    port = port or free_port()
    cmd = [sys.executable, str(SERVE), f"--port={port}", "--show_tracebacks=True", *extra]
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [*cmd, str(root)], stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env=checkout_env(env),
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"Voila exited with {proc.returncode}:\n{tail(log)}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not answer within {timeout:.0f} s:\n{tail(log)}")
            try:
                urllib.request.urlopen(f"{url}/voila/static/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # any HTTP answer (a 404 here) means the server is up
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """End a server started by `running_voila` and its process group (its kernels)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def tail(log: Path, n: int = 40) -> str:
    """The last `n` lines of a server's log, for an error message."""
    return "\n".join(log.read_text(errors="replace").splitlines()[-n:])
