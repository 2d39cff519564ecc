"""The Game Score Sheet: every line, second-place bonuses, ties getting the full bonus,
pairs (named and "any Citizen") in the advanced game, and the winner."""

from __future__ import annotations

from village_games.villagers_and_villains import VillagersAndVillains
from village_games.villagers_and_villains.scoring import count_pairs, places

from .scenarios import make


def sheet(players: list[dict], advanced: bool = False) -> list[dict]:
    return make(players, advanced=advanced).score_sheet()


def test_town_value_adds_every_card_and_challenges_count_against() -> None:
    rows = sheet([{"town": ["Farm", "Castle", "Witch"]}, {}])
    assert rows[0]["town_value"] == 3 + 4 - 2


def test_civility_bonus_for_an_angry_mob_still_in_hand() -> None:
    rows = sheet([{"hand": ["Angry Mob"]}, {"hand": []}])
    assert rows[0]["civility"] == 3 and rows[1]["civility"] == 0


def test_heroic_bonus_two_per_hero_for_most_and_one_per_hero_for_second() -> None:
    rows = sheet([{"town": ["Knight", "Archer", "Squire"]}, {"town": ["Paladin", "Bard"]},
                  {"town": ["Ranger"]}, {}])
    assert [r["heroic"] for r in rows] == [6, 2, 0, 0]


def test_tied_mayors_each_get_the_full_bonus_and_second_place_is_the_next_count() -> None:
    rows = sheet([{"town": ["Knight", "Archer"]}, {"town": ["Paladin", "Bard"]},
                  {"town": ["Ranger"]}])
    assert [r["heroic"] for r in rows] == [4, 4, 1]


def test_victory_bonus_counts_challenges_in_hand_second_gets_one_per_two() -> None:
    rows = sheet([{"hand": ["Witch", "Ogre", "Troll", "Rats"]},
                  {"hand": ["Drought", "Plague", "Fire"]}, {"hand": ["Goblins"]}])
    assert [r["victory"] for r in rows] == [4, 1, 0]
    tie = sheet([{"hand": ["Witch", "Ogre"]}, {"hand": ["Drought", "Plague"]}, {"hand": []}])
    assert [r["victory"] for r in tie] == [2, 2, 0]


def test_largest_town_bonus_goes_to_every_mayor_with_the_most_cards() -> None:
    rows = sheet([{"town": ["Farm", "Witch"]}, {"town": ["Mill", "Well"]}, {"town": ["Bridge"]}])
    assert [r["largest_town"] for r in rows] == [3, 3, 0]


def test_matchmaker_bonus_counts_pairs_only_in_the_advanced_game() -> None:
    town = ["Farm", "Farmer", "Castle", "Lord"]
    assert sheet([{"town": town}, {}])[0]["matchmaker"] == 0
    assert sheet([{"town": town}, {}], advanced=True)[0]["matchmaker"] == 4


def test_mystic_seer_pairs_with_any_citizen_not_already_in_a_pair() -> None:
    g = make([{}, {}])
    assert count_pairs(["Mystic Seer", "Farm", "Farmer"], g.cards) == [("Farm", "Farmer")]
    assert count_pairs(["Mystic Seer", "Farm", "Farmer", "Weaver"], g.cards) == [
        ("Farm", "Farmer"), ("Mystic Seer", "Weaver")]
    # without the Farm, the Farmer is free for the Seer
    assert count_pairs(["Mystic Seer", "Farmer"], g.cards) == [("Mystic Seer", "Farmer")]
    # a card is in one pair at most: two cards, one pair
    assert len(count_pairs(["Mystic Seer", "Druid", "Farmer"], g.cards)) == 1


def test_pairs_are_formed_in_order_not_rearranged_for_the_most() -> None:
    """Reading 24, from the rulebook's Mystic Seer example: a Farmer with his Farm is
    already in a pair, so neither the Seer (any Citizen) nor the Druid (any Building) can
    take a card of that pair: one pair, though Seer + Farmer and Druid + Farm would be two."""
    g = make([{}, {}])
    assert count_pairs(["Farm", "Farmer", "Mystic Seer", "Druid"], g.cards) == [
        ("Farm", "Farmer")]
    assert sheet([{"town": ["Farm", "Farmer", "Mystic Seer", "Druid"]}, {}],
                 advanced=True)[0]["matchmaker"] == 2


def test_the_any_card_prefers_a_citizen_without_a_partner_of_its_own() -> None:
    g = make([{}, {}])
    assert count_pairs(["Mystic Seer", "Farmer", "Weaver"], g.cards) == [
        ("Mystic Seer", "Weaver")]


def test_places_are_dense_most_then_the_next_lower_count() -> None:
    assert places([3, 3, 1, 0]) == (3, 1)
    assert places([2, 2]) == (2, None)


def test_full_sheet_total_and_winner() -> None:
    g = make([{"hand": ["Angry Mob", "Witch"], "town": ["Farm", "Farmer", "Knight"]},
              {"hand": [], "town": ["Castle", "Ogre"]}], advanced=True)
    rows = g.score_sheet()
    assert rows[0] == {**rows[0], "town_value": 3 + 1 + 3, "civility": 3, "heroic": 2,
                       "victory": 1, "largest_town": 3, "matchmaker": 2,
                       "total": 7 + 3 + 2 + 1 + 3 + 2}
    assert rows[1]["total"] == 4 - 3 + 0


def end_now(g: VillagersAndVillains) -> None:
    from village_games.villagers_and_villains.scoring import finish

    finish(g, "town")


def test_a_points_tie_goes_to_the_most_gold_then_is_shared() -> None:
    g = make([{"gold": 5, "town": ["Farm"]}, {"gold": 2, "town": ["Chapel"]}])
    end_now(g)
    out = g.outcome()
    assert out is not None and out.winners == (0,) and out.tiebreak == "most gold left"
    assert out.scores == (9.0, 9.0)
    h = make([{"gold": 2, "town": ["Farm"]}, {"gold": 2, "town": ["Chapel"]}])
    end_now(h)
    out = h.outcome()
    assert out is not None and out.winners == (0, 1) and out.tiebreak == "shared"


def test_a_finished_game_shows_the_score_sheet_in_its_observation() -> None:
    g = make([{"town": ["Farm"]}, {}])
    assert g.observation(1)["score_sheet"] is None
    end_now(g)
    sheet_rows = g.observation(1)["score_sheet"]
    assert [r["total"] for r in sheet_rows] == [float(s) for s in g.scores()]
