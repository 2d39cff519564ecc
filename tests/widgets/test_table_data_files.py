"""Data files a user loads into the play apps besides the deck: the Villagers solo event
cards and the Villages Location cards. A good file starts the next game and stays for the
later ones and in saves; a bad one is refused next to its buttons and changes nothing."""

from __future__ import annotations

import json

import pytest

from village_games.villagers.solo.events import EVENT_FILE
from widgets.villagers.adapter import make_app as villagers_app
from widgets.villages.adapter import make_app as villages_app

SOLO = {"players": "1", "seats": "human", "seed": "3"}
WITH_LOCATIONS = {"players": "2", "seats": "human,bot", "seed": "4", "variant": "locations"}
LANDS = ('[meta]\nstand_in = false\n'
         '[[location]]\nname = "Hills"\neffect = "draws"\ncount = 3\n'
         '[[location]]\nname = "Sea"\neffect = "ties"\nto = "defender"\n')


def events_text(old: str = 'name = "Betrayer"', new: str = 'name = "Turncoat"') -> bytes:
    text = EVENT_FILE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def upload(control, name: str, content: bytes) -> None:
    """What the browser does when a file is chosen in the control's upload button."""
    control.upload.set_state({"value": [{"name": name, "type": "", "size": len(content),
                                         "last_modified": 0, "content": content}]})


def state(app) -> str:
    return json.dumps(app.session.game.to_dict(), sort_keys=True)


def shown_sections(app) -> tuple[str, ...]:
    return tuple(app.tools.widget.titles)


# ---------------------------------------------------------------- Villagers solo events
def test_an_event_file_starts_the_next_solo_game_and_stays_for_later_ones() -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    assert "Playing with the rulebook's events." in events.note.value and events.reset.disabled
    upload(events, "my_events.toml", events_text())
    g = app.session.game
    assert g.solo.events.name == "my_events.toml" and "Turncoat" in g.solo.events
    assert g.options["events"]["name"] == "my_events.toml"
    assert "your file <b>my_events.toml</b>" in events.note.value
    assert "A new game has begun with my_events.toml" in events.note.value
    assert not events.reset.disabled and app.banner.value == ""
    app.setup.new_button.click()
    assert app.session.game is not g and app.session.game.solo.events.name == "my_events.toml"
    # a link cannot carry the file: the share area says so, and so does the note
    assert app.sharing.share_query(app.session) is None
    assert "my_events.toml" in app.sharing.share.value
    assert "A link cannot carry a file" in events.note.value


@pytest.mark.parametrize("content,message", [
    (b'[[event]\nname = "Betrayer"', "my_events.toml is not valid TOML"),
    (events_text('season = "summer"\n', ""),
     "my_events.toml event 'Betrayer': missing field 'season'"),
    (events_text("gold = 1\n", 'gold = "one"\n'),
     "my_events.toml event 'Customs': field 'gold' must be int, got 'one'"),
    (events_text('effect = "steal_top"', 'effect = "plague"'),
     "my_events.toml event 'Betrayer': field 'effect' must be one of"),
    (b"\xff\xfe\x00", "my_events.toml is not a text file"),
])
def test_a_bad_event_file_is_refused_beside_its_buttons_and_changes_nothing(
        content: bytes, message: str) -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    upload(events, "first.toml", events_text())  # a file of the user's is in use
    before, game = state(app), app.session.game
    upload(events, "my_events.toml", content)
    assert f"Not used: {message}" in events.note.value and "Nothing has changed" in \
        events.note.value
    assert app.session.game is game and state(app) == before and app.banner.value == ""
    assert events.data["name"] == "first.toml"
    app.setup.new_button.click()
    assert app.session.game.solo.events.name == "first.toml"


def test_reset_goes_back_to_the_rulebooks_events() -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    upload(events, "my_events.toml", events_text())
    events.reset.click()
    g = app.session.game
    assert g.solo.events.is_standard and "events" not in g.options
    assert "Playing with the rulebook's events." in events.note.value and events.reset.disabled
    assert app.sharing.share_query(app.session) is not None


