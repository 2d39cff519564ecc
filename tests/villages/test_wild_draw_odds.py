"""Draw odds with Light (wild) cards: the exact two-class count agrees with brute force
over labelled cards and with the simulation, and a Light card on top of the discard pile
counts in the deck-versus-discard decision."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from village_games import villages
from village_games.villages.odds import set_chance, set_question, simulate_set


def brute_set_chance(have: int, colour: int, wild: int, other: int, draws: int, known: int,
                     wild_have: int, wild_known: int) -> Fraction:
    """Every draw of `draws` labelled cards: a set is three units, one truly of the colour."""
    deck = ["c"] * colour + ["w"] * wild + ["o"] * other
    hits = total = 0
    for drawn in combinations(range(len(deck)), draws):
        kinds = [deck[i] for i in drawn]
        true = have + known + kinds.count("c")
        total += 1
        hits += true >= 1 and true + wild_have + wild_known + kinds.count("w") >= 3
    return Fraction(hits, total)


@pytest.mark.parametrize("have,wild_have,known,wild_known",
                         [(0, 0, 0, 0), (0, 1, 0, 0), (0, 2, 0, 0), (1, 0, 0, 1),
                          (0, 0, 0, 1), (1, 1, 0, 0), (0, 1, 1, 0), (2, 0, 0, 0),
                          (0, 3, 0, 0)])
def test_wild_set_chance_matches_brute_force(have: int, wild_have: int, known: int,
                                             wild_known: int) -> None:
    for colour, wild, other, draws in product((0, 1, 3), (0, 1, 2), (1, 4), (0, 1, 2, 3)):
        unseen = colour + wild + other
        if draws > unseen:
            continue
        want = brute_set_chance(have, colour, wild, other, draws, known, wild_have,
                                wild_known)
        got = set_chance(have, colour, unseen, draws, known, wild_have, wild, wild_known)
        assert got == want, (have, wild_have, known, wild_known, colour, wild, other, draws)


@pytest.mark.parametrize("args", [
    dict(have=0, colour_unseen=6, unseen=40, deck_draws=4, known=0, wild_have=2,
         wild_unseen=3, wild_known=0),
    dict(have=1, colour_unseen=5, unseen=35, deck_draws=1, known=0, wild_have=0,
         wild_unseen=4, wild_known=1),
    dict(have=0, colour_unseen=7, unseen=50, deck_draws=6, known=0, wild_have=0,
         wild_unseen=4, wild_known=0),
])
def test_wild_simulation_agrees_with_the_exact_count(args: dict[str, int]) -> None:
    exact = float(set_chance(**args))
    sim = simulate_set(args["have"], args["colour_unseen"], args["unseen"],
                       args["deck_draws"], args["known"], 100_000, np.random.default_rng(8),
                       args["wild_have"], args["wild_unseen"], args["wild_known"])
    # four standard errors of a share over 100,000 draws
    assert abs(sim.mean() - exact) < 4 * (exact * (1 - exact) / 100_000) ** 0.5 + 1e-9


def test_light_cards_alone_never_make_the_set() -> None:
    assert set_chance(0, 0, 10, 3, wild_have=2, wild_unseen=4) == 0
    sim = simulate_set(0, 0, 10, 3, 0, 1_000, np.random.default_rng(1), wild_have=2,
                       wild_unseen=4)
    assert sim.sum() == 0


def _light_on_top(hand: list[str], top: str) -> villages.Villages:
    return villages.Villages.from_dict({
        "options": {"dark_light": True},
        "players": [{"name": "Ana", "hand": hand}, {"name": "Ben"}],
        "discard": ["Blue Knight", top], "turn": 0, "phase": "draw"})


def test_a_light_card_on_top_of_the_discard_counts_for_any_colour() -> None:
    g = _light_on_top(["Red Farmer", "Red Orc", "Green Druid"], "Light Angel")
    cards = g.cards
    red = set_question(g.observation(0), cards, "Red")
    assert red.known_from_discard(cards, 1, wild=True) == 1
    assert red.known_from_discard(cards, 1) == 0
    # two Red units and the Angel on top: taking it makes the set for sure
    assert red.plan_chance(cards, "discard-deck") == 1
    assert red.plan_chance(cards, "deck-deck") < 1
    # one Green unit: the Angel helps, but a second Green unit must still come
    green = set_question(g.observation(0), cards, "Green")
    take = green.plan_chance(cards, "discard-deck")
    assert take == set_chance(1, green.colour_unseen, green.unseen, 1, 0, 0,
                              green.wild_unseen, 1)
    assert 0 < take < 1
    # no Purple unit at all: the Angel and another Light card cannot make one alone
    purple = set_question(g.observation(0), cards, "Purple")
    assert purple.plan_chance(cards, "discard-discard") == 0
