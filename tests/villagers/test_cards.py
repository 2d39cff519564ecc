"""Villagers card data against the rulebook and the reference, and the loader's errors.

The expected numbers below were typed from `../shared/reference/villagers.md` (section 1.2,
the base card table and its notes) and the rulebook's "Villagers Base Set Cards", never
from cards.toml, so a wrong number in the card file fails here.
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from village_games import villagers
from village_games.villagers import (
    CARD_FILE,
    SUITS,
    CardDataError,
    CardSet,
    deck_from_text,
    load_cards,
    resolve_deck,
    standard_deck,
)

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "villagers.txt"

# name: (suit, on, hint, padlock, keyring, food, builders, gold, suit symbols, 4+)
# Transcribed from the reference table; None = "–".
REFERENCE: dict[str, tuple[str, str | None, int | None, str | None, int, int, int, int, int,
                           bool]] = {
    "Brewer": ("Grains", "Founders", 0, "Cooper", 2, 1, 1, 0, 1, False),
    "Poulterer": ("Grains", "Founders", 0, "Carpenter", 0, 1, 0, 3, 1, False),
    "Swineherd": ("Grains", "Founders", 1, None, 0, 1, 0, 2, 1, False),
    "Truffler": ("Grains", "Swineherd", 0, "Hunter", 0, 1, 0, 8, 1, False),
    "Carpenter": ("Wood", "Lumberjack", 0, None, 8, 0, 1, 0, 1, False),
    "Cooper": ("Wood", "Lumberjack", 0, "Blacksmith", 6, 0, 0, 4, 1, False),
    "Shipwright": ("Wood", "Lumberjack", 0, None, 4, 0, 1, 2, 1, False),
    "Wheeler": ("Wood", "Lumberjack", 1, None, 0, 0, 0, 3, 1, False),
    "Cartwright": ("Wood", "Wheeler", 0, None, 2, 0, 0, 9, 1, False),
    "Wood Carver": ("Wood", "Lumberjack", 0, None, 0, 0, 0, 0, 1, False),
    "Log Rafter": ("Wood", "Lumberjack", 0, None, 0, 0, 0, 0, 2, False),
    "Thatcher": ("Hay", "Hayer", 0, None, 0, 0, 1, 2, 1, False),
    "Bed Builder": ("Hay", "Hayer", 0, "Carpenter", 0, 0, 0, 4, 2, False),
    "Grazier": ("Hay", "Hayer", 1, None, 0, 1, 0, 0, 1, False),
    "Milk Maid": ("Hay", "Grazier", 1, "Cooper", 0, 2, 0, 0, 1, False),
    "Fromager": ("Hay", "Milk Maid", 0, None, 0, 1, 0, 15, 1, False),
    "Peddler": ("Hay", "Hayer", 0, "Cartwright", 0, 0, 0, 0, 1, False),
    "Horse Trader": ("Hay", "Hayer", 0, None, 0, 0, 0, 0, 1, False),
    "Ore Muler": ("Hay", "Hayer", 0, None, 0, 0, 0, 0, 1, False),
    "Blacksmith": ("Ore", "Miner", 0, None, 10, 0, 0, 2, 1, False),
    "Glass Blower": ("Ore", "Miner", 0, "Blacksmith", 2, 0, 0, 4, 2, False),
    "Mason": ("Ore", "Miner", 0, None, 0, 0, 1, 2, 1, False),
    "Seeker": ("Ore", "Miner", 1, None, 0, 0, 0, 0, 1, False),
    "Spelunker": ("Ore", "Seeker", 1, "Chandler", 0, 0, 0, 10, 1, False),
    "Jeweler": ("Ore", "Spelunker", 0, "Blacksmith", 0, 0, 0, 20, 1, False),
    "Locksmith": ("Ore", "Miner", 0, "Blacksmith", 0, 0, 0, 0, 1, False),
    "Graper": ("Grapes", None, 2, None, 0, 1, 0, 0, 1, False),
    "Vintner": ("Grapes", "Graper", 1, "Cooper", 0, 0, 0, 5, 1, False),
    "Wine Trader": ("Grapes", "Vintner", 0, "Glass Blower", 0, 0, 0, 14, 1, False),
    "Shepherd": ("Wool", None, 2, None, 0, 1, 0, 0, 1, True),
    "Spinner": ("Wool", "Shepherd", 1, None, 0, 0, 0, 4, 1, True),
    "Weaver": ("Wool", "Spinner", 1, "Carpenter", 0, 0, 0, 12, 1, True),
    "Tailor": ("Wool", "Weaver", 0, None, 0, 0, 0, 24, 1, True),
    "Tanner": ("Leather", None, 2, None, 0, 0, 0, 2, 1, True),
    "Saddler": ("Leather", "Tanner", 0, None, 0, 0, 0, 5, 1, True),
    "Cobbler": ("Leather", "Tanner", 0, "Blacksmith", 0, 0, 0, 6, 1, True),
    "Harvester": ("Solitary", None, 0, None, 2, 1, 0, 0, 1, False),
    "Hunter": ("Solitary", None, 0, None, 2, 1, 0, 0, 1, False),
    "Chandler": ("Solitary", None, 0, None, 4, 0, 0, 3, 2, False),
    "Wattler": ("Solitary", None, 0, None, 0, 0, 1, 0, 1, False),
    "Fisher": ("Solitary", None, 0, "Shipwright", 0, 1, 0, 3, 1, False),
    "Beekeeper": ("Solitary", None, 0, "Carpenter", 0, 0, 0, 4, 1, False),
    "Grocer": ("Solitary", None, 0, "Harvester", 0, 0, 0, 0, 1, False),
    "Freemason": ("Solitary", None, 0, "Brewer", 0, 0, 0, 0, 1, False),
    "Priest": ("Solitary", None, 0, "Chandler", 0, 0, 0, 0, 1, False),
    "Agent": ("Solitary", None, 0, None, 0, 0, 0, 0, 1, False),
    "Monk": ("Special", None, 2, None, 0, 0, 0, 0, 1, False),
    "Apprentice": ("Special", None, 2, None, 0, 0, 0, 0, 1, False),
    "Tinner": ("Special", None, None, None, 0, 0, 0, 0, 1, False),
    "Smuggler": ("Special", None, None, "Shipwright", 0, 0, 0, 0, 1, False),
}

# name: (kind, symbol, every, gold, suit) from the reference's Silver column.
SILVER = {
    "Wood Carver": ("printed_gold_of_suit", "", 1, 0, "Wood"),
    "Log Rafter": ("per_symbol", "Wood", 1, 1, ""),
    "Peddler": ("per_symbol", "Gold", 2, 3, ""),
    "Horse Trader": ("per_symbol", "Hay", 2, 3, ""),
    "Ore Muler": ("per_symbol", "Ore", 2, 3, ""),
    "Locksmith": ("per_symbol", "Padlock", 1, 2, ""),
    "Grocer": ("per_symbol", "Food", 1, 3, ""),
    "Freemason": ("per_symbol", "Builder", 1, 3, ""),
    "Priest": ("per_symbol", "Solitary", 2, 3, ""),
    "Agent": ("coins_on_one", "", 1, 0, ""),
}

# Distinct villagers per suit, from the reference (1.1): 50 distinct, each twice = 100.
DISTINCT_PER_SUIT = {"Grains": 4, "Wood": 7, "Hay": 8, "Ore": 7, "Grapes": 3, "Wool": 4,
                     "Leather": 3, "Solitary": 10, "Special": 4}


@pytest.fixture(scope="module")
def deck() -> CardSet:
    return standard_deck()


def villager_cards(deck: CardSet) -> list[villagers.Card]:
    return [c for c in deck if c.kind == "villager"]


# ------------------------------------------------------------------ counts and totals

def test_fifty_distinct_villagers_twice_each_make_one_hundred(deck: CardSet) -> None:
    cards = villager_cards(deck)
    assert len(cards) == 50
    assert {c.copies for c in cards} == {2}
    assert sum(c.copies for c in cards) == 100


def test_distinct_and_card_counts_per_suit(deck: CardSet) -> None:
    distinct = Counter(c.suit for c in villager_cards(deck))
    copies: Counter[str] = Counter()
    for c in villager_cards(deck):
        copies[c.suit] += c.copies
    assert dict(distinct) == DISTINCT_PER_SUIT
    assert dict(copies) == {s: 2 * n for s, n in DISTINCT_PER_SUIT.items()}
    assert tuple(distinct) == SUITS  # the file lists the suits in the rulebook's order


def test_founders_and_basic_villagers(deck: CardSet) -> None:
    founders = deck.founders
    assert (founders.name, founders.suit, founders.copies) == ("Founders", "Grains", 5)
    assert (founders.gold, founders.food, founders.hint) == (2, 0, 2)
    assert founders.flipped == villagers.Side(food=1)
    assert deck.basics == ("Lumberjack", "Hayer", "Miner")
    assert [(deck[b].suit, deck[b].copies, deck[b].hint) for b in deck.basics] == [
        ("Wood", 10, 2), ("Hay", 10, 2), ("Ore", 10, 2)]
    assert sum(deck[b].copies for b in deck.basics) == 30


def test_every_card_matches_the_reference_table(deck: CardSet) -> None:
    assert {c.name for c in villager_cards(deck)} == set(REFERENCE)
    for name, row in REFERENCE.items():
        c = deck[name]
        got = (c.suit, c.on, c.hint, c.padlock, c.keyring, c.food, c.builders, c.gold,
               c.suit_symbols, c.four_plus)
        assert got == row, name


def test_silver_formulas(deck: CardSet) -> None:
    with_silver = {c.name for c in deck if c.silver is not None}
    assert with_silver == set(SILVER)
    for name, (kind, symbol, every, gold, suit) in SILVER.items():
        s = deck[name].silver
        assert s is not None
        assert (s.kind, s.symbol, s.every, s.gold, s.suit) == (kind, symbol, every, gold, suit)
    texts = {n: s.describe() for n in ("Horse Trader", "Grocer")
             if (s := deck[n].silver) is not None}
    assert texts == {"Horse Trader": "3 Gold per 2 Hay symbols (rounded down)",
                     "Grocer": "3 Gold per Food symbol"}


# ------------------------------------------------------------------ symbol counts stated

def test_two_suit_symbols_on_exactly_four_cards(deck: CardSet) -> None:
    two = {c.name: c.suit for c in deck if c.suit_symbols == 2}
    assert two == {"Log Rafter": "Wood", "Bed Builder": "Hay", "Glass Blower": "Ore",
                   "Chandler": "Solitary"}
    assert all(c.suit_symbols == 1 for c in deck if c.name not in two)


def test_padlocks_and_keyrings_add_up_to_42(deck: CardSet) -> None:
    locked = [c for c in villager_cards(deck) if c.padlock]
    assert len(locked) == 21
    assert sum(c.copies for c in locked) == 42
    keyrings = {c.name: c.keyring for c in deck if c.keyring}
    assert keyrings == {"Brewer": 2, "Carpenter": 8, "Cooper": 6, "Shipwright": 4,
                        "Cartwright": 2, "Blacksmith": 10, "Glass Blower": 2, "Harvester": 2,
                        "Hunter": 2, "Chandler": 4}
    assert sum(keyrings.values()) == 42


def test_unlockers_open_what_the_rulebook_lists(deck: CardSet) -> None:
    assert set(deck.unlocks("Blacksmith")) == {"Cooper", "Glass Blower", "Jeweler",
                                               "Locksmith", "Cobbler"}
    assert set(deck.unlocks("Carpenter")) == {"Bed Builder", "Beekeeper", "Poulterer",
                                              "Weaver"}
    assert set(deck.unlocks("Cooper")) == {"Brewer", "Milk Maid", "Vintner"}
    assert set(deck.unlocks("Shipwright")) == {"Fisher", "Smuggler"}
    assert deck.unlocks("Wattler") == ()


def test_four_plus_cards_are_the_wool_and_leather_suits(deck: CardSet) -> None:
    four_plus = [c for c in villager_cards(deck) if c.four_plus]
    assert {c.suit for c in four_plus} == {"Wool", "Leather"}
    assert {c.name for c in four_plus} == {"Shepherd", "Spinner", "Weaver", "Tailor",
                                           "Tanner", "Saddler", "Cobbler"}
    assert sum(c.copies for c in four_plus) == 14
    assert all(c.four_plus for c in deck if c.suit in ("Wool", "Leather"))
    assert not deck.in_play("Tailor", 3) and deck.in_play("Tailor", 4)
    assert deck.in_play("Jeweler", 2)


def test_banners_mark_the_cards_that_go_straight_down(deck: CardSet) -> None:
    """Reference 1.2: Founders, the basics, Graper, Shepherd, Tanner, Solitary, Special."""
    banner = {c.name for c in deck if c.banner}
    expected = {"Founders", "Lumberjack", "Hayer", "Miner", "Graper", "Shepherd", "Tanner"}
    expected |= {c.name for c in deck if c.suit in ("Solitary", "Special")}
    assert banner == expected


def test_special_villagers_have_stable_effect_keys(deck: CardSet) -> None:
    effects = {c.name: (c.effect, c.discard, c.hint, c.hint_as_link) for c in deck
               if c.effect}
    assert effects == {"Monk": ("monk", False, 2, 1), "Apprentice": ("apprentice", False, 2, 1),
                       "Tinner": ("tinner", True, None, None),
                       "Smuggler": ("smuggler", True, None, None)}
    assert {c.name for c in deck if not c.placed} == {"Tinner", "Smuggler"}


# ------------------------------------------------------------------ chains

def test_every_chain_reference_resolves_within_its_suit(deck: CardSet) -> None:
    for card in deck:
        if card.on is None:
            continue
        below = deck[card.on]
        assert below.suit == card.suit, card.name
        assert below.hint and below.hint >= 1, card.name
        bottom = deck[deck.chain(card.name)[0]]
        assert bottom.banner and bottom.hint == 2, card.name


def test_chains_read_bottom_first(deck: CardSet) -> None:
    assert deck.chain("Cartwright") == ("Lumberjack", "Wheeler", "Cartwright")
    assert deck.chain("Jeweler") == ("Miner", "Seeker", "Spelunker", "Jeweler")
    assert deck.chain("Fromager") == ("Hayer", "Grazier", "Milk Maid", "Fromager")
    assert deck.chain("Tailor") == ("Shepherd", "Spinner", "Weaver", "Tailor")
    assert deck.chain("Truffler") == ("Founders", "Swineherd", "Truffler")
    assert deck.chain("Wine Trader") == ("Graper", "Vintner", "Wine Trader")
    assert deck.chain("Agent") == ("Agent",)


def test_a_middle_link_always_has_a_card_to_carry(deck: CardSet) -> None:
    """A card with hint 1 exists to carry the next link: something must name it."""
    carried = {c.on for c in deck if c.on}
    for card in deck:
        if card.hint == 1 and card.effect is None:
            assert card.name in carried, card.name
        if card.hint == 0:
            assert card.name not in carried, card.name


# ------------------------------------------------------------------ the road and the deck

def test_six_starting_road_cards_obey_the_rules(deck: CardSet) -> None:
    road = deck.starting_road
    assert len(road) == len(set(road)) == 6
    for name in road:
        card = deck[name]
        assert card.kind == "villager" and card.copies >= 1
        assert not card.four_plus and card.suit != "Special"
    # our choice: one from each suit played at every count, so the road has no padlock
    assert sorted(deck[n].suit for n in road) == sorted(
        ["Grains", "Wood", "Hay", "Ore", "Grapes", "Solitary"])
    assert all(deck[n].padlock is None for n in road)


def test_deck_sizes_by_player_count(deck: CardSet) -> None:
    """100 = 94 + 6 road cards; 14 of the 94 are 4+ (reference 1.1 deck arithmetic)."""
    for players in (4, 5):
        assert len(deck.deck(players)) == 94
    for players in (2, 3):
        assert len(deck.deck(players)) == 80
    # Reserve after 6 stacks of 2p and 5-card hands: 5p 9, 4p 26, 3p 29, 2p 46
    assert [len(deck.deck(p)) - 17 * p for p in (2, 3, 4, 5)] == [46, 29, 26, 9]
    three = Counter(deck.deck(3))
    assert three["Swineherd"] == 1 and three["Brewer"] == 2 and "Tailor" not in three
    assert "Founders" not in three and "Miner" not in three


def test_every_card_has_its_own_help_line(deck: CardSet) -> None:
    assert all(c.help.strip() for c in deck)
    if not RULEBOOK.exists():
        pytest.skip("rulebook not available")
    rulebook = " ".join(RULEBOOK.read_text(encoding="utf-8").lower().split())
    n = 7  # no run of seven words taken over from the rulebook

    def runs(text: str) -> set[str]:
        words = text.lower().split()
        return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}
    copied = {c.name: r for c in deck for r in runs(c.help) if r in rulebook}
    assert copied == {}


# ------------------------------------------------------------------ the deck as an option

def test_deck_option_forms(tmp_path: Path) -> None:
    std = resolve_deck(None)
    assert std is standard_deck() and std.is_standard and std.saved_form() is None
    assert load_cards(CARD_FILE).is_standard
    path = tmp_path / "house.toml"
    path.write_text(CARD_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    house = resolve_deck(str(path))
    assert house.name == "house.toml" and not house.is_standard
    saved = house.saved_form()
    assert saved is not None and saved["name"] == "house.toml"
    again = resolve_deck(saved)
    assert again.cards == house.cards and again.name == "house.toml"
    text = deck_from_text(CARD_FILE.read_text(encoding="utf-8"), "upload.toml")
    assert text.name == "upload.toml" and text.cards == std.cards
    assert resolve_deck(house) is house
    with pytest.raises(ValueError, match="deck must be None"):
        resolve_deck(42)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no card named 'Dragon'"):
        std["Dragon"]


# ------------------------------------------------------------------ bad decks

def standard_data() -> dict[str, Any]:
    with CARD_FILE.open("rb") as fh:
        return tomllib.load(fh)


def card_table(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(t for t in data["card"] if t["name"] == name)


def dump(data: dict[str, Any]) -> str:
    """A minimal TOML writer for the shapes cards.toml uses (so tests need no extra package)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | float):
            return repr(v)
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        raise TypeError(v)
    lines = ["[meta]"] + [f'"{k}" = {value(v)}' for k, v in data.get("meta", {}).items()]
    for table in data["card"]:
        lines += ["", "[[card]]"] + [f'"{k}" = {value(v)}' for k, v in table.items()]
    return "\n".join(lines) + "\n"


