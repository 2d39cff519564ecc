"""The stand-in deck: the rulebook's counts, every public fact kept, labelled as stand-in,
every advanced mechanic present; user decks load, and a bad deck names file, card, field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from village_games import villagers_and_villains as vv
from village_games.villagers_and_villains import CARD_FILE, CardDataError, standard_deck
from village_games.villagers_and_villains.abilities import EFFECTS, PHASES


def test_stand_in_deck_matches_the_rulebooks_component_counts() -> None:
    deck = standard_deck()
    assert {t: deck.count(t) for t in ("building", "challenge", "citizen", "hero")} == {
        "building": 25, "challenge": 30, "citizen": 25, "hero": 20}
    assert len(deck.playing_cards()) == 100
    assert (deck.mob.name, deck.mob.copies) == ("Angry Mob", 5)
    assert (deck.deputy.name, deck.deputy.copies) == ("Deputy Mayor", 5)


def test_stand_in_deck_is_labelled_as_such() -> None:
    head = CARD_FILE.read_text(encoding="utf-8")[:600]
    assert "STAND-IN DATA" in head and "NOT the publisher's card list" in head
    assert standard_deck().stand_in and vv.INFO.stand_in_deck
    assert vv.new_game(2, seed=1).observation(0)["stand_in"] is True


def test_every_public_fact_about_real_cards_is_kept() -> None:
    d = standard_deck()
    assert (d["Farm"].type, d["Farm"].price, d["Farm"].value, d["Farm"].pair) == (
        "building", 3, 3, "Farmer")
    castle = d["Castle"]
    assert (castle.type, castle.price, castle.value, castle.pair) == ("building", 6, 4, "Lord")
    assert castle.ability and castle.ability.effect == "recruit_bonus"
    witch = d["Witch"]
    assert (witch.defeat, witch.value, witch.pillage, witch.loot) == (4, -2, 2, 2)
    bats = d["Murder Bats"]
    assert (bats.defeat, bats.value, bats.pillage, bats.loot, bats.successes) == (
        2, -2, 0, 1, 3)
    trader = d["Trader"]
    assert (trader.type, trader.price, trader.value, trader.earnings) == ("citizen", 4, 1, 2)
    assert trader.pair is not None
    assert d["Lord"].pair == "Castle" and d["Lord"].ability.cost > 0  # type: ignore[union-attr]
    assert d["Tax Collector"].ability.effect == "tax"  # type: ignore[union-attr]
    assert d["Tax Collector"].ability.phase == "pillage"  # type: ignore[union-attr]
    assert d["Mystic Seer"].pair == "any Citizen"
    assert d["Stable"].ability.effect == "free_roll"  # type: ignore[union-attr]
    assert d["Tower"].ability.effect == "recruit_bonus"  # type: ignore[union-attr]
    assert d["Tower"].ability.amount == 1  # type: ignore[union-attr]
    assert d["Angry Mob"].defense == 3


def test_numbers_make_sense_on_a_d6() -> None:
    d = standard_deck()
    for c in d:
        if c.type == "challenge":
            assert 2 <= c.defeat <= 6 and c.value < 0, c.name
        if c.type == "hero":
            assert 0 <= c.defense <= 3, c.name
        if c.type in ("building", "citizen", "hero"):
            assert 1 <= c.price <= 7, c.name


def test_the_deck_exercises_every_advanced_mechanic() -> None:
    d = standard_deck()
    abilities = [c.ability for c in d if c.ability]
    assert {a.effect for a in abilities} == set(EFFECTS)
    assert {a.phase for a in abilities} == set(PHASES)  # abilities in every phase
    assert sum(1 for a in abilities if a.vend is not None) >= 4  # several VEND cards
    assert any(a.cost for a in abilities)  # paid abilities
    assert any(c.pair == "any Citizen" for c in d)
    assert sum(1 for c in d if c.pair and not c.pair.startswith("any ")) >= 10


def test_every_card_has_a_readable_summary() -> None:
    assert "VEND" in standard_deck()["Tower"].describe()
    assert "needs 3 successes" in standard_deck()["Murder Bats"].describe()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_users_deck_file_is_a_game_option_saved_with_the_game(tmp_path: Path) -> None:
    text = CARD_FILE.read_text(encoding="utf-8").replace(
        'name = "Witch"\ntype = "challenge"\ndefeat = 4',
        'name = "Witch"\ntype = "challenge"\ndefeat = 5')
    path = _write(tmp_path, text.replace("stand_in = true", "stand_in = false"))
    g = vv.new_game(3, seed=2, deck=str(path))
    assert g.cards["Witch"].defeat == 5 and g.options["deck"]["name"] == "house.toml"
    assert g.observation(0)["deck_name"] == "house.toml"
    assert not g.observation(0)["stand_in"]
    again = vv.Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.cards["Witch"].defeat == 5
    assert vv.replay(g.record()).cards["Witch"].defeat == 5
    assert "deck" not in vv.new_game(3, seed=2).options
    up = vv.deck_from_text(text, "upload.toml")
    assert up.name == "upload.toml" and up["Witch"].defeat == 5


BAD = [
    ('name = "Witch"\ntype = "challenge"\ndefeat = 4', 'name = "Witch"\ntype = "monster"\n'
     'defeat = 4', "card 'Witch': field 'type' must be one of"),
    ('name = "Witch"\ntype = "challenge"\ndefeat = 4', 'name = "Witch"\ntype = "challenge"\n'
     'defeat = "high"', "card 'Witch': field 'defeat' must be int"),
    ('name = "Farm"\ntype = "building"\nprice = 3', 'name = "Farm"\ntype = "building"\n'
     'price = 3\nloot = 2', "card 'Farm': field 'loot' is not used on a Building"),
    ('pair = "Farmer"', 'pair = "Farmhand"', "card 'Farm' field 'pair': names 'Farmhand'"),
    ('pair = "Farmer"', 'pair = "Mill"', "whose own 'pair' must name 'Farm' back"),
    ('effect = "recruit_bonus", amount = 1 }', 'effect = "recruit_boost", amount = 1 }',
     "card 'Castle' field 'ability': field 'effect' must be one of"),
    ('phase = "recruit", effect = "free_roll"', 'phase = "defend", effect = "free_roll"',
     "card 'Stable' field 'ability': field 'phase': effect 'free_roll' works in recruit"),
    ('effect = "tax", amount = 1 }\n\n[[card]]\nname = "Miller"',
     'effect = "tax", amount = 1, vend = 1 }\n\n[[card]]\nname = "Miller"',
     "card 'Tax Collector' field 'ability': field 'cost'/'vend'"),
    ('name = "Angry Mob"\ntype = "mob"\ncopies = 5', 'name = "Angry Mob"\ntype = "mob"\n'
     'copies = 3', "card 'Angry Mob' field 'copies': 5 players need 5"),
    ('name = "Bridge"\ntype = "building"', 'name = "Farm"\ntype = "building"',
     "card 'Farm': the name appears twice"),
    ('name = "Knight"\ntype = "hero"\nprice = 5\nvalue = 3\ndefense = 2',
     'name = "Knight"\ntype = "hero"\nprice = 5\nvalue = 3\ndefense = 2\ncopies = 2',
     "card 'Knight': field 'copies': every playing card is unique"),
    ('name = "Witch"\ntype = "challenge"\ndefeat = 4\nvalue = -2',
     'name = "Witch"\ntype = "challenge"\ndefeat = 4\nvalue = 2',
     "card 'Witch': field 'value' of a challenge must be 0 or less"),
    ('name = "Witch"\ntype = "challenge"', 'name = "Witch"\ntype = "challenge"\n'
     'ability = { phase = "defend", effect = "draw" }',
     "card 'Witch' field 'ability': a Challenge card cannot have an ability"),
    ('effect = "gain", amount = 2, vend = 1 }', 'effect = "gain", amount = 2, vend_to = "bank" }',
     "card 'Market' field 'ability': field 'vend_to' needs a 'vend' price"),
    ('name = "Deputy Mayor"\ntype = "citizen"\ncopies = 5\nstarting = true\nprice = 1\n'
     'value = 1\nearnings = 1', 'name = "Deputy Mayor"\ntype = "mob"\ncopies = 5\n'
     'starting = true\ndefense = 1', "needs exactly one card of type 'mob' (the Angry Mob), "
     "found 2"),
    ('pair = "Lord"', 'pair = "any Building"', "a Building cannot pair with 'any Building'"),
    ('pair = "Farmer"', 'pair = "any Wizard"', "'any Wizard' must be one of"),
]


@pytest.mark.parametrize("old,new,message", BAD, ids=[m.split(":")[0][:30] for _, _, m in BAD])
def test_a_bad_deck_names_the_file_the_card_and_the_field(tmp_path: Path, old: str, new: str,
                                                          message: str) -> None:
    text = CARD_FILE.read_text(encoding="utf-8")
    assert old in text
    path = _write(tmp_path, text.replace(old, new, 1))
    with pytest.raises(CardDataError) as err:
        vv.new_game(3, deck=str(path))
    assert "house.toml" in str(err.value) and message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_deck_that_is_not_toml_or_missing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not valid TOML"):
        vv.new_game(3, deck=str(_write(tmp_path, "[[card]\nname=")))
    with pytest.raises(CardDataError, match="card file not found"):
        vv.new_game(3, deck=str(tmp_path / "nope.toml"))
    with pytest.raises(CardDataError, match="upload.toml: needs \\[\\[card\\]\\] tables"):
        vv.deck_from_text("[meta]\nname = 'x'\n", "upload.toml")


def test_a_damaged_deck_inside_a_save_is_refused() -> None:
    g = vv.new_game(2, seed=3)
    bad = {**g.to_dict(), "options": {"players": 2, "deck": {"name": "x", "data": {}}}}
    with pytest.raises(ValueError, match="the save's deck cannot be used"):
        vv.Game.from_dict(bad)
