"""The search bot's strength: its win share against each game's heuristic bot. Not a test.

For each engine and player count (2 and 3 by default): one search bot and heuristic bots
in the other seats, every deal played once per rotation of the seats (duplicate style,
`village_games.bots.tournament`), on the local process pool. Reported: the search bot's
win share, its 95% Wilson interval and the fair share (1 / players); the target is a low
end above the fair share. A shared win counts a part (the interval is widened both ways).
Progress is printed after every deal, and each finished case is written at once. Also
reported: the search bot's score less the best other seat's, averaged per deal, with its
95% t interval over the deals (SciPy), which tells more per game than wins alone.

    .venv/bin/python benchmarks/search_strength.py [--game villagers] [--players 2 3]
        [--games 30] [--iterations 1000] [--rollout N|none] [--guide 0.5] [--widen 0.5]
        [--seed 1]
        [--out benchmarks/results/search_strength.json]

Results accumulate in benchmarks/results/search_strength.json (one row per case, newest
last; a case run again replaces its row); its "combined" part adds up the rows of the
same case played from other seeds (other deals), with the interval of the total and
the score margin over all their deals.
`--summary` prints that table without playing.

Head to head, `--against ARGS`: the other seats hold search bots made with these keyword
arguments (JSON) instead of the heuristic bot, and `--bot ARGS` makes the bot measured
(default: `SearchBot()`, the default budget). The old default against the new, for
instance (the old bot played its random play-outs to the end everywhere but Village
Pillage and Villages, and spent its whole budget on every decision):

    .venv/bin/python benchmarks/search_strength.py --game villagers --players 2 3 \
        --games 60 --against '{"iterations": 1000, "rollout": null, "settle": false}'

A head-to-head row goes to benchmarks/results/search_head_to_head.json (unless `--out`
says otherwise) and names both bots' arguments.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scipy.stats import ttest_1samp  # noqa: E402

from village_games.bots import SearchBot  # noqa: E402
from village_games.bots.lineups import ENGINES, HEURISTIC  # noqa: E402
from village_games.bots.search_bot import DEFAULT_ITERATIONS  # noqa: E402
from village_games.bots.search_values import SearchSettings, settings_for  # noqa: E402
from village_games.bots.tournament import MatchRun  # noqa: E402
from village_games.probability.intervals import (  # noqa: E402
    GroupMean,
    credit_interval,
    pooled_mean_interval,
    sd_from_mean_interval,
)

RESULTS = ROOT / "benchmarks" / "results" / "search_strength.json"
HEAD_TO_HEAD = ROOT / "benchmarks" / "results" / "search_head_to_head.json"


def run_case(engine: str, players: int, games: int, seed: int, bot_args: dict,
             against: dict | None = None, out: Path | None = None) -> dict:
    """Play the case and save its row in `out`; a head-to-head row is saved after every
    deal, so that a case stopped early keeps the deals it finished."""
    module = importlib.import_module(f"village_games.{engine}")
    other = HEURISTIC[engine] if against is None else functools.partial(SearchBot, **against)
    lineup = [functools.partial(SearchBot, **bot_args)] + [other] * (players - 1)
    t0 = time.perf_counter()
    records: list = []
    with MatchRun(lineup, games, players, seed, new_game=module.new_game) as run:
        while not run.done:
            records += run.collect(timeout=None)
            if records:
                row = case_row(engine, players, seed, bot_args, against, records,
                               time.perf_counter() - t0, done=run.done)
                lo, hi = row["interval_95"]
                print(f"  {engine} {players}p: {row['search_wins']:g}/{row['games']} = "
                      f"{row['win_share']:.1%} [{lo:.1%}, {hi:.1%}], score margin "
                      f"{row['margin']['mean']:+.2f} {row['margin']['interval_95']} "
                      f"{row['seconds']:.0f} s", flush=True)
                if out is not None and row["complete_rotations"] and (
                        against is not None or run.done):
                    save(row, out)
    return row


def case_row(engine: str, players: int, seed: int, bot_args: dict, against: dict | None,
             records: list, seconds: float, done: bool) -> dict:
    """The case's row from the games played so far: the measured bot (lineup slot 0) wins
    credit, and its score less the best other seat's, averaged per deal (the deal's
    rotations cancel its luck), with SciPy's t interval over the deals."""
    wins = sum(rec.credit(rec.slots.index(0)) for rec in records)
    n = len(records)
    low, high = credit_interval(wins, n)
    by_deal: dict[int, list[float]] = {}
    for rec in records:
        me = rec.slots.index(0)
        others = [sc for s, sc in enumerate(rec.scores) if s != me]
        by_deal.setdefault(rec.deal, []).append(rec.scores[me] - max(others))
    deal_means = [sum(m) / len(m) for m in by_deal.values()]
    margin: dict = {"mean": round(sum(deal_means) / len(deal_means), 3), "deals": len(deal_means),
                    "interval_95": None}
    if len(deal_means) > 1:
        ci = ttest_1samp(deal_means, 0.0).confidence_interval(0.95)
        margin["interval_95"] = [round(float(ci.low), 3), round(float(ci.high), 3)]
    fair = 1 / players
    settings = settings_for(importlib.import_module(f"village_games.{engine}").INFO.name)
    rollout = bot_args.get("rollout", settings.rollout)
    return {"engine": engine, "players": players, "games": n, "seed": seed,
            "iterations": bot_args.get("iterations", DEFAULT_ITERATIONS),
            "rollout": "to the end" if rollout is None else rollout,
            "guide": bot_args.get("guide", settings.guide),
            "widen": bot_args.get("widen", settings.widen),
            **({} if against is None else {"bot": spelled_out(bot_args, settings),
                                           "against": spelled_out(against, settings)}),
            "search_wins": wins, "win_share": round(wins / n, 4),
            "interval_95": [round(low, 4), round(high, 4)], "fair_share": round(fair, 4),
            "beats_fair_share": low > fair, "margin": margin,
            "complete_rotations": n % players == 0, "finished": done,
            "decisions": sum(rec.decisions for rec in records),
            "seconds": round(seconds, 1),
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "load": round(os.getloadavg()[0], 2)}


