"""What a game declares about itself, so apps read facts instead of copying numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from .actions import short_repr

MAX_NAME = 200  # characters in a player's name


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Declared once per engine (`Game.info`).

    `simultaneous`: several seats choose at once (`to_act()` may list more than one).
    `chance`: shuffles, draws, dice or coin flips happen. `hidden_information`: some seat
    cannot see everything. `silent_kinds`: event kinds a step-by-step display folds into
    the next step (a player's own face-down choice is not worth a click of its own).
    `stand_in_deck`: the shipped card data is this project's design, not the publisher's.
    `options`: the names of `new_game`'s options besides the seed, which a save keeps
    (any other name in a save's options is refused).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    chance: bool
    hidden_information: bool
    silent_kinds: frozenset[str] = frozenset()
    stand_in_deck: bool = False
    options: tuple[str, ...] = ("players", "names", "deck")

    def check_players(self, players: object) -> int:
        """`players` as a seat count, or ValueError naming the allowed range."""
        if (not isinstance(players, int) or isinstance(players, bool)
                or not self.min_players <= players <= self.max_players):
            raise ValueError(f"{self.title} takes {self.min_players} to {self.max_players} "
                             f"players, got {short_repr(players)}")
        return players


NAME_RULE = (f"a non-empty string of visible characters (at most {MAX_NAME}, no control or "
             "invisible ones)")


def is_name(x: object) -> TypeGuard[str]:
    """Whether `x` may name a player (what NAME_RULE says)."""
    return type(x) is str and bool(x.strip()) and x.isprintable() and len(x) <= MAX_NAME


def check_names(names: object, players: int) -> list[str] | None:
    """`names` (None: "Player 1", ...) as one non-empty name per seat, or ValueError."""
    if names is not None and (type(names) is not list or len(names) != players
                              or not all(is_name(x) for x in names)):
        raise ValueError(f"names must be {players} non-empty strings of visible characters "
                         f"(at most {MAX_NAME}, no control or invisible ones), got "
                         f"{short_repr(names)}")
    return names


def row_names(rows: Sequence[Mapping[str, object]]) -> list[str]:
    """The names a save's player rows give (`players[i].name`, "Player i+1" where none), or
    ValueError naming the row whose name could not be a player's."""
    named: list[str] = []
    for i, row in enumerate(rows):
        name = row.get("name") or f"Player {i + 1}"
        if not is_name(name):
            raise ValueError(f"players[{i}].name must be {NAME_RULE}, got {short_repr(name)}")
        named.append(name)
    return named
