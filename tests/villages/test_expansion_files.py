"""Decks and location files of your own with the expansions: clear errors that name the
file, the card (or location) and the field, and the deckbuilding rule a deck breaks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from village_games import villages
from village_games.core.card_data import CardDataError
from village_games.villages import Villages
from village_games.villages.cards import CARD_FILE
from village_games.villages.expansion_cards import EXPANSION_FILE
from village_games.villages.locations import LOCATION_FILE

EXPANSIONS = EXPANSION_FILE.read_text()
_DARK_AT, _DUAL_AT = EXPANSIONS.index("\n[[dark_light]]\n"), EXPANSIONS.index("\n[[dual]]\n")
DARK_LIGHT = EXPANSIONS[_DARK_AT:_DUAL_AT].replace("[[dark_light]]", "[[card]]")
DUAL = EXPANSIONS[_DUAL_AT:].replace("[[dual]]", "[[card]]")
GHOST = 'name = "Ghost"\ncolour = "Dark"\nkind = "unit"\n'


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def deck_with(cards: str) -> str:
    """The stand-in deck file with more [[card]] tables after its own."""
    return CARD_FILE.read_text() + "\n" + cards


# ------------------------------------------------------------------ decks of your own
def test_a_deck_of_your_own_with_dark_light_and_dual_cards_plays_and_saves(tmp_path) -> None:
    path = write(tmp_path, deck_with(DARK_LIGHT + DUAL))
    g = villages.new_game(players=3, seed=2, deck=path)
    assert "Dark Ghost" in g.cards and "Red/Green Santa" in g.cards
    rng = random.Random(2)
    for _ in range(80):
        p = g.to_act()[0]
        g.apply(p, rng.choice(list(g.legal_actions(p))))
        assert not g.audit()
    assert Villages.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_nine_dark_units_break_the_ten_per_colour_rule(tmp_path) -> None:
    assert GHOST in DARK_LIGHT
    path = write(tmp_path, deck_with(DARK_LIGHT.replace(GHOST, 'name = "Ghost"\ncolour = '
                                                               '"Light"\nkind = "unit"\n')))
    with pytest.raises(CardDataError, match=r"mine.toml: colour Dark has 9 units.*exactly 10"):
        villages.load_cards(path)


def test_a_dark_farmer_breaks_the_rule_that_dark_supports_nothing(tmp_path) -> None:
    dark = DARK_LIGHT.replace(GHOST, GHOST + 'supports = "animals"\n')
    path = write(tmp_path, deck_with(dark))
    with pytest.raises(CardDataError, match=r"card 'Dark Ghost': field 'supports'.*Dark "
                                            r"units support neither"):
        villages.load_cards(path)


def test_a_dark_unit_named_like_a_unit_of_another_colour_is_refused(tmp_path) -> None:
    dark = DARK_LIGHT.replace(GHOST, GHOST.replace("Ghost", "Knight"))
    path = write(tmp_path, deck_with(dark))
    with pytest.raises(CardDataError, match=r"card 'Dark Knight': field 'name'.*no other "
                                            r"colour"):
        villages.load_cards(path)


@pytest.mark.parametrize("colour,second", [("Red", "Red"), ("Dark", "Red"),
                                           ("Red", "Light")])
def test_a_dual_card_needs_two_different_plain_colours(tmp_path, colour, second) -> None:
    card = (f'[[card]]\nname = "Odd"\ncolour = "{colour}"\nsecond_colour = "{second}"\n'
            'kind = "unit"\npower = 1\ngold = 1\n')
    path = write(tmp_path, deck_with(card))
    with pytest.raises(CardDataError, match=r"mine.toml card 'Odd': field 'second_colour'"):
        villages.load_cards(path)


def test_a_grey_card_cannot_be_dual(tmp_path) -> None:
    card = ('[[card]]\nname = "Mule"\ncolour = "Grey"\nsecond_colour = "Red"\n'
            'kind = "animal"\ngold = 1\n')
    path = write(tmp_path, deck_with(card))
    with pytest.raises(CardDataError, match="second_colour"):
        villages.load_cards(path)


def test_an_option_that_would_add_cards_the_deck_already_has_is_refused(tmp_path) -> None:
    path = write(tmp_path, deck_with(DARK_LIGHT))
    with pytest.raises(CardDataError, match=r"'mine.toml' already holds Dark or Light "
                                            r"cards: leave the dark_light option off"):
        villages.new_game(players=2, seed=1, deck=path, dark_light=True)


def test_an_expansion_option_must_be_true_or_false() -> None:
    with pytest.raises(ValueError, match=r"dark_light must be true or false"):
        villages.new_game(players=2, dark_light="yes")
    with pytest.raises(ValueError, match=r"locations must be False.*got int"):
        villages.new_game(players=2, locations=5)


def test_the_stand_in_files_say_they_are_stand_in_data() -> None:
    for path in (EXPANSION_FILE, LOCATION_FILE):
        assert "STAND-IN DATA" in path.read_text()
    assert villages.load_locations().stand_in


# ------------------------------------------------------------------ location files
def locations_with(tables: list[str]) -> str:
    return "[meta]\nstand_in = false\n" + "".join(f"[[location]]\n{t}\n" for t in tables)


GOOD = ['name = "Hills"\neffect = "draws"\ncount = 3',
        'name = "Sea"\neffect = "ties"\nto = "defender"']


def test_a_location_file_of_your_own_plays_and_saves(tmp_path) -> None:
    path = write(tmp_path, locations_with(GOOD), "lands.toml")
    g = villages.new_game(players=2, seed=4, locations=path)
    assert g.location.name in ("Hills", "Sea") and g.options["locations"]["name"] == "lands.toml"
    h = Villages.from_dict(g.to_dict())
    assert h.to_dict() == g.to_dict() and h.lands.names == ("Hills", "Sea")


def test_an_uploaded_location_file_travels_in_the_game_record() -> None:
    lands = villages.locations_from_text(locations_with(GOOD), "lands.toml")
    g = villages.new_game(players=2, seed=4, locations=lands)
    rng = random.Random(1)
    for _ in range(40):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    record = g.record()
    assert record["options"]["locations"]["name"] == "lands.toml"
    again = villages.replay(record)
    assert again.to_dict() == g.to_dict() and again.lands.names == ("Hills", "Sea")


@pytest.mark.parametrize("bad,message", [
    ('name = "Sea"\neffect = "storms"', r"lands.toml location 'Sea': field 'effect'"),
    ('name = "Sea"\neffect = "draws"\ncount = 9',
     r"lands.toml location 'Sea' \(effect 'draws'\): field 'count' must be from 1 to 4"),
    ('name = "Sea"\neffect = "draws"', r"location 'Sea' \(effect 'draws'\): missing field "
                                       r"'count'"),
    ('name = "Sea"\neffect = "ties"\nto = "nobody"', r"location 'Sea'.*field 'to'"),
    ('name = "Sea"\neffect = "gifts"\ncount = 1\ncolour = "Red"', r"location 'Sea'.*colour"),
    ('name = "Hills"\neffect = "gifts"\ncount = 1', r"location 'Hills': the name appears "
                                                     r"twice"),
])
def test_a_bad_location_names_the_file_the_location_and_the_field(tmp_path, bad,
                                                                   message) -> None:
    path = write(tmp_path, locations_with([GOOD[0], bad]), "lands.toml")
    with pytest.raises(CardDataError, match=message):
        villages.new_game(players=2, seed=1, locations=path)


def test_a_location_file_needs_two_locations_and_valid_toml(tmp_path) -> None:
    path = write(tmp_path, locations_with(GOOD[:1]), "lands.toml")
    with pytest.raises(CardDataError, match=r"lands.toml: needs at least 2"):
        villages.load_locations(path)
    with pytest.raises(CardDataError, match=r"lands.toml is not valid TOML"):
        villages.locations_from_text("[[location]\nname=", "lands.toml")
    with pytest.raises(CardDataError, match=r"card file not found"):
        villages.load_locations(tmp_path / "missing.toml")
