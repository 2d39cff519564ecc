"""Turnip-swing payoff matrices, checked cell by cell against swings worked out by hand.

Resolve order is Farmer -> Wall -> Raider -> Merchant; a swing is the change in
(my turnips - their turnips), with anything bought counted at its price.
"""

from __future__ import annotations

import numpy as np
import pytest

from village_games.probability import exploitability, solve_zero_sum
from village_games.village_pillage.payoffs import (
    STARTERS,
    Position,
    payoff_matrix,
    payoff_table,
    play_round,
    swing,
)


def cell(position: Position, mine: str, theirs: str, bonus: float = 0.0) -> float:
    rows, cols, a = payoff_matrix(position, bonus)
    return float(a[rows.index(mine), cols.index(theirs)])


def test_default_starter_matrix_by_hand():
    # Both villages 1 + 1. Farmer +3 always; Wall +1 (banks its own), or steals 1 from a
    # Raider; Raider steals 4 from a Farmer (after its gain) or a Merchant; a Merchant that
    # cannot afford a relic buys a card for 1 (worth 1): no change.
    rows, cols, a = payoff_matrix()
    assert rows == cols == list(STARTERS)
    expected = [[0, 2, -5, 3],
                [-2, 0, 2, 1],
                [5, -2, 0, 2],
                [-3, -1, -2, 0]]
    np.testing.assert_array_equal(a, expected)
    np.testing.assert_array_equal(a, -a.T)  # a symmetric position gives an antisymmetric game


@pytest.mark.parametrize(("their_stockpile", "expected"), [
    (0, 3),   # Farmer gains 3 -> stockpile 3; Raider takes all 3: me +3, them 0
    (2, 5),   # 2 + 3 = 5; Raider takes 4: me +4, them -1
    (6, 5),   # 6 + 3 = 9; Raider takes 4: me +4, them -1
])
def test_raider_against_farmer(their_stockpile, expected):
    p = Position(my_stockpile=2, my_bank=1, their_stockpile=their_stockpile, their_bank=2)
    assert cell(p, "Raider", "Farmer") == expected
    assert cell(p.swapped(), "Farmer", "Raider") == -expected


@pytest.mark.parametrize(("their_stockpile", "my_bank", "expected"), [
    (3, 1, 2),   # Wall steals 1 (+1/-1) and banks 1 of mine (no change); Raider hits a Wall
    (0, 1, 0),   # nothing to steal
    (3, 4, 2),   # bank full: banking moves nothing, the steal still counts
])
def test_wall_against_raider(their_stockpile, my_bank, expected):
    p = Position(my_stockpile=1, my_bank=my_bank, their_stockpile=their_stockpile)
    assert cell(p, "Wall", "Raider") == expected


def test_merchant_buys_a_relic_at_its_price():
    p = Position(my_stockpile=5, my_bank=1)  # 6 turnips: the duel's first relic
    g = play_round(p, "Merchant", "Wall")
    assert g.players[0].relics == 1 and g.players[0].turnips == 0
    assert cell(p, "Merchant", "Wall") == -1  # relic worth its 6; their Wall gains 1
    assert cell(p, "Merchant", "Wall", bonus=3) == 2


def test_raider_resolves_before_merchant_so_the_relic_is_lost():
    # 6 turnips would buy a relic, but the Raider phase comes first and takes 4 of the
    # 5 loose ones; with 2 left the Merchant buys a market card for 1 instead.
    p = Position(my_stockpile=5, my_bank=1)
    g = play_round(p, "Merchant", "Raider")
    assert g.players[0].relics == 0
    assert len(g.players[0].owned()) == 5  # the four starters and the bought market card
    assert cell(p, "Merchant", "Raider") == -8
    assert cell(p, "Merchant", "Raider", bonus=5) == -8  # no relic, so no bonus


