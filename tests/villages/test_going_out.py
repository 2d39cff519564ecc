"""Going out now or waiting a turn (village_games/villages/going_out.py): the exact value
agrees with brute force over ordered draws and opponents' outcomes, and with its numpy
simulation; the position's cards are read from the seat's observation."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import numpy as np
import pytest

from village_games import villages
from village_games.villages import standard_deck, with_expansions
from village_games.villages.going_out import (
    GoingOut,
    going_out_odds,
    going_out_question,
    simulate_going_out,
)
from village_games.villages.odds import set_chance, set_question

CARDS = with_expansions(standard_deck(), dark_light=True, dual=True)


def brute_gain(q: GoingOut, r: Fraction) -> Fraction:
    """Every ordered pair of draws and every opponent going out or not, from the rules."""
    def village(extra: tuple[str, ...]) -> int:
        fit = [c for c in (*q.kept, *extra) if CARDS.kind_of[c] == "unit"
               and (q.colour in CARDS.colours_of[c] or CARDS.colour_of[c] == "Light")]
        real = [c for c in fit if q.colour in CARDS.colours_of[c]]
        if not q.home and (len(fit) < 3 or not real):
            return 0
        def gold(cs: list[str]) -> int:
            mult = 1
            for c in cs:
                mult *= CARDS[c].village_multiplier
            return sum(CARDS[c].gold for c in cs) * mult
        return gold([*q.home, *fit]) - gold(list(q.home))

    now = village(()) + 10
    pairs = list(permutations(q.unseen, 2))
    total = Fraction(0)
    for outs in product((True, False), repeat=q.opponents):
        weight = Fraction(1)
        for out in outs:
            weight *= r if out else 1 - r
        bonus = 0 if any(outs) else 10
        for pair in pairs:
            total += weight * Fraction(village(pair) + bonus - now, len(pairs))
    return total


QUESTIONS = [
    GoingOut("Red", (), ("Red Farmer", "Red Orc"),
             ("Red Dragon", "Red Archer", "Light Angel", "Blue Knight", "Castle", "Sheep"), 2),
    GoingOut("Yellow", (), ("Yellow Princess", "Light Cleric"),
             ("Yellow King", "Yellow Banker", "Light Paladin", "Red Orc", "Green Druid"), 1),
    GoingOut("Green", (), ("Light Angel", "Light Cleric"),
             ("Light Paladin", "Red Orc", "Green Druid", "Red/Green Santa"), 3),
    GoingOut("Blue", ("Blue Knight", "Blue Farmer", "Blue Builder"), ("Blue Princess",),
             ("Blue Wizard", "Light Angel", "Red Orc", "Sheep"), 2),
    GoingOut("Yellow", (), ("Yellow Princess", "Yellow Banker", "Yellow Guard"),
             ("Yellow King", "Red Orc", "Green Druid"), 2),
]


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.colour + str(len(q.kept)))
@pytest.mark.parametrize("r", [Fraction(0), Fraction(1, 5), Fraction(1, 2), Fraction(1)])
def test_exact_gain_matches_brute_force(q: GoingOut, r: Fraction) -> None:
    assert going_out_odds(CARDS, q).gain(r) == brute_gain(q, r)


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.colour + str(len(q.kept)))
def test_simulation_agrees_with_the_exact_gain(q: GoingOut) -> None:
    odds = going_out_odds(CARDS, q)
    sim = simulate_going_out(CARDS, q, 0.3, 100_000, np.random.default_rng(5))
    exact = float(odds.gain(Fraction(3, 10)))
    half = 4 * sim.std() / len(sim) ** 0.5  # four standard errors
    assert abs(sim.mean() - exact) <= half + 1e-9, (sim.mean(), exact)


def test_the_king_doubles_what_waiting_can_win() -> None:
    q = GoingOut("Yellow", (), ("Yellow Princess", "Yellow Banker"), ("Yellow King",
                                                                       "Red Orc"), 1)
    odds = going_out_odds(CARDS, q)
    assert odds.completes == 1 and odds.draws_gold == (5 + 6) * 2
    assert odds.now_gold == 0
    assert odds.gain(Fraction(1)) == 22 - 10  # even if the opponent goes out first


def test_break_even_is_where_both_choices_are_worth_the_same() -> None:
    odds = going_out_odds(CARDS, QUESTIONS[0])
    r = odds.break_even
    assert r is not None and 0 < r < 1
    assert abs(float(odds.gain(Fraction(r)))) < 1e-9
    assert odds.gain(Fraction(0)) > 0 > odds.gain(Fraction(1))
    # nothing to win by waiting: going out now is never worse
    none = going_out_odds(CARDS, GoingOut("Purple", (), (), ("Red Orc", "Sheep"), 2))
    assert none.break_even is None and none.gain(Fraction(0)) == 0


def test_the_chance_of_a_village_is_the_draw_lessons_chance() -> None:
    g = villages.Villages.from_dict({
        "options": {"dark_light": True},
        "players": [{"name": "Ana", "hand": ["Red Farmer", "Red Orc", "Light Angel",
                                             "Green Druid"]}, {"name": "Ben"},
                    {"name": "Cy"}],
        "discard": ["Blue Knight"], "turn": 0, "phase": "main"})
    obs = g.observation(0)
    for colour in ("Red", "Green", "Dark"):
        q = going_out_question(obs, g.cards, colour)
        s = set_question(obs, g.cards, colour)
        assert q.opponents == 2 and len(q.unseen) == s.unseen
        assert going_out_odds(g.cards, q).completes == set_chance(
            s.have, s.colour_unseen, s.unseen, 2, 0, s.wild_have, s.wild_unseen)
    with pytest.raises(ValueError, match="colour must be"):
        going_out_question(obs, g.cards, "Pink")
    with pytest.raises(ValueError, match="for a seat"):
        going_out_question(g.observation(None), g.cards, "Red")


def test_bad_chances_are_refused() -> None:
    odds = going_out_odds(CARDS, QUESTIONS[0])
    with pytest.raises(ValueError, match="from 0 to 1"):
        odds.gain(Fraction(3, 2))
    with pytest.raises(ValueError, match="from 0 to 1"):
        simulate_going_out(CARDS, QUESTIONS[0], -0.1, 10, np.random.default_rng(0))
