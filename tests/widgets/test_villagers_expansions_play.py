"""The Villagers play app with the Kickstarter expansions: Developments beside the Road
with who leads, a card choice shown only to its chooser, expansion cards played by
clicking, and bots playing whole games with every expansion."""

from __future__ import annotations

import json

import pytest

from village_games.villagers import Villagers
from widgets.table_app import SAVE_FORMAT
from widgets.villagers.play_app import make_app
from widgets.villagers.render import render_table


def load(app, state: dict, seats: list[str]) -> None:
    app.load_json(json.dumps({"game": "villagers", "format": SAVE_FORMAT,
                              "state": Villagers.from_dict(state).to_dict(), "seats": seats}))


def test_developments_show_condition_reward_and_who_leads() -> None:
    g = Villagers.from_dict({"seed": 1, "phase": "build", "options": {
        "expansions": ["developments"]}, "expansion_state": {
        "developments": ["Gold Mine", "Bank", "Church"]}, "players": [
        {"name": "Ana", "village": ["Founders", "Miner"]},
        {"name": "Ben", "village": ["Founders", "Hunter", "Wattler"]}]})
    html = render_table(g.observation(1), g.cards)
    assert html.count('class="vg-vdev ') == 3
    assert "Most: the most Ore symbols" in html and "Reward: 5 Gold" in html
    assert "Leads now: <b>Ana</b>" in html and "Leads now: <b>tied: nobody</b>" in html
    assert "Leads now: <b>Ben</b>" in html  # the Church: 3 villagers to 2


def test_a_card_choice_is_shown_to_the_chooser_only_and_picked_by_clicking() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "1"})
    load(app, {"seed": 1, "phase": "build", "options": {"expansions": ["saints"]},
               "reserve": ["Wheeler", "Mason", "Graper", "Cooper", "Fisher", "Agent",
                           "Jeweler"],
               "players": [{"name": "Ana", "hand": ["Pigeoneer"]},
                           {"name": "Ben", "hand": ["Nun"]}]}, ["human", "human"])
    app.handover_button.click()
    assert "card=Pigeoneer" in app.board.targets  # a Saint in the hand is played by a click
    app.board.click("Pigeoneer", "card")
    assert app.picker.chosen_kind == "PlayPigeoneer" and app.game.phase == "build"
    app.turn_confirm.click()  # he shows Ana cards nobody has seen: final
    assert app.game.phase == "pick"
    html = app.board.html
    assert "The Pigeoneer looks at the Reserve" in html and 'data-vg-value="Jeweler"' in html
    assert 'data-vg-value="Wheeler"' not in html  # not among the top six
    other = render_table(app.game.observation(1), app.game.cards)
    assert "Ana is choosing a card." in other and 'data-vg-value="Jeweler"' not in other
    app.board.click("Jeweler", "card")  # the keep is final: picked, then confirmed
    app.turn_confirm.click()
    assert "Jeweler" in app.game.players[0].hand()


def test_a_placed_expansion_special_is_built_by_clicking_it() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, {"seed": 1, "phase": "build", "options": {"expansions": ["saints"]},
               "players": [{"name": "Ana", "hand": ["Nun"]}, {"name": "Ben"}]},
         ["human", "bot"])
    assert 'data-vg-value="Nun"' in app.board.html and "♥" in app.board.html
    app.board.click("Nun")
    app.picker.pick_value("None", field="on", kind="Build")
    app.picker.pick_value("None", field="unlock", kind="Build")
    app.picker.confirm.click()
    assert [s.card for s in app.game.players[0].village] == ["Founders", "Nun"]


def test_bots_play_whole_games_with_every_expansion() -> None:
    for players, seed in ((4, 5), (2, 6)):
        app = make_app({"players": str(players), "seats": ",".join(["bot"] * players),
                        "seed": str(seed),
                        "expansions": "saints,scoundrels,profiteers,developments"})
        assert app.game.is_over() and not app.game.audit()
        assert "vg-vresult" in app.board.html and "Developments" in app.board.html


