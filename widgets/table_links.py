"""The links of a table that lives on the server: a seat's own link (its secret key) with a
QR code for a phone, the watch link for spectators, and the page address that brings a
device back to the table after a reload.

Links are absolute when the page knows its server (Voila gives a kernel the request's
host, port and path; `VILLAGE_GAMES_PUBLIC_URL` overrides the host part for a school whose
server sits behind another address), else relative to the page.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from urllib.parse import quote

from village_games.tables import PUBLIC_URL_ENV, REMOTE
from village_games.tables.model import Table

from .markup import esc


def table_query(table_id: str, key: str = "") -> str:
    """`?table=...` (a spectator) or `?table=...&key=...` (a seat, or the host device)."""
    query = f"?table={quote(table_id)}"
    return query + (f"&key={quote(key)}" if key else "")


def page_url(query: str, notebook: str = "", env: Mapping[str, str] | None = None) -> str:
    """The address of `notebook` (this page's own when "") with `query`, absolute when
    the server is known."""
    env = os.environ if env is None else env
    script = env.get("SCRIPT_NAME", "")  # e.g. /voila/render/villagers_play.ipynb
    if script.endswith(".ipynb"):
        path = posixpath.join(posixpath.dirname(script), notebook) if notebook else script
    else:
        return f"{notebook}{query}"  # outside Voila (JupyterLab, tests): relative
    public = env.get(PUBLIC_URL_ENV, "").rstrip("/")
    if public:
        return f"{public}{path}{query}"
    host, port = env.get("SERVER_NAME", ""), env.get("SERVER_PORT", "")
    if not host:
        return f"{path}{query}"
    return f"http://{host}{':' + port if port else ''}{path}{query}"


def in_voila(env: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel serves a Voila page (whose address the app may set)."""
    env = os.environ if env is None else env
    return env.get("SCRIPT_NAME", "").endswith(".ipynb")


def qr_svg(url: str) -> str:
    """A QR code of `url` as inline SVG (segno; drawn here, nothing fetched)."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=3, border=2))


def link_row(label: str, url: str, css: str, extra: str = "", qr_open: bool = False) -> str:
    """One link as a list row: open it, copy it, or scan its QR code (shown at once with
    `qr_open`, for a page a class sees on the projector)."""
    u = esc(url)
    return (f'<li class="vg-link-row"><span class="vg-link-label">{esc(label)}</span> '
            f'<a class="{css}" {extra}href="{u}" target="_blank">open</a> '
            f'<input class="vg-link-text" readonly value="{u}" aria-label="the link, to copy"> '
            f'<details class="vg-qr"{" open" if qr_open else ""}><summary>QR code</summary>'
            f'{qr_svg(url)}</details></li>')


def invitations_html(table: Table) -> str:
    """For the device that set the table up: one link per seat on another device (each
    holds that seat's key: send it to that person only) and the watch link."""
    rows = [link_row(f"{seat.name} (seat {i + 1})", page_url(table_query(table.id, seat.token)),
                     "vg-seat-link", f'data-seat="{i}" ')
            for i, seat in enumerate(table.seats) if seat.kind == REMOTE]
    head = ("Players on other devices join by their own link: send each one only their "
            "link (it is their seat's key), or let them scan its QR code."
            if rows else "")
    return (f'<div class="vg-table-links"><div class="vg-note">{head}</div>'
            f'<ul class="vg-link-list">{"".join(rows)}'
            f'{watch_row(table)}</ul></div>')


def watch_row(table: Table) -> str:
    return link_row("Watch (the public view: no hidden cards)",
                     page_url(table_query(table.id)), "vg-watch-link")


def watch_html(table: Table) -> str:
    """The watch link alone (for a seat's or a spectator's page: never another seat's)."""
    return f'<div class="vg-table-links"><ul class="vg-link-list">{watch_row(table)}</ul></div>'
