"""Special villagers: Monk, Apprentice, Tinner, Smuggler, with the rulebook's clarifications."""

from __future__ import annotations

from village_games.villagers import (
    Build,
    PlaceMonk,
    PlaySmuggler,
    PlayTinner,
    TakeBasic,
    UseApprentice,
)

from .scenarios import make, refused, slot_of, village_cards


def special_example():
    """Build limit 2; a Seeker on a Miner; Monk, Jeweler, Tinner and Smuggler in hand."""
    return make([{"gold": 8, "hand": ["Monk", "Jeweler", "Tinner", "Smuggler"],
                  "village": ["Founders", ["Miner", "Seeker"]]},
                 {"village": ["Founders", ["Miner", "Blacksmith"],
                              ["Lumberjack", "Shipwright"]]}], phase="build")


def test_special_villagers_example_smuggler_earns_10() -> None:
    """The Monk stands in for a Spelunker between Seeker and Jeweler (Monk and Jeweler:
    the 2 build actions); the Tinner opens the Jeweler's and the Smuggler's padlocks for
    free; the Smuggler earns half the Jeweler's 20; Tinner and Smuggler are discarded."""
    g = special_example()
    me = g.players[0]
    seeker = slot_of(g, 0, "Seeker")
    g.apply(0, PlayTinner())
    g.apply(0, PlaceMonk("Spelunker", seeker))
    monk = slot_of(g, 0, "Monk")
    g.apply(0, Build("Jeweler", monk, "tinner"))
    g.apply(0, PlaySmuggler(slot_of(g, 0, "Jeweler"), "tinner"))
    assert me.gold == 8 + 10
    assert g.used == 2 == g.limit
    assert village_cards(g, 0) == ["Founders", "Miner", "Seeker", "Monk", "Jeweler"]
    assert me.village[monk].role == "Spelunker"
    assert g.discard[-2:] == ["Tinner", "Smuggler"]
    assert all(s.coins == 0 for p in g.players for s in p.village)


def test_monk_is_never_the_top_the_next_villager_goes_on_him_at_once() -> None:
    g = special_example()
    g.apply(0, PlaceMonk("Spelunker", slot_of(g, 0, "Seeker")))
    monk = slot_of(g, 0, "Monk")
    legal = g.legal_actions(0)
    assert legal and all(type(a) is Build and a.on == monk for a in legal)
    assert "must be covered at once" in refused(g, 0, PlayTinner())
    assert g.legal_actions(0) == (Build("Jeweler", monk, f"1:{slot_of(g, 1, 'Blacksmith')}"),)


def test_monk_needs_two_build_actions_and_something_to_carry() -> None:
    g = special_example()
    g.apply(0, TakeBasic("Hayer", "Tinner", 0))
    hayer = slot_of(g, 0, "Hayer")
    assert "nothing in your hand can be built" in refused(g, 0, PlaceMonk("Grazier", hayer))
    assert "not 'Jester'" in refused(g, 0, PlaceMonk("Jester", hayer))
    assert "goes on a Seeker" in refused(g, 0, PlaceMonk("Spelunker", hayer))
    g = make([{"hand": ["Monk", "Wheeler", "Hunter"], "village": ["Founders"]}, {}],
             phase="build")
    g.apply(0, Build("Hunter", None, None))
    assert "take 2 build actions; you have 1 left" in refused(
        g, 0, PlaceMonk("Lumberjack", None))


def test_monk_as_first_villager_of_a_chain_holds_two_of_its_suit() -> None:
    g = make([{"hand": ["Monk", "Wheeler", "Carpenter"], "village": ["Founders", "Wattler"]},
              {}], phase="build")
    assert PlaceMonk("Lumberjack", None) in g.legal_actions(0)
    g.apply(0, PlaceMonk("Lumberjack", None))
    monk = slot_of(g, 0, "Monk")
    g.apply(0, Build("Wheeler", monk, None))
    g.apply(0, Build("Carpenter", monk, None))
    assert g.players[0].village[monk].kids == 2


