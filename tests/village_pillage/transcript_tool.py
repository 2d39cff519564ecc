"""Pinned transcripts of seeded Village Pillage games: write them, and check a replay against them.

Each file in `transcripts/` holds one whole game: its record (options, seed, actions), the log
as the omniscient reader sees it, each event's kind with its reveals/chance flags, the final
state (`to_dict()` without history and log) and the outcome. The test replays the stored
actions with `village_pillage.replay` (no bots involved) and compares; any change in the
engine's behaviour or wording shows up as a diff.

    .venv/bin/python -m tests.village_pillage.transcript_tool           # check, like the test
    .venv/bin/python -m tests.village_pillage.transcript_tool --update  # rewrite the files
    .venv/bin/python -m tests.village_pillage.transcript_tool --update --fresh

`--update` keeps each file's stored actions when they still replay to the end of a game (so
the git diff shows only what the engine now does differently); otherwise, or with
`--fresh`, the game is played again from its seed by the seeded bots named in GAMES.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from village_games import village_pillage
from village_games.core.game import Game

HERE = Path(__file__).resolve().parent
TRANSCRIPTS = HERE / "transcripts"
UPDATE_COMMAND = ".venv/bin/python -m tests.village_pillage.transcript_tool --update"
SECTIONS = ("log", "events", "final_state", "outcome")
CONTEXT = 3  # lines of context around the first difference
MAX_DIFF_LINES = 40


@dataclass(frozen=True)
class Spec:
    """One pinned game: table options, the game's seed and the seeded bots that play it."""

    name: str
    description: str
    players: int
    seed: int
    lineup: tuple[tuple[str, int], ...]  # (bot class in village_games.bots, bot seed) per seat
    bank_side: str | None = None

    def lineup_text(self) -> list[str]:
        return [f"{cls}(seed={seed})" for cls, seed in self.lineup]


# Seeds picked so that, together, the games show every event kind the engine emits
# (the 3- and 4-player games cover the rare ones: split, choice, exhaust, draw, nobuy).
GAMES = (
    Spec("duel_2p", "2-player duel (bank side 'duel'): PillageBot against BeginnerBot.",
         players=2, seed=8, lineup=(("PillageBot", 8), ("BeginnerBot", 9))),
    Spec("long_duel_2p_standard",
         "2-player long duel (bank side 'standard'): PillageBot against PillageBot; "
         "ends on the 'most cards' tiebreak.",
         players=2, seed=6, bank_side="standard", lineup=(("PillageBot", 6), ("PillageBot", 7))),
    Spec("three_players", "3 players: PillageBot, BeginnerBot, RandomBot.",
         players=3, seed=5, lineup=(("PillageBot", 5), ("BeginnerBot", 6), ("RandomBot", 7))),
    Spec("four_players", "4 players: PillageBot, RandomBot, PillageBot, BeginnerBot.",
         players=4, seed=6,
         lineup=(("PillageBot", 6), ("RandomBot", 7), ("PillageBot", 8), ("BeginnerBot", 9))),
    Spec("five_players",
         "5 players: PillageBot, BeginnerBot, RandomBot, PillageBot, BeginnerBot; "
         "ends in a shared win.",
         players=5, seed=4,
         lineup=(("PillageBot", 4), ("BeginnerBot", 5), ("RandomBot", 6), ("PillageBot", 7),
                 ("BeginnerBot", 8))),
)


def path_for(name: str) -> Path:
    return TRANSCRIPTS / f"{name}.json"


def transcript_paths() -> list[Path]:
    return sorted(TRANSCRIPTS.glob("*.json"))


# --- the compared sections ----------------------------------------------------------------
def event_line(event: Any) -> str:
    """An event's kind and flags on one line, e.g. "reveal +reveals" or "buy +chance"."""
    flags = [f"+{flag}" for flag in ("reveals", "chance") if getattr(event, flag)]
    return " ".join([event.kind, *flags])


def final_state(game: Game) -> dict[str, Any]:
    """`to_dict()` without history and log (the record and the log cover those), as JSON."""
    state = {k: v for k, v in game.to_dict().items() if k not in ("history", "log")}
    return json.loads(json.dumps(state))


def sections(game: Game) -> dict[str, Any]:
    """What a transcript pins about a finished game, besides its record."""
    outcome = game.outcome()
    return {
        "log": game.log_for(None, omniscient=True),
        "events": [event_line(e) for e in game.log],
        "final_state": final_state(game),
        "outcome": json.loads(json.dumps(outcome.to_dict())) if outcome is not None else None,
    }


