"""Every engine's API refuses bad arguments with a ValueError in its own words: seats that
are no seats, actions built with the wrong kind of field, numbers of thousands of digits,
a folder or an oversized file for a deck, and another game's record."""

import importlib
import random

import pytest

from village_games import village_pillage, villagers, villagers_and_villains, villages
from village_games.core import IllegalAction, RecordError
from village_games.core.card_data import MAX_DATA_FILE_BYTES

ENGINES = [village_pillage, villagers, villagers_and_villains, villages]
NAMES = [m.INFO.name for m in ENGINES]
NO_SEATS = [3, -1, "0", 1.0, True, None]


def cards_of(module):
    return importlib.import_module(f"{module.__name__}.cards")


def mid_game(module):
    """A 3-player game some moves in, with seat 1 to act where the game allows it."""
    g = module.new_game(players=3, seed=5)
    rnd = random.Random(5)
    for _ in range(12):
        seat = g.to_act()[0]
        g.apply(seat, rnd.choice(list(g.legal_actions(seat))))
    return g


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
@pytest.mark.parametrize("seat", NO_SEATS, ids=repr)
def test_legal_actions_observation_and_determinize_refuse_what_is_no_seat(module, seat):
    g = mid_game(module)
    for ask in (g.legal_actions, lambda s: g.determinize(s, random.Random(1))):
        with pytest.raises(ValueError, match=r"player must be a seat from 0 to 2, got"):
            ask(seat)
    if seat is None:
        assert g.observation(None)["viewer"] is None  # the public view
    else:
        with pytest.raises(ValueError, match=r"seat from 0 to 2 \(or None, the public view\)"):
            g.observation(seat)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_a_float_or_bool_equal_to_the_seat_to_act_is_no_seat_either(module):
    g = mid_game(module)
    seat = g.to_act()[0]
    assert g.legal_actions(seat)  # (the list is kept: the next question must not reuse it)
    for fake in (float(seat), bool(seat) if seat < 2 else float(seat)):
        with pytest.raises(ValueError, match="player must be a seat"):
            g.legal_actions(fake)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_an_action_built_with_a_wrong_kind_of_field_names_the_field(module):
    g = mid_game(module)
    action = g.legal_actions(g.to_act()[0])[0]
    fields = action.to_dict()
    kind = type(action)
    typed = [k for k in fields if k != "type"]
    if not typed:
        pytest.skip("this action has no fields")  # (never: each engine's first has one)
    name = typed[0]
    for wrong in ([], {}, 1.5, "1" if not isinstance(fields[name], str) else 1, True):
        with pytest.raises(IllegalAction, match=rf"{kind.__name__}\.{name} must be "):
            kind(**{**{k: v for k, v in fields.items() if k != "type"}, name: wrong})


def test_villagers_draft_road_with_a_list_for_its_slot_is_refused_when_built():
    with pytest.raises(IllegalAction, match=r"DraftRoad\.slot must be int, got \[\]"):
        villagers.DraftRoad(slot=[])
    with pytest.raises(IllegalAction, match=r"DraftRoad\.slot must be int, got 1\.0"):
        villagers.DraftRoad(slot=1.0)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
@pytest.mark.parametrize("option", ["players", "seed"])
def test_a_number_of_thousands_of_digits_is_refused_in_the_games_words(module, option):
    with pytest.raises(ValueError) as err:
        module.new_game(**{option: 10**5000})
    assert "4300" not in str(err.value) and "about 5,001 digits" in str(err.value)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_a_deck_path_that_is_a_folder_is_refused_as_one(module, tmp_path):
    with pytest.raises(ValueError, match="is a folder, not a card file"):
        module.new_game(deck=tmp_path)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
def test_a_deck_file_over_the_apps_limit_is_refused_before_it_is_read(module, tmp_path):
    big = tmp_path / "huge.toml"
    big.write_text("# padding\n" * (MAX_DATA_FILE_BYTES // 10 + 1))
    with pytest.raises(ValueError, match="huge.toml is larger than 1 MB"):
        module.new_game(deck=big)
    with pytest.raises(ValueError, match="huge.toml is larger than 1 MB"):
        cards_of(module).deck_from_text(big.read_text(), "huge.toml")


def test_the_apps_upload_limit_is_the_engines_limit():
    from widgets.kit.upload import DATA_FILE_LIMIT

    assert DATA_FILE_LIMIT == MAX_DATA_FILE_BYTES


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
@pytest.mark.parametrize("other", ENGINES, ids=NAMES)
def test_another_games_record_is_refused_as_such(module, other):
    if module is other:
        return
    record = other.new_game(players=3, seed=1).record()
    with pytest.raises(RecordError, match=rf"that record is for '{other.INFO.name}', not "
                                          rf"'{module.INFO.name}'"):
        module.replay(record)


@pytest.mark.parametrize("module", ENGINES, ids=NAMES)
@pytest.mark.parametrize("blank", ["", "   "], ids=["empty", "blank"])
def test_a_deck_card_with_an_empty_or_blank_name_is_refused(module, blank):
    cards = cards_of(module)
    text = cards.CARD_FILE.read_text(encoding="utf-8")
    start = text.index('name = "', text.index("\n[[card]]\n"))
    end = text.index('"', start + len('name = "'))
    broken = text[:start] + f'name = "{blank}"' + text[end + 1:]
    with pytest.raises(ValueError, match="field 'name' must not be empty"):
        cards.deck_from_text(broken, "blank.toml")


def test_village_pillage_never_plays_a_deck_it_could_not_load_again():
    """The symptom: a card named "" played, and the game's own save was refused."""
    text = village_pillage.CARD_FILE.read_text(encoding="utf-8")
    broken = text.replace('name = "Bard"', 'name = ""', 1)
    assert broken != text
    with pytest.raises(ValueError, match="must not be empty"):
        village_pillage.new_game(players=3, deck={"name": "blank.toml",
                                                  "data": __import__("tomllib").loads(broken)})
