"""The deck is a game option: a user's deck file plays, saves, replays and reaches bots and
renderers through the game; a bad file is refused naming the file, the card and the field."""

import json

import pytest

from village_games import village_pillage
from village_games.bots import BeginnerBot, PillageBot
from village_games.core import CardDataError, SeatView, play
from village_games.village_pillage import CARD_FILE, VillagePillage
from widgets.village_pillage.render import render_table


def deck_file(tmp_path, old: str, new: str, name: str = "house.toml"):
    text = CARD_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.fixture
def farmer_gains_5(tmp_path):
    return deck_file(tmp_path, 'Farmer = "gain 3"\nWall = "gain 3"\nRaider = "gain 3"\n'
                               'Merchant = "gain 3"',
                     'Farmer = "gain 5"\nWall = "gain 5"\nRaider = "gain 5"\n'
                     'Merchant = "gain 5"')


def play_farmers(g):
    for seat in range(g.num_players):
        g.apply(seat, village_pillage.Plan("Farmer", "Wall"))
    return g


def test_a_deck_file_changes_what_the_cards_do(farmer_gains_5):
    house = play_farmers(village_pillage.new_game(players=3, seed=1, deck=farmer_gains_5))
    usual = play_farmers(village_pillage.new_game(players=3, seed=1))
    assert "Farmer gains 5" in " ".join(house.log_for(None))
    assert house.players[0].turnips - usual.players[0].turnips == 2


def test_the_deck_travels_in_saves_and_records(farmer_gains_5):
    g = village_pillage.new_game(players=3, seed=1, deck=farmer_gains_5)
    assert g.options["deck"]["name"] == "house.toml" and not g.cards.is_standard
    loaded = VillagePillage.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.cards.cards["Farmer"].effects[0].gain == 5
    play_farmers(g)
    again = village_pillage.replay(json.loads(json.dumps(g.record())))
    assert again.to_dict() == g.to_dict()
    assert "deck" not in village_pillage.new_game(players=3, seed=1).options  # saves stay small


def test_the_observation_names_the_deck_and_the_table_shows_it(farmer_gains_5):
    g = village_pillage.new_game(players=3, seed=1, deck=farmer_gains_5)
    obs = g.observation(0)
    assert obs["deck_name"] == "house.toml"
    page = render_table(obs, g.cards)
    assert "deck: house.toml" in page and "gain 5" in page
    usual = village_pillage.new_game(players=3, seed=1)
    assert "vg-deck-name" not in render_table(usual.observation(0), usual.cards)


def test_bots_read_card_facts_from_the_game_they_play(farmer_gains_5):
    g = village_pillage.new_game(players=3, seed=4, deck=farmer_gains_5)
    assert SeatView(g, 1).cards is g.cards
    bots = [PillageBot(seed=1, samples=2), BeginnerBot(seed=2), BeginnerBot(seed=3)]
    play(g, bots)
    assert g.is_over() and bots[1].cards is g.cards and bots[0].cards is g.cards


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Wall"\ntype = "Wall"', 'name = "Wall"\ntype = "Knight"',
     r"house.toml card 'Wall': field 'type' must be one of Farmer, Wall, Raider, Merchant"),
    ('Farmer = "gain 3"', 'Farmer = "grow 3"',
     r"house.toml card 'Farmer' field effects.Farmer: cannot read effect 'grow 3'"),
    ('name = "Bard"\ntype = "Merchant"\nbuy_relic = true',
     'name = "Bard"\ntype = "Merchant"\nbuy_relic = "yes"',
     r"house.toml card 'Bard': field 'buy_relic' must be true or false"),
    ('name = "Wall"', 'nam = "Wall"', r"house.toml card #2: unknown field\(s\) nam"),
])
def test_a_bad_deck_file_names_the_file_the_card_and_the_field(tmp_path, old, new, message):
    path = deck_file(tmp_path, old, new)
    with pytest.raises(CardDataError, match=message):
        village_pillage.new_game(players=3, seed=1, deck=path)


def test_a_missing_or_broken_deck_file_is_refused_clearly(tmp_path):
    with pytest.raises(CardDataError, match="card file not found: .*nowhere.toml"):
        village_pillage.new_game(players=3, deck=tmp_path / "nowhere.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]\nname = ", encoding="utf-8")
    with pytest.raises(CardDataError, match="broken.toml is not valid TOML"):
        village_pillage.new_game(players=3, deck=broken)
    with pytest.raises(ValueError, match="deck must be None"):
        village_pillage.new_game(players=3, deck=42)


def test_a_save_with_a_damaged_deck_is_refused_and_says_so(farmer_gains_5):
    d = village_pillage.new_game(players=3, seed=1, deck=farmer_gains_5).to_dict()
    d["options"]["deck"]["data"]["card"][0]["type"] = "Knight"
    with pytest.raises(ValueError, match="the save's deck cannot be used: house.toml card "
                                         "'Farmer': field 'type'"):
        VillagePillage.from_dict(d)
