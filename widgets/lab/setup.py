"""What one strategy-lab run is: a game, its options, a lineup, a number of games and a
seed; read from the page's link and checked with errors that name the allowed values.

    setup, notices = parse_lab({"game": "villages", "players": "3",
                                "lineup": "search:300,heuristic,heuristic", "games": "30"})
    setup.factories()      # one picklable bot factory per lineup slot
    setup.names()          # 'Search (300)', 'Heuristic 1', 'Heuristic 2'

No ipywidgets here: the app (app.py) shows and edits a `LabSetup`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import quote

from village_games.bots.lineups import ENGINES, KIND_LABELS, bot_factory, kinds_for
from village_games.bots.search_bot import DEFAULT_ITERATIONS
from village_games.core import Agent
from village_games.core.card_data import field as toml_field
from village_games.core.card_data import load_toml
from village_games.core.game import Game

from ..kit.query import echo

PRESETS_FILE = Path(__file__).with_name("presets.toml")
BUDGETS = (100, 300, DEFAULT_ITERATIONS, 3000)  # a search bot's iterations per decision
GAMES = (6, 12, 30, 60, 120, 300, 600, 1200)
MAX_GAMES = 10_000
MAX_SEED = 2**31 - 1
THOUSANDS = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")  # "10,000": the one place a comma may go
DEFAULT_GAME = "village_pillage"


@dataclass(frozen=True)
class Preset:
    game: str
    key: str
    label: str
    players: tuple[int, int]
    options: dict[str, Any]

    def allows(self, players: int) -> bool:
        return self.players[0] <= players <= self.players[1]


def load_presets(path: Path = PRESETS_FILE) -> list[Preset]:
    data = load_toml(path)
    out = []
    for i, row in enumerate(data.get("preset", [])):
        where = f"{path.name} preset #{i + 1}"
        lo, hi = toml_field(row, "players", list, where)
        out.append(Preset(toml_field(row, "game", str, where), toml_field(row, "key", str, where),
                          toml_field(row, "label", str, where), (int(lo), int(hi)),
                          dict(row.get("options", {}))))
    return out


PRESETS = load_presets()


def presets_for(game: str, players: int) -> list[Preset]:
    return [p for p in PRESETS if p.game == game and p.allows(players)]


def engine(game: str) -> ModuleType:
    return importlib.import_module(f"village_games.{game}")


def player_range(game: str) -> tuple[int, int]:
    """The lab's player counts for a game: the engine's, from 2 (a lab compares bots)."""
    info = engine(game).INFO
    return max(2, info.min_players), info.max_players


@dataclass(frozen=True)
class Entry:
    """One lineup slot: a bot kind and, for a search bot, its iterations per decision."""

    kind: str
    budget: int | None = None

    @property
    def label(self) -> str:
        base = KIND_LABELS[self.kind]
        return f"{base} ({self.budget:,})" if self.kind == "search" else base

    def token(self) -> str:
        return f"search:{self.budget}" if self.kind == "search" else self.kind

    def factory(self, game: str) -> Callable[[int], Agent]:
        if self.kind == "search":
            return bot_factory(game, "search", iterations=self.budget)
        return bot_factory(game, self.kind)


@dataclass(frozen=True)
class LabSetup:
    game: str = DEFAULT_GAME
    players: int = 2
    preset: str = "duel"
    lineup: tuple[Entry, ...] = field(default_factory=lambda: (
        Entry("search", 300), Entry("heuristic")))
    games: int = 30
    seed: int = 1

    def names(self) -> list[str]:
        """A name per slot: the entry's label, numbered where labels repeat."""
        labels = [e.label for e in self.lineup]
        return [lab if labels.count(lab) == 1 else f"{lab} {labels[:i + 1].count(lab)}"
                for i, lab in enumerate(labels)]

    def factories(self) -> list[Callable[[int], Agent]]:
        return [e.factory(self.game) for e in self.lineup]

    def options(self) -> dict[str, Any]:
        for p in presets_for(self.game, self.players):
            if p.key == self.preset:
                return dict(p.options)
        raise ValueError(f"{self.preset!r} is not a way to play {engine(self.game).INFO.title} "
                         f"with {self.players} players")

    def new_game(self) -> Callable[..., Game]:
        return engine(self.game).new_game

    def query(self) -> str:
        """The link parameters that set this run up again."""
        lineup = ",".join(e.token() for e in self.lineup)
        return (f"?game={self.game}&players={self.players}&options={quote(self.preset)}"
                f"&lineup={lineup}&games={self.games}&seed={self.seed}")

    def check(self) -> LabSetup:
        """The setup itself, or ValueError naming what is wrong and what is allowed."""
        check_game(self.game)
        lo, hi = player_range(self.game)
        if not lo <= self.players <= hi:
            raise ValueError(f"{engine(self.game).INFO.title} takes {lo} to {hi} players "
                             f"in the lab, got {self.players}")
        self.options()
        if len(self.lineup) != self.players:
            raise ValueError(f"the lineup needs one bot per player: {self.players}, got "
                             f"{len(self.lineup)}")
        allowed = kinds_for(self.game, self.players)
        for i, e in enumerate(self.lineup):
            if e.kind not in allowed:
                raise ValueError(f"seat {i + 1}: bots for {engine(self.game).INFO.title} with "
                                 f"{self.players} players are {', '.join(allowed)}; got "
                                 f"{e.kind!r}")
            if e.kind == "search" and e.budget not in BUDGETS:
                raise ValueError(f"seat {i + 1}: a search bot's iterations must be one of "
                                 f"{', '.join(map(str, BUDGETS))}; got {e.budget!r}")
        if not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"games must be from 1 to {MAX_GAMES:,}, got {self.games}")
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"the seed must be from 0 to {MAX_SEED}, got {self.seed}")
        return self


