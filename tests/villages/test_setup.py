"""Setup: 8 cards each, a discard pile of one card per player, the rest as the deck; the
player left of the dealer starts and the dealer's job moves on each round."""

from __future__ import annotations

import pytest

from village_games import villages
from village_games.villages import Draw, EndTurn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_is_dealt_eight_and_the_discard_pile_has_one_card_per_player(
        players: int) -> None:
    g = villages.new_game(players, seed=3)
    assert [len(h) for h in g.hands] == [8] * players
    assert len(g.discard) == players
    assert len(g.deck) == 72 - 9 * players
    assert g.audit() == []


def test_the_player_left_of_the_dealer_goes_first_and_draws_before_anything_else() -> None:
    g = villages.new_game(4, seed=3)
    assert g.dealer == 3 and g.turn == 0 and g.to_act() == [0]
    assert g.phase == "draw"
    assert list(g.legal_actions(0)) == [Draw("deck"), Draw("discard")]


def test_the_dealer_moves_clockwise_each_round() -> None:
    g = villages.new_game(3, seed=4)
    for _ in range(2):
        first = g.turn
        dealer = g.dealer
        rnd = g.round
        # play the round out: draw, discard, end, until the round changes
        while g.round == rnd:
            p = g.to_act()[0]
            legal = list(g.legal_actions(p))
            pick = next((a for a in legal if type(a).__name__ in ("Draw", "Discard")), None)
            g.apply(p, pick if pick is not None else (EndTurn() if EndTurn() in legal
                                                       else legal[0]))
        assert g.dealer == (dealer + 1) % 3
        assert g.turn == (first + 1) % 3


@pytest.mark.parametrize("bad", [1, 6, "3", True])
def test_the_player_count_is_two_to_five(bad: object) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        villages.new_game(bad)  # type: ignore[arg-type]


def test_options_are_checked_and_saved() -> None:
    with pytest.raises(ValueError, match="target"):
        villages.new_game(3, seed=1, target=5)
    with pytest.raises(ValueError, match="max_rounds"):
        villages.new_game(3, seed=1, max_rounds=0)
    g = villages.new_game(3, seed=1, target=50, max_rounds=4, names=["Ana", "Ben", "Cy"])
    assert g.options == {"players": 3, "names": ["Ana", "Ben", "Cy"], "target": 50,
                         "max_rounds": 4}
    assert villages.new_game(3, seed=1).options == {"players": 3}


def test_the_same_seed_deals_the_same_cards() -> None:
    a, b = villages.new_game(3, seed=9), villages.new_game(3, seed=9)
    assert a.to_dict() == b.to_dict()
    assert villages.new_game(3, seed=10).hands != a.hands