Change = Callable[[dict[str, Any]], object]


def load_changed(tmp_path: Path, change: Change) -> CardSet:
    data = copy.deepcopy(standard_data())
    change(data)
    path = tmp_path / "bad.toml"
    path.write_text(dump(data), encoding="utf-8")
    return load_cards(path)


def expect_error(tmp_path: Path, change: Change, *parts: str) -> str:
    with pytest.raises(CardDataError) as info:
        load_changed(tmp_path, change)
    message = str(info.value)
    assert message.startswith("bad.toml"), message
    for part in parts:
        assert part in message, message
    return message


def test_unchanged_data_written_back_loads(tmp_path: Path) -> None:
    """The writer above is faithful, so each error below comes from its one change."""
    assert load_changed(tmp_path, lambda d: None).cards == standard_deck().cards


def test_unknown_suit(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Wattler").update(suit="Clay"),
                 "card 'Wattler'", "field 'suit'", "'Clay'")


def test_chain_naming_a_card_that_does_not_exist(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Cartwright").update(on="Wheelwright"),
                 "card 'Cartwright'", "field 'on'", "'Wheelwright'", "not a card")


def test_negative_count(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Jeweler").update(copies=-1),
                 "card 'Jeweler'", "field 'copies'", "-1")


def test_negative_symbol(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Fromager").update(gold=-15),
                 "card 'Fromager'", "field 'gold'", "-15")


