"""A turn: draw 2 first (deck, discard or one of each), then in any order build one new
village, add cards, give up to 3 cards, and take exactly one action."""

from __future__ import annotations

from village_games.villages import Add, Attack, Build, Discard, Draw, EndTurn, Give

from .scenarios import make, refused

RED3 = ["Red Farmer", "Red Builder", "Red Dragon"]


def test_draw_two_from_the_deck_the_discard_pile_or_one_of_each() -> None:
    g = make([{"hand": ["Red Farmer"]}, {}], phase="draw",
             discard=["Pig", "Castle"], deck=["Blue Monk", "Blue Ace"])
    g.apply(0, Draw("discard"))
    assert "Castle" in g.hands[0] and g.discard == ["Pig"] and g.phase == "draw"
    assert g.draws_left == 1
    g.apply(0, Draw("deck"))
    assert "Blue Ace" in g.hands[0] and g.deck[-1] == "Blue Monk"
    assert g.phase == "main" and g.draws_left == 0


def test_the_first_card_is_seen_before_choosing_where_the_second_comes_from() -> None:
    g = make([{}, {}], phase="draw", discard=["Pig"], deck=["Blue Monk", "Blue Ace"])
    g.apply(0, Draw("deck"))
    obs = g.observation(0)
    assert "Blue Ace" in obs["players"][0]["hand"] and obs["phase"] == "draw"
    assert set(g.legal_actions(0)) == {Draw("deck"), Draw("discard")}


def test_nothing_but_drawing_comes_before_the_draw() -> None:
    g = make([{"hand": ["Red Farmer"]}, {}], phase="draw")
    assert "drawing 2 cards" in refused(g, 0, Discard("Red Farmer"))


def test_an_empty_discard_pile_or_deck_cannot_be_drawn_from() -> None:
    g = make([{}, {}], phase="draw", discard=[])
    assert list(g.legal_actions(0)) == [Draw("deck")]
    assert "discard pile is empty" in refused(g, 0, Draw("discard"))
    g = make([{}, {}], phase="draw", unplaced="discard")
    assert list(g.legal_actions(0)) == [Draw("discard")]
    assert "deck is empty" in refused(g, 0, Draw("deck"))


def test_build_a_village_of_three_units_of_one_colour() -> None:
    g = make([{"hand": [*RED3, "Blue Monk"]}, {}])
    g.apply(0, Build(*RED3))
    assert g.villages[0] == {"Red": RED3}
    assert g.hands[0] == ["Blue Monk"] and g.built


def test_a_village_of_a_colour_starting_with_a_vowel_is_an_orange_village() -> None:
    trio = ["Orange Bear", "Orange Hunter", "Orange Dragon"]
    g = make([{"hand": [*trio, "Blue Monk"]}, {}])
    events = g.apply(0, Build(*trio))
    assert any(e.text.startswith("Player 1 builds an Orange village") for e in events)


def test_only_one_new_village_per_turn() -> None:
    g = make([{"hand": [*RED3, "Blue Farmer", "Blue Builder", "Blue Monk", "Pig"]}, {}])
    g.apply(0, Build(*RED3))
    assert not any(isinstance(a, Build) for a in g.legal_actions(0))
    assert "only 1 new village per turn" in refused(
        g, 0, Build("Blue Farmer", "Blue Builder", "Blue Monk"))


def test_two_units_and_a_grey_card_do_not_make_a_village() -> None:
    g = make([{"hand": ["Red Farmer", "Red Builder", "Pig", "Blue Monk"]}, {}])
    assert not any(isinstance(a, Build) for a in g.legal_actions(0))
    assert "never count toward the 3 units" in refused(
        g, 0, Build("Red Farmer", "Red Builder", "Pig"))


def test_units_of_different_colours_do_not_make_a_village() -> None:
    g = make([{"hand": ["Red Farmer", "Red Builder", "Blue Monk"]}, {}])
    assert "same colour" in refused(g, 0, Build("Red Farmer", "Red Builder", "Blue Monk"))