def test_a_save_keeps_the_event_file_and_loading_it_brings_it_back() -> None:
    app = villagers_app(SOLO)
    upload(app.tools.files["events"], "my_events.toml", events_text())
    saved = app.save_json()
    other = villagers_app({"players": "3", "seats": "human,bot,bot", "seed": "3"})
    other.load_json(saved)
    assert state(other) == state(app) and other.session.game.solo.events.name == "my_events.toml"
    assert "my_events.toml" in other.tools.files["events"].note.value
    assert "Solo events" in shown_sections(other)
    other.setup.new_button.click()  # the save's file is the next games' file too
    assert other.session.game.solo.events.name == "my_events.toml"
    # a save made with the rulebook's events brings those back
    other.load_json(villagers_app(SOLO).save_json())
    assert other.tools.files["events"].data is None and other.session.game.solo.events.is_standard


def test_the_event_section_shows_only_for_a_solo_game() -> None:
    app = villagers_app({"players": "3", "seats": "human,bot,bot", "seed": "3"})
    assert shown_sections(app) == ("Save / load", "Deck")
    app.setup.players_box.value = 1
    assert shown_sections(app) == ("Save / load", "Deck", "Solo events")
    app.setup.players_box.value = 3
    assert shown_sections(app) == ("Save / load", "Deck")
    with pytest.raises(ValueError, match="used only in a solo game"):
        app.use_file("events", ("my_events.toml", events_text()))


def test_an_event_file_waits_out_games_with_more_players() -> None:
    app = villagers_app(SOLO)
    upload(app.tools.files["events"], "my_events.toml", events_text())
    app.setup.players_box.value = 3
    app.setup.new_button.click()
    assert app.session.game.num_players == 3 and "events" not in app.session.game.options
    app.setup.players_box.value = 1
    app.setup.new_button.click()
    assert app.session.game.solo.events.name == "my_events.toml"


# ---------------------------------------------------------------- Villages Location cards
def test_a_location_file_replaces_the_stand_in_locations() -> None:
    app = villages_app(WITH_LOCATIONS)
    lands = app.tools.files["locations"]
    assert "stand-in Location cards" in lands.note.value
    assert "stand-in location" in app.screen.board.html
    upload(lands, "lands.toml", LANDS.encode())
    g = app.session.game
    assert g.lands.names == ("Hills", "Sea") and g.location.name in ("Hills", "Sea")
    assert g.options["locations"]["name"] == "lands.toml"
    assert "your file <b>lands.toml</b>" in lands.note.value
    assert "stand-in location" not in app.screen.board.html  # the file says it is not stand-in
    app.setup.new_button.click()
    assert app.session.game.lands.names == ("Hills", "Sea")
    lands.reset.click()
    assert app.session.game.options["locations"] is True and app.session.game.lands.stand_in


@pytest.mark.parametrize("bad,message", [
    ('name = "Sea"\neffect = "storms"', "lands.toml location 'Sea': field 'effect'"),
    ('name = "Sea"\neffect = "draws"', "lands.toml location 'Sea' (effect 'draws'): "
                                       "missing field 'count'"),
    ('name = "Sea"\neffect = "draws"\ncount = "two"', "lands.toml location 'Sea' (effect "
                                                      "'draws'): field 'count' must be int"),
])
def test_a_bad_location_file_is_refused_and_changes_nothing(bad: str, message: str) -> None:
    app = villages_app(WITH_LOCATIONS)
    lands = app.tools.files["locations"]
    before = state(app)
    text = '[[location]]\nname = "Hills"\neffect = "draws"\ncount = 3\n[[location]]\n' + bad
    upload(lands, "lands.toml", text.encode())
    assert f"Not used: {message}" in lands.note.value
    assert state(app) == before and lands.data is None and app.session.game.lands.stand_in


