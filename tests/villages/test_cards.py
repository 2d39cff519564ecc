"""The stand-in deck and deck files: the rulebook's counts, the deckbuilding rules, and
errors that name the file, the card and the field."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from village_games import villages
from village_games.core.card_data import CardDataError
from village_games.villages import CARD_FILE, COLOURS, deck_from_text, load_cards, standard_deck

TEXT = CARD_FILE.read_text(encoding="utf-8")


def test_the_stand_in_deck_has_the_rulebooks_component_counts() -> None:
    cards = standard_deck()
    assert len(cards) == 72
    assert Counter(c.colour for c in cards if c.is_unit) == {c: 10 for c in COLOURS}
    assert Counter(c.kind for c in cards) == {"unit": 60, "animal": 7, "building": 5}
    for colour in COLOURS:
        units = [c for c in cards if c.colour == colour]
        assert {c.supports for c in units} >= {"animals", "buildings"}
    assert {"Castle", "Tower", "Tavern"} <= {c.name for c in cards if c.kind == "building"}


def test_the_file_says_plainly_that_it_is_stand_in_data() -> None:
    assert TEXT.lstrip().startswith("# ===")
    assert "STAND-IN DATA" in TEXT.splitlines()[1]
    assert villages.INFO.stand_in_deck


def _write(tmp_path: Path, text: str, name: str = "my_deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _swap(old: str, new: str, count: int = 1) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, count)


def test_a_users_deck_file_is_loaded_and_travels_with_the_game(tmp_path: Path) -> None:
    text = _swap('name = "Church"\ncolour = "Grey"\nkind = "building"\ngold = 5',
                 'name = "Chapel"\ncolour = "Grey"\nkind = "building"\ngold = 4')
    path = _write(tmp_path, text)
    g = villages.new_game(3, seed=1, deck=str(path))
    assert "Chapel" in g.cards and "Church" not in g.cards
    assert g.options["deck"]["name"] == "my_deck.toml"
    assert g.observation(0)["deck_name"] == "my_deck.toml"
    again = villages.Villages.from_dict(g.to_dict())
    assert again.cards.cards == g.cards.cards
    assert villages.replay(g.record()).to_dict() == g.to_dict()


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Dragon"\ncolour = "Red"\nkind = "unit"\npower = 5',
     'name = "Dragon"\ncolour = "Red"\nkind = "unit"\npower = "five"',
     "my_deck.toml card 'Red Dragon': field 'power' must be int"),
    ('name = "Bear"\ncolour = "Orange"', 'name = "Bear"\ncolour = "Pink"',
     "my_deck.toml card 'Bear': field 'colour' must be one of"),
    ('name = "Pig"\ncolour = "Grey"\nkind = "animal"',
     'name = "Pig"\ncolour = "Grey"\nkind = "unit"',
     "my_deck.toml card 'Pig': field 'kind'"),
    ('name = "Pig"\ncolour = "Grey"\nkind = "animal"\ngold = 2',
     'name = "Pig"\ncolour = "Grey"\nkind = "animal"\ngold = 2\npower = 3',
     "my_deck.toml card 'Pig': field 'power' is not allowed on an animal card"),
    ('name = "Monk"\ncolour = "Blue"\nkind = "unit"\npower = 2\ngold = 3',
     'name = "Monk"\ncolour = "Blue"\nkind = "unit"\npower = 2\ngold = 3\nsupports = "cows"',
     "my_deck.toml card 'Blue Monk': field 'supports' must be one of"),
    ('name = "Spy"\ncolour = "Purple"', 'name = "Ninja"\ncolour = "Purple"',
     "my_deck.toml card 'Purple Ninja': the card appears twice"),
    ('name = "Monk"\ncolour = "Blue"\nkind = "unit"\npower = 2\ngold = 3',
     'name = "Monk"\ncolour = "Blue"\nkind = "unit"\npower = 2\ngold = 3\nflavour = 1',
     "my_deck.toml card 'Blue Monk': unknown field(s) flavour"),
])
def test_a_bad_card_names_the_file_the_card_and_the_field(tmp_path: Path, old: str, new: str,
                                                          message: str) -> None:
    path = _write(tmp_path, _swap(old, new))
    with pytest.raises(CardDataError) as err:
        villages.new_game(3, deck=str(path))
    assert message in str(err.value)


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Monk"\ncolour = "Blue"', 'name = "Monk"\ncolour = "Red"',
     "colour Red has 11 units; the deckbuilding rules need exactly 10 units in each colour"),
    ('name = "Builder"\ncolour = "Green"\nkind = "unit"\npower = 1\ngold = 3\n'
     'supports = "buildings"',
     'name = "Builder"\ncolour = "Green"\nkind = "unit"\npower = 1\ngold = 3',
     "colour Green has no unit that supports buildings (a Builder, field 'supports')"),
    ('name = "Egg"\ncolour = "Grey"\nkind = "animal"\ngold = 1',
     'name = "Egg"\ncolour = "Grey"\nkind = "building"\ngold = 1',
     "the deck has 6 animals; the deckbuilding rules need exactly 7"),
])
def test_the_deckbuilding_rules_validate_any_deck(tmp_path: Path, old: str, new: str,
                                                  message: str) -> None:
    path = _write(tmp_path, _swap(old, new))
    with pytest.raises(ValueError) as err:
        load_cards(path)
    assert "my_deck.toml" in str(err.value) and message in str(err.value)


def test_an_uploaded_deck_and_a_broken_one(tmp_path: Path) -> None:
    deck = deck_from_text(TEXT, "upload.toml")
    assert deck.name == "upload.toml" and len(deck) == 72
    with pytest.raises(CardDataError, match="upload.toml is not valid TOML"):
        deck_from_text("[[card]\n", "upload.toml")
    with pytest.raises(CardDataError, match="card file not found"):
        villages.new_game(3, deck=str(tmp_path / "missing.toml"))


def test_a_damaged_deck_inside_a_save_is_refused() -> None:
    data = tomllib.loads(TEXT)
    data["card"][0]["gold"] = -1
    g = villages.new_game(2, seed=1)
    save = g.to_dict()
    save["options"]["deck"] = {"name": "house.toml", "data": data}
    with pytest.raises(ValueError, match="the save's deck cannot be used: house.toml card "
                                         "'Red Farmer': field 'gold'"):
        villages.Villages.from_dict(save)


def test_score_cards_are_required(tmp_path: Path) -> None:
    text = TEXT.replace("[score_cards.low]\nround_bonus = 5", "[score_cards.low]\nbonus = 5")
    with pytest.raises(CardDataError, match=r"\[score_cards.low\]: unknown field"):
        load_cards(_write(tmp_path, text))
