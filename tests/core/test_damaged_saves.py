"""A damaged save gets a ValueError that names the part, in every engine, never Python's
own error; a save that loads can be saved and loaded again.

The named cases are the ones people ran into; the fuzz below changes one part of real
saves of each engine (mid-game and finished, with the options that add state) to the
wrong kind, an out-of-range or huge number, nested junk, or removes it.
"""

import copy
import functools
import inspect
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from village_games import village_pillage, villagers, villagers_and_villains, villages
from village_games.core.play import random_moves
from village_games.village_pillage.cards import CARD_FILE

CASES = {
    "village_pillage": (village_pillage, [{"players": 3}, {"players": 2}]),
    "villagers": (villagers, [{"players": 3}, {"players": 1, "solo_mode": "normal"},
                              {"players": 4, "expansions": "saints,scoundrels,profiteers,"
                                                           "developments"}]),
    "villagers_and_villains": (villagers_and_villains,
                               [{"players": 3}, {"players": 3, "advanced": True}]),
    "villages": (villages, [{"players": 3}, {"players": 3, "locations": True,
                                             "dark_light": True, "dual": True}]),
}


def played(module, options: dict, seed: int, moves: int):
    return random_moves(module.new_game(seed=seed, **options), moves, seed)


@functools.cache
def saves(name: str) -> tuple[str, ...]:
    """Real saves of the engine, as JSON text: early, mid-game and (usually) finished."""
    module, option_sets = CASES[name]
    return tuple(json.dumps(played(module, options, seed, moves).to_dict())
                 for options in option_sets for seed, moves in ((1, 5), (2, 40), (3, 2000)))


def save_of(name: str, k: int = 1) -> dict:
    return json.loads(saves(name)[k])


def load(name: str, d: dict):
    return CASES[name][0].Game.from_dict(d)


def refused(name: str, d: dict) -> str:
    with pytest.raises(ValueError) as err:
        load(name, d)
    return str(err.value)


# ------------------------------------------------------------------ the named cases
@pytest.mark.parametrize("name", CASES)
def test_a_log_entry_that_is_no_event_is_refused_naming_it(name):
    assert "log[0] must be an object (kind, text), got 'x'" in refused(
        name, {**save_of(name), "log": ["x"]})


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("players", [6, 0, "3"])
def test_options_players_must_be_the_number_of_player_rows(name, players):
    d = save_of(name)
    d["options"] = {**d["options"], "players": players}
    assert "options.players must be 3" in refused(name, d)


@pytest.mark.parametrize("name", CASES)
def test_a_move_of_seat_99_in_the_history_is_refused_naming_the_move(name):
    d = save_of(name)
    d["history"][0][0] = 99
    assert "history[0] must be [seat, action] with a seat from 0 to 2" in refused(name, d)


@pytest.mark.parametrize("name", ["village_pillage", "villagers", "villages"])
@pytest.mark.parametrize("rng", [5, [], {"a": 1}, "xyz", "1" * 17])
def test_a_generator_state_of_the_wrong_kind_is_refused(name, rng):
    assert "rng must be the generator's state as 1 to 16 hex digits" in refused(
        name, {**save_of(name), "rng": rng})


@pytest.mark.parametrize("name", CASES)
def test_an_option_the_game_does_not_have_is_refused_naming_its_options(name):
    d = save_of(name)
    d["options"] = {**d["options"], "turbo": float("nan")}
    message = refused(name, d)
    assert "options has 'turbo', which is not an option of this game" in message
    assert "deck" in message.split("its options: ")[1]


@pytest.mark.parametrize("name", CASES)
def test_each_engine_declares_the_options_its_new_game_takes(name):
    module = CASES[name][0]
    taken = [p for p in inspect.signature(module.new_game).parameters if p != "seed"]
    assert sorted(module.Game.info.options) == sorted(taken)


# (engine, its options for a game that reads the card file, the option naming a file)
CARD_FILES = [("village_pillage", {"players": 3}, "deck"), ("villagers", {"players": 3}, "deck"),
              ("villagers", {"players": 1, "solo_mode": "normal"}, "events"),
              ("villagers_and_villains", {"players": 3}, "deck"),
              ("villages", {"players": 3}, "deck"), ("villages", {"players": 3}, "locations")]


@pytest.fixture
def no_file_opened(monkeypatch):
    """Fails the test if any card file is read."""
    def opened(path):
        raise AssertionError(f"a card file was opened: {path}")
    monkeypatch.setattr("village_games.core.decks.load_toml", opened)