def spelled_out(bot_args: dict, settings: SearchSettings) -> dict:
    """A head-to-head bot's arguments with the game's move budget filled in when they
    leave it to the default, so that a row says which budget was played and the same bot
    spelled `{}` or `{"moves_per_iteration": 32}` counts as one case."""
    if "moves_per_iteration" in bot_args or settings.moves_per_iteration is None:
        return bot_args
    return {**bot_args, "moves_per_iteration": settings.moves_per_iteration}


def combined_margin(rows: list[dict]) -> dict | None:
    """The score margin over all the rows' deals (pooled from each row's deals, mean and
    interval: the interval gives back the spread), or None when a row has fewer than two
    deals."""
    groups = []
    for r in rows:
        m = r.get("margin")
        if not m or m.get("interval_95") is None:
            return None
        groups.append(GroupMean(m["deals"], m["mean"],
                                sd_from_mean_interval(m["deals"], *m["interval_95"])))
    mean, low, high = pooled_mean_interval(groups)
    return {"mean": round(mean, 3), "deals": sum(g.n for g in groups),
            "interval_95": [round(low, 3), round(high, 3)]}


CASE = ("engine", "players", "iterations", "rollout", "guide", "widen", "bot", "against")


def case_key(r: dict, keys: tuple[str, ...] = CASE) -> tuple:
    return tuple(json.dumps(r.get(k), sort_keys=True) for k in keys)


def combined(rows: list[dict]) -> list[dict]:
    """The rows of each case (same settings, any seed) added up."""
    cases: dict[tuple, list[dict]] = {}
    for r in rows:
        cases.setdefault(case_key(r), []).append(r)
    out = []
    for same in cases.values():
        c = {**{k: same[0].get(k) for k in CASE}, "games": sum(r["games"] for r in same),
             "search_wins": float(sum(r["search_wins"] for r in same)),
             "seeds": [r["seed"] for r in same]}
        low, high = credit_interval(c["search_wins"], c["games"])
        fair = 1 / c["players"]
        out.append({**c, "win_share": round(c["search_wins"] / c["games"], 4),
                    "interval_95": [round(low, 4), round(high, 4)],
                    "fair_share": round(fair, 4), "beats_fair_share": low > fair,
                    "margin": combined_margin(same)})
    return sorted(out, key=lambda c: (c["engine"], c["players"]))


def save(row: dict, out: Path) -> None:
    rows = json.loads(out.read_text())["rows"] if out.exists() else []
    # (a head-to-head case's row is saved as it grows: one row per seed)
    key = (*CASE, "seed") if "against" in row else (*CASE, "seed", "games")
    rows = [r for r in rows if case_key(r, key) != case_key(row, key)]
    rows.append(row)
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"cpus": os.cpu_count(), "rows": rows,
                               "combined": combined(rows)}, indent=1) + "\n")


def print_summary(out: Path) -> None:
    rows = json.loads(out.read_text())["rows"]
    print("| game | players | iterations | against | games | search wins | win share "
          "| 95% interval | fair share | above it? |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---|")
    for c in combined(rows):
        lo, hi = c["interval_95"]
        against = "heuristic" if c.get("against") is None else json.dumps(c["against"])
        print(f"| {c['engine']} | {c['players']} | {c['iterations']} | {against} | "
              f"{c['games']} | {c['search_wins']:g} | {c['win_share']:.1%} | "
              f"{lo:.1%}–{hi:.1%} | {c['fair_share']:.1%} | "
              f"{'yes' if c['beats_fair_share'] else 'no'} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=ENGINES, action="append")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--rollout", default="game", help="moves after the tree: N, 'none' (to "
                    "the end) or 'game' (the game's setting)")
    ap.add_argument("--guide", type=float, default=None)
    ap.add_argument("--widen", type=float, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", type=json.loads, default=None,
                    help="the measured search bot's keyword arguments as JSON (instead of "
                    "--iterations, --rollout, --guide and --widen)")
    ap.add_argument("--against", type=json.loads, default=None,
                    help="search bots with these keyword arguments (JSON) in the other "
                    "seats, instead of the heuristic bot")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--summary", action="store_true", help="print the combined table only")
    args = ap.parse_args()
    if args.out is None:
        args.out = RESULTS if args.against is None else HEAD_TO_HEAD
    if args.summary:
        print_summary(args.out)
        return
    if args.bot is not None:
        run_all(args, args.bot)
        return
    bot_args: dict = {"iterations": args.iterations}
    if args.rollout != "game":
        bot_args["rollout"] = None if args.rollout == "none" else int(args.rollout)
    if args.guide is not None:
        bot_args["guide"] = args.guide
    if args.widen is not None:
        bot_args["widen"] = args.widen
    run_all(args, bot_args)


def run_all(args: argparse.Namespace, bot_args: dict) -> None:
    for engine in args.game or ENGINES:
        for players in args.players:
            games = args.games - args.games % players or players  # whole rotations
            row = run_case(engine, players, games, args.seed, bot_args, args.against,
                           args.out)
            lo, hi = row["interval_95"]
            print(f"{engine} {players}p: search {row['win_share']:.1%} [{lo:.1%}, {hi:.1%}] "
                  f"of {row['games']} games, fair {row['fair_share']:.1%}: "
                  f"{'above' if row['beats_fair_share'] else 'NOT above'} "
                  f"({row['seconds']:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
