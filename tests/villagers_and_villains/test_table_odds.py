"""The table's live odds, worked out from an observation, agree with `odds.pool_odds` and
`odds.defense_odds` (which read the game) at every decision of seeded games, with every
option on: the announced recruit's bonus and rolls, the Favor, the Angry Mob, heroes that
just arrived and Pony Express rolls sold all count the same way."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from village_games import villagers_and_villains as vv
from village_games.villagers_and_villains.table_odds import (
    ability_odds,
    announced_odds,
    defense_odds_seen,
    pool_odds_seen,
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_odds_from_the_observation_match_the_game(seed: int) -> None:
    g = vv.new_game(players=3, seed=seed, advanced=True, ordinance=True, pony_express=True)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over():
        seat = g.to_act()[0]
        for s in range(3):
            obs = g.observation(s)
            assert pool_odds_seen(obs, s) == vv.pool_odds(g, s)
            assert pool_odds_seen(obs, s, max_extra=2) == vv.pool_odds(g, s, max_extra=2)
            assert defense_odds_seen(obs, g.cards, s) == vv.defense_odds(g, s)
            checked += 1
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert checked > 100


def test_a_declared_bonus_counts_in_the_announced_recruit() -> None:
    g = vv.Game.from_dict({"advanced": True, "favor": 0, "pool": [
        "Goblins", "Farm", "Witch", "Castle", "Rats", "Bridge"],
        "players": [{"name": "Tim", "gold": 2}, {"name": "Ana"}]})
    g.apply(0, vv.KeepFavor())
    g.apply(0, vv.Recruit(4))
    g.apply(0, vv.UseFavor())
    rows = pool_odds_seen(g.observation(0), 0)
    # the first die needs a 2 or more (the Favor's +2); a bought one needs a 4 or more
    assert rows[3]["chances"][:2] == [Fraction(5, 6), 1 - Fraction(1, 6) * Fraction(1, 2)]
    assert rows == vv.pool_odds(g, 0)


def test_an_abilitys_before_and_after_chance_is_the_chance_once_it_is_used() -> None:
    """Whenever a recruit or DEFENSE is announced, each ability on offer that changes its
    chance (one's own, or another mayor's bought by VEND) says the chance after it; using
    it (and the owner allowing the VEND) gives exactly that chance."""
    checked = sum(ability_checks(seed) for seed in range(1, 7))
    assert checked > 5


def ability_checks(seed: int) -> int:
    g = vv.new_game(players=3, seed=seed, advanced=True)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over():
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        for a in legal:
            if not isinstance(a, (vv.UseAbility, vv.PayVend)):
                continue
            odds = ability_odds(g.observation(seat), g.cards, seat, a.card)
            if odds is None:
                continue
            assert odds["now"] == announced_odds(g.observation(seat), g.cards, seat)["now"]
            used = g.clone()
            used.apply(seat, a)
            if isinstance(a, vv.PayVend):
                used.apply(a.seat, vv.AllowVend())
            assert announced_odds(used.observation(seat), g.cards, seat)["now"] == odds["after"]
            checked += 1
        g.apply(seat, rng.choice(legal))
    return checked
