"""The gallery page: a card per app, with ready-made links a teacher can share."""

from __future__ import annotations

import html

import ipywidgets as w

from ..kit.apps import AppEntry, load_apps
from ..kit.markup import slug
from ..kit.page_names import STATIC, linked, needs_server, page_name, pages_kind
from ..kit.theme import style_tag


def card_html(app: AppEntry) -> str:
    """One app's card: its kind, a link, what it is, and ready-made example links."""
    href = html.escape(page_name(app.notebook))
    static = pages_kind() == STATIC
    links = "".join(
        f'<li><a href="{href}?{html.escape(q)}">{html.escape(label)}</a></li>'
        for label, q in app.examples if not (static and needs_server(q)))
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
    notebooks folder (or a static site publishes their pages: `page_names`). On a static
    site, only the apps it publishes, and a line saying what else there is with a server."""
    games: dict[str, list[AppEntry]] = {}
    for app in apps:
        if linked(app.notebook):
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
    note = ("" if all(linked(a.notebook) for a in apps) else
            '<p class="vg-gallery-static-note">This copy of the apps runs in your browser, '
            "with no server: each game's play, rules and replay apps. The lessons, the "
            "lobby, class experiments and the strategy lab need a server.</p>")
    return f'<div class="vg-gallery-games">{"".join(sections)}{note}</div>'


def gallery() -> w.VBox:
    box = w.VBox([style_tag(), w.HTML(gallery_html(load_apps()))])
    box.add_class("vg-app")
    return box
