"""The coach's numbers: worked out by hand where the round is small, fair where cards hide."""

import random

import pytest

from village_games import village_pillage
from village_games.village_pillage import Plan, QueueTwo
from village_games.village_pillage.coach import _model_weights, advise

from .scenarios import make


def _three_villages():
    """I hold Farmer and Raider; both neighbours hold only Farmer and Wall (the rest are
    exhausted), everyone has 5 turnips in the stockpile and none banked."""
    def seat(hand, resting):
        return {"stockpile": 5, "bank": 0, "hand": hand, "exhausted": resting}
    return make([seat(["Farmer", "Raider"], ["Wall", "Merchant"]),
                 seat(["Farmer", "Wall"], ["Raider", "Merchant"]),
                 seat(["Farmer", "Wall"], ["Raider", "Merchant"])])


def test_swing_matches_the_hand_count_when_every_combination_is_played_out():
    # My Raider faces one neighbour's card. Half the time it is their Farmer: I steal 4 and
    # gain 3 (+7) while they end at +0 and the other neighbour at +4: swing 7 - 2 = 5. Half
    # the time it is their Wall, which takes 1 of mine: +2 for me, +4 for both: swing -2.
    advice = advise(_three_villages(), 0, "uniform")
    assert advice.exact and advice.playouts == 4
    by_action = {p.action: p for p in advice.plans}
    for action in (Plan("Raider", "Farmer"), Plan("Farmer", "Raider")):
        assert by_action[action].swing == pytest.approx(1.5)
        assert by_action[action].relic_chance == 0
    raider_left = advice.for_card("Raider", "left")
    assert raider_left.partner == "Farmer" and raider_left.swing == pytest.approx(1.5)


def test_relic_chance_counts_the_merchant_buying_a_relic():
    g = make([{"stockpile": 9, "bank": 0, "hand": ["Merchant", "Wall"],
               "exhausted": ["Farmer", "Raider"]},
              {"stockpile": 1, "bank": 0, "hand": ["Farmer", "Wall"],
               "exhausted": ["Raider", "Merchant"]},
              {"stockpile": 1, "bank": 0, "hand": ["Farmer", "Wall"],
               "exhausted": ["Raider", "Merchant"]}])
    advice = advise(g, 0, "uniform")
    assert advice.exact
    assert advice.for_card("Merchant", "left").relic_chance == 1.0  # nothing can stop it
    assert all(p.relic_chance == 1.0 for p in advice.plans)  # every plan holds the Merchant


def test_equilibrium_model_never_plays_a_merchant_and_weights_types_like_the_lesson():
    g = village_pillage.new_game(players=3, seed=1)
    weights = {a: wt for wt, a in _model_weights(g, 1, "equilibrium")}
    assert abs(sum(weights.values()) - 1) < 1e-12
    assert not any("Merchant" in (a.left, a.right) for a in weights)
    # Farmer 2/9, Wall 5/9, Raider 2/9: ordered pairs of different cards, renormalised
    assert weights[Plan("Wall", "Raider")] == pytest.approx(10 / 48)
    assert weights[Plan("Farmer", "Raider")] == pytest.approx(4 / 48)


def test_uniform_model_gives_every_plan_the_same_weight():
    g = village_pillage.new_game(players=3, seed=1)
    weights = [wt for wt, _a in _model_weights(g, 2, "uniform")]
    assert len(weights) == 12 and len(set(weights)) == 1


def test_advice_does_not_depend_on_what_the_seat_cannot_see():
    # Two duels that differ only in the opponent's face-down front card
    def duel(their_front):
        g = village_pillage.new_game(players=2, seed=11)
        g.apply(0, QueueTwo(front="Farmer", back="Wall"))
        g.apply(1, QueueTwo(front="Raider", back=their_front))
        while g.to_act() != [0, 1]:
            p = g.to_act()[0]
            g.apply(p, g.legal_actions(p)[0])
        return g
    a, b = duel("Farmer"), duel("Wall")
    assert a.observation(0) == b.observation(0)
    assert a.players[1].plan != b.players[1].plan
    first, second = advise(a, 0, "uniform", seed=5), advise(b, 0, "uniform", seed=5)
    assert not first.exact  # the hidden front card is sampled
    assert first == second


def test_a_neighbour_who_has_already_planned_does_not_give_the_plan_away():
    g = _three_villages()
    before = advise(g, 0, "uniform")
    g.apply(1, Plan("Wall", "Farmer"))  # face down: the coach must not read it
    assert advise(g, 0, "uniform") == before


def test_no_advice_outside_planning_and_a_clear_error_for_an_unknown_model():
    g = _three_villages()
    g.apply(0, Plan("Raider", "Farmer"))
    assert advise(g, 0, "uniform") is None  # seat 0 has planned
    with pytest.raises(ValueError, match="uniform, equilibrium"):
        advise(g, 1, "greedy")


def test_coach_leaves_the_game_untouched():
    g = village_pillage.new_game(players=3, seed=4)
    rng = random.Random(0)
    for _ in range(7):
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    before = g.to_dict()
    seat = g.to_act()[0]
    advise(g, seat, "equilibrium")
    assert g.to_dict() == before
