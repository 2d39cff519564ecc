"""Exact dice chances for the lessons, checked against brute-force enumeration of every
die sequence and against the engine's own dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from village_games import villagers_and_villains as vv
from village_games.core.rng import Rng
from village_games.villagers_and_villains import (
    Attack,
    BuyRoll,
    Recruit,
    Roll,
    UseAbility,
    defense_chance,
    defense_odds,
    extra_roll_gain,
    pool_odds,
    recruit_chance,
)

from .scenarios import make


def brute_recruit(position: int, rolls: int, bonus: int) -> Fraction:
    hits = sum(1 for dice in product(range(1, 7), repeat=rolls)
               if any(d + bonus >= position for d in dice))
    return Fraction(hits, 6 ** rolls)


@pytest.mark.parametrize("position", range(1, 8))
@pytest.mark.parametrize("extra", [0, 1, 2, 3])
@pytest.mark.parametrize("bonus", [0, 1, 2, 3])
def test_recruit_chance_equals_enumeration(position: int, extra: int, bonus: int) -> None:
    assert recruit_chance(position, extra, bonus) == brute_recruit(position, extra + 1, bonus)


def brute_recruit_with_favor(position: int, rolls: int, bonus: int, favor: int) -> Fraction:
    hits = sum(1 for dice in product(range(1, 7), repeat=rolls)
               if any(d + bonus + (favor if i == 0 else 0) >= position
                      for i, d in enumerate(dice)))
    return Fraction(hits, 6 ** rolls)


@pytest.mark.parametrize("position", range(2, 8))
@pytest.mark.parametrize("extra", [0, 1, 2])
@pytest.mark.parametrize("bonus", [0, 1])
def test_the_favor_counts_on_the_first_die_only(position: int, extra: int, bonus: int) -> None:
    """Reading 10: the King's Favor's +2 goes on the first die of the recruit."""
    assert recruit_chance(position, extra, bonus, favor=2) == brute_recruit_with_favor(
        position, extra + 1, bonus, 2)


def test_the_rulebooks_example_card_four() -> None:
    assert recruit_chance(4) == Fraction(1, 2)
    assert recruit_chance(4, extra_rolls=3) == 1 - Fraction(1, 2) ** 4
    assert recruit_chance(4, favor=2) == Fraction(5, 6)  # the King's Favor
    assert recruit_chance(4, free_rolls=1) == recruit_chance(4, extra_rolls=1)  # a Stable
    assert extra_roll_gain(4, 0) == Fraction(1, 4)


def brute_defense(defeat: int, bonuses: tuple[int, ...], successes: int) -> Fraction:
    hits = sum(1 for dice in product(range(1, 7), repeat=len(bonuses))
               if sum(d + b >= defeat for d, b in zip(dice, bonuses, strict=True))
               >= successes)
    return Fraction(hits, 6 ** len(bonuses))


@pytest.mark.parametrize("defeat,bonuses,successes", [
    (4, (0,), 1), (5, (0, 2), 1), (6, (3, 0, 2), 1), (2, (0, 1, 2), 3), (3, (0, 0), 2),
    (6, (0,), 1), (7, (3, 2), 1)])
def test_defense_chance_equals_enumeration(defeat: int, bonuses: tuple[int, ...],
                                           successes: int) -> None:
    assert defense_chance(defeat, bonuses, successes) == brute_defense(defeat, bonuses,
                                                                       successes)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        recruit_chance(0)
    with pytest.raises(ValueError):
        recruit_chance(3, extra_rolls=-1)
    with pytest.raises(ValueError):
        defense_chance(3, (0,), successes=0)


def test_the_engines_recruit_dice_agree_with_the_exact_chance() -> None:
    base = make([{"gold": 1}, {}])
    trials, wins = 3000, 0
    for k in range(trials):
        g = base.clone(keep_log=False)
        g.rng = Rng(k * 7919 + 13)
        g.apply(0, Recruit(5))
        g.apply(0, BuyRoll())
        g.apply(0, Roll())
        wins += g.players[0].town == ["Harpies"]
    exact = float(recruit_chance(5, extra_rolls=1))  # 1 - (4/6)^2 = 5/9
    assert abs(wins / trials - exact) < 0.035


def test_the_engines_defense_dice_agree_with_the_exact_chance() -> None:
    base = make([{"town": ["Troll", "Knight"]}, {}], phase="defend")
    trials, wins = 3000, 0
    for k in range(trials):
        g = base.clone(keep_log=False)
        g.rng = Rng(k * 104729 + 7)
        g.apply(0, Attack("Troll", None))
        g.apply(0, Roll())
        if "Troll" in g.players[0].town and g.to_act() == [0]:
            g.apply(0, Attack("Troll", "Knight"))
            g.apply(0, Roll())
        wins += "Troll" in g.players[0].hand_pub
    exact = float(defense_chance(5, (0, 2)))
    assert abs(wins / trials - exact) < 0.035


def test_pool_odds_give_each_cards_chance_with_the_gold_in_hand() -> None:
    g = make([{"gold": 2}, {}])
    rows = pool_odds(g, 0)
    assert [r["position"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[3]["card"] == "Cathedral"
    assert rows[3]["chances"] == [recruit_chance(4, k) for k in range(3)]
    assert rows[0]["chances"] == [1, 1, 1]


def test_pool_odds_count_what_is_already_declared() -> None:
    g = make([{"gold": 3, "town": ["Castle", "Stable"]}, {}], advanced=True)
    g.apply(0, Recruit(5))
    g.apply(0, UseAbility("Castle"))
    g.apply(0, UseAbility("Stable"))
    g.apply(0, BuyRoll())
    rows = pool_odds(g, 0, max_extra=1)
    assert rows[4]["chances"] == [recruit_chance(5, 1, bonus=1, free_rolls=1),
                                  recruit_chance(5, 2, bonus=1, free_rolls=1)]


def test_defense_odds_by_attacker_with_mob_and_favor() -> None:
    g = make([{"town": ["Troll", "Knight", "Murder Bats"]}, {}], advanced=True, favor=0,
             phase="defend")
    rows = {r["challenge"]: r for r in defense_odds(g, 0)}
    troll = {a["hero"]: a for a in rows["Troll"]["attackers"]}
    assert troll[None]["chance"] == Fraction(2, 6)
    assert troll["Knight"]["chance"] == Fraction(4, 6)
    assert troll["Knight"]["with_mob"] == 1 and troll[None]["with_favor"] == Fraction(4, 6)
    assert rows["Murder Bats"]["successes"] == 3


def test_pool_odds_know_a_sold_roll_counts_as_a_one() -> None:
    g = make([{"gold": 2}, {"gold": 2}, {}], options={"players": 3, "pony_express": True})
    g.apply(0, Recruit(4))
    g.apply(0, vv.BuyRollFrom(1))
    g.apply(1, vv.SellRoll())
    rows = pool_odds(g, 1)
    assert rows[2]["chances"][0] == 0  # no real die left without buying one
    assert rows[2]["chances"][1] == recruit_chance(3)
