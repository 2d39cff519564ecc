"""The lobby: open tables for everyone to watch; closing them for the teacher only."""

from __future__ import annotations

import pytest

from village_games.tables import open_store
from widgets.server.lobby import LobbyApp
from widgets.table.page import open_table
from widgets.villagers.adapter import VillagersAdapter


@pytest.fixture
def store(tmp_path):
    return open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}", shared=False)


def host(store, seats="human,remote,bot"):
    return open_table(VillagersAdapter(), {"seats": seats, "seed": "4"}, store=store)


def played(store, seats="human,bot"):
    """A table somebody has made a move at."""
    app = host(store, seats)
    app._on_choose(app.session.game.legal_actions(0)[0])
    return app


def test_the_teacher_sees_every_open_table_with_watch_links_and_no_seat_keys(store):
    a, b = host(store), played(store)
    lobby = LobbyApp(store, store.teacher_key())
    html = lobby.board.html
    assert lobby.teacher and "view: watch any table, or close" in lobby.head.value
    assert html.count('class="vg-lobby-row"') == 2
    assert html.count('class="vg-watch-link"') == 2 and "Villagers" in html
    assert "Ana" in html and "(own device)" in html and "to move: Ana" in html
    for app in (a, b):
        t = app.session.table
        assert t.host_key not in html and all(s.token not in html for s in t.seats if s.token)
    assert "vg-seat-link" not in html


def test_the_teacher_closes_a_table_and_its_devices_are_told(store):
    a, b = host(store), played(store)
    lobby = LobbyApp(store, store.teacher_key())
    lobby.board.click(f"close:{a.session.table.id}")  # Ana was invited: the lobby asks
    lobby.board.click(f"close-yes:{a.session.table.id}")
    assert lobby.banner.value == ""
    assert lobby.board.html.count('class="vg-lobby-row"') == 1
    a.poll()
    assert "closed by the teacher" in a.screen.table_notice.value
    lobby.show_closed.value = True
    assert "closed: closed by the teacher" in lobby.board.html
    assert b.session.table.id in lobby.board.html


def test_students_see_the_tables_but_cannot_close_them(store):
    a = host(store)
    for key in (None, "a-guess"):
        lobby = LobbyApp(store, key)
        assert not lobby.teacher and lobby.board.targets == []
        assert "vg-lobby-close" not in lobby.board.html and "watch" in lobby.board.html
        with pytest.raises(ValueError, match="only the teacher closes tables"):
            lobby.close_table(a.session.table.id)
    assert "not the teacher key" in LobbyApp(store, "a-guess").notice.value
    assert not store.get(a.session.table.id).closed


def test_a_closed_table_takes_no_more_moves_on_its_devices(store):
    a = host(store, "human,bot")
    LobbyApp(store, store.teacher_key()).close_table(a.session.table.id)
    a.poll()
    assert a.session.mine_to_act() is None and "closed" in a.screen.prompt.value
    assert len(a.screen.picker.buttons) == 0


def test_a_page_opened_and_left_is_not_listed_until_asked_for(store):
    shared, alone = host(store), host(store, "human,bot")  # nobody played at either
    lobby = LobbyApp(store, store.teacher_key())
    assert shared.session.table.id in lobby.board.html  # others were invited to it
    assert alone.session.table.id not in lobby.board.html
    lobby.show_closed.value = True
    assert alone.session.table.id in lobby.board.html


def test_closing_a_table_people_are_playing_at_asks_first(store):
    a, b = played(store, "human,remote,bot"), host(store)
    tid = a.session.table.id
    lobby = LobbyApp(store, store.teacher_key())
    lobby.board.click(f"close:{tid}")
    assert not store.get(tid).closed and lobby.confirming == tid
    question = lobby.board.html
    assert 'class="vg-lobby-confirm-row"' in question and "<b>Close this table?</b>" in question
    assert ("Ana (host's screen) and Ben (own device) are playing at it (the last move was"
            in question)
    assert "their devices take no more moves" in question
    assert {f"close-yes:{tid}", f"close-no:{tid}"} <= set(lobby.board.targets)
    assert 'data-vg-value="close-no:' + tid + '" data-vg-focus' in question  # keys go there
    lobby.board.click(f"close-no:{tid}")  # keep it open
    assert not store.get(tid).closed and lobby.confirming is None
    assert "vg-lobby-confirm" not in lobby.board.html
    assert f'data-vg-value="close:{tid}" data-vg-focus' in lobby.board.html  # back to Close
    with pytest.raises(ValueError, match="not waiting for a yes"):
        lobby.confirm_close(tid)
    lobby.board.click(f"close:{tid}")
    lobby.refresh()  # the live page redraws: the question stays
    assert lobby.confirming == tid and "Close this table?" in lobby.board.html
    lobby.board.click(f"close-yes:{tid}")
    assert store.get(tid).closed and "Close this table?" not in lobby.board.html
    assert not store.get(b.session.table.id).closed
    assert lobby.banner.value == ""


def test_a_table_nobody_plays_at_closes_at_once(store):
    alone = host(store, "human,bot")  # opened and left: nobody played, nobody invited
    lobby = LobbyApp(store, store.teacher_key())
    lobby.show_closed.value = True
    lobby.board.click(f"close:{alone.session.table.id}")
    assert store.get(alone.session.table.id).closed and lobby.confirming is None


def test_the_question_goes_when_the_table_is_closed_elsewhere(store):
    a = played(store, "human,remote,bot")
    lobby = LobbyApp(store, store.teacher_key())
    lobby.ask_close(a.session.table.id)
    store.close_table(a.session.table.id, "the game was abandoned")
    lobby.refresh()
    assert lobby.confirming is None and "Close this table?" not in lobby.board.html
