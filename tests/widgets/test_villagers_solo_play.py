"""The Villagers play app with one player: solo against the Countess, her village, the
face-up events with their text, the Jester, the Gold race, and a mode per variant."""

from __future__ import annotations

from tests.villagers.solo_scenarios import solo
from village_games.villagers.solo.actions import GiveCountess, PlayJester, ResolveEvent
from widgets.villagers.adapter import make_app

from .test_villagers_play import load


def test_one_player_plays_solo_with_the_mode_as_the_tables_variant() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3", "variant": "hard"})
    g = app.session.game
    assert g.num_players == 1 and g.solo.mode == "hard"
    html = app.screen.board.html
    assert "Face-up events" in html and "The Countess" in html and "the Countess 10 Gold" in html
    assert "The Jester is gone" in html
    for e in g.solo.face_up:
        assert g.solo.events[e].help in html.replace("&#x27;", "'")


def test_a_draft_then_the_countess_gets_the_road_card_clicked() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    app.screen.board.click("0")
    app.screen.turn_confirm.click()
    g = app.session.game
    assert g.phase == "countess" and GiveCountess(2) in g.legal_actions(0)
    assert "the Countess gets" in app.screen.prompt.value
    card = g.road[2]
    app.screen.board.click("2", "slot")
    assert app.session.game.phase == "countess" and app.screen.picker.ready() == GiveCountess(2)
    app.screen.board.click("2", "slot")  # taken back before Confirm
    assert app.screen.picker.ready() is None
    app.screen.board.click("2", "slot")
    app.screen.turn_confirm.click()
    g = app.session.game
    assert [s.card for s in g.players[1].village][-1] == card


def test_the_jester_is_a_card_on_the_table_and_an_event_click_waits_for_confirm() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    load(app, solo(["Tribute", "Customs"], hand=["Cooper"], markets=1).to_dict(), ["human"])
    event = "Tribute"
    assert {ResolveEvent(event), PlayJester(event)} <= set(app.session.game.legal_actions(0))
    assert 'data-vg-value="Jester" data-vg-field="card"' in app.screen.board.html
    app.screen.board.click(event, "event")  # meant for the Jester, but he was not clicked first
    assert event in app.session.game.solo.face_up
    assert app.screen.picker.ready() == ResolveEvent(event)
    assert "Confirm" in app.screen.picker.hint.value
    app.screen.board.click(event, "event")  # taken back: nothing happened
    app.screen.board.click("Jester", "card")
    assert app.screen.picker.chosen_kind == "PlayJester"
    assert "card=Jester" in app.screen.board.picked
    app.screen.board.click(event, "event")
    assert app.screen.picker.ready() == PlayJester(event)
    app.screen.turn_confirm.click()
    g = app.session.game
    assert not g.solo.jester and event not in g.solo.face_up
    assert "The Jester is gone" in app.screen.board.html
    assert 'data-vg-value="Jester"' not in app.screen.board.html


def test_the_countess_bank_padlock_is_labelled_with_the_gold_the_engine_takes() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    g = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=5)
    load(app, g.to_dict(), ["human"])
    app.screen.board.click("Poulterer", "card")
    app.screen.board.click("0", "on")
    hint = app.screen.picker.hint.value
    assert "pay 3 Gold to the Bank" in hint and "2 Gold" not in hint
    app.screen.board.click("bank", "unlock")
    app.screen.turn_confirm.click()
    assert app.session.game.players[0].gold == 2  # 5 less the 3 the label named


def test_a_phase_events_toll_is_labelled_with_its_cards_gold() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    obs = app.session.game.observation(0)
    # an event file of the user's may set any toll: the label prints the card's number
    obs["solo"]["current"] = {"name": "Rats", "gold": 4}
    labels = app.adapter.labels(obs, app.session.game.cards)
    assert labels.value_label("PayToll", "pay", True) == "pay 4 Gold to the Bank"
