"""Phases 3-6 and the end: Pillage, Earning, Build/Hire, Reset, 9 (10) cards, empty deck."""

from __future__ import annotations

from village_games.villagers_and_villains import Build, Pass, Recruit

from .scenarios import make, refused


def test_pillage_loss_of_every_challenge_goes_to_the_bank() -> None:
    g = make([{"gold": 5, "town": ["Witch", "Bandits"]}, {"gold": 1, "town": ["Troll"]}],
             phase="pillage")
    # basic game: nothing to choose, so Pillage and Earning play themselves
    assert g.phase == "build"
    assert g.players[0].gold == 5 - 4 and g.players[1].gold == 0  # pays what it has
    assert g.bank == 80 - 1
    assert [e.data["lost"] for e in g.log if e.kind == "pillage"] == [4, 1]


def test_a_mayor_without_gold_loses_nothing() -> None:
    g = make([{"gold": 0, "town": ["Witch"]}, {}], phase="pillage")
    assert g.players[0].gold == 0 and not [e for e in g.log if e.kind == "pillage"]


def test_earning_pays_each_citizens_earnings_from_the_bank() -> None:
    g = make([{"gold": 0, "town": ["Trader", "Farmer", "Farm", "Knight"]}, {}],
             phase="earning")
    assert g.players[0].gold == 2 + 1  # buildings and heroes earn nothing
    assert g.players[1].gold == 6


def test_build_pays_the_price_and_moves_one_card_from_hand_to_town() -> None:
    g = make([{"gold": 6, "hand": ["Farm", "Knight", "Angry Mob"]}, {}], phase="build")
    assert set(g.legal_actions(0)) == {Build("Farm"), Build("Knight"), Pass()}
    bank = g.bank
    g.apply(0, Build("Knight"))
    assert g.players[0].town == ["Knight"] and g.players[0].hand_pub == ["Farm", "Angry Mob"]
    assert g.players[0].gold == 1 and g.bank == bank + 5
    assert g.to_act() == [1]  # one card per Build/Hire Phase


def test_cards_that_cost_too_much_or_cannot_be_built_are_refused() -> None:
    g = make([{"gold": 2, "hand": ["Castle", "Angry Mob", "Farmer"]}, {}], phase="build")
    assert "costs 6 gold and you have 2" in refused(g, 0, Build("Castle"))
    assert "cannot be built" in refused(g, 0, Build("Angry Mob"))
    assert "not a card in your hand" in refused(g, 0, Build("Farm"))
    g.apply(0, Build("Farmer"))
    assert g.to_act() == [1]


def test_a_mayor_who_cannot_afford_anything_has_no_build_turn() -> None:
    g = make([{"gold": 0, "hand": ["Castle"]}, {"gold": 6, "hand": ["Farm"]}], phase="build")
    assert g.to_act() == [1]


def test_reset_removes_non_challenges_slides_challenges_refills_and_passes_the_marker() -> None:
    g = make([{"gold": 0}, {"gold": 0}], phase="build",
             pool=["Farm", "Witch", "Bridge", "Ogre"], deck=["Mill", "Bakery", "Chapel",
                                                             "Tavern", "Well"])
    # nobody can build, so the Build/Hire Phase ends and the Reset follows at once
    assert g.phase == "recruit" and g.round == 2 and g.marker == 1
    assert g.pool[:2] == ["Witch", "Ogre"]  # challenges at the lowest positions, in order
    assert g.pool[2:] == ["Well", "Tavern", "Chapel", "Bakery"]  # dealt from the top
    assert {"Farm", "Bridge"} <= set(g.removed)
    assert g.to_act() == [1]


def test_reset_says_in_whole_sentences_which_cards_leave() -> None:
    one = make([{"gold": 0}, {"gold": 0}], phase="build", pool=["Farm", "Witch"],
               deck=["Mill", "Bakery", "Chapel", "Tavern", "Well"])
    two = make([{"gold": 0}, {"gold": 0}], phase="build", pool=["Farm", "Witch", "Bridge"],
               deck=["Mill", "Bakery", "Chapel", "Tavern", "Well"])
    texts = [[e.text for e in g.log if e.kind == "clear"] for g in (one, two)]
    assert texts == [["The Farm leaves the game; the challenge slides down."],
                     ["The Farm and the Bridge leave the game; the challenge slides down."]]


def test_the_game_ends_after_build_when_a_town_has_nine_cards() -> None:
    town = ["Farm", "Mill", "Bakery", "Chapel", "Tavern", "Well", "Bridge", "Harbor"]
    g = make([{"gold": 6, "hand": ["Farmer"], "town": town}, {"gold": 6, "hand": ["Miller"]},
              {"gold": 0}], phase="build")
    g.apply(0, Build("Farmer"))
    assert not g.is_over()  # the phase is finished first
    g.apply(1, Build("Miller"))
    assert g.is_over() and "reached 9 cards" in g.outcome().reason


def test_two_mayors_play_on_to_ten_cards() -> None:
    town = ["Farm", "Mill", "Bakery", "Chapel", "Tavern", "Well", "Bridge", "Harbor"]
    g = make([{"gold": 6, "hand": ["Farmer"], "town": town}, {"gold": 0}], phase="build")
    g.apply(0, Build("Farmer"))
    assert not g.is_over() and g.phase == "recruit"
    three = make([{"gold": 6, "hand": ["Farmer"], "town": town}, {"gold": 0},
                  {"gold": 0}], phase="build")
    three.apply(0, Build("Farmer"))
    assert three.is_over()


def test_challenges_count_toward_the_town_size_that_ends_the_game() -> None:
    town = ["Farm", "Mill", "Bakery", "Chapel", "Tavern", "Well", "Witch", "Ogre"]
    g = make([{"gold": 6, "hand": ["Farmer"], "town": town}, {"gold": 0}, {"gold": 0}],
             phase="build")
    g.apply(0, Build("Farmer"))
    assert g.is_over()


def test_the_game_ends_after_build_when_the_deck_is_empty() -> None:
    g = make([{"gold": 0}, {"gold": 0}], phase="build", deck=[])
    assert g.is_over() and "deck ran out" in g.outcome().reason


def test_when_the_deck_runs_out_at_reset_the_round_is_still_played() -> None:
    g = make([{"gold": 0}, {"gold": 0}], phase="build", pool=["Farm"], deck=["Mill"])
    assert g.phase == "recruit" and g.pool == ["Mill"] and not g.deck
    g.apply(1, Recruit(1))  # the pool is empty for the other recruits
    assert g.is_over()
