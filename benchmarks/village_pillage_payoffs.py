"""Speed of the turnip-swing payoff tables (village_games.village_pillage.payoffs).

A measurement script, not a test. Prints how long the lesson's tables take to build:
the 4x4 starter matrix cold and cached, every card's row against the four types, a
24x4 matrix, solving the starter game, and whole EquilibriumBot duels.

    .venv/bin/python benchmarks/village_pillage_payoffs.py
"""

import time

from village_games.bots.equilibrium_bot import play_duels
from village_games.probability import solve_zero_sum
from village_games.village_pillage.cards import standard_deck
from village_games.village_pillage.payoffs import (
    STARTERS,
    Position,
    _matrix,
    _start,
    payoff_matrix,
    payoff_table,
    swing,
)


def clear() -> None:
    for fn in (_start, swing, _matrix):
        fn.cache_clear()


def timed(label: str, fn, repeat: int = 5) -> None:
    best = float("inf")
    for _ in range(repeat):
        clear()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    print(f"{label:<48} {best * 1000:8.2f} ms (best of {repeat}, cold cache)")


def main() -> None:
    standard_deck()
    cards = (*STARTERS, *standard_deck().market)
    timed("4x4 starter matrix", lambda: payoff_matrix(Position()))
    payoff_matrix(Position())
    t = time.perf_counter()
    for _ in range(1000):
        payoff_matrix(Position())
    per_call = (time.perf_counter() - t) * 1000  # 1000 calls: seconds * 1e6 / 1000
    print(f"{'4x4 starter matrix, cached':<48} {per_call:8.2f} us per call")
    timed("payoff_table for all 24 cards", lambda: [payoff_table(c) for c in cards])
    timed("24x4 matrix (every card vs starters)",
          lambda: payoff_matrix(Position(my_cards=cards)))
    a = payoff_matrix(Position())[2]
    t = time.perf_counter()
    for _ in range(100):
        solve_zero_sum(a)
    print(f"{'solve_zero_sum on the 4x4':<48} {(time.perf_counter() - t) * 10:8.2f} ms")
    t = time.perf_counter()
    play_duels(20, seed=1, relic_bonus=6)
    print(f"{'EquilibriumBot vs RandomBot, one whole duel':<48} "
          f"{(time.perf_counter() - t) / 20 * 1000:8.1f} ms (mean of 20)")


if __name__ == "__main__":
    main()