def test_standard_bank_side_uses_its_relic_costs():
    p = Position(my_stockpile=5, my_bank=1, bank_side="standard")  # relic costs 8 here
    g = play_round(p, "Merchant", "Wall")
    assert g.players[0].relics == 0
    p = Position(my_stockpile=4, my_bank=4, bank_side="standard")
    assert play_round(p, "Merchant", "Wall").players[0].relics == 1


def test_payoff_table_is_a_row_against_each_opposing_type():
    assert payoff_table("Raider") == {"Farmer": 5, "Wall": -2, "Raider": 0, "Merchant": 2}
    # A market card: Florist gains 5, but a Raider facing it steals 2 back in the Raider
    # phase... and the Raider's own steal 4 takes the rest: 1 + 5 = 6 loose, 4 + 2 = 6 gone.
    table = payoff_table("Florist", Position())
    assert table["Farmer"] == 2  # +5 against +3
    assert table["Wall"] == 4  # +5 against +1
    assert table["Raider"] == -7


def test_rectangular_matrix_with_market_cards():
    p = Position(my_cards=(*STARTERS, "Burglar"), their_cards=("Wall", "Raider"))
    rows, cols, a = payoff_matrix(p)
    assert a.shape == (5, 2)
    assert rows[-1] == "Burglar" and cols == ["Wall", "Raider"]


def test_starter_equilibrium_is_exact_and_unexploitable():
    _rows, _cols, a = payoff_matrix()
    eq = solve_zero_sum(a)
    assert eq.row.sum() == pytest.approx(1) and eq.col.sum() == pytest.approx(1)
    np.testing.assert_allclose(eq.row, [2 / 9, 5 / 9, 2 / 9, 0], atol=1e-9)
    assert eq.value == pytest.approx(0, abs=1e-12)
    assert exploitability(a, eq.row, eq.col) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("position", [
    Position(my_stockpile=4, my_bank=0, their_stockpile=0, their_bank=4),
    Position(my_stockpile=7, my_bank=2, their_stockpile=2, their_bank=1),
    Position(my_stockpile=3, my_bank=3, their_stockpile=9, their_bank=0, bank_side="standard"),
])
def test_equilibria_of_other_positions(position):
    for bonus in (0, 4):
        _r, _c, a = payoff_matrix(position, bonus)
        eq = solve_zero_sum(a)
        assert eq.row.sum() == pytest.approx(1) and eq.col.sum() == pytest.approx(1)
        assert exploitability(a, eq.row, eq.col) == pytest.approx(0, abs=1e-9)


def test_matrix_is_cached_and_read_only():
    p = Position(my_stockpile=3)
    a1 = payoff_matrix(p)[2]
    a2 = payoff_matrix(Position(my_stockpile=3))[2]
    assert a1 is a2
    with pytest.raises(ValueError):
        a1[0, 0] = 99


def test_swing_does_not_disturb_the_cached_start():
    p = Position(my_stockpile=2)
    before = swing(p, "Raider", "Farmer")
    swing.cache_clear()
    assert swing(p, "Raider", "Farmer") == before


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"my_bank": 5}, "bank cap"),
    ({"their_stockpile": -1}, "their_stockpile"),
    ({"my_cards": ("Farmer", "Dragon")}, "no Village Pillage card"),
    ({"my_cards": ()}, "at least one"),
    ({"bank_side": "triple"}, "bank_side"),
    ({"my_relics": 3}, "third relic"),
])
def test_bad_positions_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Position(**kwargs)


def test_innkeeper_gains_once_when_it_takes_its_free_card():
    # Farmer phase: gain 5 and a free market card (worth the 0 paid); their Merchant cannot
    # afford a relic and buys a card for 1 (worth 1). Swing +5, not +10.
    p = Position(my_cards=(*STARTERS, "Innkeeper"))
    assert cell(p, "Innkeeper", "Merchant") == 5
    g = play_round(p, "Innkeeper", "Merchant")
    assert g.players[0].turnips == 2 + 5 and len(g.players[0].owned()) == 6
