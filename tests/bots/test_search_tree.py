"""The search tree's two ways of choosing: UCB1 with availability counts where one seat
moves, regret matching where seats choose at once."""

from __future__ import annotations

import random

import pytest

from village_games.bots.search_tree import Node, Regrets

RPS = ("rock", "paper", "scissors")
BEATS = {("rock", "scissors"), ("paper", "rock"), ("scissors", "paper")}


def payoff(a: str, b: str) -> float:
    return 1.0 if (a, b) in BEATS else 0.0 if (b, a) in BEATS else 0.5


def test_regret_matching_finds_the_mixed_equilibrium_of_rock_paper_scissors() -> None:
    rng = random.Random(3)
    me, you = Regrets(), Regrets()
    for _ in range(20_000):
        i, p = me.choose(RPS, rng)
        j, q = you.choose(RPS, rng)
        me.update(RPS, p, i, payoff(RPS[i], RPS[j]))
        you.update(RPS, q, j, payoff(RPS[j], RPS[i]))
    for r in (me, you):
        avg = r.average()
        assert all(avg[m] == pytest.approx(1 / 3, abs=0.06) for m in RPS)


def test_regret_matching_settles_on_a_dominant_move() -> None:
    rng = random.Random(1)
    r = Regrets()
    moves = ("good", "bad", "worse")
    reward = {"good": 0.9, "bad": 0.4, "worse": 0.1}
    for _ in range(5_000):
        i, p = r.choose(moves, rng)
        r.update(moves, p, i, reward[moves[i]])
    avg = r.average()
    assert avg["good"] > 0.7 and avg["good"] == max(avg.values())


def test_ucb_tries_every_move_once_then_prefers_the_better_one() -> None:
    rng = random.Random(2)
    node = Node()
    moves = ["a", "b", "c"]
    value = {"a": 0.2, "b": 0.8, "c": 0.5}
    seen = []
    for _ in range(300):
        m, edge, new = node.select(0, moves, rng)
        seen.append(m)
        edge.visits += 1
        edge.total += value[m]
    assert sorted(seen[:3]) == moves  # each new move grows the tree once
    visits = {m: node.edges[(0, m)].visits for m in moves}
    assert max(visits, key=visits.get) == "b"


def test_a_move_not_legal_in_this_world_is_not_chosen_nor_counted_as_available() -> None:
    rng = random.Random(4)
    node = Node()
    for m in ("a", "b"):
        node.select(0, [m], rng)[1].visits += 1
    edge_b = node.edges[(0, "b")]
    before = edge_b.avail
    for _ in range(20):
        m, edge, _new = node.select(0, ["a"], rng)  # "b" cannot be played in these worlds
        assert m == "a"
        edge.visits += 1
    assert edge_b.avail == before


def test_the_guide_move_is_tried_first_and_favoured_while_it_has_few_visits() -> None:
    rng = random.Random(5)
    node = Node()
    moves = ["a", "b", "c"]
    first, _edge, new = node.select(0, moves, rng, prior="c", bias=0.5)
    assert first == "c" and new
