"""The equilibrium-mixing duel bot plays legal, seeded, finished games."""

import numpy as np

from village_games.bots.equilibrium_bot import EquilibriumBot, play_duels
from village_games.bots.random_bot import RandomBot
from village_games.core.play import play
from village_games.village_pillage import new_game


def test_duels_finish_and_are_reproducible():
    a = play_duels(4, seed=5, relic_bonus=6)
    b = play_duels(4, seed=5, relic_bonus=6)
    np.testing.assert_array_equal(a, b)
    assert set(a.tolist()) <= {0.0, 0.5, 1.0}


def test_without_a_relic_bonus_it_never_buys_a_relic():
    g = play(new_game(players=2, seed=3), [EquilibriumBot(seed=1, relic_bonus=0), RandomBot(2)])
    assert g.players[0].relics == 0 and g.winners() == [1]
    assert g.audit() == []
