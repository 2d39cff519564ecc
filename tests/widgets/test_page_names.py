"""Links between the apps name each page as the site serving them does: the notebook under
Voila (`x.ipynb`), its built page on a static site (`x.html`, where an `.ipynb` link is a
404). One setting decides: $VILLAGE_GAMES_PAGES, by default `static` in Pyodide."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qsl, urlparse

import pytest

from village_games import village_pillage
from village_games.bots import RandomBot
from village_games.core import SeatView
from widgets.kit.apps import load_apps, nav_html
from widgets.kit.page_names import PAGES_ENV, page_name, pages_kind
from widgets.kit.pages import page_url
from widgets.server.gallery import gallery_html
from widgets.table.save_file import save_text
from widgets.table.view import TableApp
from widgets.village_pillage.adapter import PillageAdapter
from widgets.village_pillage.replay_app import make_app as replay_app


def hrefs(markup: str) -> list[str]:
    return re.findall(r"""href=["']([^"']+)["']""", markup)


def test_the_setting_chooses_the_kind_of_site_and_pyodide_means_static():
    assert pages_kind({}, "linux") == "voila"
    assert pages_kind({}, "emscripten") == "static"
    assert pages_kind({PAGES_ENV: "voila"}, "emscripten") == "voila"
    assert pages_kind({PAGES_ENV: " Static "}, "linux") == "static"
    with pytest.raises(ValueError, match=r"\$VILLAGE_GAMES_PAGES must be voila or static"):
        pages_kind({PAGES_ENV: "voici"}, "linux")


def test_a_notebook_is_named_as_the_site_names_its_page():
    assert page_name("villagers_play.ipynb", "voila") == "villagers_play.ipynb"
    assert page_name("villagers_play.ipynb", "static") == "villagers_play.html"
    assert page_name("", "static") == ""  # (this page itself)
    with pytest.raises(ValueError, match="named by its notebook"):
        page_name("villagers_play.html", "voila")


def test_under_voila_every_link_names_the_notebook(monkeypatch):
    monkeypatch.delenv(PAGES_ENV, raising=False)
    links = hrefs(gallery_html(load_apps()) + nav_html("villagers_play.ipynb"))
    assert links and all(".ipynb" in h for h in links)


def test_on_a_static_site_no_link_names_a_notebook(monkeypatch):
    monkeypatch.setenv(PAGES_ENV, "static")
    apps = load_apps()
    gallery = hrefs(gallery_html(apps))
    assert len(gallery) > len(apps) and not any(".ipynb" in h for h in gallery)
    assert "village_pillage_play.html" in gallery
    assert any(h.startswith("village_pillage_play.html?") for h in gallery)  # the examples
    nav = hrefs(nav_html("villagers_play.ipynb"))
    assert nav[0] == "index.html" and "villagers_rules.html" in nav
    assert page_url("?table=x", "villagers_replay.ipynb", env={PAGES_ENV: "static"}) == (
        "villagers_replay.html?table=x")


def test_on_a_static_site_the_play_and_replay_apps_link_to_built_pages(monkeypatch):
    monkeypatch.setenv(PAGES_ENV, "static")
    adapter = PillageAdapter()
    game = village_pillage.new_game(players=3, seed=3)
    bots = [RandomBot(seed=s) for s in range(3)]
    while not game.is_over():
        for seat in game.to_act():
            game.apply(seat, bots[seat].act(SeatView(game, seat)))
    app = TableApp(adapter)  # (no store: the replay link carries the record)
    app.load_json(save_text(game, ["human", "bot", "bot"]))
    replay = hrefs(app.sharing.replay_link(app.session))
    assert len(replay) == 1 and replay[0].startswith("village_pillage_replay.html?record=")
    watch = replay_app(dict(parse_qsl(urlparse(html.unescape(replay[0])).query)))
    assert watch.notice.value == "" and watch.timeline is not None
    shared = hrefs(watch.share.value)
    assert len(shared) == 1 and shared[0].startswith("village_pillage_replay.html?")


def test_on_a_static_site_links_go_only_to_the_pages_it_publishes(monkeypatch):
    """A static site has no lessons, lobby, lab or class experiments (and no server for a
    seat on another device): its gallery and navigation lines do not offer them."""
    from pathlib import Path

    from widgets.kit.page_names import needs_server, on_static_site

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    built = {page_name(p.name, "static") for p in notebooks.glob("*.ipynb")
             if on_static_site(p.name)}
    assert {"index.html", "village_pillage_play.html", "villages_replay.html"} <= built
    assert "village_pillage_lesson.html" not in built and "lobby.html" not in built
    monkeypatch.setenv(PAGES_ENV, "static")
    apps = load_apps()
    gallery = gallery_html(apps)
    pages = [h.split("?")[0] for h in hrefs(gallery)]
    pages += [h for app in apps if on_static_site(app.notebook)
              for h in hrefs(nav_html(app.notebook, apps))]
    assert pages and set(pages) <= built
    assert not any(needs_server(h.partition("?")[2]) for h in hrefs(html.unescape(gallery)))
    assert "need a server" in gallery
    assert needs_server("players=2&seats=human,remote") and not needs_server("seats=human,bot")


def test_under_voila_the_gallery_offers_every_app(monkeypatch):
    monkeypatch.setenv(PAGES_ENV, "voila")
    gallery = gallery_html(load_apps())
    assert "lobby.ipynb" in gallery and "seats=human,remote" in gallery
    assert "need a server" not in gallery