def test_the_locations_section_shows_only_with_location_cards() -> None:
    app = villages_app({"players": "2", "seats": "human,bot", "seed": "4"})
    assert "Locations" not in shown_sections(app)
    app.setup.variant_box.value = "all"
    assert shown_sections(app) == ("Save / load", "Deck", "Locations")
    app.setup.variant_box.value = "dual"
    assert "Locations" not in shown_sections(app)


def test_a_location_file_survives_a_base_game_and_a_save() -> None:
    app = villages_app(WITH_LOCATIONS)
    upload(app.tools.files["locations"], "lands.toml", LANDS.encode())
    app.setup.variant_box.value = "base"
    app.setup.new_button.click()
    assert "locations" not in app.session.game.options
    app.setup.variant_box.value = "locations"
    app.setup.new_button.click()
    assert app.session.game.lands.names == ("Hills", "Sea")
    other = villages_app({"players": "3", "seats": "human,bot,bot", "seed": "1"})
    other.load_json(app.save_json())
    assert state(other) == state(app) and other.setup.variant_box.value == "locations"
    assert other.tools.files["locations"].data["name"] == "lands.toml"
    assert "Locations" in shown_sections(other)


def test_a_file_the_new_game_refuses_leaves_the_game_and_the_files_as_they_were(
        monkeypatch) -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    upload(events, "first.toml", events_text())
    before, new_game = state(app), app.adapter.new_game

    def refuse(*args, **options):
        if options.get("events") is not None and options["events"].name == "second.toml":
            raise ValueError("second.toml: the game cannot start with it")
        return new_game(*args, **options)

    monkeypatch.setattr(app.adapter, "new_game", refuse)
    upload(events, "second.toml", events_text('name = "Betrayer"', 'name = "Rat"'))
    assert "Not used: second.toml: the game cannot start with it" in events.note.value
    assert state(app) == before and events.data["name"] == "first.toml"


# ---------------------------------------------------------------- old refusals go
def test_a_refused_load_stops_showing_once_a_file_upload_starts_a_new_game() -> None:
    app = villages_app(WITH_LOCATIONS)
    app.tools.load_text.value = "{not json"
    app.tools.load_button.click()
    assert "Not loaded" in app.tools.load_note.value
    upload(app.tools.files["locations"], "lands.toml", LANDS.encode())
    assert app.session.game.lands.name == "lands.toml"
    assert "Not loaded" not in app.tools.load_note.value
    assert "A new game has begun with lands.toml" in app.tools.files["locations"].note.value


def test_a_refused_paste_stops_showing_once_a_new_game_begins() -> None:
    app = villages_app(WITH_LOCATIONS)
    app.tools.load_text.refused = 9_000_000  # the browser kept back a paste over the limit
    assert "Not loaded" in app.tools.load_note.value
    app.setup.new_button.click()
    assert app.tools.load_note.value == ""


def test_a_refused_file_stops_showing_once_a_save_loads() -> None:
    app = villages_app(WITH_LOCATIONS)
    saved = app.save_json()
    lands = app.tools.files["locations"]
    upload(lands, "broken.toml", b"[[location]]\nname = 3\n")
    assert "Not used" in lands.note.value
    app.tools.load_text.value = saved
    app.tools.load_button.click()
    assert "Loaded" in app.tools.load_note.value and "Not used" not in lands.note.value


def test_a_refused_file_of_a_mode_left_behind_is_gone_when_that_mode_comes_back() -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    upload(events, "my_events.toml", b"[[event]\n")
    assert "Not used" in events.note.value
    app.setup.players_box.value = 3  # a 3-player game: no solo events
    app.setup.new_button.click()
    app.setup.players_box.value = 1  # the events' section shows again, before any new game
    assert shown_sections(app)[-1] == "Solo events"
    assert "Not used" not in events.note.value
    assert "Playing with the rulebook's events." in events.note.value
