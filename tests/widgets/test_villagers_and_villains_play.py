"""The Villagers & Villains play app driven from Python: recruit by clicking a pool card,
buy a roll and roll; defend with a hero and the Angry Mob; build; the live odds beside the
pool, the challenges and the buttons; dice on the table; variants and bot kinds; the
stand-in deck in the setup and in every card's help; a user's deck file; the score sheet
at the end."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from village_games import villagers_and_villains as vv
from village_games.bots import RandomBot, VillagersAndVillainsBot
from village_games.villagers_and_villains import CARD_FILE
from widgets.table.save_file import SAVE_FORMAT
from widgets.villagers_and_villains.adapter import VARIANTS, VVAdapter, make_app
from widgets.villagers_and_villains.render import render_table

from ..villagers_and_villains.scenarios import make as make_position


def load(app, state: dict, seats: list[str]) -> None:
    app.load_json(json.dumps({"game": "villagers_and_villains", "format": SAVE_FORMAT,
                              "state": vv.Game.from_dict(state).to_dict(), "seats": seats}))


RECRUIT = {"pool": ["Goblins", "Farm", "Witch", "Castle", "Rats", "Bridge"], "dice": [2, 5],
           "players": [{"name": "Tim", "gold": 3}, {"name": "Ana"}]}
DEFEND = {"phase": "defend", "dice": [2], "players": [
    {"name": "Tim", "town": ["Troll", "Knight"]}, {"name": "Ana"}]}


def test_recruit_by_clicking_a_pool_card_with_its_odds_shown() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, RECRUIT, ["human", "bot"])
    html = app.screen.board.html
    # the chance under card 4 with no extra roll (1/2) and with Tim's 3 gold (15/16)
    slot4 = html.split('<div class="vg-vv-pos">4</div>')[1].split('<div class="vg-vv-pos">')[0]
    assert "<b>50%</b>" in slot4 and "94% with 3 extra" in slot4
    assert app.screen.picker.button("position", 4).description == "4. Castle · 50%"
    app.screen.board.click("4", "position")  # announcing is final: picked, then confirmed
    app.screen.turn_confirm.click()
    assert app.session.game.turn_state.position == 4
    assert app.session.game.turn_state.step == "declare"
    buy = app.screen.picker.button("", "", kind="BuyRoll")
    assert buy.description == "Buy an extra roll (1 gold): 50% → 75%"
    buy.click()
    assert app.session.game.players[0].gold == 2
    roll = app.screen.picker.button("", "", kind="Roll")
    assert roll.description == "Roll 2 dice: 75% to succeed"
    app.screen.picker.button("", "", kind="Roll").click()
    app.screen.turn_confirm.click()  # a 2, then a 5: the Castle
    g = app.session.game
    assert "Castle" in g.players[0].hand()
    assert 'class="vg-vv-die"' in app.screen.board.html and "⚁" in app.screen.board.html  # the dice


def test_defend_with_a_hero_and_the_angry_mob_by_clicking() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, DEFEND, ["human", "bot"])
    html = app.screen.board.html
    assert "Town 33%" in html and "Knight 67%" in html and "Mob: up to" in html
    assert 'data-vg-value="None" data-vg-field="hero"' in html  # the TOWN DEFENSE token
    app.screen.board.click("Troll", "challenge")
    app.screen.board.click("Knight", "hero")
    assert not app.screen.turn_confirm.disabled
    app.screen.turn_confirm.click()
    mob = app.screen.picker.button("", "", kind="DeclareMob")
    assert mob.description == "Send the Angry Mob (+3, then gone): 67% → 100%"
    mob.click()
    app.screen.picker.button("", "", kind="Roll").click()
    app.screen.turn_confirm.click()  # 2 + 2 + 3 beats the Troll's 5
    g = app.session.game
    assert "Troll" in g.players[0].hand() and "Angry Mob" not in g.players[0].hand()


def test_a_town_defense_is_picked_on_the_table_too() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, DEFEND, ["human", "bot"])
    app.screen.board.click("Troll", "challenge")
    app.screen.board.click("None", "hero")
    app.screen.turn_confirm.click()
    assert app.session.game.turn_state.hero is None
    assert app.session.game.turn_state.challenge == "Troll"


def test_variants_are_basic_or_advanced_with_pony_express_and_ordinance() -> None:
    keys = [v.key for v in VARIANTS]
    assert keys[:2] == ["basic", "advanced"] and len(set(keys)) == 8
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "4",
                    "variant": "advanced-pony-ordinance"})
    g = app.session.game
    assert g.advanced and g.pony_express and g.ordinance
    assert app.setup.variant_box.value == "advanced-pony-ordinance"
    assert "advanced game + Ordinance + Pony Express" in app.screen.board.html
    assert app.screen.picker.button("position", 1, kind="Ordinance")  # offered as an option
    assert app.sharing.share_query(app.session) == \
        "?players=3&seats=human,bot,bot&seed=4&variant=advanced-pony-ordinance"


def test_the_bot_kind_is_a_setup_choice_and_a_link_setting() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "2", "bots": "random"})
    assert all(isinstance(b, RandomBot) for b in app.session.bots.values())
    # the share link keeps it
    assert app.sharing.share_query(app.session).endswith("&seed=2&bots=random")
    app.bot_box.value = "heuristic"
    assert all(isinstance(b, VillagersAndVillainsBot) for b in app.session.bots.values())
    assert "bots=" not in app.sharing.share_query(app.session)
    assert "bots=" not in app.sharing.share.value
    bad = make_app({"players": "2", "bots": "genius"})
    assert "bots must be heuristic, random or search" in bad.notice.value
    assert all(isinstance(b, VillagersAndVillainsBot) for b in bad.session.bots.values())


def test_the_stand_in_deck_shows_in_the_setup_and_every_cards_help() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    assert "stand-in deck" in app.tools.deck.note.value
    assert "stand-in deck" in app.screen.board.html
    titles = re.findall(r'class="vg-vv-card vg-vv-(?:building|citizen|hero|challenge|mob)[^"]*"'
                        r' title="([^"]*)"', app.screen.board.html)
    assert titles and all("Stand-in card" in t for t in titles)
    tip = app.screen.picker.button("position", 1).tooltip
    assert "Stand-in card" in tip


def test_a_users_deck_file_is_used_and_a_bad_one_changes_nothing() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    text = CARD_FILE.read_text(encoding="utf-8").replace("stand_in = true", "stand_in = false")
    app.use_deck(("my_cards.toml", text.encode()))
    assert app.session.game.cards.name == "my_cards.toml"
    assert "my_cards.toml" in app.screen.board.html
    assert "Stand-in card" not in app.screen.board.html
    before = app.session.game
    bad = text.replace('defeat = 2', 'defeat = "two"', 1)
    with pytest.raises(ValueError, match="defeat"):
        app.use_deck(("bad.toml", bad.encode()))
    assert app.session.game is before


def test_bots_play_to_the_end_and_the_score_sheet_is_filled_in() -> None:
    app = make_app({"players": "3", "seats": "bot,bot,bot", "seed": "5",
                    "variant": "advanced"})
    g = app.session.game
    assert g.is_over()
    html = app.screen.board.html
    assert "Game Score Sheet" in html and "Matchmaker Bonus" in html
    for line in ("Town Value", "Civility Bonus", "Heroic Bonus", "Victory Bonus",
                 "Largest Town Bonus", "Total Points"):
        assert line in html
    sheet = g.score_sheet()
    totals = re.search(r'class="vg-vv-total"><th>Total Points</th>(.*?)</tr>', html).group(1)
    assert re.findall(r"<td>(-?\d+)</td>", totals) == [str(r["total"]) for r in sheet]
    assert "vg-vv-winner" in html and "Game over" in app.screen.prompt.value
    # the gold row is our tie-break (reading 28), the pairs row says how pairs form (24)
    assert "Gold left (our tie-break, not on the printed pad)" in html
    assert re.search(r'<th title="Pairs are formed in order[^"]*">Matchmaker Bonus', html)


def test_build_from_hand_and_the_phase_track() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, {"phase": "build", "players": [{"name": "Tim", "gold": 4,
                                              "hand": ["Angry Mob", "Farm"]},
                                             {"name": "Ana"}]}, ["human", "bot"])
    html = app.screen.board.html
    assert 'vg-vv-phase vg-vv-phase-now" title="build or hire' in html
    assert app.screen.picker.button("card", "Farm", kind="Build").description == "Farm (3 gold)"
    app.screen.board.click("Farm", "Build.card")
    app.screen.turn_confirm.click()
    assert "Farm" in app.session.game.players[0].town and app.session.game.players[0].gold == 1


def test_spectator_render_shows_no_odds_and_hides_drawn_cards() -> None:
    g = vv.Game.from_dict({"players": [{"name": "Tim", "hand_secret": ["Farm"]},
                                       {"name": "Ana"}]})
    html = VVAdapter().render(g.observation(None), g.cards)
    assert "vg-vv-odds" not in html and "vg-vv-back" in html
    assert '<div class="vg-vv-cname">Farm</div>' not in html.split("Recruitment Pool")[0]


def test_every_step_of_a_bot_game_renders_for_each_seat() -> None:
    g = vv.new_game(players=4, seed=9, advanced=True, pony_express=True, ordinance=True)
    bot = RandomBot(seed=3)
    from village_games.core import SeatView
    while not g.is_over():
        seat = g.to_act()[0]
        obs = g.observation(seat)
        assert render_table(obs, g.cards)
        labels = VVAdapter().labels(obs, g.cards)
        for a in g.legal_actions(seat):
            kind = type(a).__name__
            assert labels.kind_title(kind)
            for f in dataclasses.fields(a):
                value = getattr(a, f.name)
                assert labels.value_label(kind, f.name, value)
                labels.value_tooltip(kind, f.name, value)
        g.apply(seat, bot.act(SeatView(g, seat)))
    assert "Game Score Sheet" in render_table(g.observation(None), g.cards)


def test_the_notebooks_are_thin() -> None:
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for name in ("play", "rules", "replay"):
        nb = json.loads((root / f"villagers_and_villains_{name}.ipynb").read_text())
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert len(code) == 1 and len("".join(code[0]["source"]).splitlines()) <= 3


def test_hot_seat_shows_each_mayor_their_own_drawn_cards_only() -> None:
    app = make_app({"players": "2", "seats": "human,human", "seed": "1"})
    load(app, {"players": [{"name": "Tim", "hand_secret": ["Farm"]},
                           {"name": "Ana", "hand_secret": ["Castle"]}]}, ["human", "human"])
    assert "vg-handover" in app.screen.handover._dom_classes and app.screen.board.html == ""
    app.screen.handover_button.click()
    html = app.screen.board.html
    assert '<div class="vg-vv-cname">Farm</div>' in html
    assert '<div class="vg-vv-cname">Castle</div>' not in html.split("Recruitment Pool")[1]


def test_step_by_step_shows_only_the_dice_rolled_so_far() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"}, step_by_step=True)
    load(app, {"pool": ["Goblins", "Farm", "Witch", "Castle", "Rats", "Bridge"],
               "dice": [1, 5], "players": [{"name": "Tim"}, {"name": "Ana"}]},
         ["human", "bot"])
    app.screen.board.click("5", "position")
    app.screen.turn_confirm.click()  # Tim's own announcement: one step, shown at once
    app.screen.picker.button("", "", kind="BuyRoll").click()
    app.screen.picker.button("", "", kind="Roll").click()
    app.screen.turn_confirm.click()
    assert app.session.steps.frames  # Tim's two dice and what follows, one event at a time
    first = app.screen.board.html
    assert "⚀" in first and "⚄" not in first  # the second die is not shown yet
    app.screen.next_button.click()
    assert "⚄" in app.screen.board.html
    for _ in range(20):  # each bot move is stepped through in its turn
        if not app.session.steps.frames:
            break
        app.screen.all_button.click()
    assert not app.session.steps.frames and app.session.mine_to_act() == 0


def test_an_ability_shows_its_before_and_after_chance_even_another_mayors() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, {"advanced": True, "phase": "recruit", "players": [
        {"name": "Tim", "gold": 3, "town": ["Stable"]},
        {"name": "Ana", "gold": 0, "town": ["Tower"]}]}, ["human", "bot"])
    app.screen.board.click("4", "position")
    app.screen.turn_confirm.click()
    # card 4 needs a 4: one die 50%; the Tower's +1 makes it 67%, the Stable's roll 75%
    assert app.screen.picker.button("card", "Tower", kind="PayVend").description == \
        "Tower (1 gold): 50% → 67%"
    assert app.screen.picker.button("card", "Stable", kind="UseAbility").description == \
        "Stable: 50% → 75%"


def test_the_pillage_prompt_counts_the_things_left_on_the_turn() -> None:
    """One ruling left (the Pillage Loss, with the Lord's ability beside it) is not
    "several things"."""
    g = make_position([{"gold": 5, "town": ["Witch", "Lord"]}, {"gold": 3}], phase="pillage",
                      advanced=True)
    assert g.turn_state.pending == ["pillage"]
    text = VVAdapter().prompt(g.observation(0), g.legal_actions(0))
    assert "one thing is left to happen on your turn" in text and "several" not in text


def test_the_favor_button_says_its_two_go_on_the_first_die_and_counts_it_so() -> None:
    """Reading 10 in the app's words: the King's Favor adds 2 to the first recruit die;
    the button's odds count a bought roll without it."""
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    load(app, {**RECRUIT, "advanced": True, "favor": 0}, ["human", "bot"])
    app.screen.picker.button("", "", kind="KeepFavor").click()
    app.screen.turn_confirm.click()  # (a final choice: picked, then confirmed)
    app.screen.board.click("4", "position")
    app.screen.turn_confirm.click()
    app.screen.picker.button("", "", kind="BuyRoll").click()  # two dice: 75%
    assert app.banner.value == ""
    favor = app.screen.picker.button("", "", kind="UseFavor")
    assert "+2 on the first die of this recruit" in favor.description
    # the first die needs a 2 (5/6), the bought one still a 4 (1/2): 1 - 1/6 * 1/2
    assert favor.description.endswith("75% → 92%")
