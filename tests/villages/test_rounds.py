"""The end of a round (an emptied hand on your own turn, or an empty deck), scoring,
the score cards, and the end of the game at 100."""

from __future__ import annotations

from village_games import villages
from village_games.villages import Add, Attack, Build, Defend, Discard, Draw, EndTurn
from village_games.villages.scoring import pass_score_cards

from .scenarios import make

RED3 = ["Red Farmer", "Red Builder", "Red Dragon"]


def test_emptying_your_hand_on_your_turn_gives_each_other_player_one_last_turn() -> None:
    g = make([{"hand": ["Red Orc"]}, {"hand": ["Pig"]}, {"hand": ["Sheep"]}])
    events = g.apply(0, Discard("Red Orc"))
    assert g.emptied == 0 and g.final_by == 0
    assert any(e.kind == "empty" for e in events)
    g.apply(0, EndTurn())
    for seat in (1, 2):
        assert g.turn == seat and g.round == 1
        g.apply(seat, Draw("deck"))
        g.apply(seat, Draw("deck"))
        g.apply(seat, Discard(g.hands[seat][0]))
        g.apply(seat, EndTurn())
    assert g.round == 2 and g.sheet[0]["parts"][0]["first_empty"] == 10


def test_a_hand_emptied_on_another_players_turn_does_not_count() -> None:
    g = make([{"hand": ["Red Conqueror", "Pig"]},
              {"hand": ["Blue Wizard"], "villages": {"Blue": ["Blue Monk", "Blue Farmer",
                                                              "Blue Ace"]}}])
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "hand"))
    g.apply(1, Defend("Blue Wizard", "hand"))
    assert g.hands[1] == [] and g.emptied is None and g.final_by is None
    g.apply(0, EndTurn())
    assert g.turn == 1 and g.phase == "draw"  # an empty hand draws and carries on


def test_emptying_your_hand_by_building_counts() -> None:
    g = make([{"hand": RED3}, {}])
    g.apply(0, Build(*RED3))
    assert g.emptied == 0 and g.final_by == 0


def test_with_an_empty_hand_and_nothing_to_attack_the_turn_may_end() -> None:
    g = make([{"hand": RED3}, {}])
    g.apply(0, Build(*RED3))
    assert list(g.legal_actions(0)) == [EndTurn()]


def test_an_empty_deck_starts_the_final_turns_and_the_discard_pile_is_drawn() -> None:
    g = make([{"hand": ["Pig"]}, {"hand": ["Sheep"]}], phase="draw",
             deck=["Blue Monk"], unplaced="discard")
    g.apply(0, Draw("deck"))
    assert g.final_by == 0 and g.emptied is None and not g.deck
    assert list(g.legal_actions(0)) == [Draw("discard")]
    g.apply(0, Draw("discard"))
    g.apply(0, Discard("Pig"))
    g.apply(0, EndTurn())
    g.apply(1, Draw("discard"))
    g.apply(1, Draw("discard"))
    g.apply(1, Discard("Sheep"))
    g.apply(1, EndTurn())
    assert g.round == 2 and len(g.sheet) == 1


def test_scoring_villages_less_hand_and_graveyard_plus_ten_for_the_first_empty() -> None:
    g = make([{"hand": ["Pig"], "villages": {"Red": RED3}, "graveyard": ["Blue Monk"]},
              {"hand": ["Yellow Princess", "Castle"],
               "villages": {"Yellow": ["Yellow King", "Yellow Jeweler", "Yellow Farmer"]}}])
    g.apply(0, Discard("Pig"))
    g.apply(0, EndTurn())
    g.apply(1, Draw("deck"))
    g.apply(1, Draw("deck"))
    drawn = [c for c in g.hands[1] if c not in ("Yellow Princess", "Castle")]
    g.apply(1, Discard("Castle"))
    g.apply(1, EndTurn())
    parts = g.sheet[0]["parts"]
    assert parts[0] == {"villages": 8, "hand": 0, "graveyard": -3, "first_empty": 10,
                        "score_card": 0, "score": 15}
    hand = 5 + sum(g.cards[c].gold for c in drawn)
    assert parts[1]["villages"] == 16 and parts[1]["hand"] == -hand
    assert g.totals == [15, 16 - hand]


