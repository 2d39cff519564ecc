"""Search as a bot kind with a strength in all four play apps, and what the search bot
thinks as a coach, through one shared helper (widgets/table/bot_choice.py, search_coach.py)."""

from __future__ import annotations

import importlib
import re

import pytest

from village_games.bots import SearchBot

APPS = ("village_pillage", "villagers", "villagers_and_villains", "villages")


def make(game: str, **query: str):
    module = importlib.import_module(f"widgets.{game}.adapter")
    return module.make_app({"players": "2", "seed": "3", **query})


@pytest.mark.parametrize("game", APPS)
def test_a_link_asks_for_search_bots_at_a_strength(game: str) -> None:
    app = make(game, seats="human,bot", bots="search", strength="100")
    bot = app.session.bots[1]
    assert isinstance(bot, SearchBot) and bot.iterations == 100
    assert app.bot_box.value == "search" and app.strength_box.value == 100
    assert app.strength_box.layout.display != "none"  # shown for search bots only
    assert "bots=search&strength=100" in app.sharing.share_query(app.session)


@pytest.mark.parametrize("game", APPS)
def test_the_strength_applies_at_once_and_hides_for_other_kinds(game: str) -> None:
    app = make(game, seats="human,bot")
    assert app.strength_box.layout.display == "none"
    app.bot_box.value = "search"
    app.strength_box.value = 300
    assert app.session.bots[1].iterations == 300
    assert "strength=300" in app.sharing.share_query(app.session)
    app.bot_box.value = "random"
    assert type(app.session.bots[1]).__name__ == "RandomBot"
    assert app.strength_box.layout.display == "none"
    assert "strength" not in app.sharing.share_query(app.session)


def test_a_bad_strength_is_a_notice_naming_the_allowed_ones() -> None:
    app = make("villagers", seats="human,bot", bots="search", strength="99999")
    assert "strength must be one of 100, 300, 1000, 3000, 4000" in app.notice.value
    assert app.session.bots[1].iterations == 1000


@pytest.mark.parametrize("raw", ["9" * 5000, "４０００", "-1", "4000.0", "1e3"])
def test_a_huge_or_odd_strength_is_a_notice_and_not_a_crash(raw: str) -> None:
    # (5,000 digits once reached int() and Python's limit on integer strings)
    app = make("villages", seats="human,bot", bots="search", strength=raw)
    assert "strength must be one of 100, 300, 1000, 3000, 4000" in app.notice.value
    assert len(app.notice.value) < 2000 and app.session.bots[1].iterations == 1000


def test_a_stored_table_with_a_huge_strength_is_refused_by_name() -> None:
    app = make("villages", seats="human,bot", bots="search", strength="300")
    with pytest.raises(ValueError, match="strength must be one of"):
        app.adapter.bots.use_settings({"bots": "search", "strength": "9" * 5000})
    assert app.adapter.bots.strength == 300


def test_an_unknown_coach_model_is_refused_by_name() -> None:
    from widgets.table.search_coach import iterations_of

    assert iterations_of("search:300") == 300
    for model in ("search:" + "9" * 5000, "search:299", "heuristic", ""):
        with pytest.raises(ValueError, match="the coach model must be one of"):
            iterations_of(model)


@pytest.mark.parametrize("game", APPS)
def test_the_coach_shows_what_the_search_bot_thinks(game: str) -> None:
    app = make(game, seats="human,bot")
    keys = [k for _label, k in app.coach.model.options]
    assert "search:300" in keys
    app.coach.model.value = "search:300"
    app.coach.box.value = True
    seat = app.session.mine_to_act()
    assert seat == 0 and len(app.session.game.legal_actions(seat)) > 1  # the first move is a choice
    assert "The search bot would play" in app.coach.view.value
    # all 300, or fewer and why (an early stop once the choice is settled, or the move budget)
    assert re.search(r"\(300 iterations|of 300 iterations in [\d.]+ s: \w", app.coach.view.value)
    labels = [b.description for b in app.screen.picker.buttons.values()]
    assert any("wins " in text for text in labels)  # each button carries its note
    assert app.banner.value == ""


