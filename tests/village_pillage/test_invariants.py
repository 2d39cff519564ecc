"""Seeded random play-outs through the shared invariant harness.

Sized for CI (about a minute each); benchmarks/invariant_soak.py runs thousands more."""

from village_games import village_pillage
from village_games.core.invariants import run_playouts
from village_games.village_pillage import VillagePillage


def _options(seed: int) -> dict:
    players = 2 + seed % 4
    side = "standard" if players == 2 and seed % 8 == 0 else None
    return {"players": players, "bank_side": side}


def test_random_playouts_keep_every_invariant_with_deep_checks():
    stats = run_playouts(village_pillage.new_game, range(20), options=_options,
                         new_game_for_replay=village_pillage.new_game)
    assert stats.finished == 20
    assert stats.illegal_checked > 150


def test_hundreds_of_random_games_end_and_conserve_cards():
    stats = run_playouts(village_pillage.new_game, range(1000, 1400), options=_options,
                         deep_every=25)
    assert stats.finished == 400
    assert min(stats.lengths) > 0


def test_scenario_games_replay_from_their_start():
    g = VillagePillage.from_dict({"players": [{"stockpile": 7}, {}, {}], "seed": 3})
    g.apply(0, village_pillage.Plan("Farmer", "Wall"))
    g.apply(1, village_pillage.Plan("Raider", "Wall"))
    g.apply(2, village_pillage.Plan("Merchant", "Farmer"))
    again = village_pillage.replay(g.record())
    assert again.to_dict() == g.to_dict()