def test_missing_field(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Mason").pop("copies"),
                 "card 'Mason'", "missing field 'copies'")


def test_missing_hint_on_a_placed_card(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Seeker").pop("hint"),
                 "card 'Seeker'", "missing field 'hint'")


def test_unknown_field(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Miner").update(colour="grey"),
                 "card 'Miner'", "unknown field(s) colour")


def test_wrong_type(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Tailor").update(four_plus="yes"),
                 "card 'Tailor'", "field 'four_plus'", "true or false")


def test_duplicate_name(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: d["card"].append(dict(card_table(d, "Agent"))),
                 "card 'Agent'", "appears twice")


def test_chain_into_another_suit(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Thatcher").update(on="Miner"),
                 "card 'Thatcher'", "field 'on'", "suit Ore")


def test_chain_onto_an_end_card(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Fromager").update(on="Thatcher"),
                 "card 'Fromager'", "field 'on'", "'Thatcher'", "stacking hint")


def test_chain_loop(tmp_path: Path) -> None:
    def loop(d: dict[str, Any]) -> None:
        card_table(d, "Seeker")["on"] = "Jeweler"
        card_table(d, "Jeweler")["hint"] = 1
    expect_error(tmp_path, loop, "field 'on'", "loop")


def test_padlock_naming_a_card_that_does_not_exist(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Fisher").update(padlock="Boatwright"),
                 "card 'Fisher'", "field 'padlock'", "'Boatwright'")


