"""The list of apps (gallery_apps.toml: one entry per notebook, in the gallery's order) and
the navigation line each app shows at its top."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as w

from village_games.core.card_data import field, load_toml

from .page_names import linked, page_name
from .pages import GALLERY

APPS_FILE = Path(__file__).with_name("gallery_apps.toml")


@dataclass(frozen=True)
class AppEntry:
    game: str
    kind: str
    notebook: str
    blurb: str
    examples: tuple[tuple[str, str], ...]


def load_apps(path: Path = APPS_FILE) -> list[AppEntry]:
    data = load_toml(path)
    apps = []
    for i, row in enumerate(data.get("app", [])):
        where = f"{path.name} app #{i + 1}"
        examples = tuple((field(e, "label", str, where), field(e, "query", str, where))
                         for e in row.get("examples", []))
        apps.append(AppEntry(field(row, "game", str, where), field(row, "kind", str, where),
                             field(row, "notebook", str, where), field(row, "blurb", str, where),
                             examples))
    return apps


def nav_html(notebook: str, apps: list[AppEntry] | None = None) -> str:
    """A line of links from one app to the gallery and to the same game's other apps
    (relative, like the gallery's own links; each page as this kind of site names it, and
    on a static site only the pages it publishes)."""
    apps = load_apps() if apps is None else apps
    here = next((a for a in apps if a.notebook == notebook), None)
    home = html.escape(page_name(GALLERY))
    links = [f'<a class="vg-nav-home" href="{home}">← All apps</a>']
    for app in apps:
        if (here is not None and app.game == here.game and app.notebook != notebook
                and linked(app.notebook)):
            href = html.escape(page_name(app.notebook))
            links.append(f'<a href="{href}">{html.escape(app.game)}: '
                         f"{html.escape(app.kind)}</a>")
    return f'<div class="vg-nav">{" · ".join(links)}</div>'


def add_nav(app: w.Box, notebook: str) -> w.Box:
    """Put the navigation line at the top of an app's box; returns the box."""
    app.children = (w.HTML(nav_html(notebook)), *app.children)
    return app
