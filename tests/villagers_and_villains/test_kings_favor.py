"""The King's Favor (advanced game): placed by die, taken by recruiting its card, held,
spent to move the Start Marker as a phase begins or for the phase's bonus, re-rolled at
Reset unless held or lying on a challenge."""

from __future__ import annotations

from village_games.villagers_and_villains import (
    Attack,
    BuyRoll,
    KeepFavor,
    MoveStart,
    Pass,
    Recruit,
    Roll,
    UseFavor,
)

from .scenarios import make, refused


def test_recruiting_the_card_under_the_favor_takes_it() -> None:
    g = make([{}, {}], advanced=True, favor="pool:3", dice=[6])
    g.apply(0, Recruit(3))
    g.apply(0, Roll())
    assert g.favor_seat == 0 and g.favor_pool is None
    assert g.observation(1)["favor"] == {"where": "mayor", "seat": 0}


def test_the_favor_slides_forward_with_its_card() -> None:
    g = make([{}, {}], advanced=True, favor="pool:3")
    g.apply(0, Recruit(1))
    assert g.favor_pool == 1 and g.observation(0)["pool"][1]["favor"]


def test_a_failed_recruit_takes_card_one_and_the_favor_on_it() -> None:
    g = make([{}, {}], advanced=True, favor="pool:1", dice=[2])
    g.apply(0, Recruit(5))
    g.apply(0, Roll())
    assert g.favor_seat == 0


def test_the_holder_may_keep_the_favor_as_a_phase_begins() -> None:
    g = make([{}, {}, {}], advanced=True, favor=2)
    assert g.to_act() == [2] and g.turn_state.step == "favor"
    assert set(g.legal_actions(2)) == {MoveStart(1), MoveStart(2), KeepFavor()}
    g.apply(2, KeepFavor())
    assert g.to_act() == [0] and g.favor_seat == 2


def test_the_holder_may_spend_the_favor_to_move_the_start_marker() -> None:
    g = make([{}, {}, {}], advanced=True, favor=2)
    assert "already holds the Start Marker" in refused(g, 2, MoveStart(0))
    g.apply(2, MoveStart(1))
    assert g.marker == 1 and g.to_act() == [1] and g.favor_seat is None
    assert g.order == [1, 2, 0]


def test_recruit_favor_bonus_adds_two_and_is_declared_before_rolling() -> None:
    g = make([{}, {}], advanced=True, favor=0, dice=[3])
    g.apply(0, KeepFavor())
    assert "declared before rolling" in refused(g, 0, UseFavor())
    g.apply(0, Recruit(5))
    g.apply(0, UseFavor())
    assert g.favor_seat is None
    g.apply(0, Roll())  # 3 + 2 reaches position 5
    assert g.players[0].town == ["Harpies"]


def test_the_recruit_favor_adds_two_to_the_first_die_only() -> None:
    """Reading 10: the Favor adds 2 to "a recruit roll" (the Dutch rulebook: "bij zijn
    worp", his roll, one), the first die; a bought extra roll is rolled without it."""
    g = make([{"gold": 3}, {}], advanced=True, favor=0, dice=[2, 4])
    g.apply(0, KeepFavor())
    g.apply(0, Recruit(5))
    g.apply(0, UseFavor())
    g.apply(0, BuyRoll())
    events = g.apply(0, Roll())
    # 2 + 2 = 4, then a plain 4: neither reaches the Harpies in position 5
    assert g.players[0].town == ["Imps"]  # the miss takes card 1
    dice = [e.text for e in events if e.kind == "die"]
    assert dice == ["Player 1 rolls a 2 (recruit card 5, +2).",
                    "Player 1 rolls a 4 (recruit card 5)."]
    g = make([{"gold": 3}, {}], advanced=True, favor=0, dice=[1, 5])
    g.apply(0, KeepFavor())
    g.apply(0, Recruit(5))
    g.apply(0, UseFavor())
    g.apply(0, BuyRoll())
    g.apply(0, Roll())  # 1 + 2 misses; the extra die's plain 5 reaches it
    assert g.players[0].town == ["Harpies"]


def test_no_extra_roll_or_favor_is_offered_once_every_roll_succeeds() -> None:
    g = make([{"gold": 3}, {}], advanced=True, favor=0, dice=[1])
    g.apply(0, KeepFavor())
    g.apply(0, Recruit(3))
    g.apply(0, UseFavor())
    assert g.legal_actions(0) == (Roll(),)
    assert "change nothing" in refused(g, 0, BuyRoll())


def test_defend_favor_bonus_adds_two_to_one_defense_roll() -> None:
    g = make([{"town": ["Troll"]}, {}], advanced=True, favor=0, phase="defend", dice=[3])
    g.apply(0, KeepFavor())
    g.apply(0, Attack("Troll", None))
    g.apply(0, UseFavor())
    g.apply(0, Roll())
    assert "Troll" in g.players[0].hand_pub


def test_pillage_favor_bonus_avoids_the_pillage_loss() -> None:
    g = make([{"gold": 4, "town": ["Witch"]}, {}], advanced=True, favor=0, phase="pillage")
    g.apply(0, KeepFavor())
    assert set(g.legal_actions(0)) >= {UseFavor()}
    g.apply(0, UseFavor())
    assert g.players[0].gold == 4  # the last ruling, the spared loss, needs no choice
    assert g.phase != "pillage"


def test_earning_favor_bonus_gives_one_extra_gold() -> None:
    g = make([{"gold": 0, "town": ["Farmer"]}, {}], advanced=True, favor=0, phase="earning")
    g.apply(0, KeepFavor())
    g.apply(0, UseFavor())
    assert g.players[0].gold == 1 + 1 and g.favor_seat is None


def test_in_build_hire_the_favor_only_moves_the_start_marker() -> None:
    g = make([{"hand": ["Farm"]}, {}], advanced=True, favor=0, phase="build")
    g.apply(0, KeepFavor())
    assert "only move the Start Marker" in refused(g, 0, UseFavor())


def test_a_spent_favor_is_rolled_back_onto_the_pool_at_reset() -> None:
    g = make([{"gold": 0}, {"gold": 0}], advanced=True, phase="build", dice=[4])
    # the Favor starts in the bank; nobody can build, so Reset follows at once and the
    # new Start Marker holder rolls a 4 for it
    assert g.phase == "recruit" and g.favor_pool == 3


def test_a_held_favor_stays_with_its_mayor_through_reset() -> None:
    g = make([{"gold": 0}, {"gold": 0}], advanced=True, phase="build", favor=1)
    g.apply(1, KeepFavor())
    assert g.phase == "recruit" and g.favor_seat == 1
    assert g.to_act() == [1] and g.turn_state.step == "favor"


def test_the_favor_stays_on_a_challenge_that_stays_in_the_pool() -> None:
    g = make([{"gold": 0}, {"gold": 0}], advanced=True, phase="build",
             pool=["Weaver", "Midwife", "Witch", "Ogre"], favor="pool:4")
    assert g.pool[:2] == ["Witch", "Ogre"] and g.favor_pool == 1
    assert not [e for e in g.log if e.kind == "die"]


def test_the_favor_on_a_card_that_leaves_the_pool_is_rolled_again() -> None:
    g = make([{"gold": 0}, {"gold": 0}], advanced=True, phase="build",
             pool=["Weaver", "Midwife", "Witch", "Ogre"], favor="pool:1", dice=[6])
    assert g.favor_pool == 5


def test_passing_is_refused_while_the_favor_decision_waits() -> None:
    g = make([{}, {}], advanced=True, favor=1)
    assert "hold the King's Favor" in refused(g, 1, Pass())
