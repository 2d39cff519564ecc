"""The invariant harness must pass a correct game and catch each kind of broken one."""

from dataclasses import dataclass

import pytest

from village_games.core import Action, ActionCodec
from village_games.core.invariants import InvariantBroken, run_playouts

from .toy_game import Pile, Take, new_pile


def test_a_correct_game_passes_every_check():
    stats = run_playouts(new_pile, range(50))
    assert stats.finished == 50
    assert stats.decisions >= 50 * 4  # a pile of 7 needs at least 4 takes


class LeakyObservation(Pile):
    def observation(self, player):
        return {**super().observation(player), "other_bonus": self.bonus[1 - (player or 0)]}


class SharedClone(Pile):
    def clone(self, keep_log=True):
        twin = super().clone(keep_log)
        twin.bonus = self.bonus  # shares a list with the original
        twin.pile = self.pile
        return twin

    def _apply(self, player, action):
        self.bonus[player] += 1
        return super()._apply(player, action)


class AcceptsAnything(Pile):
    def is_legal(self, player, action):
        return True


class NeverEnds(Pile):
    def _apply(self, player, action):
        events = super()._apply(player, action)
        self.pile = max(self.pile, 1)
        self.winner = None
        return events


class LossyDict(Pile):
    @classmethod
    def from_dict(cls, d):
        g = super().from_dict(d)
        g.bonus = [0, 0]  # forgets the hidden cards
        return g


@dataclass(frozen=True, slots=True)
class LooseTake(Action):
    count: int  # not marked final, though a take hands the turn to the other seat


class UnmarkedFinal(Pile):
    codec = ActionCodec(LooseTake)

    def legal_actions(self, player):
        return [LooseTake(a.count) for a in super().legal_actions(player)]


@pytest.mark.parametrize(("broken", "message"), [
    (LeakyObservation, "determinize changed what seat"),
    (SharedClone, "changed the (original|game)"),
    (AcceptsAnything, "was accepted"),
    (NeverEnds, "did not end"),
    (LossyDict, "does not round-trip"),
    (UnmarkedFinal, "handed the decision on, but its kind is not marked final"),
])
def test_each_broken_game_is_caught(broken, message):
    with pytest.raises(InvariantBroken, match=message):
        run_playouts(lambda seed=0, **kw: broken.new(seed=seed, **kw), range(5), max_steps=200,
                     new_game_for_replay=new_pile)


def test_illegal_action_is_refused_with_the_rule_and_changes_nothing():
    g = new_pile(size=1)
    before = g.to_dict()
    from village_games.core import IllegalAction
    with pytest.raises(IllegalAction, match="take 1 or 2"):
        g.apply(0, Take(2))
    with pytest.raises(IllegalAction, match="nothing to decide"):
        g.apply(1, Take(1))
    with pytest.raises(IllegalAction, match="seat from 0 to 1"):
        g.apply(5, Take(1))
    assert g.to_dict() == before
