"""The gallery page: a card per app, with ready-made links a teacher can share."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as w

from village_games.core.card_data import field, load_toml

from .action_picker import slug
from .theme import style_tag

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


def card_html(app: AppEntry) -> str:
    """One app's card: its kind, a link, what it is, and ready-made example links."""
    href = html.escape(app.notebook)
    links = "".join(
        f'<li><a href="{href}?{html.escape(q)}">{html.escape(label)}</a></li>'
        for label, q in app.examples)
    return (f'<div class="vg-gallery-card vg-kind-{slug(app.kind)}">'
            f'<div class="vg-gallery-kind">{html.escape(app.kind)}</div>'
            f'<a class="vg-gallery-open" href="{href}">{html.escape(app.game)}: '
            f'{html.escape(app.kind)}</a>'
            f'<p>{html.escape(app.blurb)}</p>'
            + (f'<ul class="vg-gallery-examples">{links}</ul>' if links else "")
            + "</div>")


def gallery_html(apps: list[AppEntry]) -> str:
    """The apps grouped by game (in the order the list first names each game), each group
    under the game's name. Links are relative, so they work wherever Voila serves the
    notebooks folder."""
    games: dict[str, list[AppEntry]] = {}
    for app in apps:
        games.setdefault(app.game, []).append(app)
    sections = []
    for game, entries in games.items():
        count = f"{len(entries)} app{'s' if len(entries) != 1 else ''}"
        sections.append(
            f'<section class="vg-gallery-game vg-game-{slug(game)}">'
            f'<h2 class="vg-gallery-game-title">{html.escape(game)} '
            f'<span class="vg-gallery-count">{count}</span></h2>'
            f'<div class="vg-gallery">{"".join(card_html(a) for a in entries)}</div>'
            "</section>")
    return f'<div class="vg-gallery-games">{"".join(sections)}</div>'


def nav_html(notebook: str, apps: list[AppEntry] | None = None) -> str:
    """A line of links from one app to the gallery and to the same game's other apps
    (relative, like the gallery's own links)."""
    apps = load_apps() if apps is None else apps
    here = next((a for a in apps if a.notebook == notebook), None)
    links = ['<a class="vg-nav-home" href="index.ipynb">← All apps</a>']
    for app in apps:
        if here is not None and app.game == here.game and app.notebook != notebook:
            links.append(f'<a href="{html.escape(app.notebook)}">{html.escape(app.game)}: '
                         f"{html.escape(app.kind)}</a>")
    return f'<div class="vg-nav">{" · ".join(links)}</div>'


def add_nav(app: w.Box, notebook: str) -> w.Box:
    """Put the navigation line at the top of an app's box; returns the box."""
    app.children = (w.HTML(nav_html(notebook)), *app.children)
    return app


def gallery() -> w.VBox:
    box = w.VBox([style_tag(), w.HTML(gallery_html(load_apps()))])
    box.add_class("vg-app")
    return box
