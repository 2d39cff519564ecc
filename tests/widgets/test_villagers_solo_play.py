"""The Villagers play app with one player: solo against the Countess, her village, the
face-up events with their text, the Jester, the Gold race, and a mode per variant."""

from __future__ import annotations

from village_games.villagers.solo.actions import GiveCountess, PlayJester
from widgets.villagers.play_app import make_app


def test_one_player_plays_solo_with_the_mode_as_the_tables_variant() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3", "variant": "hard"})
    g = app.game
    assert g.num_players == 1 and g.solo.mode == "hard"
    html = app.board.html
    assert "Face-up events" in html and "The Countess" in html and "the Countess 10 Gold" in html
    assert "The Jester is gone" in html
    for e in g.solo.face_up:
        assert g.solo.events[e].help in html.replace("&#x27;", "'")


def test_a_draft_then_the_countess_gets_the_road_card_clicked() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    app.board.click("0")
    app.turn_confirm.click()
    g = app.game
    assert g.phase == "countess" and GiveCountess(2) in g.legal_actions(0)
    assert "give the Countess" in app.prompt.value
    card = g.road[2]
    app.picker.pick_value("2", field="slot", kind="GiveCountess")
    g = app.game
    assert [s.card for s in g.players[1].village][-1] == card


def test_the_jester_is_a_button_until_he_is_used() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    event = app.game.solo.face_up[0]
    assert PlayJester(event) in app.game.legal_actions(0)
    app.picker.pick_value(event, field="event", kind="PlayJester")
    g = app.game
    assert not g.solo.jester and event not in g.solo.face_up
    assert "The Jester is gone" in app.board.html
