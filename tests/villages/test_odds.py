"""Villages odds (village_games/villages/odds.py): exact draw and battle chances from one
seat's view, checked against brute-force counting and against the engine's own battles in
worlds dealt by `determinize`."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from village_games import villages
from village_games.villages import Attack, Defend
from village_games.villages.odds import (
    at_least,
    attack_odds,
    attack_table,
    hidden_hand,
    seen_cards,
    set_chance,
    set_question,
    simulate_attack,
    simulate_set,
    unseen_cards,
    villages_position,
)
from village_games.villages.power import home_village, power_parts


def advance(players: int, seed: int, moves: int) -> villages.Villages:
    return villages_position(players, seed, moves)


def test_hypergeometric_tail_by_brute_force() -> None:
    cards = range(9)
    for draws in range(0, 5):
        for need in range(0, 4):
            hits = sum(1 for hand in combinations(cards, draws)
                       if sum(1 for c in hand if c < 4) >= need)
            assert at_least(4, 9, draws, need) == Fraction(hits, comb(9, draws))


def test_set_chance_counts_sure_cards() -> None:
    assert set_chance(3, 0, 10, 0) == 1
    assert set_chance(2, 0, 10, 5) == 0
    assert set_chance(1, 5, 10, 2, known=1) == 1 - Fraction(comb(5, 2), comb(10, 2))
    assert set_chance(2, 5, 10, 1) == Fraction(1, 2)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="at most the 5 cards"):
        at_least(6, 5, 1, 1)
    with pytest.raises(ValueError, match="whole number"):
        set_chance(-1, 2, 5, 1)


def test_unseen_cards_are_deck_and_hidden_hands() -> None:
    for seed in range(60):
        g = advance(3, seed, seed * 3)
        for p in range(3):
            obs = g.observation(p)
            seen = seen_cards(obs)
            assert len(seen) == len(set(seen))
            hidden = len(g.deck) + sum(hidden_hand(obs, q) for q in range(3) if q != p)
            b = obs["battle"]
            if b is not None and b["hired"] and b["unit"] is None:
                hidden += 1
            assert len(unseen_cards(obs, g.cards)) == hidden


def test_set_question_and_plans() -> None:
    g = advance(3, 2, 0)
    obs = g.observation(0)
    for colour in villages.COLOURS:
        q = set_question(obs, g.cards, colour)
        top = g.discard[-1]
        bonus = int(g.cards.kind_of[top] == "unit" and g.cards.colour_of[top] == colour)
        assert q.known_from_discard(g.cards, 1) == bonus
        assert q.plan_chance(g.cards, "deck-deck") == set_chance(
            q.have, q.colour_unseen, q.unseen, 2)
        assert q.plan_chance(g.cards, "discard-deck", 1) == set_chance(
            q.have, q.colour_unseen, q.unseen, 2, bonus)
    with pytest.raises(ValueError, match="colour must be"):
        set_question(obs, g.cards, "Pink")
    with pytest.raises(ValueError, match="for a seat"):
        set_question(g.observation(None), g.cards, "Red")


def test_set_simulation_agrees_with_the_exact_answer() -> None:
    rng = np.random.default_rng(4)
    exact = float(set_chance(1, 7, 40, 4))
    sim = simulate_set(1, 7, 40, 4, 0, 40_000, rng)
    assert abs(sim.mean() - exact) < 0.015
    assert simulate_set(3, 0, 5, 0, 0, 10, rng).tolist() == [1.0] * 10


def _wins_in_world(world: villages.Villages, attacker: int, attack: Attack) -> bool:
    """The engine's battle in a determinized world, the defender choosing its best unit."""
    w = world.clone(keep_log=False)
    w.apply(attacker, attack)
    if w.phase != "defend":
        return True  # unopposed
    best = None
    for d in w.legal_actions(attack.seat):
        assert isinstance(d, Defend)
        trial = w.clone(keep_log=False)
        trial.apply(attack.seat, d)
        won = trial.phase == "reward" and trial.turn == attacker
        best = won if best is None else best and won
    return bool(best)


def test_attack_odds_match_the_engine_in_dealt_worlds() -> None:
    checked = 0
    for seed in range(200):
        g = advance(3, seed, 20 + seed % 50)
        if g.is_over() or g.phase != "main":
            continue
        p = g.to_act()[0]
        table = attack_table(g, p)
        if not table:
            continue
        odds = table[seed % len(table)]
        rng = random.Random(seed)
        wins = [_wins_in_world(g.determinize(p, rng), p, odds.attack) for _ in range(300)]
        rate = sum(wins) / len(wins)
        assert abs(rate - float(odds.chance)) < 0.09, (seed, odds.attack, rate, odds.chance)
        checked += 1
        if checked >= 12:
            break
    assert checked >= 6


def test_attack_odds_by_hand() -> None:
    """A Red Dragon (5) attacks a village holding only a Green Farmer; the defender's 8
    cards are all unseen: it loses only to an unseen unit above 5."""
    g = villages.Villages.from_dict({
        "players": [
            {"name": "Ana", "hand": ["Red Dragon", "Red Orc"], "villages": {}},
            {"name": "Ben", "hand": ["Purple Wizard", "Blue Knight"],
             "villages": {"Green": ["Green Farmer", "Green Builder", "Green Princess"]}},
        ],
        "turn": 0, "phase": "main",
    })
    obs = g.observation(0)
    odds = attack_odds(obs, g.cards, Attack(1, "Green", "Red Dragon", "hand"))
    beaters = [c for c in unseen_cards(obs, g.cards) if c in g.cards.unit_ids and sum(
        x for _, x in power_parts(g.cards, c, "Red Dragon", False, None)) > sum(
        x for _, x in power_parts(g.cards, "Red Dragon", c, True, None))]
    n = len(unseen_cards(obs, g.cards))
    assert odds.beaters == len(beaters) > 0  # the Wizard (6) and any Knight (2+1+3)
    assert odds.hidden == 2
    assert odds.chance == Fraction(comb(n - len(beaters), 2), comb(n, 2))
    assert "unseen" in odds.describe()
    sim = simulate_attack(odds, 20_000, np.random.default_rng(1))
    assert abs(sim.mean() - float(odds.chance)) < 0.02
    # the defender's own view of the same attack has nothing hidden: a sure loss
    mine = attack_odds(g.observation(1) | {"viewer": 0}, g.cards,
                       Attack(1, "Green", "Red Dragon", "hand"))
    assert mine.hidden == 0 and mine.chance == 0 and mine.sure_loss
    assert home_village({}, "hand", None) is None


def test_attack_table_is_empty_outside_the_main_phase() -> None:
    g = villages.new_game(players=2, seed=1)
    assert attack_table(g, 0) == []
    with pytest.raises(ValueError, match="for a seat"):
        attack_odds(g.observation(None), g.cards, Attack(1, "Red", "Red Farmer", "hand"))