def test_two_monks_in_one_chain() -> None:
    g = make([{"hand": ["Monk", "Monk", "Spelunker"],
               "village": ["Founders", "Wattler", "Chandler"]}, {}], phase="build")
    g.apply(0, PlaceMonk("Miner", None))
    first = slot_of(g, 0, "Monk")
    g.apply(0, PlaceMonk("Seeker", first))
    second = slot_of(g, 0, "Monk", 1)
    g.apply(0, Build("Spelunker", second, f"0:{slot_of(g, 0, 'Chandler')}"))
    assert [s.role for s in g.players[0].village if s.card == "Monk"] == ["Miner", "Seeker"]


def test_monk_carries_no_symbols_except_his_special_suit() -> None:
    g = make([{"village": ["Founders", ["Miner", {"card": "Monk", "role": "Seeker"},
                                        "Spelunker"]]}, {}])
    s = g.players[0].summary(g.cards)
    assert s.suits.get("Special") == 1 and s.suits["Ore"] == 2 and s.gold == 2 + 10


def test_apprentice_swaps_with_a_covered_villager_in_another_village() -> None:
    """One build action: the Apprentice takes the place of another player's covered
    Wheeler; the Wheeler is placed in my village by the normal rules."""
    g = make([{"hand": ["Apprentice"], "village": ["Founders", "Lumberjack"]},
              {"village": ["Founders", ["Lumberjack", "Wheeler", "Cartwright"]]}],
             phase="build")
    wheeler = slot_of(g, 1, "Wheeler")
    assert "must be placed on a Lumberjack" in refused(
        g, 0, UseApprentice(1, wheeler, None, None, False))
    g.apply(0, UseApprentice(1, wheeler, 1, None, False))
    assert village_cards(g, 1) == ["Founders", "Lumberjack", "Apprentice", "Cartwright"]
    assert g.players[1].village[2].role == "Wheeler" and g.players[1].village[3].parent == 2
    assert village_cards(g, 0)[-1] == "Wheeler" and g.used == 1


def test_apprentice_only_on_covered_villagers_never_another_players_founders() -> None:
    g = make([{"hand": ["Apprentice"], "village": ["Founders", "Lumberjack"]},
              {"village": [["Founders", "Swineherd"], ["Lumberjack", "Carpenter"]]}],
             phase="build")
    assert "Founders" in refused(g, 0, UseApprentice(1, 0, None, None, False))
    assert "only a covered villager" in refused(
        g, 0, UseApprentice(1, slot_of(g, 1, "Carpenter"), 1, None, False))
    assert not any(type(a) is UseApprentice and a.slot == 0 for a in g.legal_actions(0))


def test_apprentice_on_your_own_covered_founders_you_choose_the_side() -> None:
    g = make([{"hand": ["Apprentice"], "village": [["Founders", "Swineherd"]]}, {}],
             phase="build")
    options = [a for a in g.legal_actions(0) if type(a) is UseApprentice]
    assert {a.food_side for a in options} == {False, True}
    g.apply(0, UseApprentice(0, 0, None, None, True))
    me = g.players[0]
    assert village_cards(g, 0) == ["Apprentice", "Swineherd", "Founders"]
    assert me.village[2].flipped and me.summary(g.cards).food == 2


def test_apprentice_replaced_villager_opens_its_padlock_again() -> None:
    g = make([{"gold": 8, "hand": ["Apprentice"], "village": ["Founders", "Graper"]},
              {"village": ["Founders", ["Graper", "Vintner", "Wine Trader"],
                           ["Lumberjack", "Cooper"]]}], phase="build")
    vintner, cooper = slot_of(g, 1, "Vintner"), slot_of(g, 1, "Cooper")
    assert "padlock opened by the Cooper" in refused(g, 0, UseApprentice(1, vintner, 1, None,
                                                                         False))
    g.apply(0, UseApprentice(1, vintner, 1, f"1:{cooper}", False))
    assert g.players[0].gold == 6 and g.players[1].village[cooper].coins == 2


