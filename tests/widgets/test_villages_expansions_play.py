"""The Villages play app with the expansions: chosen as table variants, the Location card
and its rule on the table, Dark, Light and dual-colour cards drawn apart, all labelled as
stand-in designs, and a game played to the end by bots with every expansion."""

from __future__ import annotations

import json

from village_games.villages import BuildAs, Villages
from widgets.table.save_file import SAVE_FORMAT
from widgets.villages.adapter import VillagesAdapter, make_app
from widgets.villages.render import card_tip, render_table


def test_the_expansions_are_the_table_variants() -> None:
    keys = [v.key for v in VillagesAdapter().variants(3)]
    assert keys == ["base", "locations", "dark-light", "dual", "all"]
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "4", "variant": "all"})
    g = app.session.game
    assert g.location is not None and "Dark Ghost" in g.cards and "Red/Green Santa" in g.cards
    base = make_app({"players": "3", "seats": "human,bot,bot", "seed": "4"})
    assert base.session.game.location is None and "Dark Ghost" not in base.session.game.cards


def test_the_location_card_and_its_rule_are_on_the_table() -> None:
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3",
                    "variant": "locations"})
    loc = app.session.game.location
    html = app.screen.board.html
    assert "Location this round" in html and loc.name in html and loc.help in html
    assert "stand-in location" in html


def test_dark_light_and_dual_cards_are_drawn_apart_and_labelled() -> None:
    g = Villages.from_dict({"seed": 1, "phase": "main", "options": {"dark_light": True,
                                                                     "dual": True},
                            "players": [{"hand": ["Dark Ghost", "Light Angel",
                                                  "Red/Green Santa", "Red Farmer"],
                                         "villages": {"Dark": ["Dark Wraith", "Dark Ghoul",
                                                               "Dark Lich"]}}, {}]})
    html = render_table(g.observation(0), g.cards)
    assert "Light · wild" in html and "Red/Green" in html and "vg-vl-expansion" in html
    assert "<b>Dark</b>" in html  # the Dark village is laid out with the others
    for card in ("Dark Ghost", "Light Angel", "Red/Green Santa"):
        assert "Stand-in expansion card" in card_tip(card, g.cards)
    assert "Stand-in expansion card" not in card_tip("Red Farmer", g.cards)


def test_an_ambiguous_build_is_offered_with_its_colour() -> None:
    state = Villages.from_dict({"seed": 1, "phase": "main",
                                "options": {"dark_light": True, "dual": True},
                                "players": [{"name": "Ana", "hand": [
                                    "Red/Green Santa", "Light Angel", "Light Cleric"]},
                                    {"name": "Ben"}]}).to_dict()
    app = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    app.load_json(json.dumps({"game": "villages", "format": SAVE_FORMAT, "state": state,
                              "seats": ["human", "bot"]}))
    assert "BuildAs" in app.screen.picker.kinds
    legal = [a for a in app.session.game.legal_actions(0) if type(a) is BuildAs]
    assert {a.village for a in legal} == {"Red", "Green"}


def test_bots_play_a_game_with_every_expansion_to_the_end() -> None:
    app = make_app({"players": "3", "seats": "bot,bot,bot", "seed": "9", "variant": "all"})
    assert app.session.game.is_over() and "Score sheet" in app.screen.board.html
