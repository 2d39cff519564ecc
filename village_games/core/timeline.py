"""A recorded game as a sequence of steps, for replay views: any game on the protocol.

The record is replayed action by action, so every step is what the engine itself
reported: the event, the round it belongs to, how much of the log the viewer has read by
then, and the viewer's observation right after that event (from `apply_traced`). Events
of the kinds the engine calls silent (`GameInfo.silent_kinds`, a face-down plan) fold into
the next step, as in the table app's step-through.

Observations are worked out when a step is looked at, not all at once: a long game (five
Villages bots play up to 25,000 moves) would otherwise hold hundreds of megabytes of them.
A copy of the game is kept every `CHECKPOINT_EVERY` actions, and a step's observation
comes from replaying, traced, from the nearest copy before it; stepping forward continues
from the last step looked at.

The viewer is a seat, `None` (a spectator: public facts only) or `ALL_CARDS`. The last
one is refused unless the recorded game is over: the replay of a running game must not
show cards that are still hidden at the table. A game that ended without finishing (its
table was closed: `ended=True`) will never go on, so nothing of it is secret any more.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .events import Event
from .game import ALL_CARDS, Game
from .observation import Observation
from .replay import Record, RecordError, recorded_actions, start_of

Viewer = int | str | None

# The longest game seen: 25,116 moves (five Villages bots, 230 rounds); a longer record
# than this is refused before anything is replayed.
MAX_ACTIONS = 100_000
CHECKPOINT_EVERY = 64  # actions between kept copies: a look-up replays at most this many
KEPT_ACTIONS = 8  # actions whose observations stay at hand (stepping back and forth)


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of a replay.

    `obs`: what the viewer sees right after `event` (worked out when read). `event`: None
    only for the opening table of a scenario with no log. `round`: the round the event
    belongs to (None for games without rounds). `log_end`: how many events of the log the
    viewer has seen by now. `action`: the number of the recorded action that led here (0:
    before any), `seat` who took it. `moment`: which event of that action this is (its
    index in the action's trace; -1 for the opening).
    """

    event: Event | None
    round: int | None
    log_end: int
    action: int
    seat: int | None
    moment: int
    views: Views = field(repr=False, compare=False)

    @property
    def obs(self) -> Observation:
        return self.views.after(self.action, self.moment)