def transcript(spec: Spec, game: Game) -> dict[str, Any]:
    return {"description": spec.description, "lineup": spec.lineup_text(),
            "record": game.record(), **sections(game)}


def dumps(data: dict[str, Any]) -> str:
    """Pretty and stable, so git diffs read well."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


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
    head = (f"{section}: first difference at line {i + 1} "
            f"(recorded {len(want)} lines, replay {len(got)})")
    return "\n".join([head, *diff])


def replay_problems(data: dict[str, Any], name: str) -> list[str]:
    """Every way the replay of `data["record"]` differs from the stored transcript."""
    record = data["record"]
    try:
        game = village_pillage.replay(record)
    except Exception as exc:  # an action the engine now refuses, a bad record...
        return [f"the stored actions no longer replay: {type(exc).__name__}: {exc}"
                f"{_failing_action(record)}"]
    problems = []
    if not game.is_over():
        problems.append(f"the replay ends before the game does (after {len(record['actions'])} "
                        f"actions, {game.to_act()} still to act)")
    now = sections(game)
    for section in SECTIONS:
        if now[section] != data.get(section):
            problems.append(describe_difference(section, data.get(section), now[section], name))
    return problems


def _failing_action(record: dict[str, Any]) -> str:
    """Which stored action fails, and the last log lines before it (diagnosis only)."""
    try:
        game = village_pillage.new_game(seed=record["seed"], **record["options"])
    except Exception:
        return ""
    for k, (player, action) in enumerate(record["actions"]):
        try:
            game.apply(int(player), action)
        except Exception:
            tail = "\n    ".join(game.log_for(None, omniscient=True)[-5:])
            return (f"\n  action {k + 1} of {len(record['actions'])}: seat {player} plays "
                    f"{action}\n  last log lines before it:\n    {tail}")
    return ""


def check(data: dict[str, Any], name: str) -> None:
    """Raise AssertionError with a readable diff when the replay differs from `data`."""
    problems = replay_problems(data, name)
    if problems:
        raise AssertionError(
            f"{name}: replaying the recorded actions no longer gives the pinned transcript.\n\n"
            + "\n\n".join(problems)
            + f"\n\nIf the change is intended, regenerate with `{UPDATE_COMMAND}` and review "
            f"the diff of tests/village_pillage/transcripts/{name} before committing.")


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


# --- generating ---------------------------------------------------------------------------
def play_spec(spec: Spec) -> Game:
    """Play the game afresh with its seeded bots (only the generator needs the bots)."""
    from village_games import bots
    from village_games.core.play import play

    game = village_pillage.new_game(players=spec.players, seed=spec.seed,
                                    bank_side=spec.bank_side)
    agents = [getattr(bots, cls)(seed=seed) for cls, seed in spec.lineup]
    return play(game, agents)


def stored_game(spec: Spec) -> Game | None:
    """The file's own game replayed, when it is still this spec's and still a whole game."""
    path = path_for(spec.name)
    if not path.exists():
        return None
    record = load(path)["record"]
    fresh = village_pillage.new_game(players=spec.players, seed=spec.seed,
                                     bank_side=spec.bank_side).record()
    if (record.get("seed"), record.get("options")) != (fresh["seed"], fresh["options"]):
        return None
    try:
        game = village_pillage.replay(record)
    except Exception:
        return None
    return game if game.is_over() else None


def update(fresh: bool = False) -> None:
    TRANSCRIPTS.mkdir(exist_ok=True)
    for spec in GAMES:
        game = None if fresh else stored_game(spec)
        how = "stored actions replayed"
        if game is None:
            game, how = play_spec(spec), "played by the bots"
        path = path_for(spec.name)
        text = dumps(transcript(spec, game))
        changed = not path.exists() or path.read_text(encoding="utf-8") != text
        path.write_text(text, encoding="utf-8")
        shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
        print(f"{'wrote' if changed else 'unchanged'} {shown} "
              f"({how}; {len(game.history)} actions, {len(game.log)} log lines)")
    known = {path_for(spec.name) for spec in GAMES}
    for path in transcript_paths():
        if path not in known:
            print(f"note: {path.name} is not in GAMES; delete it if it is stale")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="rewrite the transcript files")
    ap.add_argument("--fresh", action="store_true",
                    help="with --update: play every game again with the bots")
    args = ap.parse_args(argv)
    if args.update:
        update(fresh=args.fresh)
        return 0
    failed = 0
    for path in transcript_paths():
        try:
            check(load(path), path.name)
            print(f"ok {path.name}")
        except AssertionError as exc:
            failed += 1
            print(exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
