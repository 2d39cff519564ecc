"""Matrix-game tools checked against hand-derived or independently computed numbers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from village_games.probability import (
    Equilibrium,
    best_responses,
    expected_payoff,
    exploitability,
    fictitious_play,
    pure_equilibria,
    solve_zero_sum,
)

ROCK_PAPER_SCISSORS = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
MATCHING_PENNIES = np.array([[1, -1], [-1, 1]])
THIRD = np.full(3, 1 / 3)


def mixed_2x2_solution(a: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Textbook closed form for a 2x2 zero-sum game without a saddle point."""
    (p, q), (r, s) = a
    denominator = p - q - r + s
    row_first = (s - r) / denominator
    col_first = (s - q) / denominator
    value = (p * s - q * r) / denominator
    return np.array([row_first, 1 - row_first]), np.array([col_first, 1 - col_first]), value


def has_saddle_point(a: np.ndarray) -> bool:
    return bool(np.isclose(a.min(axis=1).max(), a.max(axis=0).min()))


def test_rock_paper_scissors_equilibrium_is_uniform_with_value_zero() -> None:
    eq = solve_zero_sum(ROCK_PAPER_SCISSORS)
    np.testing.assert_allclose(eq.row, THIRD, atol=1e-12)
    np.testing.assert_allclose(eq.col, THIRD, atol=1e-12)
    assert eq.value == pytest.approx(0.0, abs=1e-12)
    assert eq.exploitability(ROCK_PAPER_SCISSORS) == pytest.approx(0.0, abs=1e-12)


def test_matching_pennies_equilibrium_is_fifty_fifty() -> None:
    eq = solve_zero_sum(MATCHING_PENNIES)
    np.testing.assert_allclose(eq.row, [0.5, 0.5])
    np.testing.assert_allclose(eq.col, [0.5, 0.5])
    assert eq.value == pytest.approx(0.0, abs=1e-12)


def test_asymmetric_2x2_game_matches_textbook_formula() -> None:
    game = np.array([[3, -1], [-2, 1]])
    eq = solve_zero_sum(game)
    # By hand: row plays (3/7, 4/7), column plays (2/7, 5/7), value 1/7.
    np.testing.assert_allclose(eq.row, [3 / 7, 4 / 7])
    np.testing.assert_allclose(eq.col, [2 / 7, 5 / 7])
    assert eq.value == pytest.approx(1 / 7)


def test_saddle_point_game_returns_pure_strategies() -> None:
    # Row minima (2, 0, 1) peak at row 0; column maxima (4, 2, 5) bottom out at column 1.
    game = np.array([[4, 2, 3], [1, 0, 5], [3, 1, 2]])
    eq = solve_zero_sum(game)
    np.testing.assert_array_equal(eq.row, [1, 0, 0])
    np.testing.assert_array_equal(eq.col, [0, 1, 0])
    assert eq.value == 2
    np.testing.assert_array_equal(pure_equilibria(game), [[0, 1]])


def test_strictly_dominated_row_gets_zero_weight() -> None:
    # "Fold" loses more than rock against every column, so it should never be played.
    game = np.vstack([ROCK_PAPER_SCISSORS, [-1, -2, -2]])
    eq = solve_zero_sum(game)
    assert eq.row[3] == 0.0
    np.testing.assert_allclose(eq.row[:3], THIRD, atol=1e-12)
    np.testing.assert_allclose(eq.col, THIRD, atol=1e-12)
    assert eq.value == pytest.approx(0.0, abs=1e-12)


def test_dominated_column_gets_zero_weight() -> None:
    # Column 2 always gives the row player more than column 0, so the column player avoids it.
    game = np.array([[3, -1, 4], [-2, 1, -1]])
    eq = solve_zero_sum(game)
    assert eq.col[2] == 0.0
    np.testing.assert_allclose(eq.col[:2], [2 / 7, 5 / 7])
    assert eq.value == pytest.approx(1 / 7)


