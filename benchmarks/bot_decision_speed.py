"""How long the Villages and Villagers & Villains bots take per decision, against the
apps' budget of 300 ms per bot decision. Not a test (timing lives here, not in tests/).

The games the bots' tests play for legality and determinism: Villages with three bots
(seeds 0 to 3 and 4), Villagers & Villains with four bots and every option (advanced,
ordinance, Pony Express). Prints the median, the 90th percentile and the slowest decision
per engine; exit status 1 when the slowest is over the budget.

    .venv/bin/python benchmarks/bot_decision_speed.py [--games 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from village_games import villagers_and_villains as vv  # noqa: E402
from village_games import villages  # noqa: E402
from village_games.bots import VillagersAndVillainsBot, VillagesBot  # noqa: E402
from village_games.core import SeatView  # noqa: E402

BUDGET_MS = 300.0


def decision_ms(new_game: Callable[[int], Any], bot: type, players: int,
                seeds: range) -> list[float]:
    """Milliseconds per bot decision over whole bot-only games."""
    times: list[float] = []
    for seed in seeds:
        g = new_game(seed)
        bots = [bot(seed=s) for s in range(players)]
        while not g.is_over():
            p = g.to_act()[0]
            t = time.perf_counter()
            action = bots[p].act(SeatView(g, p))
            times.append((time.perf_counter() - t) * 1000)
            g.apply(p, action)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=3, help="games per engine (seeds from 4)")
    args = ap.parse_args()
    seeds = range(4, 4 + args.games)
    cases = {
        "villages, 3 bots": (lambda s: villages.new_game(players=3, seed=s), VillagesBot, 3),
        "villagers_and_villains, 4 bots, every option": (
            lambda s: vv.new_game(players=4, seed=s, advanced=True, ordinance=True,
                                  pony_express=True), VillagersAndVillainsBot, 4),
    }
    over = False
    for name, (new_game, bot, players) in cases.items():
        ms = sorted(decision_ms(new_game, bot, players, seeds))
        p90 = ms[int(0.9 * (len(ms) - 1))]
        over |= ms[-1] > BUDGET_MS
        print(f"{name}: {len(ms)} decisions, median {statistics.median(ms):.3f} ms, "
              f"p90 {p90:.3f} ms, slowest {ms[-1]:.2f} ms (budget {BUDGET_MS:.0f} ms)")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
