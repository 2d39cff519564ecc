"""Seeded randomness, events, actions, card-data loading, records, the play loop."""

import json
from collections import Counter

import pytest

from village_games.bots import RandomBot
from village_games.core import ActionCodec, Event, GameDidNotEnd, Rng, play, replay
from village_games.core.card_data import CardDataError, int_field, load_toml

from .toy_game import Pile, Take, new_pile


def test_same_seed_gives_the_same_numbers_and_copies_continue_identically():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert [a.below(6) for _ in range(20)] == [c.below(6) for _ in range(20)]


def test_below_is_roughly_uniform_and_rejects_empty_ranges():
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values())
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(0)


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    items = list(range(20))
    x, y = items[:], items[:]
    Rng(1).shuffle(x)
    Rng(2).shuffle(y)
    assert sorted(x) == items and sorted(y) == items and x != y


def test_secret_event_text_only_reaches_its_seats():
    e = Event("draw", "Ana draws a card.", {"seat": 0, "_card": "Bard"},
              secret_template="Ana draws Bard.", secret_for=(0,))
    assert e.text_for(0) == "Ana draws Bard."
    assert e.text_for(1) == "Ana draws a card."
    assert e.text_for(None) == "Ana draws a card."
    assert e.text_for(None, omniscient=True) == "Ana draws Bard."
    assert "_card" not in e.visible_data(1) and e.visible_data(0)["_card"] == "Bard"
    assert Event.from_dict(json.loads(json.dumps(e.to_dict()))) == e


def test_actions_read_well_and_round_trip_through_dicts():
    codec = ActionCodec(Take)
    assert str(Take(2)) == "Take(count=2)"
    assert codec.from_dict(Take(2).to_dict()) == Take(2)
    with pytest.raises(ValueError, match="unknown action type 'Jump'; allowed: Take"):
        codec.from_dict({"type": "Jump"})
    with pytest.raises(ValueError, match="Take takes the fields count; unknown: colour"):
        codec.from_dict({"type": "Take", "colour": 3})


def test_apply_accepts_the_json_form_of_an_action():
    g = new_pile()
    g.apply(0, {"type": "Take", "count": 2})
    assert g.pile == 5


def test_card_files_fail_clearly(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text("[[card]\nname=1")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_toml(bad)
    with pytest.raises(CardDataError, match="card file not found"):
        load_toml(tmp_path / "missing.toml")
    with pytest.raises(CardDataError, match="must be from 1 to 5, got 9"):
        int_field({"cost": 9}, "cost", "card 'X'", 1, 5)


def test_play_runs_to_the_end_and_the_record_replays():
    g = play(new_pile(seed=3, size=11), [RandomBot(1), RandomBot(2)])
    assert g.is_over() and len(g.winners()) == 1
    again = replay(g.record(), new_pile)
    assert again.to_dict() == g.to_dict()


def test_play_refuses_a_wrong_number_of_agents_and_stops_runaway_games():
    with pytest.raises(ValueError, match="one agent per seat"):
        play(new_pile(), [RandomBot()])

    class Stuck(Pile):
        def _apply(self, player, action):
            self.turn = 1 - player
            return []

    with pytest.raises(GameDidNotEnd, match="not over after 50"):
        play(Stuck.new(), [RandomBot(), RandomBot()], max_steps=50)