def test_degenerate_game_gives_the_same_valid_equilibrium_every_time() -> None:
    # Every pair of mixes is optimal in a constant game; the answer must still be stable.
    game = np.full((3, 4), 2.0)
    first = solve_zero_sum(game)
    second = solve_zero_sum(game.copy())
    np.testing.assert_array_equal(first.row, second.row)
    np.testing.assert_array_equal(first.col, second.col)
    np.testing.assert_array_equal(first.row, [1, 0, 0])
    np.testing.assert_array_equal(first.col, [1, 0, 0, 0])
    assert first.value == 2.0


def test_weakly_dominated_degenerate_game_still_has_zero_exploitability() -> None:
    # Rows 0 and 1 tie against column 0, and column 1 is never better for the column player.
    game = np.array([[1.0, 1.0], [1.0, 0.0], [0.0, 2.0]])
    eq = solve_zero_sum(game)
    assert exploitability(game, eq.row, eq.col) == pytest.approx(0.0, abs=1e-12)
    assert eq.value == pytest.approx(1.0)


def test_one_by_one_game_is_its_only_entry() -> None:
    eq = solve_zero_sum([[-3.5]])
    np.testing.assert_array_equal(eq.row, [1.0])
    assert eq.value == -3.5


# Speed of these solves is measured in benchmarks/probability_speed.py, never asserted here.
def test_guessing_game_on_eight_numbers_uses_full_support() -> None:
    # Row wins 1 if it guesses the column's number: both mix uniformly, value 1/8.
    eq = solve_zero_sum(np.eye(8))
    np.testing.assert_allclose(eq.row, np.full(8, 1 / 8))
    np.testing.assert_allclose(eq.col, np.full(8, 1 / 8))
    assert eq.value == pytest.approx(1 / 8)


def test_random_8x8_games_solve_to_unexploitable_equilibria() -> None:
    rng = np.random.default_rng(2024)
    for _ in range(10):
        game = rng.normal(size=(8, 8))
        eq = solve_zero_sum(game)
        assert exploitability(game, eq.row, eq.col) < 1e-9
        assert eq.row.sum() == pytest.approx(1.0) and eq.col.sum() == pytest.approx(1.0)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    integer_payoffs=st.booleans(),
    shape=st.sampled_from([(4, 4), (3, 5), (5, 2)]),
)
def test_equilibrium_of_random_game_is_unexploitable(
    seed: int, integer_payoffs: bool, shape: tuple[int, int]
) -> None:
    rng = np.random.default_rng(seed)
    # Small integers make many ties and degenerate games; normals make generic games.
    game = rng.integers(-3, 4, size=shape) if integer_payoffs else rng.normal(size=shape)
    eq = solve_zero_sum(game)

    assert np.all(eq.row >= 0) and eq.row.sum() == pytest.approx(1.0)
    assert np.all(eq.col >= 0) and eq.col.sum() == pytest.approx(1.0)
    assert eq.value == pytest.approx(float(eq.row @ game @ eq.col), abs=1e-9)
    # Independent checks: row guarantees v against every column, column concedes at most v.
    assert (eq.row @ game).min() >= eq.value - 1e-9
    assert (game @ eq.col).max() <= eq.value + 1e-9
    assert game.min(axis=1).max() - 1e-9 <= eq.value <= game.max(axis=0).min() + 1e-9
    assert exploitability(game, eq.row, eq.col) < 1e-9


@settings(max_examples=100, deadline=None, derandomize=True)
@given(entries=st.lists(st.integers(-9, 9), min_size=4, max_size=4))
def test_random_2x2_games_without_saddle_point_match_closed_form(entries: list[int]) -> None:
    game = np.array(entries, dtype=float).reshape(2, 2)
    if has_saddle_point(game):
        return
    row, col, value = mixed_2x2_solution(game)
    eq = solve_zero_sum(game)
    np.testing.assert_allclose(eq.row, row, atol=1e-12)
    np.testing.assert_allclose(eq.col, col, atol=1e-12)
    assert eq.value == pytest.approx(value)


