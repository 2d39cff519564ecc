"""Pinned transcripts of seeded games, for any engine: write them, and check a replay.

Each file holds one whole game: its record (options, seed, actions), the log as the
omniscient reader sees it, each event's kind with its reveals/chance flags, the final
state (`to_dict()` without history and log) and the outcome. A check replays the stored
actions with the engine's `replay` (no chooser or bot involved) and compares; any change
in behaviour or wording shows up as a readable diff.

A game's tests hold a `TranscriptTool` (its engine module, folder and pinned games) and
run it as a module:

    .venv/bin/python -m tests.<game>.transcript_tool                  # check, like the test
    .venv/bin/python -m tests.<game>.transcript_tool --update         # rewrite the files
    .venv/bin/python -m tests.<game>.transcript_tool --update --fresh

`--update` keeps each file's stored actions when they still replay to the end of a game
(so the git diff shows only what the engine now does differently); otherwise, or with
`--fresh`, the game is played again from its seed: by a seeded chooser that picks
uniformly among the legal actions, or by the seeded bots of the spec's lineup.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

SECTIONS = ("log", "events", "final_state", "outcome")
CONTEXT = 3  # lines of context around the first difference
MAX_DIFF_LINES = 40


@dataclass(frozen=True)
class Spec:
    """One pinned game: player count, the game's seed, other `new_game` options, and who
    plays it: a chooser seeded with `chooser`, or the bots of `lineup` ((class name in
    `village_games.bots`, bot seed) per seat), described in words."""

    name: str
    players: int
    seed: int
    chooser: int = 0
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    lineup: tuple[tuple[str, int], ...] = ()
    description: str = ""

    def header(self) -> dict[str, Any]:
        """What the file says about how the game was played."""
        if self.lineup:
            return {"description": self.description,
                    "lineup": [f"{cls}(seed={seed})" for cls, seed in self.lineup]}
        return {"spec": {"players": self.players, "seed": self.seed, "chooser": self.chooser,
                         **self.options}}


# --- the compared sections ----------------------------------------------------------------
def event_line(event: Any) -> str:
    """An event's kind and flags on one line, e.g. "reveal +reveals" or "buy +chance"."""
    flags = [f"+{flag}" for flag in ("reveals", "chance") if getattr(event, flag)]
    return " ".join([event.kind, *flags])


def sections(game: Any) -> dict[str, Any]:
    """What a transcript pins about a finished game, besides its record."""
    state = {k: v for k, v in game.to_dict().items() if k not in ("history", "log")}
    outcome = game.outcome()
    return {"log": game.log_for(None, omniscient=True),
            "events": [event_line(e) for e in game.log],
            "final_state": json.loads(json.dumps(state)),
            "outcome": json.loads(json.dumps(outcome.to_dict())) if outcome is not None
            else None}


