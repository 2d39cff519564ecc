"""The Villagers play app driven from Python: draft with Confirm, build chains, pay a
padlock, undo a build, hot seat, bots to the end, and the Market breakdown on the table."""

from __future__ import annotations

import json

import pytest

from village_games.villagers import Build, DraftRoad, EndTurn, Villagers
from widgets.table.save_file import SAVE_FORMAT
from widgets.villagers.adapter import VillagersAdapter, make_app
from widgets.villagers.card_face import card_tip
from widgets.villagers.render import OWN_SLOT_FIELDS, ROAD_FIELDS, render_table


def load(app, state: dict, seats: list[str]) -> None:
    app.load_json(json.dumps({"game": "villagers", "format": SAVE_FORMAT,
                              "state": Villagers.from_dict(state).to_dict(), "seats": seats}))


def padlock_position() -> dict:
    """Ana (Builder: limit 3) holds a Cooper she drafted face up, a Wheeler and a Brewer;
    Ben has a Blacksmith, the Cooper's unlocker."""
    return {"seed": 1, "phase": "build", "players": [
        {"name": "Ana", "gold": 8, "hand_pub": ["Cooper", "Wheeler"], "hand": ["Brewer"],
         "village": ["Founders", "Wattler", "Lumberjack"]},
        {"name": "Ben", "village": ["Founders", ["Miner", "Blacksmith"]]}]}


def test_a_draft_waits_for_confirm_and_then_is_final() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "7"})
    road = app.session.game.observation(0)["road"]
    app.screen.board.click("0")  # the first Road card
    assert app.screen.picker.ready() == DraftRoad(0) and not app.screen.turn_confirm.disabled
    assert app.session.game.players[0].square == []  # nothing happens before Confirm
    app.screen.turn_confirm.click()
    assert app.session.game.players[0].square[0] == road[0]["card"]
    assert app.screen.undo_button.disabled  # a draft refills the Road from a stack: final


def test_build_a_chain_pay_a_padlock_and_undo_a_build() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, padlock_position(), ["human", "bot"])
    html = app.screen.board.html
    assert 'data-vg-value="Cooper"' in html and "vg-vlock" in html
    assert "Your turn" in app.screen.prompt.value
    # the Wheeler goes on the Lumberjack (slot 2): a chain Lumberjack -> Wheeler
    g = app.session.game
    app.screen.picker.pick_value("Wheeler", field="card", kind="Build")
    app.screen.picker.pick_value("2", field="on", kind="Build")
    app.screen.picker.pick_value("None", field="unlock", kind="Build")
    app.screen.picker.confirm.click()
    assert [s.card for s in g.players[0].village][-1] == "Wheeler"
    assert not app.screen.undo_button.disabled  # the Wheeler was public: the build can be undone
    app.screen.undo_button.click()
    g = app.session.game
    assert "Wheeler" in g.players[0].hand() and len(g.players[0].village) == 3
    # the Cooper's padlock: pay Ben's Blacksmith 2 Gold, and the coins show on his card
    smith = next(k for k, s in enumerate(g.players[1].village) if s.card == "Blacksmith")
    labels = app.adapter.labels(g.observation(0), g.cards)
    assert labels.value_label("Build", "unlock", f"1:{smith}") == "pay Ben 2 Gold (Blacksmith)"
    app.screen.picker.pick_value("Cooper", field="card", kind="Build")
    app.screen.picker.pick_value("2", field="on", kind="Build")
    app.screen.picker.pick_value(f"1:{smith}", field="unlock", kind="Build")
    app.screen.picker.confirm.click()
    assert g.players[0].gold == 6 and g.players[1].village[smith].coins == 2
    assert 'class="vg-vcoins" title="coins on this card">2●' in app.screen.board.html


