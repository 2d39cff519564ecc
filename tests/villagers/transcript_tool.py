"""Pinned transcripts of seeded Villagers games: write them, and check a replay against them.

Each file in `transcripts/` holds one whole game played by a seeded random chooser: its
record (options, seed, actions), the log as the omniscient reader sees it, each event's
kind with its reveals/chance flags, the final state (`to_dict()` without history and
log) and the outcome. The test replays the stored actions with `villagers.replay` and
compares; any change in the engine's behaviour or wording shows up as a diff.

    .venv/bin/python -m tests.villagers.transcript_tool           # check, like the test
    .venv/bin/python -m tests.villagers.transcript_tool --update  # rewrite the files
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from village_games import villagers
from village_games.villagers import Villagers

HERE = Path(__file__).resolve().parent
TRANSCRIPTS = HERE / "transcripts"
UPDATE_COMMAND = ".venv/bin/python -m tests.villagers.transcript_tool --update"
SECTIONS = ("log", "events", "final_state", "outcome")


@dataclass(frozen=True)
class Spec:
    """One pinned game: player count, the game's seed and the chooser's seed."""

    name: str
    players: int
    seed: int
    chooser: int


GAMES = (
    Spec("two_players", 2, seed=21, chooser=1),
    Spec("three_players", 3, seed=22, chooser=2),
    Spec("four_players", 4, seed=23, chooser=3),
    Spec("five_players", 5, seed=24, chooser=4),
)


def path_for(name: str) -> Path:
    return TRANSCRIPTS / f"{name}.json"


def transcript_paths() -> list[Path]:
    return sorted(TRANSCRIPTS.glob("*.json"))


def play(spec: Spec) -> Villagers:
    """The game played afresh: a seeded chooser picks uniformly among legal actions."""
    g = villagers.new_game(players=spec.players, seed=spec.seed)
    rng = random.Random(spec.chooser)
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def event_line(event: Any) -> str:
    flags = [f"+{flag}" for flag in ("reveals", "chance") if getattr(event, flag)]
    return " ".join([event.kind, *flags])


def sections(g: Villagers) -> dict[str, Any]:
    state = {k: v for k, v in g.to_dict().items() if k not in ("history", "log")}
    outcome = g.outcome()
    return {"log": g.log_for(None, omniscient=True),
            "events": [event_line(e) for e in g.log],
            "final_state": json.loads(json.dumps(state)),
            "outcome": outcome.to_dict() if outcome is not None else None}


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _lines(value: Any) -> list[str]:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return value
    return dumps(value).splitlines()


def replay_problems(data: dict[str, Any], name: str) -> list[str]:
    try:
        g = villagers.replay(data["record"])
    except Exception as exc:  # an action the engine now refuses, a bad record...
        return [f"the stored actions no longer replay: {type(exc).__name__}: {exc}"]
    problems = []
    if not g.is_over():
        problems.append("the replay ends before the game does")
    now = sections(g)
    for section in SECTIONS:
        if now[section] != data.get(section):
            want, got = _lines(data.get(section)), _lines(now[section])
            diff = list(difflib.unified_diff(want, got, f"{name} (recorded)", "replay now",
                                             lineterm="", n=2))[:30]
            problems.append(f"{section}: differs\n" + "\n".join(diff))
    return problems


def check(data: dict[str, Any], name: str) -> None:
    problems = replay_problems(data, name)
    if problems:
        raise AssertionError(f"{name}: replaying the recorded actions no longer gives the "
                             "pinned transcript.\n\n" + "\n\n".join(problems)
                             + f"\n\nIf the change is intended, run `{UPDATE_COMMAND}`.")


def write_all() -> None:
    TRANSCRIPTS.mkdir(exist_ok=True)
    for spec in GAMES:
        g = play(spec)
        data = {"spec": {"players": spec.players, "seed": spec.seed, "chooser": spec.chooser},
                "record": g.record(), **sections(g)}
        path_for(spec.name).write_text(dumps(data), encoding="utf-8")
        print(f"wrote {path_for(spec.name).name}: {len(data['record']['actions'])} actions")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="rewrite the transcript files")
    args = ap.parse_args()
    if args.update:
        write_all()
        return 0
    bad = 0
    for path in transcript_paths():
        problems = replay_problems(load(path), path.name)
        bad += bool(problems)
        print(f"{path.name}: {'ok' if not problems else problems[0]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
