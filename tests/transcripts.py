"""Pinned transcripts of seeded games, for any engine: write them, and check a replay.

Each file holds one whole game played by a seeded chooser (uniform among the legal
actions): its record (options, seed, actions), the log as the omniscient reader sees it,
each event's kind with its reveals/chance flags, the final state (`to_dict()` without
history and log) and the outcome. A check replays the stored actions with the engine's
`replay` and compares; any change in behaviour or wording shows up as a readable diff.

A game's tests hold a `TranscriptTool` (its engine module, folder and pinned games) and
run it as a module:

    .venv/bin/python -m tests.<game>.transcript_tool           # check, like the test
    .venv/bin/python -m tests.<game>.transcript_tool --update  # rewrite the files
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

SECTIONS = ("log", "events", "final_state", "outcome")


@dataclass(frozen=True)
class Spec:
    """One pinned game: player count, the game's seed, the chooser's seed and any other
    options of `new_game`."""

    name: str
    players: int
    seed: int
    chooser: int
    options: dict[str, Any] = field(default_factory=dict, hash=False)


def event_line(event: Any) -> str:
    flags = [f"+{flag}" for flag in ("reveals", "chance") if getattr(event, flag)]
    return " ".join([event.kind, *flags])


def sections(g: Any) -> dict[str, Any]:
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


def differences(recorded: dict[str, Any], now: dict[str, Any], name: str,
                context: int = 2, most: int = 30) -> list[str]:
    """One unified diff per section that changed."""
    problems = []
    for section in SECTIONS:
        if now[section] != recorded.get(section):
            want, got = _lines(recorded.get(section)), _lines(now[section])
            diff = list(difflib.unified_diff(want, got, f"{name} (recorded)", "replay now",
                                             lineterm="", n=context))[:most]
            problems.append(f"{section}: differs\n" + "\n".join(diff))
    return problems


class TranscriptTool:
    """The pinned games of one engine (`module` has `new_game` and `replay`)."""

    def __init__(self, module: ModuleType, folder: Path, games: Sequence[Spec],
                 update_command: str) -> None:
        self.module = module
        self.folder = folder
        self.games = tuple(games)
        self.update_command = update_command

    def path_for(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def transcript_paths(self) -> list[Path]:
        return sorted(self.folder.glob("*.json"))

    def play(self, spec: Spec) -> Any:
        """The game played afresh: a seeded chooser picks uniformly among legal actions."""
        g = self.module.new_game(players=spec.players, seed=spec.seed, **spec.options)
        rng = random.Random(spec.chooser)
        while not g.is_over():
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        return g

    def replay_problems(self, data: dict[str, Any], name: str) -> list[str]:
        try:
            g = self.module.replay(data["record"])
        except Exception as exc:  # an action the engine now refuses, a bad record...
            return [f"the stored actions no longer replay: {type(exc).__name__}: {exc}"]
        problems = [] if g.is_over() else ["the replay ends before the game does"]
        return problems + differences(data, sections(g), name)

    def check(self, data: dict[str, Any], name: str) -> None:
        problems = self.replay_problems(data, name)
        if problems:
            raise AssertionError(
                f"{name}: replaying the recorded actions no longer gives the pinned "
                "transcript.\n\n" + "\n\n".join(problems)
                + f"\n\nIf the change is intended, run `{self.update_command}`.")

    def write_all(self) -> None:
        self.folder.mkdir(exist_ok=True)
        for spec in self.games:
            g = self.play(spec)
            data = {"spec": {"players": spec.players, "seed": spec.seed,
                             "chooser": spec.chooser, **spec.options},
                    "record": g.record(), **sections(g)}
            self.path_for(spec.name).write_text(dumps(data), encoding="utf-8")
            print(f"wrote {self.path_for(spec.name).name}: "
                  f"{len(data['record']['actions'])} actions")

    def main(self, argv: Sequence[str] | None = None) -> int:
        ap = argparse.ArgumentParser(description="Check (or --update) the pinned transcripts.")
        ap.add_argument("--update", action="store_true", help="rewrite the transcript files")
        args = ap.parse_args(argv)
        if args.update:
            self.write_all()
            return 0
        bad = 0
        for path in self.transcript_paths():
            problems = self.replay_problems(load(path), path.name)
            bad += bool(problems)
            print(f"{path.name}: {'ok' if not problems else problems[0]}")
        return 1 if bad else 0
