"""scripts/static_memory.py: static files answered from memory, and never stale or wrong."""

import asyncio
import gzip
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from jupyter_server.base.handlers import FileFindHandler
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from tornado.web import Application, RequestHandler, StaticFileHandler
from voila.static_file_handler import (
    AllowListFileHandler,
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from static_memory import MemoryServed, ReplyStore, serve_from_memory  # noqa: E402


def fetch_all(root: Path, store: ReplyStore, requests: list[tuple[str, dict]],
              raw: bool = False) -> list:
    """Serve `root` with a memory-served StaticFileHandler on `store`; GET each
    (path, headers) in turn; the replies (a 304 or other error comes back as its error).
    `raw`: bodies as sent, not gzip-decoded, and no Accept-Encoding unless given."""
    handler = type("Served", (MemoryServed, StaticFileHandler), {"store": store})

    async def scenario() -> list:
        sock, port = bind_unused_port()
        server = HTTPServer(Application([(r"/static/(.*)", handler, {"path": str(root)})]))
        server.add_sockets([sock])
        client = AsyncHTTPClient(force_instance=True)
        replies = []
        try:
            for path, headers in requests:
                try:
                    replies.append(await client.fetch(f"http://127.0.0.1:{port}{path}",
                                                      headers=headers,
                                                      decompress_response=not raw))
                except HTTPClientError as exc:
                    replies.append(exc)
        finally:
            client.close()
            server.stop()
        return replies

    # a thread of its own: the browser tests' Playwright keeps an event loop running in
    # this one, where asyncio.run() refuses to start another
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(scenario())).result()


@pytest.fixture
def files(tmp_path) -> Path:
    (tmp_path / "app.js").write_text("console.log('hello');\n" * 50)
    return tmp_path


def test_a_file_is_read_once_then_answered_from_memory_with_the_same_reply(files):
    store = ReplyStore()
    first, second = fetch_all(files, store, [("/static/app.js", {})] * 2)
    assert first.body == second.body == (files / "app.js").read_bytes()
    assert (store.misses, store.hits) == (1, 1)
    for name in ("Content-Type", "Last-Modified", "Cache-Control"):
        assert first.headers.get(name) == second.headers.get(name), name
    assert second.headers["Etag"] in (first.headers["Etag"], "W/" + first.headers["Etag"])


def test_a_browser_that_accepts_gzip_gets_the_file_compressed_and_whole(files):
    store = ReplyStore()
    plain = (files / "app.js").read_bytes()
    browser = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # as Chromium sends it
    _, packed = fetch_all(files, store, [("/static/app.js", browser)] * 2, raw=True)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["Vary"] == "Accept-Encoding"
    assert int(packed.headers["Content-Length"]) == len(packed.body) < len(plain) / 2
    assert gzip.decompress(packed.body) == plain
    assert packed.headers["Etag"].startswith("W/")  # another representation of the file
    (again,) = fetch_all(files, store, [("/static/app.js",
                                         {"If-None-Match": packed.headers["Etag"]})])
    assert isinstance(again, HTTPClientError) and again.code == 304  # still revalidates


def test_a_client_that_refuses_gzip_gets_the_plain_file(files):
    store = ReplyStore()
    plain = (files / "app.js").read_bytes()
    for accept in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "gzip;q=0, br"}):
        _, reply = fetch_all(files, store, [("/static/app.js", accept)] * 2, raw=True)
        assert "Content-Encoding" not in reply.headers, accept
        assert reply.body == plain and reply.headers["Content-Length"] == str(len(plain))
        assert reply.headers["Vary"] == "Accept-Encoding"


def test_binary_and_tiny_files_are_never_compressed(files):
    (files / "font.woff2").write_bytes(bytes(range(256)) * 20)
    (files / "tiny.js").write_text("x = 1;\n")
    store = ReplyStore()
    fetch_all(files, store, [("/static/font.woff2", {}), ("/static/tiny.js", {})])
    assert [r.gzipped for r in store.replies.values()] == [None, None]


def test_an_edited_file_is_read_again(files):
    store = ReplyStore()
    fetch_all(files, store, [("/static/app.js", {})])
    (files / "app.js").write_text("changed\n")
    (reply,) = fetch_all(files, store, [("/static/app.js", {})])
    assert reply.body == b"changed\n"
    assert store.hits == 0


def test_a_revalidating_browser_still_gets_not_modified(files):
    store = ReplyStore()
    (first,) = fetch_all(files, store, [("/static/app.js", {})])
    (again,) = fetch_all(files, store, [("/static/app.js",
                                         {"If-None-Match": first.headers["Etag"]})])
    assert isinstance(again, HTTPClientError) and again.code == 304


def test_a_range_request_gets_only_its_range(files):
    store = ReplyStore()
    _, part = fetch_all(files, store, [("/static/app.js", {}),
                                       ("/static/app.js", {"Range": "bytes=0-6"})])
    assert part.code == 206 and part.body == b"console"


def test_a_missing_file_is_a_404_and_nothing_is_kept(files):
    store = ReplyStore()
    (reply,) = fetch_all(files, store, [("/static/nowhere.js", {})])
    assert isinstance(reply, HTTPClientError) and reply.code == 404
    assert store.replies == {}


def test_a_missing_file_gets_its_error_page_and_no_traceback(files, caplog):
    """The error page is written as text; keeping a reply must not break it (it came out
    empty, with a TypeError in the log for every request)."""
    store = ReplyStore()
    with caplog.at_level("ERROR"):
        missing, outside = fetch_all(files, store, [("/static/nowhere.js", {}),
                                                     ("/static/%2E%2E/secret.txt", {})])
    assert missing.code == 404 and b"404" in missing.response.body
    assert outside.code in (403, 404) and str(outside.code).encode() in outside.response.body
    assert store.replies == {}
    assert not [r for r in caplog.records if r.exc_info], caplog.text


def test_the_store_keeps_nothing_beyond_its_limits(files):
    (files / "big.js").write_bytes(b"x" * 5000)
    store = ReplyStore(max_total=6000, max_file=4000)
    fetch_all(files, store, [("/static/big.js", {}), ("/static/app.js", {})])
    assert list(store.replies) == ["/static/app.js"]  # big.js is over the per-file limit
    kept = store.replies["/static/app.js"]
    assert store.total == (files / "app.js").stat().st_size + len(kept.gzipped)


def test_voilas_static_routes_are_memory_served_but_not_the_notebook_folder():
    class Page(RequestHandler):
        pass

    routes = [("/voila/templates/(.*)", TemplateStaticFileHandler),
              ("/voila/static/(.*)", MultiStaticFileHandler, {"paths": ["/x"]}),
              ("/voila/labextensions/(.*)", FileFindHandler, {"path": ["/y"]}),
              ("/voila/files/(.*)", AllowListFileHandler, {"path": "/z"}),
              ("/voila/render/(.*)", Page)]
    served = serve_from_memory(routes, skip=(AllowListFileHandler,))
    kinds = {route[0]: route[1] for route in served}
    for path in ("/voila/templates/(.*)", "/voila/static/(.*)", "/voila/labextensions/(.*)"):
        assert issubclass(kinds[path], MemoryServed), path
    assert kinds["/voila/files/(.*)"] is AllowListFileHandler
    assert kinds["/voila/render/(.*)"] is Page
    assert served[1][2] == {"paths": ["/x"]}  # route options pass through unchanged