def check_game(game: str) -> str:
    if game not in ENGINES:
        raise ValueError(f"game must be one of {', '.join(ENGINES)}; got {game!r}")
    return game


def default_lineup(game: str, players: int) -> tuple[Entry, ...]:
    """A search bot against the heuristic bots: the lab's first question."""
    return (Entry("search", 300), *[Entry("heuristic")] * (players - 1))


def default_setup(game: str = DEFAULT_GAME, players: int | None = None) -> LabSetup:
    lo, _hi = player_range(game)
    n = players or lo
    return LabSetup(game, n, presets_for(game, n)[0].key, default_lineup(game, n))


def parse_entry(token: str) -> Entry:
    kind, _, budget = token.strip().lower().partition(":")
    if kind not in KIND_LABELS:
        raise ValueError(f"a lineup entry is one of {', '.join(KIND_LABELS)} (a search bot "
                         f"as search:ITERATIONS); got {echo(token)}")
    if kind != "search":
        if budget:
            raise ValueError(f"only a search bot takes a budget; got {echo(token)}")
        return Entry(kind)
    if not budget:
        return Entry("search", DEFAULT_ITERATIONS)
    if not (budget.isascii() and budget.isdigit() and int(budget) in BUDGETS):
        raise ValueError(f"a search bot's iterations must be one of "
                         f"{', '.join(map(str, BUDGETS))}; got {echo(token)}")
    return Entry("search", int(budget))


def _whole(raw: str, lo: int, hi: int) -> int | None:
    """`raw` as a whole number in [lo, hi] (commas only as thousands separators: "1,000"),
    else None."""
    raw = raw.strip()
    if THOUSANDS.fullmatch(raw):
        raw = raw.replace(",", "")
    if raw.isascii() and raw.isdigit() and len(raw) <= 10 and lo <= int(raw) <= hi:
        return int(raw)
    return None


def parse_lab(params: dict[str, str]) -> tuple[LabSetup, list[str]]:
    """A setup from link parameters (game, players, options, lineup, games, seed); a bad
    value is reported and replaced by its default, so a mistyped link still opens."""
    notices: list[str] = []
    game = params.get("game", "").strip() or DEFAULT_GAME
    if game not in ENGINES:
        notices.append(f"game must be one of {', '.join(ENGINES)}; got {echo(game)}, so the "
                       f"lab opens on {DEFAULT_GAME}.")
        game = DEFAULT_GAME
    lo, hi = player_range(game)
    players = lo
    if params.get("players", "").strip():
        got = _whole(params["players"], lo, hi)
        if got is None:
            notices.append(f"players must be a whole number from {lo} to {hi}; got "
                           f"{echo(params['players'])}, so {lo} play.")
        else:
            players = got
    setup = default_setup(game, players)
    preset = params.get("options", "").strip()
    if preset:
        keys = [p.key for p in presets_for(game, players)]
        if preset in keys:
            setup = replace(setup, preset=preset)
        else:
            notices.append(f"options must be one of {', '.join(keys)} for this game and "
                           f"player count; got {echo(preset)}.")
    if params.get("lineup", "").strip():
        try:
            lineup = tuple(parse_entry(t) for t in params["lineup"].split(","))
            replace(setup, lineup=lineup).check()
            setup = replace(setup, lineup=lineup)
        except ValueError as exc:
            notices.append(f"{exc}; the lineup is the default one.")
    for key, lo_, hi_ in (("games", 1, MAX_GAMES), ("seed", 0, MAX_SEED)):
        if params.get(key, "").strip():
            got = _whole(params[key], lo_, hi_)
            if got is None:
                notices.append(f"{key} must be a whole number from {lo_} to {hi_:,}; got "
                               f"{echo(params[key])}.")
            else:
                setup = replace(setup, games=got) if key == "games" else replace(setup, seed=got)
    return setup.check(), notices
