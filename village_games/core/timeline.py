"""A recorded game as a sequence of steps, for replay views: any game on the protocol.

The record is replayed action by action with `apply_traced`, so every step is what the
engine itself reported: the viewer's observation right after one event, the event, the
round it belongs to and how much of the log the viewer has read by then. Events of the
kinds the engine calls silent (`GameInfo.silent_kinds`, a face-down plan) fold into the
next step, as in the table app's step-through.

The viewer is a seat, `None` (a spectator: public facts only) or `ALL_CARDS`. The last
one is refused unless the recorded game is over: the replay of a running game must not
show cards that are still hidden at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .events import Event
from .game import ALL_CARDS, Game
from .replay import RecordError, recorded_actions, replay, start_of

Viewer = int | str | None

MAX_ACTIONS = 5_000  # far beyond any real game of these; a longer record is refused


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of a replay.

    `obs`: what the viewer sees right after `event` (None only for the opening table of
    a scenario with no log). `round`: the round the event belongs to (None for games
    without rounds). `log_end`: how many events of the log the viewer has seen by now.
    `action`: the number of the recorded action that led here (0: before any), `seat`
    who took it.
    """

    obs: dict[str, Any]
    event: Event | None
    round: int | None
    log_end: int
    action: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class LogLine:
    round: int | None
    kind: str
    text: str


@dataclass(frozen=True)
class Timeline:
    """Every step of one recorded game, for one viewer."""

    record: dict[str, Any]
    viewer: Viewer
    steps: tuple[Step, ...]
    events: tuple[Event, ...]
    event_rounds: tuple[int | None, ...]
    game: Game  # the game after the last action: its card set draws the steps
    over: bool

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def rounds(self) -> list[int]:
        """The rounds in order (empty for a game that has none)."""
        return list(dict.fromkeys(s.round for s in self.steps if s.round is not None))

    def round_steps(self, rnd: int | None) -> list[int]:
        """Indexes of the steps of one round."""
        return [i for i, s in enumerate(self.steps) if s.round == rnd]

    def log(self, index: int) -> list[LogLine]:
        """The log up to and including step `index`, as this viewer may read it."""
        seat = self.viewer if isinstance(self.viewer, int) else None
        everything = self.viewer == ALL_CARDS
        end = self.steps[index].log_end
        return [LogLine(rnd, e.kind, e.text_for(seat, everything))
                for e, rnd in zip(self.events[:end], self.event_rounds[:end], strict=True)]

    def text(self, index: int) -> str:
        """The line of step `index`'s event for this viewer ("" for a bare opening)."""
        event = self.steps[index].event
        if event is None:
            return ""
        return event.text_for(self.viewer if isinstance(self.viewer, int) else None,
                              self.viewer == ALL_CARDS)


def viewers(game: Game) -> list[Viewer]:
    """Who a replay of `game` may be watched as: every seat, a spectator, and all cards
    when the game is over and the engine can show them."""
    choices: list[Viewer] = [*range(game.num_players), None]
    if game.is_over() and shows_all_cards(game):
        choices.append(ALL_CARDS)
    return choices


def shows_all_cards(game: Game) -> bool:
    """Whether the engine offers a view with every card face up."""
    return type(game).full_observation is not Game.full_observation


def check_viewer(game: Game, viewer: Any) -> Viewer:
    """`viewer` if `game`'s replay may be watched that way, else ValueError saying why."""
    if viewer == ALL_CARDS:
        if not shows_all_cards(game):
            raise ValueError(f"{game.info.title} has no view that shows every card")
        if not game.is_over():
            raise ValueError("all cards are shown only once the game is over: this game "
                             "is still running, so watch it from a seat or as a spectator")
        return ALL_CARDS
    if viewer is None:
        return None
    if type(viewer) is not int or not 0 <= viewer < game.num_players:
        raise ValueError(f"the viewer must be a seat from 0 to {game.num_players - 1}, "
                         f"None (a spectator) or {ALL_CARDS!r}; got {viewer!r}")
    return viewer


def build_timeline(record: dict[str, Any], new_game: Callable[..., Game],
                   from_dict: Callable[[dict[str, Any]], Game] | None = None,
                   viewer: Viewer = None, silent_kinds: Sequence[str] | None = None
                   ) -> Timeline:
    """Replay `record` for `viewer` and return every step; `RecordError` (or ValueError
    for a viewer that may not watch) on any problem, with nothing built.

    The record is first replayed plainly (checking every action, and whether the game is
    over, before anything is shown to anyone), then again with traces for the viewer.
    """
    if isinstance(record, dict) and isinstance(record.get("actions"), list) and len(
            record["actions"]) > MAX_ACTIONS:
        raise RecordError(f"that record has {len(record['actions'])} actions; a replay takes "
                          f"at most {MAX_ACTIONS}")
    final = replay(record, new_game, from_dict)
    viewer = check_viewer(final, viewer)
    silent = set(final.info.silent_kinds if silent_kinds is None else silent_kinds)

    game = start_of(record, new_game, from_dict)
    events: list[Event] = list(game.log)
    rounds: list[int | None] = []
    current: int | None = None
    for e in events:
        current = _round_of(e, current)
        rounds.append(current)
    steps = [Step(game.view(viewer), events[-1] if events else None, current, len(events),
                  0, None)]
    for k, seat, action in recorded_actions(record, game):
        trace = game.apply_traced(seat, action, viewer)
        for i, (event, obs) in enumerate(trace):
            events.append(event)
            current = _round_of(event, current)
            rounds.append(current)
            last = i == len(trace) - 1 and k == len(record["actions"])
            if event.kind not in silent or last:
                steps.append(Step(obs, event, current, len(events), k, seat))
    return Timeline(record, viewer, tuple(steps), tuple(events), tuple(rounds), game,
                    game.is_over())


def _round_of(event: Event, current: int | None) -> int | None:
    """An event whose data names a round starts that round (a reveal, a refresh)."""
    rnd = event.data.get("round") if isinstance(event.data, dict) else None
    return rnd if type(rnd) is int else current
