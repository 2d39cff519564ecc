"""The play apps where there is no table store: a Python without sqlite3 (Pyodide, on a
static site) or a server run with VILLAGE_GAMES_STORE=none. The page keeps its game in the
tab, says so in plain words, offers no seat on another device, and save and load work."""

from __future__ import annotations

import sys

import pytest

from tests.widgets.table_moves import plan
from village_games.tables import STORE_ENV, open_store
from village_games.tables import open as opening
from widgets.table.bot_choice import open_play_page
from widgets.table.page import open_table
from widgets.table.setup import HUMAN, REMOTE
from widgets.village_pillage.adapter import PillageAdapter
from widgets.village_pillage.adapter import make_app as pillage_app
from widgets.villages.adapter import make_app as villages_app


@pytest.fixture
def no_sqlite(monkeypatch):
    """This kernel as if its Python had no sqlite3 (and had never loaded the store's SQLite
    module, nor opened a store)."""
    monkeypatch.setitem(sys.modules, "sqlite3", None)
    monkeypatch.delitem(sys.modules, "village_games.tables.sqlite", raising=False)
    monkeypatch.setattr(opening, "_open", {})


@pytest.fixture
def store_off(monkeypatch):
    monkeypatch.setenv(STORE_ENV, "none")


def says_it_stays_in_this_tab(app) -> bool:
    note = app.tab_note.value
    return ("stays in this tab" in note and "another device" in note
            and "reloading the page starts a new game" in note and "Save / load" in note)


def test_without_sqlite_the_play_page_keeps_its_game_in_the_tab_and_plays(no_sqlite,
                                                                          monkeypatch):
    """The notebook's own path: the app built first, the page address read after."""
    monkeypatch.setenv("QUERY_STRING", "seats=human,bot,bot&seed=4")
    app = open_play_page(pillage_app)
    assert app.banner.value == "" and app.notice.value == ""
    assert app.tab_only and says_it_stays_in_this_tab(app)
    s = app.session
    assert s is not None and s.table is None and s.kinds == [HUMAN, "bot", "bot"]
    assert app.sharing.address.query == "" and app.sharing.links.value == ""
    plan(app, "Farmer", "Raider")
    assert len(app.session.game.history) >= 1 and app.banner.value == ""
    assert "sqlite3" not in sys.modules or sys.modules["sqlite3"] is None


def test_a_server_without_a_store_keeps_each_game_in_its_tab(store_off):
    app = open_table(PillageAdapter(), {"seats": "human,human", "seed": "5"})
    assert app.tab_only and says_it_stays_in_this_tab(app)
    assert app.session.table is None and app.session.hot_seat


def test_a_page_without_a_store_offers_no_seat_on_another_device(store_off):
    app = open_table(PillageAdapter(), {"seats": "human,remote,bot", "seed": "5"})
    assert [k for _label, k in app.setup.seat_boxes[1][0].options] == [HUMAN, "bot"]
    assert app.session.kinds == [HUMAN, HUMAN, "bot"]
    assert "Seat 2: a person at this screen" in app.screen.table_notice.value
    assert app.setup.read().seats == [HUMAN, HUMAN, "bot"]
    assert app.setup.seed_box.layout.display != "none"  # (no remote seat: no secret seed)
    assert app.session.game.seed == 5


def test_a_table_link_on_a_page_without_a_store_opens_nothing_and_says_why(store_off):
    app = open_table(PillageAdapter(), {"table": "abc", "key": "def"})
    assert app.session is None
    assert "No table" in app.notice.value and "keeps its games in the tab" in app.notice.value


def test_save_and_load_work_without_a_store(no_sqlite):
    app = open_table(PillageAdapter(), {"seats": "human,bot,bot", "seed": "6"})
    plan(app, "Farmer", "Wall")
    saved = app.save_json()
    before = list(app.session.game.history)
    app._on_new_game()
    assert len(app.session.game.history) == 0
    app.tools.load_text.value = saved
    app.tools.load_button.click()
    assert app.banner.value == "", app.banner.value
    assert "Loaded" in app.tools.load_note.value
    s = app.session
    assert s.game.history[:len(before)] == before and s.table is None  # (bots play on)


def test_a_save_with_a_remote_seat_loads_with_a_person_in_its_place(store_off, tmp_path):
    stored = open_table(PillageAdapter(), {"seats": "human,remote,bot", "seed": "6"},
                        store=open_store(f"sqlite:///{tmp_path / 't.sqlite3'}", shared=False))
    plan(stored, "Farmer", "Raider")
    text = stored.session.save_json()  # (the host's save once the game is over)
    app = open_table(PillageAdapter(), {"seats": "human,bot,bot", "seed": "1"})
    app.load_json(text)
    assert app.session.kinds == [HUMAN, HUMAN, "bot"] and REMOTE not in app.setup.read().seats
    assert "Seat 2: a person at this screen" in app.screen.table_notice.value


def test_a_play_app_that_reads_its_bots_from_the_link_keeps_its_game_in_the_tab(store_off):
    """(Villages and Villagers & Villains build their app from the address: `open_page`.)"""
    from widgets.table.page import open_page

    app = open_page(villages_app, {"seats": "human,bot", "seed": "2", "bots": "random"})
    assert app.tab_only and says_it_stays_in_this_tab(app) and app.session.table is None
    assert app.banner.value == "" and app.notice.value == ""
