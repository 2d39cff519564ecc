"""The protocol every engine speaks (see docs/architecture.md): one mutable game object."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .actions import Action, ActionCodec, short_repr
from .errors import IllegalAction
from .events import Event, TraceStep, events_from_dicts
from .info import GameInfo
from .outcome import Outcome

# The viewer who sees every card: a referee, or the replay of a game that is over. Only
# `apply_traced` and `Game.view` take it; `observation` is always one seat's (or None's).
ALL_CARDS = "all"


class Game(ABC):
    """Base class: validation, the event batch, tracing, history, log and records are shared;
    rules live in subclasses.

    Subclasses set `info`, `version` (and `readable_versions` when older saves still load)
    and `codec`, and implement the abstract methods. `apply` checks legality before `_apply`
    touches anything, so an illegal action raises `IllegalAction` and leaves the game
    exactly as it was. Inside `_apply`, engines report what happens with `self.emit(event)`,
    each time right after the state changed, so a trace sees every intermediate state.
    """

    info: ClassVar[GameInfo]
    game_name: ClassVar[str] = ""
    version: ClassVar[int] = 1
    readable_versions: ClassVar[tuple[int, ...]] = ()  # older save formats still accepted
    codec: ClassVar[ActionCodec]

    seed: int
    options: dict[str, Any]
    history: list[tuple[int, Action]]
    log: list[Event]

    # A search copy (`clone(keep_log=False)`, `determinize`) is quiet: it keeps no history
    # or log and builds no event list, which is most of the cost of a plain move.
    quiet: bool = False
    _batch: list[Event] | None = None
    _tracer: Callable[[Event], None] | None = None
    # Whether `check_action` is this base class's own: then `apply` checks an action object
    # with `accepts` directly and calls `check_action` only to say why not.
    _plain_check: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.game_name = info.name
        cls._plain_check = cls.check_action is Game.check_action

    # --- rules, per game -------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must choose now (several at once when moves are simultaneous)."""

    @abstractmethod
    def legal_actions(self, player: int) -> Sequence[Action]:
        """Every legal action for `player` now (empty when they need not act). Treat it as
        read-only: engines may hand out a shared immutable tuple."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event] | None:
        """Carry out an action already known to be legal, calling `emit` for each event."""

    @abstractmethod
    def why_illegal(self, player: int, action: Action) -> str:
        """The rule that forbids `action`, in the game's own words."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended (winners may be empty); None while it goes on."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-able view for a seat (None: a spectator who sees only public facts)."""

    def full_observation(self) -> dict[str, Any]:
        """JSON view with every hidden card face up (hands, face-down plans, drawn cards),
        for a referee or the replay of a finished game. Engines that can show one override
        this; nobody else may call it while a game goes on."""
        raise NotImplementedError(f"{self.info.title} has no view that shows every card")

    def view(self, viewer: int | str | None) -> dict[str, Any]:
        """`observation(viewer)`, or `full_observation()` for `ALL_CARDS`."""
        return self.full_observation() if viewer == ALL_CARDS else self.observation(viewer)

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, d: dict[str, Any]) -> Game: ...

    @abstractmethod
    def clone(self, keep_log: bool = True) -> Game:
        """An independent copy; `keep_log=False` gives a quiet search copy (no history,
        no log, no events built)."""

    @abstractmethod
    def determinize(self, observer: int, rng: random.Random) -> Game:
        """A quiet copy whose hidden facts are resampled consistently with what `observer`
        knows: a function of `observation(observer)` and `rng` only.

        The copy's own generator is reseeded from `rng`, so a search never sees the real
        game's future dice or draws.
        """

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def audit(self) -> list[str]:
        """Broken invariants (conservation, non-negativity); empty when all is well."""
        return []

    # --- shared machinery ------------------------------------------------------------
    def check_seat(self, player: object, public: bool = False) -> None:
        """ValueError naming the seats unless `player` is one of them (or None, the public
        view, where `public`): a seat is a plain int from 0 to `num_players - 1`."""
        if public and player is None:
            return
        if type(player) is not int or not 0 <= player < self.num_players:
            raise ValueError(f"player must be a seat from 0 to {self.num_players - 1}"
                             f"{' (or None, the public view)' if public else ''}, got "
                             f"{short_repr(player)}")

    def no_actions(self, player: object) -> tuple[()]:
        """What `legal_actions` gives a seat that has nothing to decide now, after checking
        that `player` is a seat at all (engines call it off their usual path)."""
        self.check_seat(player)
        return ()

    def winners(self) -> list[int]:
        out = self.outcome()
        return list(out.winners) if out is not None else []

    def may_act(self, player: int) -> bool:
        """Whether `player` is one of `to_act()`; engines override it with a cheaper test."""
        return (not self.is_over() and isinstance(player, int)
                and 0 <= player < self.num_players and player in self.to_act())

    def is_legal(self, player: int, action: Action) -> bool:
        return action in self.legal_actions(player)

    def accepts(self, player: int, action: Action) -> bool:
        """`may_act(player) and is_legal(player, action)` for an action object: the test
        `apply` runs on every move, so an engine may override it with one cheaper check."""
        return self.may_act(player) and self.is_legal(player, action)

    def hidden_offer(self, player: int) -> Action | None:
        """When `player` is asked something the others must not learn they were asked (a
        card held in secret that may act now), the action that lets the moment pass;
        None otherwise. A screen several people share asks everyone at once, naming
        nobody, instead of handing it to `player`."""
        return None

    def reporting(self) -> bool:
        """Whether events of the move being applied are wanted (not by a quiet copy): engines
        skip building them otherwise."""
        return self._batch is not None or self._tracer is not None

    def emit(self, event: Event) -> None:
        """Report one event of the action being applied (after the state changed)."""
        if self._batch is not None:
            self._batch.append(event)
        if self._tracer is not None:
            self._tracer(event)

    def check_action(self, player: int, action: Any) -> Action:
        """The action as an object, or IllegalAction saying why it cannot be played now."""
        if isinstance(action, dict):
            action = self.codec.from_dict(action)
        elif not isinstance(action, Action):
            raise IllegalAction(f"an action must be one of {self.codec.names()} (or its dict "
                                f"form), got {short_repr(action)}")
        if not self.may_act(player):
            if self.is_over():
                raise IllegalAction("the game is over: no more actions")
            if type(player) is not int or not 0 <= player < self.num_players:
                raise IllegalAction(f"player must be a seat from 0 to {self.num_players - 1}, "
                                    f"got {short_repr(player)}")
            raise IllegalAction(f"{self.player_name(player)} has nothing to decide right now")
        if not self.is_legal(player, action):
            raise IllegalAction(self.why_illegal(player, action))
        return action

    def apply(self, player: int, action: Action | dict[str, Any]) -> list[Event]:
        """Validate, then carry out; returns the events (none for a quiet copy)."""
        if not (self._plain_check and isinstance(action, Action)
                and self.accepts(player, action)):
            action = self.check_action(player, action)
        if self.quiet and self._tracer is None:  # a search copy: nothing to record
            self._apply(player, action)
            return []
        batch: list[Event] = []
        self._batch = None if self.quiet else batch
        try:
            returned = self._apply(player, action)
        finally:
            self._batch = None
        for e in returned or ():  # engines that return their events instead of emitting
            self._batch = None if self.quiet else batch
            self.emit(e)
            self._batch = None
        if not self.quiet:
            self.history.append((player, action))
            self.log.extend(batch)
        return batch

    def apply_traced(self, player: int, action: Action | dict[str, Any],
                     viewer: int | str | None) -> list[TraceStep]:
        """Apply, and return each event with `view(viewer)` right after it, so a
        step-by-step display draws what the engine reports instead of rebuilding states."""
        steps: list[TraceStep] = []
        self._tracer = lambda e: steps.append(TraceStep(e, self.view(viewer)))
        try:
            self.apply(player, action)
        finally:
            self._tracer = None
        return steps

    def player_name(self, player: int) -> str:
        names = self.options.get("names")
        return names[player] if names else f"Player {player + 1}"

    def log_for(self, seat: int | None, omniscient: bool = False) -> list[str]:
        return [e.text_for(seat, omniscient) for e in self.log]

    def history_dicts(self) -> list[list[Any]]:
        return [[p, a.to_dict()] for p, a in self.history]

    def record(self) -> dict[str, Any]:
        """A replayable game record: {game, version, options, seed, actions} (+ `start`
        when the game began from a hand-written scenario)."""
        rec = {"game": self.game_name, "version": self.version, "options": dict(self.options),
               "seed": self.seed, "actions": self.history_dicts()}
        start = getattr(self, "start", None)
        if start is not None:
            rec["start"] = start
        return rec

    def load_history(self, rows: Any) -> None:
        """A saved history: `[seat, action dict]` rows; ValueError naming the first row
        that is not one (whether the moves are legal is the replay's to say)."""
        if type(rows) is not list:
            raise ValueError(f"history must be a list of [seat, action] moves, got "
                             f"{short_repr(rows)}")
        history = []
        last = self.num_players - 1
        for k, row in enumerate(rows):
            if (type(row) is not list or len(row) != 2 or type(row[0]) is not int
                    or not 0 <= row[0] <= last):
                raise ValueError(f"history[{k}] must be [seat, action] with a seat from 0 to "
                                 f"{last}, got {short_repr(row)}")
            try:
                history.append((row[0], self.codec.from_dict(row[1])))
            except IllegalAction as exc:
                raise ValueError(f"history[{k}]: {exc}") from None
        self.history = history

    def load_log(self, rows: Any) -> None:
        """A saved log; ValueError naming the first entry that is not an event."""
        self.log = events_from_dicts(rows, self.num_players)

    @classmethod
    def check_version(cls, d: dict[str, Any], what: str = "save") -> None:
        """Refuse a save (or record) written by another format version (a scenario may
        omit it)."""
        if "version" not in d:
            return
        v = d["version"]
        if type(v) is not int or (v != cls.version and v not in cls.readable_versions):
            known = sorted({cls.version, *cls.readable_versions})
            raise ValueError(f"this {cls.info.title} {what} has format version {short_repr(v)}; "
                             f"this program reads version {' or '.join(map(str, known))}")