def test_one_village_per_colour_more_units_are_added_to_it() -> None:
    g = make([{"hand": ["Red Warrior", "Red Orc", "Red Ace", "Blue Monk"],
               "villages": {"Red": RED3}}, {}])
    assert "already have a Red village" in refused(
        g, 0, Build("Red Warrior", "Red Orc", "Red Ace"))
    g.apply(0, Add("Red Warrior", "Red"))
    assert g.villages[0]["Red"] == [*RED3, "Red Warrior"]
    assert "a Red unit joins only a Red village" not in str(g.why_illegal(0, Add("Red Orc",
                                                                                 "Red")))
    assert "joins only a Blue village" in refused(g, 0, Add("Blue Monk", "Red"))


def test_cards_may_be_added_after_building_in_the_same_turn() -> None:
    g = make([{"hand": [*RED3, "Red Orc", "Castle", "Blue Monk"]}, {}])
    g.apply(0, Build(*RED3))
    assert Add("Red Orc", "Red") in g.legal_actions(0)
    assert Add("Castle", "Red") in g.legal_actions(0)  # the Red Builder supports it


def test_up_to_three_cards_may_be_given_to_other_players_matching_villages() -> None:
    hand = ["Blue Monk", "Blue Ace", "Blue Knight", "Blue Princess", "Red Orc"]
    g = make([{"hand": hand},
              {"villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Wizard"]}}])
    assert Give("Red Orc", 1, "Blue") not in g.legal_actions(0)
    assert "joins only a Red village" in refused(g, 0, Give("Red Orc", 1, "Blue"))
    for card in hand[:3]:
        g.apply(0, Give(card, 1, "Blue"))
    assert g.villages[1]["Blue"][-3:] == hand[:3] and g.given == 3
    assert "at most 3 cards per turn" in refused(g, 0, Give("Blue Princess", 1, "Blue"))


def test_gifts_go_to_other_players_only() -> None:
    g = make([{"hand": ["Red Orc", "Blue Monk"], "villages": {"Red": RED3}}, {}])
    assert "add to your own with Add" in refused(g, 0, Give("Red Orc", 0, "Red"))


def test_exactly_one_action_discard_or_attack_then_build_and_give_may_follow() -> None:
    g = make([{"hand": ["Red Orc", "Red Warrior", "Red Ace", "Blue Monk"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Wizard"]}}])
    assert EndTurn() not in g.legal_actions(0)
    assert "must take one action" in refused(g, 0, EndTurn())
    g.apply(0, Discard("Blue Monk"))
    assert g.discard[-1] == "Blue Monk" and g.acted
    assert "already taken this turn's one action" in refused(g, 0, Discard("Red Orc"))
    assert "already taken" in refused(g, 0, Attack(1, "Blue", "Red Orc", "hand"))
    g.apply(0, Build("Red Warrior", "Red Orc", "Red Ace"))  # building after the action
    g.apply(0, EndTurn())
    assert g.turn == 1 and g.phase == "draw"


def test_the_attack_is_the_other_possible_action() -> None:
    g = make([{"hand": ["Red Orc", "Blue Monk"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Wizard"]}}])
    legal = g.legal_actions(0)
    assert Attack(1, "Blue", "Red Orc", "hand") in legal
    assert "cannot attack your own village" in refused(
        make([{"hand": ["Red Orc"], "villages": {"Red": RED3}}, {}]), 0,
        Attack(0, "Red", "Red Orc", "hand"))


def test_the_legal_list_is_read_only_and_matches_is_legal() -> None:
    g = make([{"hand": ["Red Orc", "Red Warrior", "Red Ace", "Pig"], "villages": {}},
              {"villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Wizard"]}}])
    legal = g.legal_actions(0)
    assert not hasattr(legal, "append")
    every = list(legal)
    assert len(every) == len(legal) and len(set(every)) == len(every)
    assert all(g.is_legal(0, a) for a in every)
    assert [type(a).__name__ for a in every][:1] == ["Build"]
    kinds = list(dict.fromkeys(type(a).__name__ for a in every))
    assert kinds == ["Build", "Give", "Discard", "Attack"]


def test_a_build_names_its_units_in_card_order() -> None:
    g = make([{"hand": [*RED3, "Blue Monk"]}, {}])
    assert "in card order" in refused(g, 0, Build("Red Dragon", "Red Farmer", "Red Builder"))
    assert Build(*RED3) in g.legal_actions(0)
