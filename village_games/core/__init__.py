"""The shared engine protocol: game base class, actions, events, randomness, data, play."""

from .actions import Action, ActionCodec
from .card_data import CardDataError
from .errors import IllegalAction
from .events import Event, TraceStep
from .game import ALL_CARDS, Game
from .info import GameInfo
from .observation import Observation, SeatBasics
from .outcome import Outcome
from .play import GameDidNotEnd, play
from .replay import Record, RecordBase, RecordError, replay
from .rng import Rng
from .seat import Agent, SeatView

__all__ = [
    "ALL_CARDS", "Action", "ActionCodec", "Agent", "CardDataError", "Event", "Game",
    "GameDidNotEnd", "GameInfo", "IllegalAction", "Observation", "Outcome", "Record",
    "RecordBase", "RecordError", "Rng", "SeatBasics", "SeatView", "TraceStep", "play", "replay",
]
