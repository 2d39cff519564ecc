"""The table's live odds, worked out from an observation, agree with `odds.pool_odds` and
`odds.defense_odds` (which read the game) at every decision of seeded games, with every
option on: the announced recruit's bonus and rolls, the Favor, the Angry Mob, heroes that
just arrived and Pony Express rolls sold all count the same way."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from village_games import villagers_and_villains as vv
from village_games.villagers_and_villains.table_odds import defense_odds_seen, pool_odds_seen


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
