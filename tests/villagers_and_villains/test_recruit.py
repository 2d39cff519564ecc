"""Phase 1, Recruit: announce, extra rolls bought before rolling, the roll must reach the
position, a failure takes position 1, the pool slides, challenges go to the town."""

from __future__ import annotations

from village_games.villagers_and_villains import BuyRoll, Recruit, Roll, UseAbility

from .scenarios import POOL, kinds, make, refused


def test_tim_wants_card_four_and_rolls_a_four() -> None:
    g = make([{"name": "Tim"}, {"name": "Ana"}], dice=[4])
    g.apply(0, Recruit(4))
    events = g.apply(0, Roll())
    assert [e.data.get("die") for e in events if e.kind == "die"] == [4]
    assert g.players[0].hand_pub[-1] == "Cathedral"
    assert g.pool == ["Imps", "Weaver", "Flood", "Harpies", "Midwife"]  # the rest slid forward


def test_tim_rolls_below_four_and_must_take_card_one() -> None:
    g = make([{"name": "Tim"}, {"name": "Ana"}], dice=[3])
    g.apply(0, Recruit(4))
    g.apply(0, Roll())
    assert "Imps" in g.players[0].town  # a challenge goes to the town, not the hand
    assert "Imps" not in g.players[0].hand_pub
    assert g.pool == ["Weaver", "Flood", "Cathedral", "Harpies", "Midwife"]


def test_tim_buys_three_extra_rolls_before_rolling_and_the_gold_goes_to_the_bank() -> None:
    g = make([{"name": "Tim", "gold": 3}, {"name": "Ana"}], dice=[1, 2, 3, 4])
    bank = g.bank
    g.apply(0, Recruit(4))
    for _ in range(3):
        g.apply(0, BuyRoll())
    assert "extra roll costs 1 gold" in refused(g, 0, BuyRoll())
    events = g.apply(0, Roll())
    assert [e.data["die"] for e in events if e.kind == "die"] == [1, 2, 3, 4]
    assert g.players[0].gold == 0 and g.bank == bank + 3
    assert "Cathedral" in g.players[0].hand_pub


def test_rolls_stop_at_the_first_success_but_bought_rolls_stay_paid() -> None:
    g = make([{"gold": 2}, {}], dice=[5, 1, 1])
    g.apply(0, Recruit(4))
    g.apply(0, BuyRoll())
    g.apply(0, BuyRoll())
    events = g.apply(0, Roll())
    assert kinds(events).count("die") == 1 and g.players[0].gold == 0
    assert g.dice == [1, 1]


def test_extra_rolls_are_bought_only_after_announcing_and_before_rolling() -> None:
    g = make([{}, {}], dice=[6])
    assert "announce the pool card" in refused(g, 0, BuyRoll())
    assert "announce the pool card" in refused(g, 0, Roll())
    assert "positions 1 to 6" in refused(g, 0, Recruit(7))
    g.apply(0, Recruit(2))
    assert "announced card 2" in refused(g, 0, Recruit(3))
    g.apply(0, Roll())
    assert g.to_act() == [1]


def test_position_one_is_taken_without_a_roll() -> None:
    g = make([{}, {}])
    events = g.apply(0, Recruit(1))
    assert "die" not in kinds(events) and "Imps" in g.players[0].town


def test_every_mayor_recruits_one_card_in_turn_from_the_start_marker() -> None:
    g = make([{}, {}, {}], marker=1)
    assert g.to_act() == [1]
    g.apply(1, Recruit(1))
    assert g.to_act() == [2]
    g.apply(2, Recruit(1))
    g.apply(0, Recruit(1))
    assert g.phase != "recruit"
    assert [len(p.town) + len(p.hand_pub) for p in g.players] == [3, 3, 3]


def test_two_mayors_take_two_alternating_recruit_turns_each() -> None:
    g = make([{}, {}])
    order = []
    while g.phase == "recruit":
        seat = g.to_act()[0]
        order.append(seat)
        g.apply(seat, Recruit(1))
    assert order == [0, 1, 0, 1]
    assert len(g.pool) == len(POOL) - 4


def test_three_mayors_recruit_once_each() -> None:
    g = make([{}, {}, {}])
    for seat in (0, 1, 2):
        g.apply(seat, Recruit(1))
    assert len(g.pool) == len(POOL) - 3


def test_recruit_dice_are_chance_events_so_undo_stops_there() -> None:
    g = make([{}, {}], dice=[6])
    g.apply(0, Recruit(3))
    events = g.apply(0, Roll())
    die = next(e for e in events if e.kind == "die")
    assert die.chance and die.final



def test_no_extra_roll_is_offered_that_cannot_reach_the_card() -> None:
    """Reading 11: with five mayors position 7 needs a 7; without a bonus on every die an
    extra roll changes nothing, so it is not offered (a Tower's +1 makes it count)."""
    five = [{"gold": 3, "town": ["Tower"]}, {}, {}, {}, {}]
    pool = [*POOL, "Bridge"]
    g = make(five, pool=pool, advanced=True)
    g.apply(0, Recruit(7))
    assert BuyRoll() not in g.legal_actions(0)
    assert "short of position 7" in refused(g, 0, BuyRoll())
    g.apply(0, UseAbility("Tower"))
    assert BuyRoll() in g.legal_actions(0)
    g = make([{"gold": 3}, {}, {}, {}, {}], pool=pool)
    g.apply(0, Recruit(7))
    assert g.legal_actions(0) == (Roll(),)