def test_a_build_from_the_dealt_hand_can_be_undone_until_the_turn_ends() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "1"})
    load(app, padlock_position(), ["human", "human"])  # hot seat: no bot acts in between
    app.screen.handover_button.click()
    g = app.session.game
    assert "Brewer" in g.players[0].hand_sec  # dealt: the table has never seen it
    app.screen.picker.pick_value("Brewer", field="card", kind="Build")
    # on the Founders; the Bank opens it
    app.screen.picker.pick_value("0", field="on", kind="Build")
    app.screen.picker.pick_value("bank", field="unlock", kind="Build")
    app.screen.picker.confirm.click()
    assert [s.card for s in g.players[0].village][-1] == "Brewer"
    assert not app.screen.undo_button.disabled
    app.screen.undo_button.click()
    g = app.session.game
    assert "Brewer" in g.players[0].hand_sec and len(g.players[0].village) == 3
    assert g.players[0].gold == 8  # the padlock's payment came back too
    app.screen.picker.pick_value("Brewer", field="card", kind="Build")
    # on the Founders; the Bank opens it
    app.screen.picker.pick_value("0", field="on", kind="Build")
    app.screen.picker.pick_value("bank", field="unlock", kind="Build")
    app.screen.picker.confirm.click()
    app.screen.picker.button("", "", kind="EndTurn").click()
    assert app.session.game.turn == 0 and app.screen.picker.ready() == EndTurn()  # final: it waits
    app.screen.turn_confirm.click()
    assert app.session.game.turn == 1
    assert app.screen.undo_button.disabled  # ending the turn makes its builds final


def test_a_card_that_cannot_be_played_says_why_on_hover() -> None:
    adapter = VillagersAdapter()
    g = adapter.from_dict({"seed": 1, "phase": "build", "players": [
        {"hand": ["Cartwright", "Fisher"], "village": ["Founders"]},
        {"village": ["Founders"]}]})
    html = adapter.render(g.observation(0), g.cards)
    assert "vg-vblocked" in html and "Wheeler" in html.split("Cartwright (Wood)")[1][:400]


def test_hot_seat_shows_only_the_viewer_hand() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "3"})
    app.screen.handover_button.click()
    mine = app.session.game.players[0].hand()
    theirs = [c for c in app.session.game.players[1].hand() if c not in mine]
    assert all(f'data-vg-value="{c}"' in app.screen.board.html for c in mine)
    assert all(f'<div class="vg-vname">{c}</div>' not in app.screen.board.html for c in theirs)


def test_bots_play_a_whole_game_and_the_markets_are_broken_down() -> None:
    app = make_app({"players": "3", "seats": "bot,bot,bot", "seed": "5"})
    assert app.session.game.is_over()
    html = app.screen.board.html
    assert "First Market" in html and "Second Market" in html and "printed" in html
    assert "&lt;b&gt;" not in html and html.count('class="vg-vtotal"') == 2 * 3  # a total each
    assert "vg-vresult" in html


def test_render_draws_covered_cards_and_the_road() -> None:
    g = Villagers.from_dict({"seed": 1, "phase": "build", "players": [
        {"village": ["Founders", ["Lumberjack", "Wheeler"]]}, {"village": ["Founders"]}]})
    html = render_table(g.observation(0), g.cards)
    assert html.count("vg-vcovered") == 1 and "vg-vroad" in html and "vg-vlock" not in html
    # every number names the fields it stands for: the viewer's villagers are places to
    # build on, Road slots and stacks name their kinds, so a village slot 0 never lights
    # up for a Road slot 0
    assert html.count(f'data-vg-field="{OWN_SLOT_FIELDS}') == 3
    assert 'data-vg-field="stack"' not in html and 'data-vg-field="slot"' not in html
    assert f'data-vg-field="{ROAD_FIELDS}"' in html
    theirs = render_table(g.observation(1), g.cards)  # Ana's villagers, seen by Ben
    assert theirs.count(f'data-vg-field="{OWN_SLOT_FIELDS}') == 1  # only his Founders


