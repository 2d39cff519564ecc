"""Card-back odds: exact chances of a stack's top card against the engine's own deals."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from village_games.villagers import TakeBasic, new_game
from village_games.villagers.odds import (
    chance_as_cards_leave,
    chance_top_fits,
    chance_top_is,
    fits_now,
    simulate_top,
    top_card_chances,
)


def test_chances_per_stack_are_a_distribution_over_the_shown_suit() -> None:
    g = new_game(players=3, seed=5)
    obs = g.observation(0)
    for pile, chances in zip(obs["stacks"], top_card_chances(obs, g.cards), strict=True):
        assert sum(chances.values()) == 1
        assert {g.cards[n].suit for n in chances} == {pile["top_suit"]}


def test_counting_by_hand_in_a_fresh_game() -> None:
    """Seed 5, seat 0: two unseen Ore cards of each name but one Mason among 13."""
    g = new_game(players=3, seed=5)
    obs = g.observation(0)
    assert chance_top_is(obs, g.cards, 0, "Mason") == Fraction(1, 13)
    assert chance_top_is(obs, g.cards, 0, "Jeweler") == Fraction(2, 13)
    assert chance_top_is(obs, g.cards, 0, "Wheeler") == 0  # wrong suit


@pytest.mark.parametrize("seed, stack", [(5, 0), (11, 3), (23, 5)])
def test_exact_agrees_with_the_engines_deals_within_four_standard_errors(
        seed: int, stack: int) -> None:
    g = new_game(players=3, seed=seed)
    chances = top_card_chances(g.observation(0), g.cards)[stack]
    name = max(chances, key=chances.get)
    p = float(chances[name])
    trials = 3000
    hits = simulate_top(g, 0, stack, name, trials, seed=seed)
    assert abs(hits.mean() - p) < 4 * math.sqrt(p * (1 - p) / trials)


def test_a_card_you_returned_is_known_on_top() -> None:
    g = new_game(players=2, seed=3)
    while g.phase != "build":
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    seat = g.turn
    ret = next(a for a in g.legal_actions(seat) if isinstance(a, TakeBasic)
               and a.stack is not None)
    g.apply(seat, ret)
    assert top_card_chances(g.observation(seat), g.cards)[ret.stack] == {ret.card: 1}
    other = top_card_chances(g.observation(1 - seat), g.cards)[ret.stack]
    assert other.get(ret.card, 0) < 1


def test_the_chance_rises_as_other_cards_of_the_suit_leave() -> None:
    assert chance_as_cards_leave(2, 5) == [Fraction(2, 5), Fraction(1, 2), Fraction(2, 3),
                                           Fraction(1)]
    with pytest.raises(ValueError):
        chance_as_cards_leave(3, 2)


def test_what_fits_follows_the_chain_rules() -> None:
    g = new_game(players=3, seed=5)
    fits = fits_now(g, 0)
    assert "Chandler" in fits and "Lumberjack" not in fits  # solitary yes; basics are taken
    assert "Cartwright" not in fits  # needs a Wheeler, which a fresh village lacks
    assert not {n for n in fits if g.cards[n].suit == "Special"}


def test_blind_draft_chance_sums_the_fitting_names_and_agrees_with_deals() -> None:
    g = new_game(players=3, seed=5)
    for _ in range(20):
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[-1])
    obs, fits = g.observation(0), fits_now(g, 0)
    for stack, chances in enumerate(top_card_chances(obs, g.cards)):
        assert chance_top_fits(obs, g.cards, stack, fits) == sum(
            (p for n, p in chances.items() if n in fits), Fraction(0))
    stack = next(j for j in range(6) if 0 < chance_top_fits(obs, g.cards, j, fits) < 1)
    p = float(chance_top_fits(obs, g.cards, stack, fits))
    hits = simulate_top(g, 0, stack, fits, 3000, seed=9)
    assert abs(hits.mean() - p) < 4 * math.sqrt(p * (1 - p) / 3000)