def test_tinner_opens_any_padlocks_later_this_turn_or_you_may_still_pay() -> None:
    g = make([{"hand": ["Tinner", "Cooper", "Brewer", "Fisher"],
               "village": ["Founders", "Wattler", "Lumberjack"]},
              {"village": ["Founders", ["Miner", "Blacksmith"]]}], phase="build")
    assert "Tinner played earlier" in refused(g, 0, Build("Cooper", 2, "tinner"))
    g.apply(0, PlayTinner())
    assert g.used == 0 and g.discard[-1] == "Tinner"
    g.apply(0, Build("Cooper", 2, "tinner"))
    cooper = slot_of(g, 0, "Cooper")
    g.apply(0, Build("Brewer", 0, f"0:{cooper}"))  # mix and match: coins on my own Cooper
    g.apply(0, Build("Fisher", None, "tinner"))
    assert g.players[0].gold == 8 and g.players[0].village[cooper].coins == 2


def test_smuggler_uses_printed_gold_rounded_up_not_coins() -> None:
    g = make([{"gold": 8, "hand": ["Smuggler"],
               "village": ["Founders", ["Lumberjack", "Wheeler", "Cartwright"],
                           ["Lumberjack", {"card": "Shipwright", "coins": 4}]]}, {}],
             phase="build")
    cart, ship = slot_of(g, 0, "Cartwright"), slot_of(g, 0, "Shipwright")
    g.apply(0, PlaySmuggler(cart, f"0:{ship}"))
    assert g.players[0].gold == 8 + 5  # half of 9, rounded up
    assert g.players[0].village[ship].coins == 6 and g.used == 0


def test_smuggler_may_target_any_villager_of_yours_a_covered_one_earns_nothing() -> None:
    """Reading 15: the rulebook says "a villager in your Village" and sets no limit, so a
    covered Wheeler or a Lumberjack without printed Gold is a legal target; a covered
    villager's Gold is out of play and earns 0, as does a villager without printed Gold."""
    def game():
        return make([{"gold": 8, "hand": ["Smuggler"],
                      "village": ["Founders", ["Lumberjack", "Wheeler", "Cartwright"],
                                  ["Lumberjack", "Shipwright"]]}, {}], phase="build")
    g = game()
    ship = slot_of(g, 0, "Shipwright")
    targets = {a.target for a in g.legal_actions(0) if isinstance(a, PlaySmuggler)}
    assert targets == set(range(len(g.players[0].village)))
    for covered in (slot_of(g, 0, "Wheeler"), slot_of(g, 0, "Lumberjack")):
        g = game()
        events = g.apply(0, PlaySmuggler(covered, f"0:{ship}"))
        assert g.players[0].gold == 8 and g.discard[-1] == "Smuggler"
        assert "out of play, 0 Gold" in events[-1].text
    g = game()
    g.apply(0, PlaySmuggler(0, f"0:{ship}"))  # the Founders' Gold side: 2, so 1
    assert g.players[0].gold == 8 + 1
    assert "slot 0 to 5" in refused(game(), 0, PlaySmuggler(9, f"0:{ship}"))


def test_smuggler_has_a_padlock_opened_by_the_shipwright() -> None:
    g = make([{"gold": 8, "hand": ["Smuggler"], "village": ["Founders"]}, {}], phase="build")
    assert "opened by the Shipwright" in refused(g, 0, PlaySmuggler(0, None))
    g.apply(0, PlaySmuggler(0, "bank"))
    assert g.players[0].gold == 8 - 2 + 1


def test_apprentice_needs_a_build_action_left() -> None:
    g = make([{"hand": ["Apprentice", "Hunter", "Harvester"], "village": ["Founders"]},
              {"village": [["Founders", "Swineherd"], ["Lumberjack", "Wheeler"]]}],
             phase="build")
    g.apply(0, Build("Hunter", None, None))
    g.apply(0, Build("Harvester", None, None))
    assert "build limit is used up" in refused(g, 0, UseApprentice(1, 1, None, None, False))
    assert not any(type(a) is UseApprentice for a in g.legal_actions(0))


def test_tinner_and_smuggler_use_no_build_action_and_are_discarded() -> None:
    g = make([{"gold": 8, "hand": ["Tinner", "Smuggler", "Hunter", "Harvester"]}, {}],
             phase="build")
    g.apply(0, PlayTinner())
    g.apply(0, PlaySmuggler(0, "tinner"))
    g.apply(0, Build("Hunter", None, None))
    g.apply(0, Build("Harvester", None, None))
    assert g.discard[-2:] == ["Tinner", "Smuggler"] and g.used == 2
    assert village_cards(g, 0) == ["Founders", "Hunter", "Harvester"]
