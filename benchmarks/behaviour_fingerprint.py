"""Behaviour fingerprints: did a speed change leave every game exactly as it was? Not a test.

For each engine mode and player count (the cases of `random_play_speed.py`), plays many
seeded games with a seeded chooser that picks uniformly among the legal actions, and
hashes, per game, every legal-action list offered, every move, the final state
(`to_dict()`), the outcome and, in logged games, the log. One digest per case: an
optimisation that changes nothing a player could see leaves every digest alone.

    .venv/bin/python benchmarks/behaviour_fingerprint.py --game villagers --save before.json
    ... change the engine ...
    .venv/bin/python benchmarks/behaviour_fingerprint.py --game villagers --compare before.json

`--games` per case (default 200; every 10th game is also played logged, the rest as quiet
search copies). Exit status 1 when a compared digest differs.

`--split` keeps the log apart: one digest per case for the play (legal lists, moves, end
state, outcome: every game) and one, keyed "... | log", for the logged games' events as
they read (kind, text, secret text, flags, data). A change of wording then leaves the
play digests alone, and a change of rules shows in both. (Save and compare with the same
choice of `--split`.)
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from random_play_speed import CASES  # noqa: E402

LOGGED_EVERY = 10
# modes the speed benchmark leaves out but a change could still break
EXTRA_CASES = (
    ("villagers", "solo beginner", {"solo_mode": "beginner"}, (1,)),
    ("villagers", "solo hard", {"solo_mode": "hard"}, (1,)),
    ("villagers", "Scoundrels", {"expansions": ("scoundrels",)}, None),
    ("villages", "locations", {"locations": True}, None),
)


_ADDRESS = re.compile(r" at 0x[0-9a-f]+")  # a function's repr differs from run to run


def game_digest(module, players: int, seed: int, options: dict, logged: bool,
                split: bool = False) -> str | tuple[str, str]:
    """Hash of one seeded game: every legal list, every move, the end state and outcome
    (with `split`: that, and apart from it the hash of the log as it reads)."""
    rnd = random.Random(seed * 7919 + players)
    g = module.new_game(players=players, seed=seed, **options)
    if not logged:
        g = g.clone(keep_log=False)
    h = hashlib.sha256()
    while not g.is_over():
        p = g.to_act()[0]
        acts = g.legal_actions(p)
        h.update(repr((p, list(acts))).encode())
        g.apply(p, acts[rnd.randrange(len(acts))])
    state = g.to_dict()
    if not logged:
        state.pop("history", None), state.pop("log", None)
    elif split:
        state.pop("log", None)  # (hashed apart, as it reads)
    h.update(json.dumps(state, sort_keys=True, default=repr).encode())
    h.update(repr(g.outcome()).encode())
    if split:
        log = hashlib.sha256()
        for e in g.log if logged else ():
            log.update(json.dumps([e.kind, e.text, e.secret_text, list(e.secret_for),
                                   e.reveals, e.chance, e.data], sort_keys=True,
                                  default=repr).encode())
        return h.hexdigest(), log.hexdigest()
    if logged:
        h.update(_ADDRESS.sub("", repr(list(g.log))).encode())
    return h.hexdigest()


def fingerprints(game: str | None, mode: str | None, games: int,
                 split: bool = False) -> dict[str, str]:
    out = {}
    for name, label, options, counts in CASES + EXTRA_CASES:
        if (game and name != game) or (mode is not None and label != mode):
            continue
        module = importlib.import_module(f"village_games.{name}")
        info = module.new_game(players=(counts or (2,))[0], seed=0, **options).info
        for players in counts or range(max(2, info.min_players), info.max_players + 1):
            h, log = hashlib.sha256(), hashlib.sha256()
            for seed in range(games):
                got = game_digest(module, players, seed, options, seed % LOGGED_EVERY == 0,
                                  split)
                play, text = got if isinstance(got, tuple) else (got, "")
                h.update(play.encode())
                log.update(text.encode())
            key = f"{name} | {label or 'base'} | {players}"
            out[key] = h.hexdigest()[:16]
            print(key, out[key], flush=True)
            if split:
                out[f"{key} | log"] = log.hexdigest()[:16]
                print(f"{key} | log", out[f"{key} | log"], flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted({c[0] for c in CASES}))
    parser.add_argument("--mode", help="only this mode label ('' for the base game)")
    parser.add_argument("--games", type=int, default=200, help="seeded games per case")
    parser.add_argument("--split", action="store_true",
                        help="a play digest and a log digest per case (see above)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--save", type=Path, help="write the digests here")
    group.add_argument("--compare", type=Path, help="compare with digests saved earlier")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    saved = None
    if args.compare:  # (read before playing: a bad file is refused at once)
        try:
            saved = json.loads(args.compare.read_text())
            saved_games, digests = int(saved["games"]), dict(saved["digests"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            parser.error(f"{args.compare} is not a file saved with --save: {exc}")
        if saved_games != args.games:
            parser.error(f"{args.compare} holds {saved_games} games per case, not "
                         f"{args.games}: pass --games {saved_games}")
        if bool(saved.get("split")) != args.split:
            parser.error(f"{args.compare} was saved {'with' if saved.get('split') else 'without'}"
                         " --split: compare the same way")
    got = fingerprints(args.game, args.mode, args.games, args.split)
    if args.save:
        args.save.write_text(json.dumps({"games": args.games, "split": args.split,
                                         "digests": got}, indent=1))
    if saved is not None:
        differ = [k for k, v in got.items() if digests.get(k, v) != v]
        print("SAME" if not differ else "DIFFERENT: " + "; ".join(differ))
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