def test_value_scales_and_shifts_with_the_payoffs() -> None:
    game = np.array([[2.0, -1.0, 0.5], [-3.0, 4.0, 1.0], [0.0, 1.0, -2.0]])
    base = solve_zero_sum(game).value
    assert solve_zero_sum(3 * game + 5).value == pytest.approx(3 * base + 5)
    # Swapping roles: the column player's game is -A transposed, whose value is -v.
    assert solve_zero_sum(-game.T).value == pytest.approx(-base)


def test_equilibrium_arrays_cannot_be_modified() -> None:
    eq = solve_zero_sum(MATCHING_PENNIES)
    with pytest.raises(ValueError):
        eq.row[0] = 1.0
    assert isinstance(eq, Equilibrium)


def test_best_responses_to_rock_is_paper_only() -> None:
    np.testing.assert_array_equal(best_responses(ROCK_PAPER_SCISSORS, [1, 0, 0]), [1])


def test_best_responses_to_uniform_mix_are_all_ties() -> None:
    np.testing.assert_array_equal(best_responses(ROCK_PAPER_SCISSORS, THIRD), [0, 1, 2])


def test_best_responses_of_column_player_use_negated_transpose() -> None:
    # Row always plays rock: the column player (who gets -A) should answer paper.
    np.testing.assert_array_equal(best_responses(-ROCK_PAPER_SCISSORS.T, [1, 0, 0]), [1])


def test_best_responses_tolerance_decides_near_ties() -> None:
    game = np.array([[1.0], [1.0 - 1e-12], [0.9]])
    np.testing.assert_array_equal(best_responses(game, [1.0]), [0, 1])
    np.testing.assert_array_equal(best_responses(game, [1.0], tol=0.0), [0])
    np.testing.assert_array_equal(best_responses(game, [1.0], tol=0.2), [0, 1, 2])


def test_expected_payoff_matches_explicit_double_sum() -> None:
    game = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])
    row, col = np.array([0.25, 0.75]), np.array([0.2, 0.3, 0.5])
    by_hand = sum(row[i] * col[j] * game[i, j] for i in range(2) for j in range(3))
    assert expected_payoff(game, row, col) == pytest.approx(by_hand)


def test_exploitability_of_rock_against_rock_is_two() -> None:
    # Row could gain 1 by switching to paper; column could gain 1 the same way.
    assert exploitability(ROCK_PAPER_SCISSORS, [1, 0, 0], [1, 0, 0]) == pytest.approx(2.0)


def test_prisoners_dilemma_pure_equilibrium_is_mutual_defection() -> None:
    row = np.array([[-1, -3], [0, -2]])  # strategies: cooperate, defect
    np.testing.assert_array_equal(pure_equilibria(row, row.T), [[1, 1]])
    assert exploitability(row, [0, 1], [0, 1], col_payoff=row.T) == pytest.approx(0.0)
    assert exploitability(row, [1, 0], [1, 0], col_payoff=row.T) == pytest.approx(2.0)


def test_fictitious_play_exploitability_shrinks_toward_zero_on_rock_paper_scissors() -> None:
    trace = fictitious_play(ROCK_PAPER_SCISSORS, 20_000, record_every=100)
    tenth = trace.steps.size // 10
    assert trace.exploitability[:tenth].mean() > 3 * trace.exploitability[-tenth:].mean()
    assert trace.exploitability[-1] < 0.02
    np.testing.assert_allclose(trace.row_mix[-1], THIRD, atol=0.01)
    np.testing.assert_allclose(trace.col_mix[-1], THIRD, atol=0.01)


def test_fictitious_play_approaches_the_exact_equilibrium() -> None:
    game = np.array([[3, -1], [-2, 1]])
    trace = fictitious_play(game, 20_000)
    np.testing.assert_allclose(trace.row_mix[-1], [3 / 7, 4 / 7], atol=0.01)
    np.testing.assert_allclose(trace.col_mix[-1], [2 / 7, 5 / 7], atol=0.01)
    assert trace.value[-1] == pytest.approx(1 / 7, abs=0.01)


