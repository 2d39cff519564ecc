"""The name a link gives another app's page, on a Voila server or on a static site.

Voila serves each notebook at its own name (`voila/render/villagers_play.ipynb`); a static
site (Voici, on JupyterLite) publishes each as a built page beside the others
(`voici/render/villagers_play.html`), where a link to the `.ipynb` is a 404. Every link from
one app to another goes through `page_name`, and one setting decides which kind of site
this is: $VILLAGE_GAMES_PAGES (`voila` or `static`), by default `static` in the browser's
Python (Pyodide) and `voila` everywhere else.

A static site publishes only some pages (`on_static_site`: the gallery and each game's
play, rules and replay app; scripts/site_pages.py builds these and no others), so links
there leave out the rest and any example that needs a server (a seat on another device).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

PAGES_ENV = "VILLAGE_GAMES_PAGES"
VOILA = "voila"
STATIC = "static"
NOTEBOOK_SUFFIX = ".ipynb"
STATIC_SUFFIX = ".html"
GALLERY_NOTEBOOK = "index.ipynb"
# the apps a static site publishes beside the gallery, by the end of their notebook's name
# (the lessons need numpy, SciPy and matplotlib, which come only with the whole Pyodide
# distribution; the lobby, the strategy lab and class experiments need a server)
STATIC_KINDS = ("play", "rules", "replay")


def pages_kind(env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """`voila` or `static`: $VILLAGE_GAMES_PAGES, else what the platform says (Pyodide is
    `emscripten`). Any other value of the setting is a ValueError naming it."""
    env = os.environ if env is None else env
    chosen = env.get(PAGES_ENV, "").strip().lower()
    if chosen in (VOILA, STATIC):
        return chosen
    if chosen:
        raise ValueError(f"${PAGES_ENV} must be {VOILA} or {STATIC}, got {chosen[:40]!r}")
    return STATIC if (platform or sys.platform) == "emscripten" else VOILA


def page_name(notebook: str, kind: str | None = None) -> str:
    """The name a link uses for `notebook`'s page (a notebook's file name, as the apps
    know them): the notebook itself under Voila, its built page on a static site. ""
    (this page itself) stays ""."""
    if not notebook:
        return ""
    if not notebook.endswith(NOTEBOOK_SUFFIX):
        raise ValueError(f"a page is named by its notebook, *.ipynb; got {notebook[:60]!r}")
    if (kind or pages_kind()) == STATIC:
        return notebook.removesuffix(NOTEBOOK_SUFFIX) + STATIC_SUFFIX
    return notebook


def on_static_site(notebook: str) -> bool:
    """Whether a static site publishes `notebook`'s page (the gallery, and every game's
    `*_play`, `*_rules` and `*_replay` notebook)."""
    stem = notebook.removesuffix(NOTEBOOK_SUFFIX)
    return notebook == GALLERY_NOTEBOOK or stem.rsplit("_", 1)[-1] in STATIC_KINDS


def needs_server(query: str) -> bool:
    """Whether a setup link's `query` asks for what only a server has: a seat on another
    device (`seats=...remote...`)."""
    return any(key == "seats" and "remote" in value.split(",")
               for key, _, value in (part.partition("=") for part in query.split("&")))


def linked(notebook: str, kind: str | None = None) -> bool:
    """Whether a link to `notebook` may go on a page of this kind of site: always under
    Voila; on a static site, only to a page it publishes."""
    return (kind or pages_kind()) != STATIC or on_static_site(notebook)