def test_a_finished_game_replays_to_its_last_step() -> None:
    from urllib.parse import parse_qsl

    from village_games import villagers
    from village_games.bots import VillagersBot
    from village_games.core import play
    from widgets.table.replay_link import replay_query
    from widgets.villagers.replay_app import make_app as make_replay

    g = villagers.new_game(players=2, seed=2, names=["Ana", "Ben"])
    play(g, [VillagersBot(seed=0), VillagersBot(seed=1)])
    query = replay_query(json.loads(json.dumps(g.record()))).lstrip("?")
    app = make_replay(dict(parse_qsl(query)))
    assert app.banner.value == "" and app.notice.value == ""
    app.last_button.click()
    assert "vg-villagers" in app.parts["board"] and "vg-vresult" in app.parts["board"]
    assert "Game over" in app.summary.value


def test_each_stack_shows_the_exact_chance_of_its_likeliest_top_card():
    from fractions import Fraction

    from village_games import villagers
    from village_games.villagers.odds import top_card_chances
    from widgets.villagers.render import render_table
    g = villagers.new_game(players=3, seed=7)
    obs = g.observation(0)
    html_text = render_table(obs, g.cards)
    chances = top_card_chances(obs, g.cards)
    name, p = max(chances[0].items(), key=lambda kv: (kv[1], [-ord(c) for c in kv[0]]))
    assert sum(chances[0].values()) == Fraction(1)
    assert html_text.count('class="vg-vodds"') == sum(1 for c in chances if c)
    assert f"{float(p):.0%}" in html_text


# ------------------------------------------------------------------ building on the table
def build_position(**ana: object) -> dict:
    """Ana (8 Gold) holds a Glass Blower, a Cooper and a Graper beside her Founders, Miner
    and Lumberjack; Ben and Cy each have a Blacksmith, which opens both padlocks."""
    return {"seed": 1, "phase": "build", "players": [
        {"name": "Ana", "gold": 8, "hand": ["Glass Blower", "Cooper", "Graper"],
         "village": ["Founders", "Miner", "Lumberjack"], **ana},
        {"name": "Ben", "village": ["Founders", ["Miner", "Blacksmith"]]},
        {"name": "Cy", "village": ["Founders", ["Miner", "Blacksmith"]]}]}


def table_app(position: dict):
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "1"})
    load(app, position, ["human", "bot", "bot"])
    return app


def test_a_picked_card_lights_up_only_the_places_it_can_go() -> None:
    app = table_app(build_position())
    lit = set(app.screen.board.targets)
    assert {"card=Glass Blower", "card=Cooper", "card=Graper"} <= lit
    assert not any(t.startswith(("on=", "unlock=")) for t in lit)  # the card comes first
    app.screen.board.click("Glass Blower", "card")
    lit = set(app.screen.board.targets)
    assert "on=1" in lit and "on=0" not in lit and "on=None" not in lit  # on the Miner only
    assert "card=Cooper" not in lit  # nor another card of the hand
    with pytest.raises(ValueError, match="0 cannot be picked on the board now"):
        app.screen.board.click("0", OWN_SLOT_FIELDS)  # the Founders cannot take a Glass Blower
    assert app.banner.value == "" and app.screen.picker.chosen == {"card": "Glass Blower"}


def test_a_solitary_build_is_clicked_on_the_table_alone_with_a_new_chain_spot() -> None:
    app = table_app(build_position())
    assert 'data-vg-value="None" data-vg-field="on"' in app.screen.board.html  # hidden until lit
    app.screen.board.click("Graper", "card")
    # a Graper can only start a chain and has no padlock: nothing more to press, the
    # new-chain spot shows picked and Confirm is ready
    assert "on=None" in app.screen.board.picked and "unlock=None" in app.screen.board.picked
    assert app.screen.picker.ready() == Build("Graper", None, None)
    assert not app.screen.turn_confirm.disabled
    assert "Ready: build the Graper as a new chain" in app.screen.picker.hint.value
    app.screen.turn_confirm.click()
    assert [(s.card, s.parent) for s in app.session.game.players[0].village][-1] == ("Graper", -1)
    assert app.banner.value == ""