def dumps(data: dict[str, Any]) -> str:
    """Pretty and stable, so git diffs read well."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def mutated(data: dict[str, Any], section: str, index: int = 0) -> dict[str, Any]:
    """A copy of a transcript with one thing changed (for tests that the check can fail)."""
    out = copy.deepcopy(data)
    if section in ("log", "events"):
        out[section][index] += " (changed)"
    elif section == "final_state":
        out[section]["round"] += 1
    elif section == "outcome":
        out[section]["scores"][0] += 1
    else:
        raise ValueError(f"unknown section {section!r}")
    return out


# --- checking -----------------------------------------------------------------------------
def _as_lines(value: Any) -> list[str]:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return value
    return dumps(value).splitlines()


def first_difference(expected: list[str], actual: list[str]) -> int:
    for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if a != b:
            return i
    return min(len(expected), len(actual))


def describe_difference(section: str, expected: Any, actual: Any, name: str) -> str:
    """The first differing lines of one section as a unified diff, with line numbers."""
    want, got = _as_lines(expected), _as_lines(actual)
    i = first_difference(want, got)
    diff = list(difflib.unified_diff(want, got, fromfile=f"{name} (recorded)",
                                     tofile="replay now", lineterm="", n=CONTEXT))
    hunks = [k for k, line in enumerate(diff) if line.startswith("@@")]
    more = len(hunks) - 1
    if more > 0:  # the first hunk only: later ones usually follow from the first change
        diff = diff[:hunks[1]] + [f"... and {more} more differing stretch(es) in {section}"]
    if len(diff) > MAX_DIFF_LINES:
        diff = diff[:MAX_DIFF_LINES] + ["..."]
    head = (f"{section}: differs, first at line {i + 1} "
            f"(recorded {len(want)} lines, replay {len(got)})")
    return "\n".join([head, *diff])


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

    def new_game(self, spec: Spec) -> Any:
        return self.module.new_game(players=spec.players, seed=spec.seed, **spec.options)

    def play(self, spec: Spec) -> Any:
        """The game played afresh from its seed, by the spec's bots or seeded chooser."""
        g = self.new_game(spec)
        if spec.lineup:
            from village_games import bots
            from village_games.core.play import play
            return play(g, [getattr(bots, cls)(seed=seed) for cls, seed in spec.lineup])
        rng = random.Random(spec.chooser)
        while not g.is_over():
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        return g

    # --- checking
    def replay_problems(self, data: dict[str, Any], name: str) -> list[str]:
        """Every way the replay of `data["record"]` differs from the stored transcript."""
        record = data["record"]
        try:
            g = self.module.replay(record)
        except Exception as exc:  # an action the engine now refuses, a bad record...
            return [f"the stored actions no longer replay: {type(exc).__name__}: {exc}"
                    f"{self._failing_action(record)}"]
        problems = [] if g.is_over() else [
            f"the replay ends before the game does (after {len(record['actions'])} actions, "
            f"{g.to_act()} still to act)"]
        now = sections(g)
        return problems + [describe_difference(s, data.get(s), now[s], name)
                           for s in SECTIONS if now[s] != data.get(s)]

    def _failing_action(self, record: dict[str, Any]) -> str:
        """Which stored action fails, and the last log lines before it (diagnosis only)."""
        try:
            g = self.module.new_game(seed=record["seed"], **record["options"])
        except Exception:
            return ""
        for k, (player, action) in enumerate(record["actions"]):
            try:
                g.apply(int(player), action)
            except Exception:
                tail = "\n    ".join(g.log_for(None, omniscient=True)[-5:])
                return (f"\n  action {k + 1} of {len(record['actions'])}: seat {player} "
                        f"plays {action}\n  last log lines before it:\n    {tail}")
        return ""

    def check(self, data: dict[str, Any], name: str) -> None:
        """Raise AssertionError with a readable diff when the replay differs from `data`."""
        problems = self.replay_problems(data, name)
        if problems:
            raise AssertionError(
                f"{name}: replaying the recorded actions no longer gives the pinned "
                "transcript.\n\n" + "\n\n".join(problems)
                + f"\n\nIf the change is intended, regenerate with `{self.update_command}` "
                f"and review the diff of {name} before committing.")

    # --- writing
    def stored_game(self, spec: Spec) -> Any | None:
        """The file's own game replayed, when it is still this spec's and a whole game."""
        path = self.path_for(spec.name)
        if not path.exists():
            return None
        record = load(path)["record"]
        fresh = self.new_game(spec).record()
        if (record.get("seed"), record.get("options")) != (fresh["seed"], fresh["options"]):
            return None
        try:
            g = self.module.replay(record)
        except Exception:
            return None
        return g if g.is_over() else None

    def update(self, fresh: bool = False) -> None:
        self.folder.mkdir(exist_ok=True)
        for spec in self.games:
            g = None if fresh else self.stored_game(spec)
            how = "stored actions replayed"
            if g is None:
                g, how = self.play(spec), "played afresh"
            path = self.path_for(spec.name)
            text = dumps({**spec.header(), "record": g.record(), **sections(g)})
            changed = not path.exists() or path.read_text(encoding="utf-8") != text
            path.write_text(text, encoding="utf-8")
            print(f"{'wrote' if changed else 'unchanged'} {path.name} "
                  f"({how}; {len(g.history)} actions, {len(g.log)} log lines)")
        known = {self.path_for(spec.name) for spec in self.games}
        for path in self.transcript_paths():
            if path not in known:
                print(f"note: {path.name} is not a pinned game; delete it if it is stale")

    def main(self, argv: Sequence[str] | None = None) -> int:
        ap = argparse.ArgumentParser(description="Check (or --update) the pinned transcripts.")
        ap.add_argument("--update", action="store_true", help="rewrite the transcript files")
        ap.add_argument("--fresh", action="store_true",
                        help="with --update: play every game again from its seed")
        args = ap.parse_args(argv)
        if args.update:
            self.update(fresh=args.fresh)
            return 0
        failed = 0
        for path in self.transcript_paths():
            problems = self.replay_problems(load(path), path.name)
            failed += bool(problems)
            print(f"{path.name}: ok" if not problems else "\n\n".join(problems))
        return 1 if failed else 0
