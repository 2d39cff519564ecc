"""The heuristic Villagers & Villains bot: legal, deterministic, and clearly better than
random play in the basic and the advanced game.

A fair seat wins 1/players of the games. Over these fixed seeded matches (seed 11, seats
rotated on every deal) the bot measured: basic game 98% (2 players, 40 games), 97% (3, 36),
100% (4, 40); advanced game 100% in all three. The thresholds leave a wide margin.
"""

from __future__ import annotations

import functools

import pytest

from village_games import villagers_and_villains as vv
from village_games.bots import RandomBot, VillagersAndVillainsBot
from village_games.bots.tournament import run_matches
from village_games.core import SeatView

LABEL = VillagersAndVillainsBot.name


@pytest.mark.parametrize(("advanced", "players", "games", "least"),
                         [(False, 2, 40, 0.8), (False, 3, 36, 0.7), (True, 3, 36, 0.7),
                          (True, 4, 40, 0.6)])
def test_beats_random_play_clearly(advanced: bool, players: int, games: int,
                                   least: float) -> None:
    res = run_matches([VillagersAndVillainsBot] + [RandomBot] * (players - 1), games=games,
                      players=players, seed=11,
                      new_game=functools.partial(vv.new_game, advanced=advanced))
    rate = res.win_rate(LABEL)
    print(f"{LABEL} vs {players - 1} RandomBot ({'advanced' if advanced else 'basic'}): "
          f"{rate:.0%} of {games} games")
    assert rate >= least


def play_out(seed: int) -> list[str]:
    """A game of four bots with every option; its moves. (How long each decision takes:
    benchmarks/bot_decision_speed.py.)"""
    g = vv.new_game(players=4, seed=seed, advanced=True, ordinance=True, pony_express=True)
    bots = [VillagersAndVillainsBot(seed=s) for s in range(4)]
    moves = []
    while not g.is_over():
        p = g.to_act()[0]
        a = bots[p].act(SeatView(g, p))
        assert a in g.legal_actions(p)
        g.apply(p, a)
        moves.append(str(a))
    return moves


def test_only_legal_moves_and_deterministic_with_every_option() -> None:
    assert play_out(4) == play_out(4)


def test_buys_rolls_only_while_they_pay() -> None:
    """The Farm in position 5 with the Witch in position 1: a miss is costly, so the bot
    buys a roll or two, not all its gold's worth, then rolls."""
    g = vv.Game.from_dict({"pool": ["Witch", "Goblins", "Rats", "Tower", "Farm", "Castle"],
                           "players": [{"name": "Tim", "gold": 9}, {"name": "Ana"}]})
    g.apply(0, vv.Recruit(5))
    bot = VillagersAndVillainsBot(seed=1)
    bought = 0
    while (a := bot.act(SeatView(g, 0))) == vv.BuyRoll():
        g.apply(0, a)
        bought += 1
    assert a == vv.Roll() and 1 <= bought <= 3


def test_defends_and_keeps_the_mob_when_the_roll_is_sure_enough() -> None:
    g = vv.Game.from_dict({"phase": "defend", "players": [
        {"name": "Tim", "town": ["Goblins", "Knight"]}, {"name": "Ana"}]})
    bot = VillagersAndVillainsBot(seed=1)
    a = bot.act(SeatView(g, 0))
    assert isinstance(a, vv.Attack) and a.challenge == "Goblins"
    g.apply(0, a)
    assert bot.act(SeatView(g, 0)) == vv.Roll()  # an easy roll: the Mob stays for 3 points
