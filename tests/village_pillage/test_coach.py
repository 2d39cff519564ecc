"""The coach's numbers: worked out by hand where the round is small, fair where cards hide."""

import random

import pytest

from village_games import village_pillage
from village_games.village_pillage import Plan, QueueTwo
from village_games.village_pillage.coach import _model_weights, advise

from .scenarios import ResolveFirst, finish_choices, make, played_to_round


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


def _seat(hand, resting, stockpile=1, bank=0):
    return {"stockpile": stockpile, "bank": bank, "hand": hand, "exhausted": resting}


def test_the_coach_values_a_plan_with_two_buying_cards_at_the_better_order():
    """Reading 6: the owner picks which buying card goes first. With 9 turnips, Merchant
    then Bard buys the relic and then gains 1; Bard then Merchant buys the relic and
    then a market card: one turnip less. Both plans are worth the better order."""
    g = make([_seat(["Merchant", "Bard"], ["Farmer", "Wall", "Raider"], 9),
              _seat(["Farmer", "Wall"], ["Raider", "Merchant"]),
              _seat(["Farmer", "Wall"], ["Raider", "Merchant"])])
    advice = advise(g, 0, "uniform")
    assert advice.exact
    by_action = {p.action: p for p in advice.plans}
    merchant_first = by_action[Plan("Merchant", "Bard")]
    bard_first = by_action[Plan("Bard", "Merchant")]  # left first used to mean Bard first
    assert merchant_first.swing == pytest.approx(bard_first.swing)
    # by hand: each plan of the neighbours, the relic and Merchant first
    want = 0.0
    for left in (Plan("Farmer", "Wall"), Plan("Wall", "Farmer")):
        for right in (Plan("Farmer", "Wall"), Plan("Wall", "Farmer")):
            h = g.clone()
            h.apply(0, Plan("Bard", "Merchant"))
            h.apply(1, left)
            h.apply(2, right)
            assert h.awaiting["kind"] == "order"
            h.apply(0, ResolveFirst("Merchant"))
            gains = [v.turnips - 9 + 8 if s == 0 else v.turnips - 1
                     for s, v in enumerate(h.players)]  # the relic counted at its cost
            assert h.players[0].relics == 1
            want += (gains[0] - (gains[1] + gains[2]) / 2) / 4
    assert bard_first.swing == pytest.approx(want)


def test_a_coin_flip_that_changes_nothing_leaves_the_answer_exact():
    # round 1 of a three-player game: equal turnips, so buying order goes by coin, but
    # every outcome gives the same numbers
    g = village_pillage.new_game(players=3, seed=7)
    assert advise(g, 0, "uniform").exact and advise(g, 0, "equilibrium").exact


def test_a_coin_flip_that_matters_is_averaged_over_its_outcomes_exactly():
    """Two Raiders share a stockpile of 3: one each, and the odd turnip goes by coin. The
    exact answer is the average over both outcomes (each half the time)."""
    g = make([_seat(["Raider", "Farmer"], ["Wall", "Merchant"], 0, 5),
              _seat(["Merchant", "Bard"], ["Wall", "Farmer", "Raider"], 3, 0),
              _seat(["Raider", "Farmer"], ["Wall", "Merchant"], 0, 5)])
    advice = advise(g, 0, "uniform")
    assert advice.exact
    mine = Plan("Raider", "Farmer")
    want = 0.0
    combos = [(a, b) for a in g.legal_actions(1) for b in g.legal_actions(2)]
    split = False
    for a, b in combos:
        outcomes = set()
        for state in range(40):  # the world's generator in many states: both outcomes
            h = g.clone()
            h.rng.state = state * 0x9E3779B97F4A7C15 % 2**64
            h.apply(0, mine)
            h.apply(1, a)
            h.apply(2, b)
            finish_choices(h)
            gains = [v.turnips - s0 for v, s0 in zip(h.players, (5, 3, 5), strict=True)]
            for e in h.log:  # a purchase counts at what was paid
                if e.kind == "buy":
                    gains[e.data["seat"]] += e.data["price"]
            outcomes.add(gains[0] - (gains[1] + gains[2]) / 2)
        assert len(outcomes) <= 2
        split = split or len(outcomes) == 2
        want += sum(outcomes) / len(outcomes) / len(combos)
    assert split  # the coin matters in some combination
    assert {p.action: p for p in advice.plans}[mine].swing == pytest.approx(want)


def test_the_equilibrium_model_is_described_as_what_it_computes():
    """The page's words for the model come from the numbers: the lesson's equilibrium
    weights per type, and the mix one slot gets from a hand of one card per type."""
    from fractions import Fraction

    from village_games.village_pillage.coach import MODELS, _equilibrium_mix, slot_mix

    text = MODELS["equilibrium"]
    farmer, wall, raider, merchant = (Fraction(x).limit_denominator(100)
                                      for x in _equilibrium_mix())
    assert (farmer, wall, raider, merchant) == (Fraction(2, 9), Fraction(5, 9), Fraction(2, 9), 0)
    assert "Farmer 2/9, Wall 5/9, Raider 2/9, no Merchant" in text
    g = village_pillage.new_game(players=3, seed=1)
    mix = {t: Fraction(x).limit_denominator(100) for t, x in slot_mix(g, 1, "equilibrium").items()}
    assert mix == {"Farmer": Fraction(7, 24), "Wall": Fraction(10, 24),
                   "Raider": Fraction(7, 24), "Merchant": 0}
    assert "Farmer 7/24, Wall 10/24, Raider 7/24" in text
    advice = advise(g, 0, "equilibrium")
    assert dict(advice.slot_mix)[1] == tuple(slot_mix(g, 1, "equilibrium").items())


def test_sampled_advice_gives_the_relic_chance_an_interval_and_names_no_unclear_best():
    g = played_to_round(4, 5, 4)  # hidden cards: sampled
    advice = advise(g, g.to_act()[0], "equilibrium", seed=4)
    assert not advice.enumerated and not advice.exact
    for p in advice.plans:
        assert 0 <= p.relic_low <= p.relic_chance <= p.relic_high <= 1
        assert p.relic_high > p.relic_low  # Wilson's: never of zero width
    assert advice.best.action in advice.contenders
    # these plans are within the noise of each other: the coach names none of them best
    assert len(advice.contenders) > 1 and not advice.best_is_clear


def test_a_plan_is_clearly_behind_only_beyond_the_noise_of_the_paired_rounds():
    from village_games.village_pillage.coach import _clearly_behind

    best = [3.0, 1.0, 2.0, 4.0] * 10
    assert _clearly_behind(best, [b - 1 for b in best])  # always 1 behind: no noise
    assert not _clearly_behind(best, best)  # a tie
    wobble = [b + (1 if i % 2 else -1) for i, b in enumerate(best)]  # as often ahead
    assert not _clearly_behind(best, wobble)
