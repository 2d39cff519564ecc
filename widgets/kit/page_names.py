"""The name a link gives another app's page, on a Voila server or on a static site.

Voila serves each notebook at its own name (`voila/render/villagers_play.ipynb`); a static
site (Voici, on JupyterLite) publishes each as a built page beside the others
(`voici/render/villagers_play.html`), where a link to the `.ipynb` is a 404. Every link from
one app to another goes through `page_name`, and one setting decides which kind of site
this is: $VILLAGE_GAMES_PAGES (`voila` or `static`), by default `static` in the browser's
Python (Pyodide) and `voila` everywhere else.
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
