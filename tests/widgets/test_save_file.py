"""A very long game's save leaves its log out (the log is most of it: a 25,116-move game
saved at 9 MB, over the 8 MB upload limit) and loading it writes the log again from the
moves, refusing a file whose moves do not lead to the state it holds."""

from __future__ import annotations

import json

import pytest

from village_games.core import SeatView
from widgets.table import save_file
from widgets.villages.adapter import make_app


def _bots_play(app, moves: int) -> None:
    g = app.session.game
    bots = [app.adapter.make_bot(s, s) for s in range(g.num_players)]
    while len(g.history) < moves and not g.is_over():
        p = g.to_act()[0]
        g.apply(p, bots[p].act(SeatView(g, p)))


def _bot_table() -> object:
    return make_app({"players": "3", "seats": "bot,bot,bot", "seed": "4"})


def test_an_ordinary_save_keeps_its_log() -> None:
    app = _bot_table()
    _bots_play(app, 40)
    data = json.loads(app.save_json())
    assert "log" not in data and data["state"]["log"]


def test_a_long_save_leaves_its_log_out_and_loads_with_the_whole_log(monkeypatch) -> None:
    app = _bot_table()
    _bots_play(app, 300)
    monkeypatch.setattr(save_file, "SAVE_KEEPS_LOG", 10_000)
    text = app.save_json()
    data = json.loads(text)
    assert data["log"] == save_file.LOG_LEFT_OUT and "log" not in data["state"]
    assert len(text) < len(json.dumps(app.session.game.to_dict()))
    fresh = _bot_table()
    fresh.load_json(text)
    assert fresh.session.game.to_dict() == json.loads(json.dumps(app.session.game.to_dict()))
    assert [e.text for e in fresh.session.game.log] == [e.text for e in app.session.game.log]


def test_a_long_save_whose_moves_lead_elsewhere_is_refused_and_nothing_changes(
        monkeypatch) -> None:
    app = _bot_table()
    _bots_play(app, 300)
    monkeypatch.setattr(save_file, "SAVE_KEEPS_LOG", 10_000)
    data = json.loads(app.save_json())
    data["state"]["players"][0]["name"] = "Mallory"  # changed by hand
    other = _bot_table()
    before = other.session.game.to_dict()
    with pytest.raises(ValueError, match="do not lead to the game it holds"):
        other.load_json(json.dumps(data))
    assert other.session.game.to_dict() == before


# ------------------------------------------------------------ every save: moves and state
def _app_of(game: str):
    import importlib

    return importlib.import_module(f"widgets.{game}.adapter").make_app(
        {"players": "3", "seats": "bot,bot,bot", "seed": "4"})


GAMES = ["village_pillage", "villagers", "villagers_and_villains", "villages"]


def _saved(game: str, moves: int = 60) -> tuple[object, dict]:
    app = _app_of(game)
    _bots_play(app, moves)
    return app, json.loads(app.save_json())


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_history_is_cut_in_half_is_refused_and_nothing_changes(game) -> None:
    _app, data = _saved(game)
    history = data["state"]["history"]
    data["state"]["history"] = history[:len(history) // 2]
    other = _app_of(game)
    before = other.session.game.to_dict()
    with pytest.raises(ValueError, match="do not lead to the game it holds"):
        other.load_json(json.dumps(data))
    assert other.session.game.to_dict() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_moves_name_seat_99_is_refused_naming_the_move(game) -> None:
    _app, data = _saved(game)
    data["state"]["history"][3][0] = 99
    other = _app_of(game)
    other.tools._load_and_say(json.dumps(data))
    assert "Not loaded: history[3] must be [seat, action] with a seat from 0 to 2" in (
        other.tools.load_note.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_state_was_changed_by_hand_is_refused(game) -> None:
    _app, data = _saved(game)
    data["state"]["round"] = data["state"]["round"] + 1
    with pytest.raises(ValueError, match=r"differ in: round\)"):
        _app_of(game).load_json(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_a_loaded_save_replays_as_the_game_it_holds(game) -> None:
    app, data = _saved(game)
    data["seats"] = ["human"] * 3  # (bot seats would play on as soon as it loads)
    other = _app_of(game)
    other.load_json(json.dumps(data))
    assert other.session.game.to_dict() == json.loads(json.dumps(app.session.game.to_dict()))
    assert other.session.game.record() == app.session.game.record()
    assert [e.text for e in other.session.game.log] == [e.text for e in app.session.game.log]


def test_a_position_made_by_hand_loads_from_there_with_the_lines_that_led_to_it() -> None:
    app, data = _saved("villages")
    state = data["state"]
    del state["history"]  # a position of its own (made by hand, say): no moves lead to it
    data["seats"] = ["human"] * 3
    other = _app_of("villages")
    other.load_json(json.dumps(data))
    assert other.session.game.history == [] and other.session.game.start is not None
    assert [e.text for e in other.session.game.log] == [e.text for e in app.session.game.log]
