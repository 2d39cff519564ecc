"""The Villagers play app with one player: solo against the Countess, her village, the
face-up events with their text, the Jester, the Gold race, and a mode per variant."""

from __future__ import annotations

from tests.villagers.solo_scenarios import solo
from village_games.villagers.solo.actions import GiveCountess, PlayJester, ResolveEvent
from widgets.villagers.play_app import make_app

from .test_villagers_play import load


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
    assert "the Countess gets" in app.prompt.value
    card = g.road[2]
    app.board.click("2", "slot")
    assert app.game.phase == "countess" and app.picker.ready() == GiveCountess(2)
    app.board.click("2", "slot")  # taken back before Confirm
    assert app.picker.ready() is None
    app.board.click("2", "slot")
    app.turn_confirm.click()
    g = app.game
    assert [s.card for s in g.players[1].village][-1] == card


def test_the_jester_is_a_card_on_the_table_and_an_event_click_waits_for_confirm() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    load(app, solo(["Tribute", "Customs"], hand=["Cooper"], markets=1).to_dict(), ["human"])
    event = "Tribute"
    assert {ResolveEvent(event), PlayJester(event)} <= set(app.game.legal_actions(0))
    assert 'data-vg-value="Jester" data-vg-field="card"' in app.board.html
    app.board.click(event, "event")  # meant for the Jester, but he was not clicked first
    assert event in app.game.solo.face_up and app.picker.ready() == ResolveEvent(event)
    assert "Confirm" in app.picker.hint.value
    app.board.click(event, "event")  # taken back: nothing happened
    app.board.click("Jester", "card")
    assert app.picker.chosen_kind == "PlayJester" and "card=Jester" in app.board.picked
    app.board.click(event, "event")
    assert app.picker.ready() == PlayJester(event)
    app.turn_confirm.click()
    g = app.game
    assert not g.solo.jester and event not in g.solo.face_up
    assert "The Jester is gone" in app.board.html
    assert 'data-vg-value="Jester"' not in app.board.html


def test_the_countess_bank_padlock_is_labelled_with_the_gold_the_engine_takes() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    g = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=5)
    load(app, g.to_dict(), ["human"])
    app.board.click("Poulterer", "card")
    app.board.click("0", "on")
    hint = app.picker.hint.value
    assert "pay 3 Gold to the Bank" in hint and "2 Gold" not in hint
    app.board.click("bank", "unlock")
    app.turn_confirm.click()
    assert app.game.players[0].gold == 2  # 5 less the 3 the label named


def test_a_phase_events_toll_is_labelled_with_its_cards_gold() -> None:
    app = make_app({"players": "1", "seats": "human", "seed": "3"})
    obs = app.game.observation(0)
    # an event file of the user's may set any toll: the label prints the card's number
    obs["solo"]["current"] = {"name": "Rats", "gold": 4}
    labels = app.adapter.labels(obs, app.game.cards)
    assert labels.value_label("PayToll", "pay", True) == "pay 4 Gold to the Bank"