@pytest.mark.parametrize(("name", "options", "option"), CARD_FILES)
def test_a_save_naming_a_card_file_by_path_is_refused_without_opening_it(
        name, options, option, no_file_opened):
    d = played(CASES[name][0], options, 1, 3).to_dict()
    d["options"] = {**d["options"], option: "/etc/shadow"}
    assert "never a file path: got '/etc/shadow'" in refused(name, d)


@pytest.mark.parametrize(("name", "options", "option"), CARD_FILES)
def test_a_record_naming_a_card_file_by_path_is_refused_without_opening_it(
        name, options, option, no_file_opened):
    module = CASES[name][0]
    record = played(module, options, 1, 3).record()
    record["options"] = {**record["options"], option: "/etc/shadow"}
    with pytest.raises(ValueError, match="never a file path: got '/etc/shadow'"):
        module.replay(record)


def test_new_game_in_python_still_reads_a_card_file_by_path(tmp_path):
    deck = tmp_path / "mine.toml"
    deck.write_text(CARD_FILE.read_text())
    g = village_pillage.new_game(players=3, seed=1, deck=str(deck))
    assert g.options["deck"]["name"] == "mine.toml"


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("bad", [" ", "\u00a0", "\u200b", "\x00", "x" * 201])
def test_a_player_rows_name_that_could_not_name_a_player_is_refused(name, bad):
    """(The fuzz below found a row named " " that loaded, then could not load again.)"""
    d = save_of(name, 0)
    d["players"][0]["name"] = bad
    d["options"].pop("names", None)
    assert refused(name, d).startswith("players[0].name must be")  # (too long: "be text")


def _used_past_the_limit(d: dict) -> None:
    d["used"] = d["limit"] + 1


# (engine, options, moves played before the save, the damage, what audit() then says)
AUDITED = [
    ("village_pillage", {"players": 3}, 0,
     lambda d: d["players"][0].__setitem__("secret", ["Bard"]),
     "seat 0 has a secret card it does not own"),
    ("villagers", {"players": 2}, 6, _used_past_the_limit, "a build limit was exceeded"),
    ("villages", {"players": 3}, 0, lambda d: d.__setitem__("given", 5),
     "a turn limit was exceeded"),
    ("villages", {"players": 3, "locations": True, "dark_light": True, "dual": True}, 0,
     lambda d: d.__setitem__("given", 5), "a turn limit was exceeded"),
]


@pytest.mark.parametrize(("name", "options", "moves", "damage", "says"), AUDITED)
def test_a_save_its_own_engine_audit_rejects_is_refused(name, options, moves, damage, says):
    g = played(CASES[name][0], options, 5, moves)
    d = g.to_dict()
    damage(d)
    assert refused(name, d) == f"the save does not add up: {says}"


def test_village_pillage_awaiting_that_is_no_choice_is_refused():
    message = refused("village_pillage", {**save_of("village_pillage"), "awaiting": [[]]})
    assert message.startswith("awaiting must be an object whose kind is one of order, market")


def test_villagers_and_villains_turn_that_is_no_turn_is_refused():
    message = refused("villagers_and_villains",
                      {**save_of("villagers_and_villains"), "turn": [1, 2]})
    assert message.startswith("turn must be an object (step, position")


def test_villagers_basics_that_is_no_supply_is_refused():
    message = refused("villagers", {**save_of("villagers"), "basics": [1, 2]})
    assert message.startswith("basics must be an object of a whole number")


def test_a_villages_save_lists_every_part_of_each_player():
    d = save_of("villages")
    d["players"][0] = {}
    assert "players[0] has no hand, known, villages, graveyard" in refused("villages", d)


def test_a_villages_save_keeps_every_card_somewhere():
    d = save_of("villages")
    d["deck"] = d["deck"][5:]
    assert "the save leaves out 5 card(s)" in refused("villages", d)


def test_villages_totals_stay_in_range_and_add_up_the_score_sheet():
    d = json.loads(saves("villages")[2])  # a finished game: its sheet has rows
    assert d["sheet"], "the game should have scored a round"
    assert "totals[0] must be a whole number from -10000 to 10000" in refused(
        "villages", {**d, "totals": [-10**9] * 3})
    totals = d["totals"][:]
    totals[0] += 1
    assert "totals must add up the score sheet's rows" in refused("villages",
                                                                  {**d, "totals": totals})


