"""Addresses of the app pages: a page's own address or another notebook's, absolute when
the page knows its server (Voila gives a kernel the request's host, port and path;
`VILLAGE_GAMES_PUBLIC_URL` overrides the host part for a school whose server sits behind
another address), else relative to the page; and a link as a row to open, copy or scan.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping

from village_games.tables import PUBLIC_URL_ENV

from .markup import esc
from .page_names import page_name, pages_kind

GALLERY = "index.ipynb"
LOBBY = "lobby.ipynb"
CLASS_EXPERIMENT = "class_experiment.ipynb"


def page_url(query: str, notebook: str = "", env: Mapping[str, str] | None = None) -> str:
    """The address of `notebook` (this page's own when "") with `query`, absolute when
    the server is known; the notebook's page as this kind of site names it (`page_names`)."""
    env = os.environ if env is None else env
    notebook = page_name(notebook, pages_kind(env))
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
