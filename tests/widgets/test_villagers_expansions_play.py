"""The Villagers play app with the Kickstarter expansions: Developments beside the Road
with who leads, a card choice shown only to its chooser, expansion cards played by
clicking, and bots playing whole games with every expansion."""

from __future__ import annotations

import json

import pytest

from village_games.villagers import Villagers
from widgets.table.save_file import SAVE_FORMAT
from widgets.villagers.adapter import make_app
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
    app.screen.handover_button.click()
    assert "card=Pigeoneer" in app.screen.board.targets  # a Saint in the hand is played by a click
    app.screen.board.click("Pigeoneer", "card")
    assert app.screen.picker.chosen_kind == "PlayPigeoneer" and app.session.game.phase == "build"
    app.screen.turn_confirm.click()  # he shows Ana cards nobody has seen: final
    assert app.session.game.phase == "pick"
    html = app.screen.board.html
    assert "The Pigeoneer looks at the Reserve" in html and 'data-vg-value="Jeweler"' in html
    assert 'data-vg-value="Wheeler"' not in html  # not among the top six
    other = render_table(app.session.game.observation(1), app.session.game.cards)
    assert "Ana is choosing a card." in other and 'data-vg-value="Jeweler"' not in other
    app.screen.board.click("Jeweler", "card")  # the keep is final: picked, then confirmed
    app.screen.turn_confirm.click()
    assert "Jeweler" in app.session.game.players[0].hand()


def test_a_placed_expansion_special_is_built_by_clicking_it() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, {"seed": 1, "phase": "build", "options": {"expansions": ["saints"]},
               "players": [{"name": "Ana", "hand": ["Nun"]}, {"name": "Ben"}]},
         ["human", "bot"])
    assert 'data-vg-value="Nun"' in app.screen.board.html and "♥" in app.screen.board.html
    app.screen.board.click("Nun")
    app.screen.picker.pick_value("None", field="on", kind="Build")
    app.screen.picker.pick_value("None", field="unlock", kind="Build")
    app.screen.picker.confirm.click()
    assert [s.card for s in app.session.game.players[0].village] == ["Founders", "Nun"]


def test_bots_play_whole_games_with_every_expansion() -> None:
    for players, seed in ((4, 5), (2, 6)):
        app = make_app({"players": str(players), "seats": ",".join(["bot"] * players),
                        "seed": str(seed),
                        "expansions": "saints,scoundrels,profiteers,developments"})
        assert app.session.game.is_over() and not app.session.game.audit()
        assert "vg-vresult" in app.screen.board.html and "Developments" in app.screen.board.html


def test_the_courier_moment_is_a_readable_choice_and_a_road_click_plays_it() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "1"})
    load(app, {"seed": 1, "phase": "draft", "turn": 1,
               "options": {"expansions": ["scoundrels"]},
               "road": ["Cooper", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"],
               "expansion_state": {"courier": 0},
               "players": [{"name": "Ana", "hand": ["Courier"]}, {"name": "Ben"},
                           {"name": "Cy"}]}, ["human", "bot", "bot"])
    assert "Ben's draft turn is about to begin" in app.screen.prompt.value
    assert set(app.screen.picker.kinds) == {"PlayCourier", "LetDraftGoOn"}
    app.screen.board.click("0", field="slot")  # the Cooper, on the Road
    app.screen.picker.confirm.click()  # taking it is final: it waits for Confirm
    assert "Cooper" in app.session.game.players[0].hand()
    assert "Courier" in app.session.game.discard


COURIER_MOMENT = {"seed": 1, "phase": "draft", "turn": 1,
                  "options": {"expansions": ["scoundrels"]},
                  "road": ["Cooper", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"],
                  "expansion_state": {"courier": 0},
                  "players": [{"name": "Ana", "hand": ["Courier"]}, {"name": "Ben"},
                              {"name": "Cy"}]}


def test_in_hot_seat_the_courier_moment_is_a_pause_that_names_nobody() -> None:
    app = make_app({"players": "3", "seats": "human,human,human", "seed": "1"})
    load(app, COURIER_MOMENT, ["human", "human", "human"])
    assert app.turn.secret_moment(app.session)
    screen = app.screen
    shown = screen.handover_text.value + screen.prompt.value + screen.handover_button.description
    assert "Ana" not in shown and "pause before the next turn" in shown
    assert app.screen.go_on_button.layout.display != "none"
    app.screen.go_on_button.click()  # nobody speaks up: the Courier stays in Ana's hand, unseen
    g = app.session.game
    assert "Courier" in g.players[0].hand() and g.to_act() == [1]
    assert app.screen.undo_button.disabled  # taking the pause back would tell who was asked
    assert "Pass to Ben" in app.screen.handover_text.value
    assert all("Courier" not in line for line in g.log_for(None))


def test_in_hot_seat_the_courier_holder_takes_the_screen_when_they_say_so() -> None:
    app = make_app({"players": "3", "seats": "human,human,human", "seed": "1"})
    load(app, COURIER_MOMENT, ["human", "human", "human"])
    app.screen.handover_button.click()  # "I have a card to play now"
    assert not app.turn.secret_moment(app.session) and app.turn.showing == 0
    assert set(app.screen.picker.kinds) == {"PlayCourier", "LetDraftGoOn"}
    app.screen.picker.pick("", None, kind="LetDraftGoOn")  # having looked, Ana lets it go
    app.screen.turn_confirm.click()
    assert "Ana" in app.screen.prompt.value
    assert "pass the screen to <b>Ben</b>" in app.screen.prompt.value


def test_the_pause_cannot_be_passed_when_nobody_is_asked_in_secret() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "1"})
    assert not app.turn.secret_moment(app.session)
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
