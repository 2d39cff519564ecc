"""Determinized worlds must be ones the observer cannot rule out."""

import random

from village_games import village_pillage
from village_games.village_pillage import Queue, QueueTwo


def _duel_after_round_one():
    g = village_pillage.new_game(players=2, seed=11)
    g.apply(0, QueueTwo(front="Farmer", back="Wall"))
    g.apply(1, QueueTwo(front="Raider", back="Farmer"))
    while g.to_act() != [0, 1]:  # settle any market choice of round 1
        p = g.to_act()[0]
        g.apply(p, g.legal_actions(p)[0])
    return g


def test_duel_hidden_front_card_is_never_the_card_just_played_back_to_hand():
    g = _duel_after_round_one()
    rng = random.Random(3)
    fronts = {g.determinize(0, rng).players[1].plan[0] for _ in range(300)}
    assert "Raider" not in fronts  # it was on the table when the front card was queued
    assert "Farmer" in fronts and len(fronts) > 1


def test_duel_hidden_back_card_comes_from_the_cards_it_could_have_been_chosen_from():
    g = _duel_after_round_one()
    choosable = set(g.players[1].hand + g.players[1].plan)  # hand + the waiting card
    g.apply(1, Queue(card="Merchant"))
    rng = random.Random(4)
    worlds = [g.determinize(0, rng).players[1] for _ in range(300)]
    fronts = {w.plan[0] for w in worlds}
    backs = {w.plan[1] for w in worlds}
    assert "Raider" not in fronts
    assert backs <= choosable and len(backs) > 1  # resampled, never from outside the pool
    assert all(w.plan[0] != w.plan[1] for w in worlds)
    assert all(sorted(w.owned()) == sorted(g.players[1].owned()) for w in worlds)
