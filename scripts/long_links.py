"""Links longer than the server opens get a page that says so, not a dropped connection.

Tornado reads a request's address and headers into at most `max_header_size` bytes (64 KB
by default) and closes the connection on a longer one: a link of 70,000 characters left
the browser with "connection reset" and no word why. The server now reads addresses of
up to `HEADER_BYTES` (Chromium sends up to 2 MB), and answers any address longer than
`ADDRESS_LIMIT` (what tornado used to take; the apps never make a link past
`widgets/replay_share.LINK_LIMIT`) with a page, status 414, that says the link is too long
and what to do instead: open the game's record file on the replay page. The page is
share/jupyter/voila/templates/village/link_too_long.html (+ its .css).
"""

from __future__ import annotations

import html
from pathlib import Path
from string import Template
from typing import Any

from tornado.httputil import HTTPServerRequest
from tornado.routing import Matcher, Rule
from tornado.web import RequestHandler

from widgets.table.replay_link import LINK_LIMIT

HEADER_BYTES = 4_000_000  # past Chromium's 2 MB addresses, so every link gets the page
# The longest address (path and query) the server opens: the apps' links, which count from
# the notebook's name, plus room for the server's path before it ("/voila/render/")
ADDRESS_LIMIT = 64_000
assert LINK_LIMIT + 1_000 <= ADDRESS_LIMIT
TEMPLATE = Path(__file__).resolve().parents[1] / "share/jupyter/voila/templates/village"
PAGE = TEMPLATE / "link_too_long.html"
CSS = TEMPLATE / "link_too_long.css"


class LongAddress(Matcher):
    """Matches any request whose address (path and query) is longer than `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        return {} if len(request.uri or "") > self.limit else None


def page_html(address_length: int, path: str, root: str = "/") -> str:
    """The page for an address of `address_length` characters that asked for `path`."""
    short = len(path) <= 200 and path.endswith(".ipynb")
    page = (f'<a href="{html.escape(path)}">open it without the game in the link</a>'
            if short else "from the list of all the games")
    return Template(PAGE.read_text(encoding="utf-8")).substitute(
        css=CSS.read_text(encoding="utf-8"), length=f"{address_length:,}",
        limit=f"{ADDRESS_LIMIT:,}", page=page, home=html.escape(root))


class LinkTooLong(RequestHandler):
    """Status 414 and the page, whatever the method."""

    def prepare(self) -> None:
        self.set_status(414)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        root = self.settings.get("base_url", "/") or "/"
        self.finish(page_html(len(self.request.uri or ""), self.request.path, root))


def too_long_rule(limit: int = ADDRESS_LIMIT) -> Rule:
    """The first handler rule a server needs: long addresses go to `LinkTooLong`."""
    return Rule(LongAddress(limit), LinkTooLong)
