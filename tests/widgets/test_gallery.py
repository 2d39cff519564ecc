"""The gallery links every notebook in notebooks/ and nothing that does not exist."""

import html
from pathlib import Path

import pytest

from village_games.core.card_data import CardDataError
from widgets.kit.apps import load_apps
from widgets.server.gallery import gallery, gallery_html

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_gallery_links_every_app_notebook_and_only_existing_ones():
    linked = {app.notebook for app in load_apps()}
    present = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"index.ipynb"}
    assert linked == present


def test_gallery_html_carries_shareable_query_links():
    page = gallery_html(load_apps())
    assert 'href="village_pillage_play.ipynb?players=3&amp;seats=human,bot,bot&amp;seed=7"' in page
    assert gallery().children


def test_the_gallery_offers_a_table_shared_with_another_device():
    """A teacher looking for a game on several devices found no example of one."""
    from widgets.table.setup import parse_setup
    from widgets.village_pillage.adapter import PillageAdapter

    shared = [(app, label, query) for app in load_apps() for label, query in app.examples
              if "remote" in query]
    assert shared, "no example link sets up a table with a seat on another device"
    app, label, query = shared[0]
    assert app.kind == "Play" and "device" in label
    setup, errors = parse_setup(dict(p.split("=", 1) for p in query.split("&")),
                                PillageAdapter())
    assert not errors and "remote" in setup.seats


def test_a_broken_app_list_fails_with_the_entry_named(tmp_path):
    bad = tmp_path / "apps.toml"
    bad.write_text('[[app]]\ngame = "X"\nkind = "Play"\n')
    with pytest.raises(CardDataError, match="app #1: missing field 'notebook'"):
        load_apps(bad)


def test_each_app_links_back_to_the_gallery_and_to_its_games_other_apps():
    from widgets.kit.apps import nav_html
    nav = nav_html("village_pillage_play.ipynb")
    assert 'href="index.ipynb"' in nav
    assert 'href="village_pillage_rules.ipynb"' in nav
    assert 'href="village_pillage_lesson.ipynb"' in nav
    assert 'href="village_pillage_play.ipynb"' not in nav  # not to itself


def test_the_apps_show_the_navigation_line():
    from widgets.village_pillage.adapter import play_app
    from widgets.village_pillage.lesson_app import lesson_app
    from widgets.village_pillage.walkthrough_app import walkthrough_app
    for app in (play_app({}), walkthrough_app(query={}), lesson_app(seed=1)):
        assert "vg-nav" in app.children[0].value and "All apps" in app.children[0].value


def test_no_two_example_links_in_the_gallery_share_a_label():
    labels = [label for app in load_apps() for label, _query in app.examples]
    assert len(labels) == len(set(labels)), "a reader could not tell these links apart"


def test_the_gallery_groups_the_apps_by_game_play_first():
    apps = load_apps()
    page = gallery_html(apps)
    games = list(dict.fromkeys(app.game for app in apps))
    sections = page.split('<section class="vg-gallery-game ')[1:]
    assert len(sections) == len(games) >= 4
    for game, section in zip(games, sections, strict=True):
        mine = [a for a in apps if a.game == game]
        assert f'<h2 class="vg-gallery-game-title">{html.escape(game)} ' in section
        assert section.count('class="vg-gallery-card ') == len(mine)
        if any(a.kind == "Play" for a in mine):
            assert mine[0].kind == "Play"  # a game's group opens with its table