def test_the_courier_moment_is_a_readable_choice_and_a_road_click_plays_it() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "1"})
    load(app, {"seed": 1, "phase": "draft", "turn": 1,
               "options": {"expansions": ["scoundrels"]},
               "road": ["Cooper", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"],
               "expansion_state": {"courier": 0},
               "players": [{"name": "Ana", "hand": ["Courier"]}, {"name": "Ben"},
                           {"name": "Cy"}]}, ["human", "bot", "bot"])
    assert "Ben's draft turn is about to begin" in app.prompt.value
    assert set(app.picker.kinds) == {"PlayCourier", "LetDraftGoOn"}
    app.board.click("0", field="slot")  # the Cooper, on the Road
    app.picker.confirm.click()  # taking it is final: it waits for Confirm
    assert "Cooper" in app.game.players[0].hand()
    assert "Courier" in app.game.discard


COURIER_MOMENT = {"seed": 1, "phase": "draft", "turn": 1,
                  "options": {"expansions": ["scoundrels"]},
                  "road": ["Cooper", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"],
                  "expansion_state": {"courier": 0},
                  "players": [{"name": "Ana", "hand": ["Courier"]}, {"name": "Ben"},
                              {"name": "Cy"}]}


def test_in_hot_seat_the_courier_moment_is_a_pause_that_names_nobody() -> None:
    app = make_app({"players": "3", "seats": "human,human,human", "seed": "1"})
    load(app, COURIER_MOMENT, ["human", "human", "human"])
    assert app.secret_moment()
    shown = app.handover_text.value + app.prompt.value + app.handover_button.description
    assert "Ana" not in shown and "pause before the next turn" in shown
    assert app.go_on_button.layout.display != "none"
    app.go_on_button.click()  # nobody speaks up: the Courier stays in Ana's hand, unseen
    g = app.game
    assert "Courier" in g.players[0].hand() and g.to_act() == [1]
    assert app.undo_button.disabled  # taking the pause back would tell who was asked
    assert "Pass to Ben" in app.handover_text.value
    assert all("Courier" not in line for line in g.log_for(None))


def test_in_hot_seat_the_courier_holder_takes_the_screen_when_they_say_so() -> None:
    app = make_app({"players": "3", "seats": "human,human,human", "seed": "1"})
    load(app, COURIER_MOMENT, ["human", "human", "human"])
    app.handover_button.click()  # "I have a card to play now"
    assert not app.secret_moment() and app.showing == 0
    assert set(app.picker.kinds) == {"PlayCourier", "LetDraftGoOn"}
    app.picker.pick("", None, kind="LetDraftGoOn")  # having looked, Ana lets it go
    app.turn_confirm.click()
    assert "Ana" in app.prompt.value and "pass the screen to <b>Ben</b>" in app.prompt.value


def test_the_pause_cannot_be_passed_when_nobody_is_asked_in_secret() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "1"})
    assert not app.secret_moment()
    with pytest.raises(ValueError, match="no pause"):
        app._on_go_on()


def test_a_development_tokens_builder_shows_in_the_panel() -> None:
    from village_games.villagers import EndTurn
    g = Villagers.from_dict({"seed": 1, "options": {"expansions": ["developments"]},
                             "phase": "build", "turn": 1, "expansion_state": {
                                 "developments": ["Ox Crane", "Bank", "Town Hall"]},
                             "players": [
                                 {"name": "Ana", "village": ["Founders", "Hunter",
                                                             ["Hayer", "Thatcher"]]},
                                 {"name": "Ben", "village": ["Founders", "Hunter", "Hayer"]}]})
    g.apply(1, EndTurn())  # the Development Phase: Ana wins the Ox Crane (most Hay)
    obs = g.observation(0)
    assert obs["expansions"]["token_bonus"][0] == {"seat": 0, "food": 0, "builders": 1,
                                                   "from": ["Ox Crane"]}
    ana = render_table(obs, g.cards).split('class="vg-vpanel"')[1].split("</div>")[0]
    assert "+1 Builder (Ox Crane)" in ana


def test_a_legend_says_what_the_expansion_marks_mean() -> None:
    g = Villagers.from_dict({"seed": 1, "phase": "build", "options": {
        "expansions": ["saints", "scoundrels", "profiteers"]},
        "players": [{"name": "Ana"}, {"name": "Ben"}]})
    html = render_table(g.observation(0), g.cards)
    legend = html.split('class="vg-vlegend"')[1].split("</div>")[0]
    assert "♥ Saints" in legend and "☾ Scoundrels" in legend and "$ Profiteers" in legend
    assert "◆ Bronze symbol" in legend and "◇ Silver symbol" in legend
    base = Villagers.from_dict({"seed": 1, "phase": "build",
                                "players": [{"name": "Ana"}, {"name": "Ben"}]})
    assert "vg-vlegend" not in render_table(base.observation(0), base.cards)
