"""Replaying game records: the same options, seed and actions give the same game.

A record comes from anywhere (a file, a pasted text, a link), so every part of it is
checked, and a bad one raises `RecordError` naming the first problem: a missing key, a
record of another game or format version, options the game refuses, or the action that
is not legal where it stands ("action 12 (Ben, seat 2: Plan(left=Wall, right=Wall)) is
not legal: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from .actions import Action, short_repr
from .decks import no_file_paths
from .errors import IllegalAction
from .game import Game

G = TypeVar("G", bound=Game)  # the game a record rebuilds, as its caller names it

RECORD_KEYS = ("game", "version", "options", "seed", "actions")


class RecordBase(TypedDict):
    """A game record without its moves: which game, in which format, set up how."""

    game: str  # the engine's `game_name`
    version: int  # the engine's save format
    options: dict[str, Any]  # the `new_game` options, as the engine keeps them
    seed: int
    start: NotRequired[dict[str, Any]]  # the scenario a game began from (`from_dict`'s)


class Record(RecordBase):
    """A replayable game record (`Game.record()`): the same options, seed and actions
    give the same game. A record read from a file is checked before it is trusted
    (`check_record_shape`, then each action as it is replayed)."""

    actions: list[list[Any]]  # [seat, action dict] per move, in the order played


class RecordError(ValueError):
    """A game record that cannot be replayed; the message says what is wrong with it."""


def check_record_shape(record: object) -> Record:
    """`record`, once its parts every record has are of the right JSON kinds (the rules
    check the rest); RecordError otherwise."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object ({{...}}), got "
                          f"{type(record).__name__}")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"that is not a whole game record: it has no "
                          f"{', '.join(repr(k) for k in missing)} (a record has "
                          f"{', '.join(RECORD_KEYS)})")
    if not isinstance(record["options"], dict):
        raise RecordError(f"the record's options must be an object, got "
                          f"{short_repr(record['options'])}")
    if type(record["seed"]) is not int:  # (None would deal a new random game each time)
        raise RecordError(f"the record's seed must be a whole number, got "
                          f"{short_repr(record['seed'])}")
    if not isinstance(record["actions"], list):
        raise RecordError(f"the record's actions must be a list, got "
                          f"{short_repr(record['actions'])}")
    return cast(Record, record)


def check_game(record: RecordBase, game: Game) -> None:
    """RecordError unless the record is one of `game`'s game."""
    if record["game"] != game.game_name:
        raise RecordError(f"that record is for {short_repr(record['game'], 40)}, not "
                          f"{game.game_name!r}")


def start_of(record: Record, new_game: Callable[..., G],
             from_dict: Callable[[dict[str, Any]], G] | None = None) -> G:
    """The game as the record begins: before its first action, checked to be the same game
    and a format version this program reads."""
    check_record_shape(record)
    if record.get("start") is not None:
        if from_dict is None:
            raise RecordError("this record starts from a scenario: pass from_dict to replay it")
        try:
            game = from_dict(record["start"])
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise RecordError(f"the record's starting position cannot be set up: {exc}") from None
    else:
        try:
            with no_file_paths():
                game = new_game(seed=record["seed"], **record["options"])
        except TypeError as exc:  # an option this game does not take
            check_game(record, new_game())  # (another game's record says so first)
            raise RecordError(f"the record's options do not fit this game: {exc}") from None
        except ValueError as exc:
            check_game(record, new_game())
            raise RecordError(f"the record's options cannot start a game: {exc}") from None
    check_game(record, game)
    try:
        type(game).check_version(record, what="record")
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return game


def recorded_actions(record: Record, game: Game) -> Iterator[tuple[int, int, Action]]:
    """(number, seat, action) of each recorded action (numbers from 1, as people count),
    each checked against `game` as it stands when it is reached: apply each one before
    asking for the next."""
    for k, row in enumerate(record["actions"], start=1):
        if (not isinstance(row, list | tuple) or len(row) != 2
                or type(row[0]) is not int or not 0 <= row[0] < game.num_players):
            raise RecordError(f"action {k} is not [seat, action] with a seat from 0 to "
                              f"{game.num_players - 1}: {short_repr(row)}")
        seat, raw = row
        try:
            action = game.check_action(seat, raw)
        except IllegalAction as exc:
            kind = raw.get("type", "?") if isinstance(raw, dict) else raw
            shown = kind[:60] if isinstance(kind, str) else short_repr(kind)
            try:
                shown = str(game.codec.from_dict(raw)) if isinstance(raw, dict) else shown
            except IllegalAction:
                pass
            raise RecordError(f"action {k} ({game.player_name(seat)}, seat {seat + 1}: "
                              f"{shown}) is not legal: {exc}") from None
        yield k, seat, action


def replay(record: Record, new_game: Callable[..., G],
           from_dict: Callable[[dict[str, Any]], G] | None = None) -> G:
    """Rebuild a game from `Game.record()` output by re-applying every action.

    A record whose game began from a scenario carries it as `start`; `from_dict` loads it.
    Raises `RecordError` (a ValueError) naming the first problem.
    """
    game = start_of(record, new_game, from_dict)
    for _k, seat, action in recorded_actions(record, game):
        game.apply(seat, action)
    return game
