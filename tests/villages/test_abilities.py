"""Card abilities: every public one (Knight, Wizard, Ace, King, Archer, Dragon, Castle,
Tower) and each stand-in one (attack and defence bonuses, Tavern, Barracks, Horse)."""

from __future__ import annotations

from village_games.villages import Attack, Defend, Reward, power_parts, standard_deck
from village_games.villages.scoring import village_gold

from .scenarios import make


def fight(unit: str, source: str, defender: str, d_source: str, attacker_villages: dict,
          defender_hand: list[str], defender_villages: dict, village: str):
    hand = [unit] if source == "hand" else []
    g = make([{"hand": hand, "villages": attacker_villages},
              {"hand": defender_hand, "villages": defender_villages}])
    g.apply(0, Attack(1, village, unit, source))
    events = g.apply(1, Defend(defender, d_source))
    g.seen = next(e.data for e in events if e.kind == "reveal")  # type: ignore[attr-defined]
    return g


def test_rulebook_case_wizard_against_a_blue_knight_both_lose_and_gain() -> None:
    # the Wizard takes -3 against its own colour, the Knight +1 for defending
    g = fight("Blue Wizard", "hand", "Blue Knight", "Blue", {}, [],
              {"Blue": ["Blue Knight", "Blue Farmer", "Blue Monk"]}, "Blue")
    assert g.seen["a_power"] == 6 - 3 and g.seen["d_power"] == 2 + 1
    assert g.phase == "reward"  # 3 against 3: the tie goes to the attacker


def test_wizard_at_full_power_against_another_colour() -> None:
    g = fight("Blue Wizard", "hand", "Red Squire", "Red", {}, [],
              {"Red": ["Red Squire", "Red Farmer", "Red Builder"]}, "Red")
    assert g.seen["a_power"] == 6


def test_knight_gets_plus_one_only_when_defending() -> None:
    cards = standard_deck()
    assert sum(x for _, x in power_parts(cards, "Yellow Knight", "Red Squire", True, None)) == 2
    assert sum(x for _, x in power_parts(cards, "Yellow Knight", "Red Squire", False,
                                         None)) == 3


def test_knight_gets_plus_three_against_a_dragon() -> None:
    g = fight("Red Dragon", "hand", "Green Knight", "Green", {}, [],
              {"Green": ["Green Knight", "Green Farmer", "Green Ranger"]}, "Green")
    assert g.seen["a_power"] == 5 and g.seen["d_power"] == 2 + 1 + 3
    assert g.phase == "main" and g.graves[0] == ["Red Dragon"]


def test_ace_gets_plus_three_against_its_own_colour() -> None:
    g = fight("Green Ace", "hand", "Green Ranger", "Green", {}, [],
              {"Green": ["Green Ranger", "Green Farmer", "Green Druid"]}, "Green")
    assert g.seen["a_power"] == 2 + 3 and g.seen["d_power"] == 3
    cards = standard_deck()
    assert sum(x for _, x in power_parts(cards, "Green Ace", "Red Squire", True, None)) == 2


def test_king_doubles_the_gold_of_his_village_but_nothing_elsewhere() -> None:
    cards = standard_deck()
    village = ["Yellow King", "Yellow Princess", "Yellow Farmer", "Pig"]
    assert village_gold(cards, village) == 2 * (0 + 5 + 3 + 2)
    assert village_gold(cards, village[1:]) == 10
    g = make([{"hand": ["Green King"], "villages": {"Yellow": village}}, {}])
    from village_games.villages.scoring import round_parts

    assert round_parts(g, 0)["villages"] == 20 and round_parts(g, 0)["hand"] == 0


def test_princess_has_five_gold_and_no_power_and_farmer_is_one_and_three() -> None:
    cards = standard_deck()
    for colour in ("Yellow", "Green", "Blue", "Purple"):
        p = cards[f"{colour} Princess"]
        assert (p.power, p.gold) == (0, 5)
        assert cards[f"{colour} Knight"].power == 2
    for colour in ("Red", "Orange", "Yellow", "Green", "Blue", "Purple"):
        f = cards[f"{colour} Farmer"]
        assert (f.power, f.gold, f.supports) == (1, 3, "animals")
    assert {c.colour for c in cards if c.name == "King"} == {"Yellow", "Green"}
    assert all(c.power == 5 for c in cards if c.name == "Dragon")


def test_attack_bonus_units_fight_harder_when_attacking() -> None:
    g = fight("Purple Assassin", "hand", "Red Duelist", "Red", {}, [],
              {"Red": ["Red Duelist", "Red Farmer", "Red Builder"]}, "Red")
    assert g.seen["a_power"] == 5 and g.seen["d_power"] == 3


def test_castle_helps_defenders_of_its_village_only() -> None:
    village = ["Blue Builder", "Blue Monk", "Blue Ace", "Castle"]
    g = fight("Red Squire", "hand", "Blue Monk", "Blue", {}, ["Blue Knight"],
              {"Blue": village}, "Blue")
    assert g.seen["d_power"] == 3 and g.phase == "main"  # 2 + 1 for the Castle
    assert ["Castle in its village", 1] in g.seen["d_parts"]
    h = fight("Red Squire", "hand", "Blue Knight", "hand", {}, ["Blue Knight"],
              {"Blue": village}, "Blue")
    assert h.seen["d_power"] == 3  # hired: the Knight's own +1 only, no Castle


def test_barracks_and_horse_help_attackers_sent_from_their_village() -> None:
    mine = {"Red": ["Red Builder", "Red Farmer", "Red Squire", "Barracks", "Horse"]}
    g = fight("Red Squire", "Red", "Blue Monk", "Blue", mine, [],
              {"Blue": ["Blue Monk", "Blue Farmer", "Blue Ace"]}, "Blue")
    assert g.seen["a_power"] == 2 + 1 + 1


def test_tower_shows_a_hired_attacker_at_once() -> None:
    g = make([{"hand": ["Red Dragon"]},
              {"villages": {"Blue": ["Blue Builder", "Blue Monk", "Blue Ace", "Tower"]}}])
    events = g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    assert g.observation(1)["battle"]["unit"] == "Red Dragon"
    assert events[0].reveals and "Tower" in events[0].text


def test_tavern_sends_a_surviving_hired_defender_home() -> None:
    village = ["Blue Builder", "Blue Monk", "Blue Ace", "Tavern"]
    g = fight("Red Squire", "hand", "Blue Wizard", "hand", {}, ["Blue Wizard"],
              {"Blue": village}, "Blue")
    assert g.hands[1] == ["Blue Wizard"] and g.known[1] == ["Blue Wizard"]
    assert g.graves[1] == []
    k = fight("Red Conqueror", "hand", "Blue Princess", "hand", {}, ["Blue Princess"],
              {"Blue": village}, "Blue")
    k.apply(0, Reward("destroy", "Blue Princess"))
    assert k.graves[1] == ["Blue Princess"]  # destroyed in battle: the Tavern cannot help


def test_every_card_has_a_help_line_and_the_deck_says_it_is_a_stand_in() -> None:
    cards = standard_deck()
    assert cards.stand_in and all(c.help for c in cards)
    assert cards.high.round_bonus < 0 < cards.low.round_bonus
