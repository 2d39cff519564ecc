"""Exact answers and Monte Carlo estimates for two-player simultaneous games, for lessons.

Pure Python + numpy, no plotting or widget imports, so apps and tests can both use it.
"""

from village_games.probability.draws import chance_seen
from village_games.probability.exact import Distribution, convolve, payoff_distribution
from village_games.probability.matrix_game import (
    Equilibrium,
    FictitiousPlayTrace,
    best_responses,
    expected_payoff,
    exploitability,
    fictitious_play,
    pure_equilibria,
    solve_zero_sum,
)
from village_games.probability.monte_carlo import (
    Estimate,
    estimate,
    in_batches,
    running_mean_with_ci,
    sample_matches,
)

__all__ = [
    "Distribution",
    "Equilibrium",
    "Estimate",
    "FictitiousPlayTrace",
    "best_responses",
    "chance_seen",
    "convolve",
    "estimate",
    "expected_payoff",
    "exploitability",
    "fictitious_play",
    "in_batches",
    "payoff_distribution",
    "pure_equilibria",
    "running_mean_with_ci",
    "sample_matches",
    "solve_zero_sum",
]
