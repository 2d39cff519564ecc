"""Setup by player count (rulebook: game setup, player setup)."""

from __future__ import annotations

from collections import Counter

import pytest

from village_games import villagers

RESERVE = {2: 46, 3: 29, 4: 26, 5: 9}  # 94 or 80 cards less 6 stacks of 2p and 5-card hands


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_six_stacks_of_twice_the_players_hands_of_five_and_the_reserve(players: int) -> None:
    g = villagers.new_game(players, seed=3)
    assert [len(s) for s in g.stacks] == [2 * players] * 6
    assert all(len(p.hand_sec) == 5 and not p.hand_pub for p in g.players)
    assert len(g.reserve) == RESERVE[players]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_start_with_8_gold_and_founders_gold_side_up(players: int) -> None:
    g = villagers.new_game(players, seed=3)
    for p in g.players:
        assert p.gold == 8
        assert [(s.card, s.flipped) for s in p.village] == [("Founders", False)]
    assert g.bank == 150 - 8 * players
    assert g.first == 0 and g.to_act() == [0]


@pytest.mark.parametrize("players", [2, 3])
def test_wool_and_leather_only_with_four_or_more(players: int) -> None:
    g = villagers.new_game(players, seed=3)
    everywhere = [c for s in g.stacks for c in s.cards] + g.reserve.cards + [
        c for p in g.players for c in p.hand_sec]
    assert not {"Shepherd", "Spinner", "Weaver", "Tailor", "Tanner", "Saddler",
                "Cobbler"} & set(everywhere)
    four = villagers.new_game(4, seed=3)
    everywhere = [c for s in four.stacks for c in s.cards] + four.reserve.cards + [
        c for p in four.players for c in p.hand_sec]
    assert Counter(everywhere)["Tailor"] == 2


def test_road_starts_with_the_six_starting_road_villagers_without_coins() -> None:
    g = villagers.new_game(3, seed=3)
    assert g.road == ["Swineherd", "Wheeler", "Grazier", "Mason", "Graper", "Wattler"]
    assert g.road_coins == [0] * 6


def test_three_basic_villager_supplies_of_ten() -> None:
    g = villagers.new_game(2, seed=3)
    assert g.basics == {"Lumberjack": 10, "Hayer": 10, "Miner": 10}


def test_market_cards_sit_under_the_second_and_sixth_stacks() -> None:
    obs = villagers.new_game(2, seed=3).observation(0)
    assert obs["markets"]["first_under_stack"] == 1
    assert obs["markets"]["second_under_stack"] == 5
    assert obs["markets"]["done"] == 0


def test_same_seed_same_game_and_bad_options_are_refused() -> None:
    assert villagers.new_game(4, seed=9).to_dict() == villagers.new_game(4, seed=9).to_dict()
    assert villagers.new_game(4, seed=9).to_dict() != villagers.new_game(4, seed=8).to_dict()
    with pytest.raises(ValueError, match="1 to 5 players"):  # (1 player: the solo mode)
        villagers.new_game(0)
    with pytest.raises(ValueError, match="1 to 5 players"):
        villagers.new_game(6)
    with pytest.raises(ValueError, match="names must be 2"):
        villagers.new_game(2, names=["Ana"])
