"""Serve Voila's static files (its scripts, the template's CSS, the lab extensions) from memory.

A student's first page load fetches about 100 static files; on the 2-core server each one
cost about 2-3 ms of the single server thread, mostly finding the file again among
several search roots and reading it (benchmarks/static_files.py). A class of 30 arriving
together queued for that, not for their kernels. Here the first unconditional GET of a
URL goes through Voila's own handler as before and its reply (headers and body) is kept;
later GETs of that URL are answered from memory after one `os.stat` that proves the
file is unchanged. Conditional GETs (a browser revalidating), HEAD and Range requests
always take the original path, so 304 replies and partial content work as Voila made them.

Text files (scripts, styles, JSON, SVG) are also kept gzip-compressed, made once when the
file is first kept, and sent so to every browser that accepts gzip: a page's 5.3 MB of
static files become about 1.4 MB, which a class on one classroom Wi-Fi feels more than the
server does (benchmarks/static_files.py).
"""

from __future__ import annotations

import gzip
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

from tornado.web import StaticFileHandler

MAX_FILE_BYTES = 8 * 2**20  # bigger files are rare here and stay on disk
MAX_TOTAL_BYTES = 128 * 2**20  # a ceiling on what a long-running server keeps
# Per-reply headers: tornado (or the conditional-request logic) sets them anew each time.
SKIPPED_HEADERS = frozenset({"Date", "Server", "Content-Length", "Transfer-Encoding",
                             "Set-Cookie"})
CONDITIONAL = ("If-None-Match", "If-Modified-Since", "Range", "If-Range")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml",
                "application/xml", "application/wasm")
GZIP_LEVEL = 6  # level 9 saves about 1% more for twice the (one-time) work
GZIP_MIN_BYTES = 1024  # below this the gzip header eats most of the saving


@dataclass(frozen=True)
class Reply:
    """A 200 reply of a static handler, and the file it came from."""

    absolute_path: str
    mtime_ns: int
    size: int
    headers: tuple[tuple[str, str], ...]
    body: bytes
    gzipped: bytes | None = None  # the body gzip-compressed, if that is worth sending

    @property
    def stored_bytes(self) -> int:
        return len(self.body) + len(self.gzipped or b"")


