"""The heuristic Villages bot: legal, deterministic and clearly better than random play.

A fair seat wins 1/players of the games. Measured over these seeded, seat-rotated games
(`run_matches`, seed 11): VillagesBot won 100% against one RandomBot (40 games) and 100%
against two (36 games); the thresholds leave a wide margin for later tuning.
"""

from __future__ import annotations

import random

import pytest

from village_games import villages
from village_games.bots import RandomBot, VillagesBot
from village_games.bots.tournament import run_matches
from village_games.core import SeatView
from village_games.villages import Attack, Defend


@pytest.mark.parametrize(("players", "games", "least"), [(2, 40, 0.8), (3, 36, 0.65)])
def test_beats_random_play_clearly(players: int, games: int, least: float) -> None:
    res = run_matches([VillagesBot] + [RandomBot] * (players - 1), games=games,
                      players=players, seed=11, new_game=villages.new_game)
    rate = res.win_rate("Villages")
    print(f"VillagesBot vs {players - 1} RandomBot: {rate:.0%} of {games} games")
    assert rate >= least


def test_only_legal_moves_and_deterministic() -> None:
    def play_out(seed: int) -> list[str]:  # (decision times: benchmarks/bot_decision_speed.py)
        g = villages.new_game(players=3, seed=seed)
        bots = [VillagesBot(seed=s) for s in range(3)]
        moves = []
        while not g.is_over():
            p = g.to_act()[0]
            a = bots[p].act(SeatView(g, p))
            assert a in g.legal_actions(p)
            g.apply(p, a)
            moves.append(str(a))
        return moves

    assert play_out(4) == play_out(4)


def test_builds_first_and_defends_with_a_winner() -> None:
    g = villages.Villages.from_dict({
        "players": [
            {"name": "Ana", "hand": ["Red Farmer", "Red Dragon", "Red Orc", "Pig"],
             "villages": {}},
            {"name": "Ben", "hand": ["Blue Knight", "Blue Monk"],
             "villages": {"Green": ["Green Farmer", "Green Builder", "Green Princess"]}},
        ],
        "turn": 0, "phase": "main",
    })
    bot = VillagesBot(seed=1)
    assert type(bot.act(SeatView(g, 0))).__name__ == "Build"
    g.apply(0, villages.Build("Red Farmer", "Red Dragon", "Red Orc"))
    g.apply(0, Attack(1, "Green", "Red Dragon", "Red"))
    # the Dragon attacks at 5; a Knight defends at 2 + 1 + 3 against a Dragon = 6
    assert bot.act(SeatView(g, 1)) == Defend("Blue Knight", "hand")


def test_random_opponent_positions_never_break_it() -> None:
    rng = random.Random(3)
    for seed in range(20):
        g = villages.new_game(players=4, seed=seed)
        bot = VillagesBot(seed=seed)
        for _ in range(rng.randrange(50, 300)):
            if g.is_over():
                break
            p = g.to_act()[0]
            a = bot.act(SeatView(g, p)) if p == 0 else rng.choice(list(g.legal_actions(p)))
            g.apply(p, a)