def test_a_hand_written_villages_scenario_still_fills_in_what_it_leaves_out():
    g = villages.Game.from_dict({"players": [{"hand": ["Blue Knight"]}, {}, {}]})
    assert g.hands[0] == ["Blue Knight"] and len(g.deck) > 50


# ------------------------------------------------------------------ the fuzz
JUNK = [None, True, False, -1, 0, 7, 99, 10**30, 10**5000, 1.5, float("nan"), "", "x", "3",
        [], {}, [[]], [None], [1, 2], {"a": 1}, [{}], ["x"], [[1, 2]], "ff" * 20]
DELETE = object()


def paths(x, pre=()):
    """Every part of a save (the log and history: their first entries only)."""
    yield pre
    if isinstance(x, dict):
        for k, v in x.items():
            yield from paths(v, (*pre, k))
    elif isinstance(x, list):
        for i, v in enumerate(x[:3] if pre and pre[0] in ("log", "history") else x[:8]):
            yield from paths(v, (*pre, i))


def changed(d: dict, path: tuple, value) -> dict:
    d = copy.deepcopy(d)
    *parents, last = path
    node = d
    for k in parents:
        node = node[k]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return d


values = st.one_of(st.sampled_from(JUNK), st.integers(), st.text(max_size=4),
                  st.lists(st.integers(-3, 99), max_size=3),
                  st.recursive(st.none(), lambda inner: st.lists(inner, max_size=2),
                               max_leaves=6))
junk = st.one_of(values, st.just(DELETE))


def loaded_or_refused_in_words(load):
    """`load()`'s game, or None when it raised a ValueError in words (not Python's)."""
    try:
        return load()
    except ValueError as exc:
        # Python's own refusal of a huge number's text (not a message in words); a bare
        # "4300" could be part of a number a message quotes back
        assert "integer string conversion" not in str(exc), exc
        assert "set_int_max_str_digits" not in str(exc), exc
        return None


@pytest.mark.parametrize("name", CASES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_save_with_one_part_damaged_is_refused_or_loads_whole(name, data):
    module = CASES[name][0]
    d = json.loads(data.draw(st.sampled_from(saves(name)), label="save"))
    path = data.draw(st.sampled_from([p for p in paths(d) if p]), label="part")
    bad = changed(d, path, data.draw(junk, label="value"))
    g = loaded_or_refused_in_words(lambda: module.Game.from_dict(bad))
    if g is None:
        return
    # it loaded: it can be saved, loaded again exactly, and asked what it owes
    text = json.dumps(g.to_dict())
    again = module.Game.from_dict(json.loads(text))
    assert json.dumps(again.to_dict()) == text
    for seat in g.to_act():
        g.legal_actions(seat)
    g.observation(None)
    for seat in range(g.num_players):
        g.observation(seat)


@pytest.mark.parametrize("name", CASES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_record_with_one_part_damaged_is_refused_or_replays(name, data):
    module = CASES[name][0]
    record = json.loads(data.draw(st.sampled_from(saves(name)), label="save"))
    record = {k: record[k] for k in ("game", "version", "options", "seed")} | {
        "actions": record["history"], **({"start": record["start"]} if "start" in record else {})}
    path = data.draw(st.sampled_from([p for p in paths(record) if p]), label="part")
    bad = changed(record, path, data.draw(junk, label="value"))
    g = loaded_or_refused_in_words(lambda: module.replay(bad))
    if g is not None:
        json.dumps(g.to_dict())


@pytest.mark.parametrize("name", CASES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_new_game_option_of_the_wrong_kind_is_refused_in_words(name, data):
    module, option_sets = CASES[name]
    options = data.draw(st.sampled_from(option_sets), label="options")
    keys = module.new_game.__code__.co_varnames[:module.new_game.__code__.co_argcount]
    key = data.draw(st.sampled_from(keys), label="option")
    value = data.draw(values, label="value")
    g = loaded_or_refused_in_words(lambda: module.new_game(**{**options, key: value}))
    if g is not None:
        json.dumps(g.to_dict())


def test_a_refusal_that_quotes_a_number_holding_4300_counts_as_in_words():
    def load():
        raise ValueError("seat 17977115485004300000 is not a seat of this game")

    assert loaded_or_refused_in_words(load) is None


def test_pythons_own_refusal_of_a_huge_number_is_not_in_words():
    with pytest.raises(AssertionError):
        loaded_or_refused_in_words(lambda: int("9" * 5000))