def compressed(content_type: str, body: bytes) -> bytes | None:
    """`body` gzip-compressed if it is text worth compressing and comes out smaller."""
    if len(body) < GZIP_MIN_BYTES or not content_type.startswith(COMPRESSIBLE):
        return None
    packed = gzip.compress(body, GZIP_LEVEL, mtime=0)  # mtime 0: the same bytes every time
    return packed if len(packed) < 0.9 * len(body) else None


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header allows gzip (`gzip;q=0` refuses it)."""
    for item in accept_encoding.split(","):
        coding, _, params = item.strip().partition(";")
        if coding.strip().lower() in ("gzip", "x-gzip", "*"):
            q = params.strip().lower()
            return not (q.startswith("q=") and float(q[2:] or 0) == 0)
    return False


def weak(etag: str) -> str:
    """The weak form of an ETag, for the gzip representation of the same file."""
    return etag if etag.startswith("W/") else f"W/{etag}"


class ReplyStore:
    """Replies by request URI (the path and its `?v=` version), checked against the file."""

    def __init__(self, max_total: int = MAX_TOTAL_BYTES, max_file: int = MAX_FILE_BYTES):
        self.max_total, self.max_file = max_total, max_file
        self.replies: dict[str, Reply] = {}
        self.total = 0
        self.hits = self.misses = 0

    def get(self, uri: str) -> Reply | None:
        reply = self.replies.get(uri)
        if reply is not None:
            try:
                st = os.stat(reply.absolute_path)
            except OSError:
                st = None
            if st is None or (st.st_mtime_ns, st.st_size) != (reply.mtime_ns, reply.size):
                self.drop(uri)  # edited or deleted: the original handler decides again
                reply = None
        if reply is None:
            self.misses += 1
        else:
            self.hits += 1
        return reply

    def put(self, uri: str, reply: Reply) -> bool:
        """Keep `reply` unless it is too big for the limits; whether it was kept."""
        size = reply.stored_bytes
        if len(reply.body) > self.max_file or self.total + size > self.max_total:
            return False
        self.drop(uri)
        self.replies[uri] = reply
        self.total += size
        return True

    def drop(self, uri: str) -> None:
        old = self.replies.pop(uri, None)
        if old is not None:
            self.total -= old.stored_bytes


STORE = ReplyStore()


class MemoryServed:
    """Mixin for a tornado StaticFileHandler subclass: answer repeat GETs from its store."""

    store: ReplyStore = STORE  # one store for every route, so one memory ceiling
    _captured: list[bytes] | None = None

    async def get(self, path: str, include_body: bool = True) -> None:
        request = self.request  # type: ignore[attr-defined]
        if not include_body or any(h in request.headers for h in CONDITIONAL):
            await super().get(path, include_body)  # type: ignore[misc]
            return
        reply = self.store.get(request.uri)
        if reply is not None:
            self.set_status(200)  # type: ignore[attr-defined]
            packed = reply.gzipped is not None and accepts_gzip(
                request.headers.get("Accept-Encoding", ""))
            for name, value in reply.headers:
                self.set_header(name, weak(value) if packed and name == "Etag" else value)  # type: ignore[attr-defined]
            if reply.gzipped is not None:
                self.set_header("Vary", "Accept-Encoding")  # type: ignore[attr-defined]
            if packed:
                self.set_header("Content-Encoding", "gzip")  # type: ignore[attr-defined]
            super().write(reply.gzipped if packed else reply.body)  # type: ignore[misc]
            return
        self._captured = []
        try:
            await super().get(path, include_body)  # type: ignore[misc]
        except BaseException:
            self._captured = None  # a 404/403/500 page follows: not a file's reply to keep
            raise
        self._keep(request.uri)

    def write(self, chunk: Any) -> None:
        if self._captured is not None:
            if isinstance(chunk, (bytes, bytearray, memoryview)):
                self._captured.append(bytes(chunk))
            else:  # text or JSON is written by a page, never by a plain file
                self._captured = None
        super().write(chunk)  # type: ignore[misc]

    def _keep(self, uri: str) -> None:
        """Store the reply just sent if it is a whole, unchanged file."""
        captured, self._captured = self._captured, None
        absolute = getattr(self, "absolute_path", None)
        if self.get_status() != 200 or not absolute or captured is None:  # type: ignore[attr-defined]
            return
        body = b"".join(captured)
        try:
            st = os.stat(absolute)
        except OSError:
            return
        if st.st_size != len(body):  # a handler that rewrites content: not a plain file
            return
        headers = tuple((k, v) for k, v in self._headers.get_all()  # type: ignore[attr-defined]
                        if k not in SKIPPED_HEADERS)
        content_type = self._headers.get("Content-Type", "")  # type: ignore[attr-defined]
        self.store.put(uri, Reply(absolute, st.st_mtime_ns, st.st_size, headers, body,
                                  compressed(content_type, body)))


@cache
def memory_served(handler: type[StaticFileHandler]) -> type[StaticFileHandler]:
    """`handler` with repeat GETs answered from memory (one subclass per handler class)."""
    return type(f"MemoryServed{handler.__name__}", (MemoryServed, handler), {})


def serve_from_memory(handlers: list[Any], skip: tuple[type, ...] = ()) -> list[Any]:
    """Voila's route list with each static-file route (other than `skip`) memory-served."""
    routes = []
    for route in handlers:
        if (isinstance(route, tuple) and len(route) >= 2 and isinstance(route[1], type)
                and issubclass(route[1], StaticFileHandler) and not issubclass(route[1], skip)):
            route = (route[0], memory_served(route[1]), *route[2:])
        routes.append(route)
    return routes
