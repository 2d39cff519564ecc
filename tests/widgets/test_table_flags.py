"""Options a table turns on with checkboxes (flags), here the Villagers expansions: read
from and written to the page link, greyed out where the player count does not allow them,
passed to the game, and restored from a save."""

from __future__ import annotations

import json

from widgets.table.setup import flag_options, parse_setup, setup_query
from widgets.villagers.adapter import VillagersAdapter, make_app


def test_a_link_turns_flags_on_and_the_share_link_keeps_them() -> None:
    adapter = VillagersAdapter()
    setup, errors = parse_setup({"players": "3", "expansions": "profiteers,saints"}, adapter)
    assert errors == [] and setup.flags == ["saints", "profiteers"]
    assert flag_options(adapter, setup) == {"expansions": ["saints", "profiteers"]}
    assert setup_query(setup, adapter).endswith("&expansions=saints,profiteers")


def test_a_bad_flag_in_a_link_is_a_notice_and_is_left_out() -> None:
    setup, errors = parse_setup({"players": "1", "expansions": "scoundrels,villains"},
                                VillagersAdapter())
    assert setup.flags == []
    assert any("Scoundrels is for 2 to 5 players, not 1" in e for e in errors)
    assert any("'villains' is not one" in e for e in errors)


def test_checkboxes_follow_the_player_count_and_start_the_game_with_them() -> None:
    app = make_app({"players": "4", "seats": "human,bot,bot,bot", "seed": "3",
                    "expansions": "scoundrels,developments"})
    boxes = {f.key: box for f, box in app.setup.flag_boxes}
    assert boxes["scoundrels"].value and boxes["developments"].value
    assert "Scoundrels (2–5 players)" == boxes["scoundrels"].description
    assert app.session.game.options["expansions"] == ["scoundrels", "developments"]
    app.setup.players_box.value = 5
    assert boxes["scoundrels"].value and not boxes["scoundrels"].disabled
    app.setup.players_box.value = 1  # the solo game takes no expansion
    assert boxes["scoundrels"].disabled and not boxes["scoundrels"].value
    assert boxes["developments"].disabled and not boxes["developments"].value
    assert app.setup.read().flags == []
    assert "expansions=scoundrels,developments" in app.sharing.share_query(app.session)


def test_a_save_brings_its_expansions_back_into_the_checkboxes() -> None:
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "2",
                    "expansions": "saints"})
    saved = app.save_json()
    other = make_app({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    assert not any(box.value for _f, box in other.setup.flag_boxes)
    other.load_json(saved)
    assert other.session.game.options["expansions"] == ["saints"]
    assert [f.key for f, box in other.setup.flag_boxes if box.value] == ["saints"]
    assert json.loads(saved)["state"]["options"]["expansions"] == ["saints"]


def test_a_game_without_flags_has_no_checkbox_row() -> None:
    from widgets.village_pillage.adapter import make_app as pillage_app

    app = pillage_app({"players": "3", "seats": "human,bot,bot", "seed": "1"})
    assert app.setup.flag_boxes == [] and app.setup.flags_row not in app.setup.widget.children