def test_keyring_that_disagrees_with_the_padlocks(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Blacksmith").update(keyring=8),
                 "card 'Blacksmith'", "field 'keyring'", "10 cards")


def test_unknown_effect_key(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Tinner").update(effect="tinker"),
                 "card 'Tinner'", "field 'effect'", "monk")


def test_special_without_effect(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Monk").pop("effect"),
                 "card 'Monk'", "missing field 'effect'")


def test_bad_silver_formula(tmp_path: Path) -> None:
    expect_error(tmp_path,
                 lambda d: card_table(d, "Horse Trader")["silver"].update(symbol="Horse"),
                 "card 'Horse Trader'", "field 'silver'", "field 'symbol'", "'Horse'")


def test_four_plus_card_on_the_road(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Spinner").update(starting_road=True),
                 "card 'Spinner'", "field 'starting_road'", "4+")


def test_wrong_number_of_road_cards(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Wattler").pop("starting_road"),
                 "needs 6 starting_road cards, found 5")


def test_founders_without_their_other_side(tmp_path: Path) -> None:
    expect_error(tmp_path, lambda d: card_table(d, "Founders").pop("flipped"),
                 "card 'Founders'", "missing field 'flipped'")


def test_file_that_is_not_toml_or_missing(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="upload.toml is not valid TOML"):
        deck_from_text("[[card]\nname = ", "upload.toml")
    with pytest.raises(CardDataError, match="card file not found"):
        load_cards(tmp_path / "absent.toml")
    with pytest.raises(CardDataError, match="saved.toml card 'Wattler': field 'suit'"):
        data = standard_data()
        card_table(data, "Wattler")["suit"] = "Clay"
        resolve_deck({"name": "saved.toml", "data": data})
