"""How long VillagersBot takes per decision (the play app's target: under 300 ms), and how
strong it is: its win rate against random play per player count, and in the solo mode its
Gold against the Countess's and its wins, per mode.

    .venv/bin/python benchmarks/villagers_bot_speed.py [--games 12] [--solo-games 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

from bot_decision_speed import decision_ms  # noqa: E402

from village_games import villagers  # noqa: E402
from village_games.bots import RandomBot, VillagersBot  # noqa: E402
from village_games.bots.tournament import run_matches  # noqa: E402
from village_games.core.play import play  # noqa: E402


def solo_results(mode: str, games: int) -> str:
    """The bot's solo games in `mode`: mean Gold (its own and the Countess's) and wins."""
    mine, hers, wins = [], [], 0
    for seed in range(games):
        g = play(villagers.new_game(players=1, seed=seed, solo_mode=mode), [VillagersBot(seed)])
        mine.append(g.players[0].gold)
        hers.append(g.players[1].gold)
        wins += bool(g.outcome().winners)
    return (f"solo {mode}: Gold {statistics.mean(mine):.1f} against her "
            f"{statistics.mean(hers):.1f}; won {wins} of {games}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--solo-games", type=int, default=60)
    args = ap.parse_args()
    for mode in ("beginner", "normal", "hard"):
        print(solo_results(mode, args.solo_games), flush=True)
    for n in range(2, 6):
        ms = sorted(decision_ms(
            lambda seed, n=n: villagers.new_game(players=n, seed=seed), VillagersBot, n,
            range(args.games)))
        p90 = ms[int(0.9 * (len(ms) - 1))]
        res = run_matches([VillagersBot] + [RandomBot] * (n - 1), games=n * args.games,
                          players=n, seed=1, new_game=villagers.new_game)
        print(f"{n} players: decision median {statistics.median(ms):.3f} ms, p90 {p90:.3f} ms,"
              f" max {ms[-1]:.2f} ms (target < 300 ms); win rate vs random "
              f"{res.win_rate('Villagers'):.0%} (fair share {1 / n:.0%}, "
              f"{n * args.games} games)")


if __name__ == "__main__":
    main()
