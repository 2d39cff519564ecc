"""Saves are files anyone can edit: a save play could not have left is refused with a
ValueError naming the field (the turn order, the pool position, the defended challenge,
...), so a loaded game never crashes at its next legal move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from village_games import villagers_and_villains as vv
from village_games.villagers_and_villains import Attack, Recruit, VillagersAndVillains

from .scenarios import make


def load(d: dict[str, Any]) -> VillagersAndVillains:
    return VillagersAndVillains.from_dict(d)


def announced_recruit() -> dict[str, Any]:
    """Seat 1 has announced card 3 of the pool and may roll for it."""
    g = vv.new_game(3, seed=1, advanced=True)
    g.apply(0, Recruit(1))
    g.apply(1, Recruit(3))
    d = g.to_dict()
    assert (d["phase"], d["turn"]["step"], d["turn"]["position"]) == ("recruit", "declare", 3)
    return d


def declared_defense() -> dict[str, Any]:
    """Seat 0 attacks the Witch in their town; the Ogre is in seat 1's town."""
    g = make([{"town": ["Witch"]}, {"town": ["Ogre"]}], phase="defend", dice=[6, 6])
    g.apply(0, Attack("Witch", None))
    d = g.to_dict()
    assert (d["phase"], d["turn"]["step"], d["turn"]["challenge"]) == ("defend", "declare",
                                                                      "Witch")
    return d


def test_a_save_whose_pool_position_is_past_the_pool_is_refused() -> None:
    d = announced_recruit()
    d["turn"]["position"] = len(d["pool"]) + 1
    d["dice"] = [6]
    with pytest.raises(ValueError, match=r"turn\.position must be a pool position from 2 to "
                                         f"{len(d['pool'])}"):
        load(d)


def test_a_save_whose_announced_recruit_is_card_one_or_none_is_refused() -> None:
    for position in (0, 1):  # card 1 is taken without announcing a roll
        d = announced_recruit()
        d["turn"]["position"] = position
        with pytest.raises(ValueError, match=r"turn\.position"):
            load(d)


def test_a_save_whose_defended_challenge_is_in_another_mayors_town_is_refused() -> None:
    d = declared_defense()
    d["turn"]["challenge"] = "Ogre"
    with pytest.raises(ValueError, match=r"turn\.challenge must be a challenge in the town "
                                         r"of seat 0, whose turn it is \(Witch\)"):
        load(d)
    d["turn"]["challenge"] = None
    with pytest.raises(ValueError, match=r"turn\.challenge"):
        load(d)


def test_a_save_whose_defending_hero_is_not_in_the_mayors_town_is_refused() -> None:
    d = declared_defense()
    d["turn"]["hero"] = "Witch"  # a card of the town, but no hero
    with pytest.raises(ValueError, match=r"turn\.hero must be null or a hero"):
        load(d)


def test_a_save_whose_acting_mayor_is_swapped_in_the_order_is_refused() -> None:
    d = declared_defense()
    d["order"][d["turn_idx"]] = 1  # now seat 1 would roll against seat 0's Witch
    with pytest.raises(ValueError, match=r"order must be \[0, 1\] for the defend phase"):
        load(d)


def test_a_save_whose_order_gives_one_seat_every_turn_is_refused() -> None:
    d = vv.new_game(3, seed=1, advanced=True).to_dict()
    assert d["order"] == [0, 1, 2]
    d["order"] = [0, 0, 0, 0, 0, 0, 0]
    with pytest.raises(ValueError, match=r"order must be \[0, 1, 2\] for the recruit phase "
                                         r"with the Start Marker at seat 0"):
        load(d)


@pytest.mark.parametrize("order", [[1, 2, 0], [0, 2, 1], [0, 1], [0, 1, 2, 0, 1, 2]])
def test_a_save_whose_order_is_not_clockwise_from_the_start_marker_is_refused(
        order: list[int]) -> None:
    d = vv.new_game(3, seed=1).to_dict()
    d["order"] = order
    with pytest.raises(ValueError, match=r"order must be \[0, 1, 2\]"):
        load(d)


def test_two_mayors_recruit_twice_each_in_turn_and_a_save_must_say_so() -> None:
    d = vv.new_game(2, seed=1).to_dict()
    assert d["order"] == [0, 1, 0, 1]
    load(d)
    d["order"] = [0, 1]
    with pytest.raises(ValueError, match=r"order must be \[0, 1, 0, 1\] for the recruit"):
        load(d)


def test_a_save_whose_favor_decision_is_not_the_holders_alone_is_refused() -> None:
    g = make([{}, {}, {}], phase="defend", advanced=True, favor=2)
    d = g.to_dict()
    assert (d["turn"]["step"], d["order"]) == ("favor", [2])
    d["order"] = [2, 0, 1]
    with pytest.raises(ValueError, match=r"order must be \[2\] for the King's Favor"):
        load(d)
    d["order"], d["favor_seat"] = [2], None
    with pytest.raises(ValueError, match="favor_seat is null"):
        load(d)


def test_a_save_whose_pool_is_larger_than_the_reset_fills_it_is_refused() -> None:
    d = vv.new_game(3, seed=1).to_dict()
    d["pool"].append(d["deck"].pop())
    with pytest.raises(ValueError, match="pool must hold at most 6 cards with 3 mayors"):
        load(d)


def test_a_save_whose_favor_lies_past_the_pool_is_refused() -> None:
    d = vv.new_game(3, seed=1, advanced=True).to_dict()
    d["favor_seat"] = None
    d["removed"] += d["pool"]
    d["pool"] = []
    d["favor_pool"] = 0  # the Reset would read the card under the Favor
    with pytest.raises(ValueError, match="favor_pool must be null while the pool is empty"):
        load(d)


def test_a_save_whose_pillage_turn_owes_a_tax_nobody_collects_is_refused() -> None:
    g = make([{"gold": 5, "town": ["Witch"]}, {"gold": 5, "town": ["Tax Collector"]}, {}],
             phase="pillage", advanced=True)
    d = g.to_dict()
    assert d["order"][d["turn_idx"]] == 0 and d["turn"]["step"] == "choose"
    assert sorted(d["turn"]["pending"]) == ["Tax Collector", "pillage"]
    d["players"][1]["town"].remove("Tax Collector")
    d["players"][1]["hand_pub"].append("Tax Collector")  # no town taxes seat 0 now
    with pytest.raises(ValueError, match=r"turn\.pending: 'Tax Collector' is no ruling"):
        load(d)


def test_a_save_whose_request_has_no_card_or_no_answer_is_refused() -> None:
    d = announced_recruit()
    d["turn"]["step"] = "vend"
    with pytest.raises(ValueError, match=r"turn\.vend must hold the request"):
        load(d)
    d["turn"]["step"] = "declare"
    d["phase"] = "build"
    with pytest.raises(ValueError, match=r"turn\.step must be one of favor, choose, vend in "
                                         "the build phase"):
        load(d)


@pytest.mark.parametrize("seed", range(8))
def test_every_state_of_a_played_game_loads_again(seed: int) -> None:
    """The checks refuse only what play cannot reach (every player count and variant)."""
    g = vv.new_game(2 + seed % 4, seed=seed, advanced=seed % 2 == 1,
                    ordinance=seed % 3 == 0, pony_express=seed % 4 < 2)
    rng = random.Random(seed)
    while True:
        d = g.to_dict()
        assert load(d).to_dict() == d
        if g.is_over():
            break
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
