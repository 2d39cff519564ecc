"""A folder served as plain files on a free port of 127.0.0.1: what any static web host
does with the static site (`make site`), for its test and its benchmark."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass  # (a line per file would bury the test's own output)


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """The base URL of `folder` served until the block ends."""
    handler = functools.partial(QuietFiles, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
