"""Getting Basic Villagers: return a card from hand, take a Lumberjack, Hayer or Miner."""

from __future__ import annotations

from village_games.villagers import Build, TakeBasic

from .scenarios import EMPTY_STACKS, make, refused, slot_of, village_cards

STACKS = [["Cooper"], ["Cooper"], ["Mason"], ["Seeker"], ["Tinner"], ["Tinner"]]


def test_three_returns_for_basics_then_three_builds_the_rulebook_example() -> None:
    """Return three cards to stacks of your choice, place three Basic Villagers (not
    counting toward the build limit), then build a Blacksmith on the new Miner, a
    Grazier on a Hayer and a Solitary Chandler."""
    hand = ["Wheeler", "Fisher", "Priest", "Blacksmith", "Grazier", "Chandler"]
    g = make([{"hand": hand, "village": ["Founders", "Wattler"]}, {}], phase="build",
             stacks=STACKS)
    assert g.limit == 3
    g.apply(0, TakeBasic("Miner", "Wheeler", 0))
    g.apply(0, TakeBasic("Hayer", "Fisher", 3))
    g.apply(0, TakeBasic("Hayer", "Priest", 5))
    assert "at most 3 Basic Villagers" in refused(g, 0, TakeBasic("Miner", "Chandler", 0))
    assert [g.stacks[j].cards[-1] for j in (0, 3, 5)] == ["Wheeler", "Fisher", "Priest"]
    assert g.used == 0
    g.apply(0, Build("Blacksmith", slot_of(g, 0, "Miner"), None))
    g.apply(0, Build("Grazier", slot_of(g, 0, "Hayer"), None))
    g.apply(0, Build("Chandler", None, None))
    assert village_cards(g, 0) == ["Founders", "Wattler", "Miner", "Hayer", "Hayer",
                                   "Blacksmith", "Grazier", "Chandler"]
    assert g.basics == {"Lumberjack": 10, "Hayer": 8, "Miner": 9}


def test_returned_card_shows_only_its_suit_to_the_others() -> None:
    g = make([{"hand": ["Jeweler", "Fisher"]}, {}], phase="build", stacks=STACKS)
    events = g.apply(0, TakeBasic("Lumberjack", "Jeweler", 2))
    assert "returns an Ore villager" in events[0].text_for(1)  # "an", not "a Ore"
    assert "Jeweler" not in events[0].text_for(1)
    assert "Jeweler" in events[0].text_for(0)
    stack = g.observation(1)["stacks"][2]
    assert stack["top_suit"] == "Ore" and stack["known"] == []
    assert g.observation(0)["stacks"][2]["known"] == [[1, "Jeweler"]]
    assert stack["known_to"] == [[1, [0]]]


def test_returns_go_to_the_reserve_when_stacks_are_empty_then_to_the_discard() -> None:
    g = make([{"hand": ["Jeweler", "Cooper"]}, {}], phase="build", stacks=EMPTY_STACKS,
             reserve=["Fisher"])
    assert "stack=None" in refused(g, 0, TakeBasic("Miner", "Jeweler", 0))
    g.apply(0, TakeBasic("Miner", "Jeweler", None))
    assert g.reserve.cards[-1] == "Jeweler"
    g = make([{"hand": ["Jeweler"]}, {}], phase="build", stacks=EMPTY_STACKS, reserve=[])
    g.apply(0, TakeBasic("Miner", "Jeweler", None))
    assert g.discard[-1] == "Jeweler"
    assert g.observation(1)["discard"][-1] == {"card": None, "suit": "Ore"}


def test_only_to_a_stack_still_on_the_road_and_only_while_the_supply_lasts() -> None:
    g = make([{"hand": ["Jeweler", "Cooper"], "village": ["Founders"] + ["Miner"] * 10},
              {}], phase="build", stacks=[[], ["Cooper"], [], [], [], []])
    assert "stack 1" in refused(g, 0, TakeBasic("Hayer", "Jeweler", 0))
    assert "supply is empty" in refused(g, 0, TakeBasic("Miner", "Jeweler", 1))
    assert "not a Basic Villager" in refused(g, 0, TakeBasic("Founders", "Jeweler", 1))
    assert "not in your hand" in refused(g, 0, TakeBasic("Hayer", "Tinner", 1))