def test_fictitious_play_trace_matches_replayed_moves() -> None:
    # Recompute the first few rounds by hand: best responses to the opponent's history.
    game = np.array([[2.0, -1.0, 0.0], [-1.0, 1.0, 0.5], [0.0, 0.0, -0.5]])
    trace = fictitious_play(game, 6)
    row_counts, col_counts = np.zeros(3), np.zeros(3)
    row_move = int(np.argmax(game.mean(axis=1)))
    col_move = int(np.argmax(-game.mean(axis=0)))
    for step in range(6):
        row_counts[row_move] += 1
        col_counts[col_move] += 1
        np.testing.assert_allclose(trace.row_mix[step], row_counts / (step + 1))
        np.testing.assert_allclose(trace.col_mix[step], col_counts / (step + 1))
        row_move = int(np.argmax(game @ col_counts))
        col_move = int(np.argmax(-(row_counts @ game)))


def test_fictitious_play_is_deterministic_and_records_last_step() -> None:
    first = fictitious_play(ROCK_PAPER_SCISSORS, 1_001, record_every=100)
    second = fictitious_play(ROCK_PAPER_SCISSORS, 1_001, record_every=100)
    np.testing.assert_array_equal(first.steps, [*range(100, 1_001, 100), 1_001])
    np.testing.assert_array_equal(first.row_mix, second.row_mix)
    np.testing.assert_array_equal(first.exploitability, second.exploitability)
    assert first.row_mix.shape == (11, 3) and first.col_mix.shape == (11, 3)
    np.testing.assert_allclose(first.row_mix.sum(axis=1), 1.0)
    expected = [
        exploitability(ROCK_PAPER_SCISSORS, r, c)
        for r, c in zip(first.row_mix, first.col_mix, strict=True)
    ]
    np.testing.assert_allclose(first.exploitability, expected, atol=1e-12)


def test_fictitious_play_ten_thousand_rounds_on_4x4_nears_the_exact_value() -> None:
    # Speed is measured in benchmarks/probability_speed.py; here only what the run computes.
    game = np.random.default_rng(7).normal(size=(4, 4))
    trace = fictitious_play(game, 10_000)
    np.testing.assert_array_equal(trace.steps, np.arange(1, 10_001))
    assert trace.exploitability[-1] < 0.03
    assert trace.value[-1] == pytest.approx(solve_zero_sum(game).value, abs=0.01)


@pytest.mark.parametrize(
    ("payoff", "message"),
    [
        ([1, 2, 3], "2-D matrix"),
        (np.zeros((2, 2, 2)), "2-D matrix"),
        (np.zeros((0, 3)), "at least 1 row and 1 column"),
        ([[1.0, np.nan], [0.0, 1.0]], "finite"),
        ([[1.0, np.inf], [0.0, 1.0]], "finite"),
    ],
)
def test_bad_payoff_matrix_is_rejected(payoff: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve_zero_sum(payoff)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mix", "message"),
    [
        ([0.5, 0.5], r"1-D array of 3 probabilities"),
        ([[1, 0, 0]], r"1-D array of 3 probabilities"),
        ([0.33, 0.33, 0.33], r"sum to 1"),
        ([1.5, -0.5, 0.0], r"in \[0, 1\]"),
        ([np.nan, 0.5, 0.5], r"in \[0, 1\]"),
    ],
)
def test_bad_mix_is_rejected_with_allowed_range(mix: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        expected_payoff(ROCK_PAPER_SCISSORS, mix, THIRD)  # type: ignore[arg-type]


def test_mismatched_column_payoff_shape_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"same shape as payoff \(2, 2\)"):
        exploitability(MATCHING_PENNIES, [1, 0], [1, 0], col_payoff=np.zeros((3, 2)))


@pytest.mark.parametrize(
    ("iterations", "record_every"), [(0, 1), (10, 0), (2.5, 1), (True, 1), (10, -3)]
)
def test_fictitious_play_counts_must_be_positive_integers(
    iterations: object, record_every: object
) -> None:
    with pytest.raises(ValueError, match="integer >= 1"):
        fictitious_play(MATCHING_PENNIES, iterations, record_every)  # type: ignore[arg-type]


def test_negative_tolerance_is_rejected() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        best_responses(MATCHING_PENNIES, [0.5, 0.5], tol=-1.0)
