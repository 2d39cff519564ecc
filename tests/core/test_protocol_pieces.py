"""The shared protocol pieces the four engines lean on: lazy event texts and their flags,
outcomes without winners, versioned saves, malformed actions, traces and fair determinize
as the invariant harness checks them."""

import random

import pytest

from village_games.core import Event, IllegalAction, Outcome
from village_games.core.invariants import InvariantBroken, run_playouts

from .toy_game import Pile, Take, new_pile


def test_event_text_is_formatted_only_from_its_template_and_arguments():
    e = Event("gain", "{}'s {} gains {}.", {"seat": 0}, ("Ana", "Farmer", 3))
    assert e.text == "Ana's Farmer gains 3." and e.text_for(1) == e.text
    assert Event("note", "a literal {} stays").text == "a literal {} stays"  # no arguments


def test_secret_text_reaches_only_its_seats_and_round_trips_with_the_flags():
    e = Event("draw", "{} draws a card.", {"_card": "Bard"}, ("Ana",), "{} draws {}.",
              ("Ana", "Bard"), (0,), chance=True)
    assert e.text_for(0) == "Ana draws Bard." and e.text_for(1) == "Ana draws a card."
    assert e.final and not Event("x", "y").final and Event("r", "y", reveals=True).final
    back = Event.from_dict(e.to_dict())
    assert (back.text, back.text_for(0), back.chance, back.reveals) == (
        e.text, e.text_for(0), True, False)


class Solo(Pile):
    """The pile game where taking the last counter loses to the house: no seat wins."""

    def outcome(self):
        if self.winner is None:
            return None
        return Outcome((), (0.0, 0.0), "The house takes the last counter.", "")


def test_the_harness_accepts_a_finished_game_without_a_winner():
    stats = run_playouts(lambda seed=0, **kw: Solo.new(seed=seed, **kw), range(10),
                         new_game_for_replay=lambda seed=0, **kw: Solo.new(seed=seed, **kw))
    assert stats.finished == 10


class NoOutcome(Pile):
    def outcome(self):
        return None


class PeekingDeterminize(Pile):
    """Resamples the other seat's bonus from a generator seeded by the true bonus."""

    def determinize(self, observer, rng):
        w = super().determinize(observer, rng)
        w.bonus[1 - observer] = random.Random(self.bonus[1 - observer]).randrange(10)
        return w


class EmitsBeforeChanging(Pile):
    """Reports the take, then changes whose turn it is: a trace would draw a stale table."""

    def _apply(self, player, action):
        self.pile -= action.count
        self.emit(Event("take", "Seat {} takes {}.", {"seat": player}, (player, action.count)))
        if self.pile == 0:
            self.winner = player
        self.turn = 1 - player


@pytest.mark.parametrize(("broken", "message"), [
    (NoOutcome, "reports no outcome"),
    (PeekingDeterminize, "depends on something that seat cannot see"),
    (EmitsBeforeChanging, "trace does not end on the observation"),
])
def test_the_harness_catches_each_new_kind_of_broken_engine(broken, message):
    with pytest.raises(InvariantBroken, match=message):
        run_playouts(lambda seed=0, **kw: broken.new(seed=seed, **kw), range(5),
                     new_game_for_replay=new_pile)


def test_a_save_from_an_unknown_version_is_refused_naming_both_versions():
    d = new_pile().to_dict()
    for bad in (99, "1", True, None):
        d["version"] = bad
        with pytest.raises(ValueError, match="format version .* reads version 1"):
            Pile.check_version(d)
    d["version"] = 1
    Pile.check_version(d)


@pytest.mark.parametrize("garbage", [
    None, 42, "Take", {}, {"type": []}, {"type": {"a": 1}}, {"type": "Jump"},
    {"type": "Take", "count": []}, {"type": "Take", "count": "2"}, {"type": "Take"},
    {"type": "Take", "count": 1, "extra": 0}, {"type": "Take", "count": True},
])
def test_malformed_actions_raise_illegal_action_and_change_nothing(garbage):
    g = new_pile()
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(0, garbage)
    assert g.to_dict() == before


def test_error_messages_echo_at_most_a_short_piece_of_bad_input():
    with pytest.raises(IllegalAction) as err:
        new_pile().apply(0, {"type": "x" * 5000})
    assert len(str(err.value)) < 200


def test_a_traced_move_gives_the_observation_after_each_event():
    g = new_pile()
    steps = g.apply_traced(0, Take(2), viewer=1)
    assert [s.event.text for s in steps] == ["Seat 0 takes 2."]
    assert steps[-1].obs == g.observation(1) and g.log[-1].text == "Seat 0 takes 2."


def test_a_quiet_search_copy_keeps_no_history_or_log_but_plays_the_same():
    g = new_pile()
    quiet = g.clone(keep_log=False)
    assert quiet.apply(0, Take(1)) == [] and quiet.history == [] and quiet.log == []
    g.apply(0, Take(1))
    assert (quiet.pile, quiet.turn) == (g.pile, g.turn)
