"""Phase 2, Defend: a TOWN DEFENSE plus a HERO DEFENSE per hero, the hero's Defeat Bonus,
the Angry Mob's +3 declared before the roll, loot, defeated challenges to the hand."""

from __future__ import annotations

from village_games.villagers_and_villains import Attack, DeclareMob, Pass, Roll

from .scenarios import kinds, make, refused


def test_town_defense_that_reaches_the_defeat_value_takes_the_challenge_and_its_loot() -> None:
    g = make([{"town": ["Witch"]}, {}], phase="defend", dice=[4])
    bank = g.bank
    assert g.legal_actions(0) == (Attack("Witch", None), Pass())
    g.apply(0, Attack("Witch", None))
    events = g.apply(0, Roll())
    assert "defeat" in kinds(events)
    p = g.players[0]
    assert "Witch" in p.hand_pub and "Witch" not in p.town
    assert p.gold == 6 + 2 and g.bank == bank - 2  # the Witch's Loot Box holds 2


def test_a_failed_town_defense_leaves_the_challenge_and_ends_a_heroless_turn() -> None:
    g = make([{"town": ["Witch"]}, {"town": ["Goblins"]}], phase="defend", dice=[3])
    g.apply(0, Attack("Witch", None))
    events = g.apply(0, Roll())
    assert "miss" in kinds(events) and "Witch" in g.players[0].town
    assert g.to_act() == [1]  # no attempts left


def test_each_hero_gives_one_hero_defense_with_its_defeat_bonus() -> None:
    g = make([{"town": ["Troll", "Witch", "Knight", "Archer"]}, {}], phase="defend",
             dice=[1, 3, 3])
    legal = g.legal_actions(0)
    assert Attack("Troll", "Knight") in legal and Attack("Witch", "Archer") in legal
    g.apply(0, Attack("Troll", None))
    g.apply(0, Roll())  # 1: miss
    assert "TOWN DEFENSE" in refused(g, 0, Attack("Troll", None))
    g.apply(0, Attack("Troll", "Knight"))
    g.apply(0, Roll())  # 3 + 2 = 5 beats the Troll (5)
    assert "Troll" in g.players[0].hand_pub
    assert "already defended" in refused(g, 0, Attack("Witch", "Knight"))
    g.apply(0, Attack("Witch", "Archer"))
    g.apply(0, Roll())  # 3 + 1 = 4 beats the Witch (4)
    assert g.players[0].hand_pub[-2:] == ["Troll", "Witch"]
    assert g.players[0].gold == 6 + 3 + 2
    assert g.phase == "build"  # seat 1 had nothing to defend; Pillage, Earning play alone


def test_angry_mob_adds_three_when_declared_before_the_roll_and_then_leaves() -> None:
    g = make([{"town": ["Dragon"]}, {}], phase="defend", dice=[3])
    assert "choose the challenge" in refused(g, 0, DeclareMob())
    g.apply(0, Attack("Dragon", None))
    g.apply(0, DeclareMob())
    assert "Angry Mob" not in g.players[0].hand_pub and "Angry Mob" in g.removed
    assert "no longer hold the Angry Mob" in refused(g, 0, DeclareMob())
    g.apply(0, Roll())  # 3 + 3 = 6 beats the Dragon (6)
    assert "Dragon" in g.players[0].hand_pub
    assert g.score_sheet()[0]["civility"] == 0


def test_angry_mob_is_not_offered_when_the_roll_cannot_fail() -> None:
    g = make([{"town": ["Goblins", "Knight"]}, {}], phase="defend")
    g.apply(0, Attack("Goblins", "Knight"))  # 1 + 2 already reaches 2
    assert g.legal_actions(0) == (Roll(),)
    assert "cannot fail" in refused(g, 0, DeclareMob())


def test_murder_bats_need_three_successes_in_one_turn() -> None:
    g = make([{"town": ["Murder Bats", "Knight", "Archer"]}, {}], phase="defend",
             dice=[2, 2, 2])
    for hero in (None, "Knight"):
        g.apply(0, Attack("Murder Bats", hero))
        events = g.apply(0, Roll())
        assert "hit" in kinds(events) and "Murder Bats" in g.players[0].town
    g.apply(0, Attack("Murder Bats", "Archer"))
    g.apply(0, Roll())
    assert "Murder Bats" in g.players[0].hand_pub


def test_murder_bats_successes_do_not_carry_over_to_the_next_turn() -> None:
    g = make([{"town": ["Murder Bats", "Knight"]}, {}], phase="defend", dice=[6, 6])
    g.apply(0, Attack("Murder Bats", None))
    g.apply(0, Roll())
    g.apply(0, Attack("Murder Bats", "Knight"))
    g.apply(0, Roll())
    assert "Murder Bats" in g.players[0].town  # two of three: not defeated
    assert g.phase != "defend" and g.turn_state.hits == {}


def test_a_mayor_may_stop_defending() -> None:
    g = make([{"town": ["Witch"]}, {"town": ["Rats"]}], phase="defend")
    g.apply(0, Pass())
    assert g.to_act() == [1]


def test_a_mayor_without_challenges_has_no_defend_turn() -> None:
    g = make([{}, {"town": ["Rats"]}], phase="defend")
    assert g.to_act() == [1]


def test_only_challenges_in_your_own_town_can_be_attacked() -> None:
    g = make([{"town": ["Witch"]}, {"town": ["Rats"]}], phase="defend")
    assert "not a challenge in your town" in refused(g, 0, Attack("Rats", None))
    assert "not a hero in your town" in refused(g, 0, Attack("Witch", "Knight"))