def test_the_game_ends_when_someone_reaches_the_target() -> None:
    g = make([{"hand": ["Pig"], "villages": {"Red": RED3}}, {"hand": ["Sheep"]}],
             totals=[95, 40])
    g.apply(0, Discard("Pig"))
    g.apply(0, EndTurn())
    g.apply(1, Draw("deck"))
    g.apply(1, Draw("deck"))
    g.apply(1, Discard("Sheep"))
    g.apply(1, EndTurn())
    assert g.is_over() and g.totals[0] == 95 + 18
    out = g.outcome()
    assert out is not None and out.winners == (0,) and "113 gold" in out.reason
    assert g.to_act() == [] and len(g.legal_actions(0)) == 0


def test_equal_totals_at_the_end_are_split_by_the_last_round() -> None:
    g = make([{"hand": ["Pig"], "villages": {"Red": RED3}}, {"hand": ["Sheep"]}],
             totals=[90, 130])
    g.apply(0, Discard("Pig"))  # 8 + 10 = 18 -> 108
    g.apply(0, EndTurn())
    g.apply(1, Draw("deck"))
    g.apply(1, Draw("deck"))
    g.apply(1, Discard("Sheep"))
    g.apply(1, EndTurn())
    assert g.is_over() and g.winners() == [1]
    assert g.outcome().tiebreak == ""


def test_score_cards_pass_to_the_highest_and_lowest_totals() -> None:
    assert pass_score_cards([10, 30, 20], None, None) == (1, 0)
    assert pass_score_cards([30, 30, 20], 1, None) == (1, 2)  # the holder keeps a tie
    assert pass_score_cards([30, 30, 20], 2, None) == (0, 2)
    assert pass_score_cards([5, 5], None, None) == (None, None)


def test_score_cards_change_the_holders_round_score() -> None:
    g = make([{"hand": ["Pig"], "villages": {"Red": RED3}}, {"hand": ["Sheep"]}],
             totals=[50, 10], high=0, low=1)
    g.apply(0, Discard("Pig"))
    g.apply(0, EndTurn())
    g.apply(1, Draw("deck"))
    g.apply(1, Draw("deck"))
    g.apply(1, Discard("Sheep"))
    g.apply(1, EndTurn())
    row = g.sheet[-1]["parts"]
    assert row[0]["score_card"] == -5 and row[1]["score_card"] == 5
    assert g.high == 0 and g.low == 1


def test_a_round_limit_ends_the_game_when_asked_for() -> None:
    g = villages.new_game(2, seed=5, max_rounds=1, target=1000)
    import random

    rng = random.Random(0)
    while not g.is_over():
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    assert g.round == 1 and "round limit" in g.outcome().reason


def test_after_an_empty_deck_the_first_to_empty_their_hand_still_scores_the_bonus() -> None:
    g = make([{"hand": ["Pig"]},
              {"hand": ["Red Orc"], "villages": {"Red": ["Red Farmer", "Red Builder",
                                                         "Red Squire"]}}],
             phase="draw", deck=["Blue Monk"], discard=["Red Warrior", "Red Ace"],
             unplaced="discard")
    g.apply(0, Draw("deck"))  # the deck's last card: the final turns begin
    g.apply(0, Draw("discard"))
    g.apply(0, Discard("Red Ace"))
    g.apply(0, EndTurn())
    assert g.final_by == 0 and g.emptied is None
    g.apply(1, Draw("discard"))
    g.apply(1, Draw("discard"))
    g.apply(1, Add("Red Ace", "Red"))
    g.apply(1, Add("Red Warrior", "Red"))
    g.apply(1, Discard("Red Orc"))
    assert g.emptied == 1 and g.final_by == 0
    g.apply(1, EndTurn())
    assert g.round == 2 and g.sheet[0]["parts"][1]["first_empty"] == 10