class Views:
    """The viewer's observation after any event of a recorded game, on demand.

    Holds the game as it stood every `CHECKPOINT_EVERY` actions (without its history and
    log, which observations never read) and the recorded actions; an observation is
    replayed, traced, from the nearest copy before it. The last actions looked at are
    kept, and the game after the last one goes on from there when the next is asked.
    """

    def __init__(self, viewer: Viewer, actions: list[tuple[int, Action]],
                 kept: dict[int, Game]) -> None:
        self.viewer = viewer
        self.actions = actions  # (seat, action) of recorded action k at index k - 1
        self.kept = kept  # the game after `k` actions, for k = 0, E, 2E, ...
        self.seen: OrderedDict[int, tuple[Observation, ...]] = OrderedDict()
        self.cursor: tuple[int, Game] | None = None  # (actions applied, that game)

    def after(self, action: int, moment: int) -> Observation:
        """The observation right after event `moment` of recorded action `action` (the
        opening table for action 0)."""
        if action == 0:
            return self.kept[0].view(self.viewer)
        views = self.seen.get(action)
        if views is None:
            views = self.seen[action] = self._trace(action)
            if len(self.seen) > KEPT_ACTIONS:
                self.seen.popitem(last=False)
        return views[moment]

    def _trace(self, action: int) -> tuple[Observation, ...]:
        cursor = self.cursor
        if cursor is not None and cursor[0] == action - 1:
            game = cursor[1]
        else:
            start = (action - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
            game = self.kept[start].clone()
            for seat, act in self.actions[start:action - 1]:
                game.apply(seat, act)
            game.history, game.log = [], []
        seat, act = self.actions[action - 1]
        trace = game.apply_traced(seat, act, self.viewer)
        game.history, game.log = [], []
        self.cursor = (action, game)
        return tuple(obs for _event, obs in trace)


@dataclass(frozen=True, slots=True)
class LogLine:
    round: int | None
    kind: str
    text: str


@dataclass(frozen=True)
class Timeline:
    """Every step of one recorded game, for one viewer."""

    record: Record
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

    def log(self, index: int, first: int = 0) -> list[LogLine]:
        """The log up to and including step `index`, as this viewer may read it (from
        line `first` on: a long game's box shows only its newest lines)."""
        seat = self.viewer if isinstance(self.viewer, int) else None
        everything = self.viewer == ALL_CARDS
        end = self.steps[index].log_end
        return [LogLine(rnd, e.kind, e.text_for(seat, everything))
                for e, rnd in zip(self.events[first:end], self.event_rounds[first:end],
                                  strict=True)]

    def text(self, index: int) -> str:
        """The line of step `index`'s event for this viewer ("" for a bare opening)."""
        event = self.steps[index].event
        if event is None:
            return ""
        return event.text_for(self.viewer if isinstance(self.viewer, int) else None,
                              self.viewer == ALL_CARDS)


def viewers(game: Game, ended: bool = False) -> list[Viewer]:
    """Who a replay of `game` may be watched as: every seat, a spectator, and all cards
    when the game is over (or `ended`: it will never go on) and the engine can show
    them."""
    choices: list[Viewer] = [*range(game.num_players), None]
    if (game.is_over() or ended) and shows_all_cards(game):
        choices.append(ALL_CARDS)
    return choices


def shows_all_cards(game: Game) -> bool:
    """Whether the engine offers a view with every card face up."""
    return type(game).full_observation is not Game.full_observation


def check_viewer(game: Game, viewer: object, ended: bool = False) -> Viewer:
    """`viewer` if `game`'s replay may be watched that way, else ValueError saying why
    (`ended`: the game will never go on, though it did not finish)."""
    if viewer == ALL_CARDS:
        if not shows_all_cards(game):
            raise ValueError(f"{game.info.title} has no view that shows every card")
        if not game.is_over() and not ended:
            raise ValueError("all cards are shown only once the game is over: this game "
                             "is still running, so watch it from a seat or as a spectator")
        return ALL_CARDS
    if viewer is None:
        return None
    if type(viewer) is not int or not 0 <= viewer < game.num_players:
        raise ValueError(f"the viewer must be a seat from 0 to {game.num_players - 1}, "
                         f"None (a spectator) or {ALL_CARDS!r}; got {viewer!r}")
    return viewer


def build_timeline(record: Record, new_game: Callable[..., Game],
                   from_dict: Callable[[dict[str, Any]], Game] | None = None,
                   viewer: Viewer = None, silent_kinds: Sequence[str] | None = None,
                   ended: bool = False) -> Timeline:
    """Replay `record` for `viewer` and return every step; `RecordError` (or ValueError
    for a viewer that may not watch) on any problem, with nothing built.

    The record is replayed once, checking every action; the viewer is checked against
    the game as it ends (all cards only for a finished game, or one that `ended`: it
    will never go on) before any step exists.
    """
    if isinstance(record, dict) and isinstance(record.get("actions"), list) and len(
            record["actions"]) > MAX_ACTIONS:
        raise RecordError(f"that record has {len(record['actions'])} actions; a replay takes "
                          f"at most {MAX_ACTIONS}")
    game = start_of(record, new_game, from_dict)
    silent = set(game.info.silent_kinds if silent_kinds is None else silent_kinds)
    events: list[Event] = list(game.log)
    rounds: list[int | None] = []
    current: int | None = None
    for e in events:
        current = _round_of(e, current)
        rounds.append(current)
    # (event, round, log_end, action, seat, moment) of each step: made Steps once the
    # viewer is known to be allowed
    rows: list[tuple[Event | None, int | None, int, int, int | None, int]] = [
        (events[-1] if events else None, current, len(events), 0, None, -1)]
    actions: list[tuple[int, Action]] = []
    kept: dict[int, Game] = {}
    total = len(record["actions"])
    for k, seat, action in recorded_actions(record, game):
        if (k - 1) % CHECKPOINT_EVERY == 0:
            kept[k - 1] = _bare_copy(game)
        batch = game.apply(seat, action)
        actions.append((seat, action))
        for i, event in enumerate(batch):
            events.append(event)
            current = _round_of(event, current)
            rounds.append(current)
            if event.kind not in silent or (i == len(batch) - 1 and k == total):
                rows.append((event, current, len(events), k, seat, i))
    if not actions:
        kept[0] = _bare_copy(game)
    viewer = check_viewer(game, viewer, ended)
    views = Views(viewer, actions, kept)
    steps = tuple(Step(*row, views) for row in rows)
    return Timeline(record, viewer, steps, tuple(events), tuple(rounds), game,
                    game.is_over())


def _bare_copy(game: Game) -> Game:
    """A copy of `game` without its history and log (observations never read them)."""
    copy = game.clone()
    copy.history, copy.log = [], []
    return copy


def _round_of(event: Event, current: int | None) -> int | None:
    """An event whose data names a round starts that round (a reveal, a refresh)."""
    rnd = event.data.get("round") if isinstance(event.data, dict) else None
    return rnd if type(rnd) is int else current
