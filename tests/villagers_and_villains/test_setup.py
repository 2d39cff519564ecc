"""Setup by player count: starting hands, gold, the pool, the Start Marker, the Favor."""

from __future__ import annotations

import pytest

from village_games import villagers_and_villains as vv


@pytest.mark.parametrize("players,pool", [(2, 6), (3, 6), (4, 6), (5, 7)])
def test_each_mayor_starts_with_angry_mob_deputy_mayor_and_six_gold(players: int,
                                                                       pool: int) -> None:
    g = vv.new_game(players, seed=3)
    for p in g.players:
        assert p.hand_pub == ["Angry Mob", "Deputy Mayor"] and p.gold == 6 and not p.town
    assert len(g.pool) == pool
    assert len(g.deck) == 100 - pool
    # the starting cards nobody was dealt leave the game
    assert sorted(g.removed) == sorted(["Angry Mob", "Deputy Mayor"] * (5 - players))
    assert g.bank == 80 - 6 * players
    assert g.marker == 0 and g.to_act() == [0] and g.phase == "recruit"


def test_the_pool_is_dealt_face_up_from_the_shuffled_deck_by_seed() -> None:
    a, b = vv.new_game(3, seed=9), vv.new_game(3, seed=9)
    assert a.pool == b.pool and a.deck == b.deck
    assert vv.new_game(3, seed=10).pool != a.pool
    assert any(e.kind == "pool" and e.chance and e.reveals for e in a.log)


def test_basic_game_has_no_kings_favor_and_advanced_game_rolls_for_it() -> None:
    basic = vv.new_game(3, seed=4)
    assert basic.favor_seat is None and basic.favor_pool is None
    assert basic.observation(0)["favor"] is None
    adv = vv.new_game(3, seed=4, advanced=True)
    rolls = [e for e in adv.log if e.kind == "die"]
    assert len(rolls) == 1 and rolls[0].chance
    assert adv.favor_pool == rolls[0].data["die"] - 1
    assert adv.observation(1)["favor"] == {"where": "pool", "position": adv.favor_pool + 1}


@pytest.mark.parametrize("bad", [1, 6, "3", True])
def test_bad_player_counts_are_refused_with_the_range(bad: object) -> None:
    with pytest.raises(ValueError, match="takes 2 to 5 players"):
        vv.new_game(bad)  # type: ignore[arg-type]


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="advanced must be true or false"):
        vv.new_game(3, advanced="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names must be 3"):
        vv.new_game(3, names=["A", "B"])
    with pytest.raises(ValueError, match="seed must be"):
        vv.new_game(3, seed=-1)


def test_game_declares_its_facts() -> None:
    info = vv.INFO
    assert (info.min_players, info.max_players) == (2, 5)
    assert not info.simultaneous and info.chance and info.hidden_information
    assert info.stand_in_deck
    g = vv.new_game(2, seed=1, advanced=True, names=["Tim", "Ana"])
    assert g.options == {"players": 2, "advanced": True, "names": ["Tim", "Ana"]}
    assert "stand-in deck" in g.log[0].text
