"""VillagesBot with every expansion on: only legal moves (BuildAs included), and still
clearly better than random play."""

from __future__ import annotations

from functools import partial

from village_games import villages
from village_games.bots import RandomBot, VillagesBot
from village_games.bots.tournament import run_matches
from village_games.core import SeatView
from village_games.villages import BuildAs

ALL = {"locations": True, "dark_light": True, "dual": True}


def test_the_bot_plays_only_legal_moves_with_every_expansion() -> None:
    kinds = set()
    for seed in range(3):
        g = villages.new_game(players=3, seed=seed, max_rounds=2, **ALL)
        bots = [VillagesBot(seed=s) for s in range(3)]
        while not g.is_over():
            p = g.to_act()[0]
            a = bots[p].act(SeatView(g, p))
            assert a in g.legal_actions(p)
            g.apply(p, a)
            kinds.add(type(a).__name__)
    assert {"Build", "Attack", "Defend", "Reward"} <= kinds


def test_the_bot_builds_an_ambiguous_trio_with_build_as() -> None:
    g = villages.Villages.from_dict({
        "players": [{"hand": ["Red/Green Santa", "Light Angel", "Light Cleric"]}, {}],
        "options": {"dark_light": True, "dual": True}, "phase": "main", "seed": 1})
    a = VillagesBot(seed=0).act(SeatView(g, 0))
    assert type(a) is BuildAs and a.village in ("Red", "Green")


def test_the_bot_beats_random_play_with_every_expansion() -> None:
    res = run_matches([VillagesBot, RandomBot], games=16, players=2, seed=5,
                      new_game=partial(villages.new_game, **ALL))
    assert res.win_rate("Villages") >= 0.75
