"""The Villages play app driven from Python: draw by clicking the piles, build a village
and attack by clicking the table, the battle and its powers on the table, the attack odds
beside each attack, the stand-in deck everywhere, a deck file of your own (and a bad one),
hot seat, bots of both kinds to the end with the score sheet."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

import pytest

from village_games import villages
from village_games.villages import Attack, Build, Draw, Villages
from village_games.villages.odds import attack_table
from widgets.table.save_file import SAVE_FORMAT
from widgets.villages.adapter import VillagesAdapter, VillagesLabels, battle_recap, make_app
from widgets.villages.render import card_tip, render_table


def load(app, state: dict, seats: list[str]) -> None:
    app.load_json(json.dumps({"game": "villages", "format": SAVE_FORMAT,
                              "state": Villages.from_dict(state).to_dict(), "seats": seats}))


def battle_position() -> dict:
    """Ana holds three Red units and more; Ben has a Green village of three units."""
    return {"seed": 3, "turn": 0, "phase": "main", "players": [
        {"name": "Ana", "hand": ["Red Farmer", "Red Dragon", "Red Orc", "Blue Monk",
                                 "Pig"], "villages": {}},
        {"name": "Ben", "hand": ["Purple Spy", "Sheep"],
         "villages": {"Green": ["Green Farmer", "Green Builder", "Green Princess"]}}]}


def test_draw_by_clicking_the_piles() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "7"})
    g = app.session.game
    assert {"source=deck", "source=discard"} <= set(app.screen.board.targets)
    top = g.discard[-1]
    app.screen.board.click("discard", "source")  # a draw is final: picked, then confirmed
    assert top not in g.hands[0] and "source=discard" in app.screen.board.picked
    app.screen.board.click("discard", "source")  # a second click takes it back
    assert app.screen.picker.ready() is None
    app.screen.board.click("discard", "source")
    app.screen.turn_confirm.click()
    assert top in g.hands[0]
    app.screen.board.click("deck", "source")
    app.screen.turn_confirm.click()
    assert g.phase == "main" and len(g.hands[0]) == 10
    assert "Draw" not in app.screen.picker.kinds


def test_build_a_village_and_attack_by_clicking() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, battle_position(), ["human", "bot"])
    g = app.session.game
    for card in ("Red Farmer", "Red Dragon", "Red Orc"):
        app.screen.board.click(card)
    assert app.screen.picker.ready() == Build("Red Farmer", "Red Dragon", "Red Orc")
    app.screen.turn_confirm.click()
    assert g.villages[0] == {"Red": ["Red Farmer", "Red Dragon", "Red Orc"]}
    html = app.screen.board.html
    assert "Attack odds" in html and "attack odds: " in html  # live odds beside the attacks
    want = next(o for o in attack_table(g, 0)
                if o.attack == Attack(1, "Green", "Red Dragon", "Red"))
    assert f"{float(want.chance):.0%}" in html
    # your unit, where it comes from, the player, their village: then Confirm
    app.screen.board.click("Red Dragon", "unit")
    app.screen.board.click("Red", "source")
    app.screen.board.click("1", "seat")
    app.screen.board.click("Green", "village")
    assert app.screen.picker.ready() == Attack(1, "Green", "Red Dragon", "Red")
    app.screen.turn_confirm.click()
    # Ben (a bot) defended; the Dragon (5) beats any unit he could send: Ana picks a reward
    assert g.phase == "reward" and g.to_act() == [0]
    html = app.screen.board.html
    assert "vg-vl-battle" in html and "power 5" in html and "The attacker wins" in html
    assert app.screen.picker.kinds == {"Reward": ["choice", "card"]}
    app.screen.picker.pick("choice", "take")
    app.screen.picker.pick("card", "Green Princess")
    app.screen.picker.confirm.click()
    assert "Green Princess" in g.hands[0]
    recap = battle_recap(g.log, 0)
    assert [r["step"] for r in recap][:3] == ["1. Attacker", "2. Defender", "3. Reveal"]
    assert "Last battle, step by step" in app.screen.board.html


def test_the_battle_step_by_step_uses_the_engine_trace() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"}, step_by_step=True)
    load(app, battle_position(), ["human", "bot"])
    app.screen.picker.pick_value("Red Farmer")
    app.screen.picker.pick_value("Red Dragon")
    app.screen.picker.pick_value("Red Orc")
    app.screen.picker.confirm.click()
    app.next_button.click() if app.session.steps.frames else None
    while app.session.steps.frames:
        app.all_button.click()
    app.screen.picker.pick("unit", "Red Dragon", "Attack")
    app.screen.picker.pick("source", "Red", "Attack")
    app.screen.picker.pick("seat", 1, "Attack")
    app.screen.picker.pick("village", "Green", "Attack")
    app.screen.picker.confirm.click()
    # the attack is Ana's own move of one step: no "Next step" for it; the bot's defence
    # is a move of its own, in two steps: the face-down hire, then the reveal with both
    # powers after abilities
    steps = []
    for _ in range(10):
        if not app.session.steps.frames:
            break
        html = app.screen.board.html
        now = html.split('vg-vl-step-now">', 1)[1].split("<", 1)[0] if "vg-vl-step-now" in html \
            else ""
        steps.append((now, 'vg-vl-bpower">power 5' in html))
        app.screen.next_button.click()
    assert steps == [("2. Defender", False), ("4. Reward", True)]
    assert app.session.game.phase == "reward"


def test_stand_in_deck_is_labelled_and_cards_carry_help() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    assert "stand-in deck" in app.screen.board.html
    assert any("Stand-in deck" in getattr(c, "value", "") for c in app.setup.widget.children)
    tip = card_tip("Red Dragon", app.session.game.cards)
    assert "power 5" in tip and "Stand-in card" in tip
    labels = VillagesLabels(app.session.game.observation(0), app.session.game.cards)
    assert "Stand-in card" in labels.value_tooltip("Discard", "card", "Red Dragon")
    assert labels.value_label("Attack", "source", "hand") == "hired from your hand"
    assert labels.kind_title("Give").startswith("Give")


def test_a_deck_of_your_own_and_a_bad_one() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "2"})
    text = villages.CARD_FILE.read_text().replace('stand_in = true', 'stand_in = false')
    app.use_deck(("house.toml", text.encode()))
    assert app.session.game.cards.name == "house.toml"
    assert "deck: house.toml" in app.screen.board.html
    bad = text.replace('name = "Orc"\ncolour = "Red"', 'name = "Orc"\ncolour = "Blue"', 1)
    with pytest.raises(ValueError, match="colour Red has 9 units"):
        app.use_deck(("broken.toml", bad.encode()))
    assert app.session.game.cards.name == "house.toml"  # a bad file changes nothing
    with pytest.raises(ValueError, match="not a text file"):
        app.use_deck(("x.toml", b"\xff\xfe"))
    app.tools.deck.reset.click()
    assert app.session.game.cards.is_standard


def test_hot_seat_hides_the_hands() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "5"})
    assert app.screen.handover.layout.display != "none"
    app.screen.handover_button.click()
    assert "vg-vl-hand-0" in app.screen.board.html
    assert 'data-vg-value="deck"' in app.screen.board.html
    obs = app.session.game.observation(0)
    assert obs["players"][1]["hand"] is None


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_bots_play_to_the_end_and_the_sheet_fills(bots: str) -> None:
    app = make_app({"players": "3", "seats": "bot,bot,bot", "seed": "9", "bots": bots})
    g = app.session.game
    assert g.is_over()
    html = app.screen.board.html
    assert "Score sheet" in html and "Round 1" in html and "Total" in html
    assert "Game over" in app.screen.prompt.value
    assert app.bot_box.value == bots


def test_a_bad_bots_value_is_a_notice_and_the_bot_choice_applies_at_once() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "bots": "clever"})
    assert "bots must be" in app.notice.value
    app.bot_box.value = "random"
    assert type(app.session.bots[1]).__name__ == "RandomBot"


def test_render_without_the_app() -> None:
    g = villages.new_game(players=4, seed=1)
    for seat in (None, 0, 3):
        html = render_table(g.observation(seat), g.cards)
        assert html.count("vg-vl-seat ") == 4 and "Deck" in html
    adapter = VillagesAdapter()
    assert adapter.render(g.observation(0), g.cards, highlight=[0]).startswith("<div")
    g.apply(0, Draw("deck"))
    assert adapter.labels(g.observation(0), g.cards).value_label("Draw", "source",
                                                                  "deck").startswith("the deck")


def test_a_shorter_race_is_a_house_rule_chosen_before_a_new_game() -> None:
    app = make_app({"players": "5", "seats": "human,bot,bot,bot,bot", "seed": "2"})
    assert app.session.game.target == 100 and app.target_box.value == 100
    assert "Play to 100 gold (the rules)" in [label for label, _ in app.target_box.options]
    app.target_box.value = 30
    assert app.session.game.target == 100  # the game on the table keeps its own
    app.setup.new_button.click()
    assert app.session.game.target == 30 and "/ 30" in app.screen.board.html
    assert app.sharing.share_query(app.session).endswith("&target=30")
    again = make_app(dict(parse_qsl(app.sharing.share_query(app.session)[1:])))
    assert again.session.game.target == 30 and again.target_box.value == 30


def test_a_loaded_game_shows_its_own_target_and_a_bad_one_in_a_link_is_a_notice() -> None:
    short = make_app({"players": "3", "seats": "bot,bot,bot", "seed": "9", "target": "30"})
    assert short.session.game.is_over() and max(short.session.game.totals) >= 30
    app = make_app({"players": "2", "seats": "human,bot", "target": "5"})
    assert "target must be a whole number of gold from 10 to 1000" in app.notice.value
    assert app.session.game.target == 100
    app.load_json(short.save_json())
    assert app.target_box.value == 30 and app.session.game.target == 30
    app.setup.new_button.click()
    assert app.session.game.target == 30  # New game goes on with the loaded game's target


def test_the_replay_of_round_two_deals_before_anyone_plays() -> None:
    """The replay's first steps of round 2: nobody's turn, the hands empty until each deal
    step fills one (they were drawn full, and at the last player's turn, before)."""
    from urllib.parse import parse_qsl

    from village_games import villages
    from village_games.bots import VillagesBot
    from village_games.core import play
    from widgets.table.replay_link import replay_query
    from widgets.villages.replay_app import make_app as make_replay

    g = villages.new_game(players=3, seed=3, max_rounds=2, names=["Ana", "Ben", "Cy"])
    play(g, [VillagesBot(seed=s) for s in range(3)])
    app = make_replay(dict(parse_qsl(replay_query(json.loads(json.dumps(g.record())))
                                     .lstrip("?"))))
    app.round_next.click()
    tl = app.timeline
    assert tl.steps[app.index].round == 2
    shown = []
    for _ in range(4):
        obs = tl.steps[app.index].obs
        shown.append([p["hand_size"] for p in obs["players"]])
        assert obs["to_act"] == [] and "’s turn" not in app.parts["board"]
        assert "dealing the next round" in app.parts["board"]
        app.next_button.click()
    assert shown == [[0, 0, 0], [8, 0, 0], [8, 8, 0], [8, 8, 8]]


def test_in_step_mode_your_own_draws_and_builds_need_no_next_step_and_undo_a_build() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"}, step_by_step=True)
    for _ in range(2):
        app.screen.board.click("deck", "source")
        app.screen.turn_confirm.click()
        assert not app.session.steps.frames  # your own draw: shown at once, no "Next step"
    load(app, battle_position(), ["human", "bot"])
    for card in ("Red Farmer", "Red Dragon", "Red Orc"):
        app.screen.board.click(card)
    app.screen.turn_confirm.click()
    assert not app.session.steps.frames and app.session.game.villages[0]
    assert not app.screen.undo_button.disabled  # nobody else has acted: the build can be undone
    app.screen.undo_button.click()
    assert app.session.game.villages[0] == {} and "Red Dragon" in app.session.game.hands[0]
