"""The typed shape of an observation: what every engine's `observation(seat)` holds.

An observation is a plain JSON-able dict (it goes into pages, saves and tests as it is);
its type is a `TypedDict`, which costs nothing at run time. Each engine declares its own,
a subclass of `Observation` (`villagers.views.VillagersObservation`, ...), with nested
TypedDicts for its seats, cards and markets, and is a `Game[ItsObservation]`: code that
knows the game reads every field typed, and code that drives any game (the table app, the
replay, the invariant harness) reads the fields below, which every engine fills the same
way.

    def seat_names(game: Game) -> list[str]:          # any game: `Game[Observation]`
        return [p["name"] for p in game.observation(None)["players"]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    # (type checkers only: Python 3.11's `typing` has neither; the names are only read in
    # annotations, which stay text at run time)
    from typing_extensions import ReadOnly, TypeVar
else:
    from typing import TypeVar

__all__ = ["Obs", "Observation", "SeatBasics"]


class SeatBasics(TypedDict):
    """What every engine says of each seat (`observation["players"][i]`)."""

    seat: int
    name: str


class Observation(TypedDict):
    """The fields every engine's observation holds, of the same kinds in each."""

    game: str  # the engine's `game_name`
    viewer: int | None  # the seat it was made for; None: a spectator, or every card shown
    all_cards: bool  # every hidden card face up (a referee, or a finished game's replay)
    round: int
    phase: str
    to_act: list[int]
    deck_name: str  # the card set in play (a user's own deck is named by its file)
    # one entry per seat, in seat order (each engine's own kind of entry: read-only here,
    # so that each engine's list of its own entries is an Observation's)
    players: ReadOnly[Sequence[SeatBasics]]
    winners: list[int]  # empty while the game goes on (and after a game nobody won)
    result: str  # how the game ended, in words ("" while it goes on)


# The observation of a generic game or view (`Game[Obs]`): a game whose kind is not said
# is a `Game[Observation]`, whose observation has the fields above.
if TYPE_CHECKING:
    Obs = TypeVar("Obs", bound=Observation, covariant=True, default=Observation)
else:
    Obs = TypeVar("Obs", bound=Observation, covariant=True)