@pytest.mark.parametrize("game", ("village_pillage", "villagers"))
def test_a_prebuilt_page_takes_the_bots_its_address_names(game: str, monkeypatch) -> None:
    """A pre-heated kernel builds the table before the address is known; an address that
    names the bots gets them, and its game is kept on the server."""
    from widgets.table.bot_choice import open_play_page

    module = importlib.import_module(f"widgets.{game}.adapter")
    monkeypatch.setenv("QUERY_STRING", "players=2&seats=human,bot&seed=3&bots=search"
                                       "&strength=100")
    app = open_play_page(module.make_app)
    assert isinstance(app.session.bots[1], SearchBot) and app.session.bots[1].iterations == 100
    assert app.session.table.settings == {"bots": "search", "strength": "100"}
    monkeypatch.setenv("QUERY_STRING", "players=2&seats=human,bot&seed=3")
    plain = open_play_page(module.make_app)
    assert type(plain.session.bots[1]).__name__ != "SearchBot" and plain.session.table is not None


def _shared_table(monkeypatch, module):
    """A table on the server with a bot seat, as its host opened it, and a watch link."""
    from widgets.table.bot_choice import open_play_page

    monkeypatch.setenv("QUERY_STRING", "players=2&seats=remote,bot&seed=5")
    host = open_play_page(module.make_app)
    return host, host.session.table.id


def test_a_table_link_plays_the_bots_its_host_chose_whatever_the_link_adds(monkeypatch):
    """(Found by a hostile tester: `&bots=random` on a watch link made that page play the
    table's bot seat with a random bot.)"""
    from widgets.table.bot_choice import open_play_page
    from widgets.village_pillage import adapter as play_app

    host, table = _shared_table(monkeypatch, play_app)
    monkeypatch.setenv("QUERY_STRING", f"table={table}&bots=random")
    watcher = open_play_page(play_app.make_app)
    assert watcher.session.role == "watch"
    assert watcher.adapter.bots.kind == host.adapter.bots.kind == "heuristic"
    assert type(watcher.session.bots[1]).__name__ == "PillageBot"


def test_only_the_host_changes_how_a_tables_bots_play(monkeypatch):
    """The drop-down is hidden at a spectator's page; a change sent to it anyway changes
    nothing, there or on the server."""
    from village_games.tables import open_store
    from widgets.table.bot_choice import open_play_page
    from widgets.village_pillage import adapter as play_app

    host, table = _shared_table(monkeypatch, play_app)
    monkeypatch.setenv("QUERY_STRING", f"table={table}")
    watcher = open_play_page(play_app.make_app)
    watcher.bot_box.value = "random"
    assert open_store().get(table).settings == {}
    assert watcher.adapter.bots.kind == "heuristic"
    assert "Only the table's host chooses how its bots play." in watcher.session.notices
    host.bot_box.value = "random"  # the host may
    assert open_store().get(table).settings == {"bots": "random"}


@pytest.mark.parametrize("game", APPS)
@pytest.mark.parametrize("link", ["seat", "bots"])
def test_a_page_built_anew_from_its_address_leaves_one_app_open(monkeypatch, game, link):
    """A pre-heated kernel builds an app before the address is known; one that a table
    link or `bots=` builds anew closes the first: the page is sent every open widget, and
    a seat link's page loaded two apps (369 widget models in Villagers where one has 186)."""
    import ipywidgets as w

    from widgets.table.bot_choice import open_play_page

    module = importlib.import_module(f"widgets.{game}.adapter")
    monkeypatch.setenv("QUERY_STRING", "players=2&seats=human,remote&seed=5")
    host = open_play_page(module.make_app)
    table = host.session.table
    monkeypatch.setenv("QUERY_STRING", f"table={table.id}&key={table.seats[1].token}"
                       if link == "seat" else "players=2&seats=human,bot&bots=random")
    before = set(w.Widget.get_manager_state()["state"])
    app = open_play_page(module.make_app)
    opened = {mid: s["state"] for mid, s in w.Widget.get_manager_state()["state"].items()
              if mid not in before}
    prompts = [s for s in opened.values() if "vg-prompt" in s.get("_dom_classes", ())]
    assert len(prompts) == 1, f"{len(prompts)} table apps are open"
    assert app.widget.model_id in opened and app.screen.prompt.model_id in opened