def test_a_padlock_with_a_choice_is_paid_by_clicking_the_unlocker_on_the_table() -> None:
    app = table_app(build_position())
    app.screen.board.click("Cooper", "card")
    # the Cooper goes only on the Lumberjack: it shows picked, and the padlock comes next
    assert "on=2" in app.screen.board.picked
    hint = app.screen.picker.hint.value
    assert "padlock" in hint and "pay Ben 2 Gold (Blacksmith)" in hint and "pay Cy 2 Gold" in hint
    assert {"unlock=1:2", "unlock=2:2"} <= set(app.screen.board.targets)
    assert 'data-vg-value="2:2" data-vg-field="unlock"' in app.screen.board.html  # Cy's Blacksmith
    app.screen.board.click("2:2", "unlock")
    assert app.screen.picker.ready() == Build("Cooper", 2, "2:2")
    app.screen.turn_confirm.click()
    g = app.session.game
    assert g.players[0].gold == 6 and g.players[2].village[2].coins == 2


def test_a_tinner_or_the_bank_opens_a_padlock_by_a_click_on_the_table() -> None:
    app = table_app({"seed": 1, "phase": "build", "players": [
        {"name": "Ana", "gold": 8, "hand": ["Tinner", "Cooper"],
         "village": ["Founders", "Lumberjack"]}, {"name": "Ben"}, {"name": "Cy"}]})
    assert "card=Tinner" in app.screen.board.targets  # a special played from the hand: its card
    app.screen.board.click("Tinner", "card")  # played at once (it can be taken back with Undo)
    assert app.session.game.tinner and not app.screen.undo_button.disabled
    app.screen.board.click("Cooper", "card")
    assert {"unlock=tinner", "unlock=bank"} <= set(app.screen.board.targets)
    assert 'data-vg-value="tinner"' in app.screen.board.html
    assert 'data-vg-value="bank"' in app.screen.board.html
    app.screen.board.click("tinner", "unlock")
    app.screen.turn_confirm.click()
    assert app.session.game.players[0].gold == 8
    assert app.session.game.players[0].village[-1].card == "Cooper"


def test_the_table_says_when_a_market_comes_at_the_end_of_this_round() -> None:
    g = Villagers.from_dict({"seed": 1, "phase": "build", "players": [
        {"name": "Ana"}, {"name": "Ben"}],
        "stacks": [[], [], ["Cooper"], ["Mason"], ["Fisher"], ["Wheeler"]]})
    html = render_table(g.observation(0), g.cards)
    assert "1st Market: this round!" in html and "vg-vmarket-due" in html
    assert "The First Market comes at the end of this round" in html
    quiet = Villagers.from_dict({"seed": 1, "phase": "build",
                                 "players": [{"name": "Ana"}, {"name": "Ben"}]})
    assert "this round" not in render_table(quiet.observation(0), quiet.cards)


def test_the_two_player_road_coin_waits_for_confirm() -> None:
    from village_games.villagers import PlaceCoin

    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    for _ in range(20):  # Ana drafts (each draft confirmed) until the coin is hers to place
        if "PlaceCoin" in app.screen.picker.kinds:
            break
        app.screen.picker.pick_value(app.screen.picker.clickable_values()[0])
        app.screen.turn_confirm.click()
    assert "PlaceCoin" in app.screen.picker.kinds
    coins = [r["coins"] if r else 0 for r in app.session.game.observation(0)["road"]]
    app.screen.board.click("0", ROAD_FIELDS)
    assert app.screen.picker.ready() == PlaceCoin(0)
    assert [r["coins"] if r else 0 for r in app.session.game.observation(0)["road"]] == coins
    app.screen.board.click("0", ROAD_FIELDS)  # taken back: nothing was placed
    assert app.screen.picker.ready() is None and "PlaceCoin" in app.screen.picker.kinds


def test_the_smugglers_help_says_any_villager_may_be_his_target() -> None:
    """Reading 15 in the app's words: any villager of yours, a covered one earning 0."""
    tip = card_tip("Smuggler", Villagers.new(players=2, seed=1).cards)
    assert "Any villager may be chosen" in tip and "covered one" in tip
    assert "earns nothing" in tip
