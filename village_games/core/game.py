"""The protocol every engine speaks (see docs/architecture.md): one mutable game object."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self

from .actions import Action, ActionCodec, short_repr
from .errors import IllegalAction
from .events import Event, TraceStep, events_from_dicts
from .info import GameInfo
from .observation import Obs
from .outcome import Outcome

if TYPE_CHECKING:
    from .replay import Record

# The viewer who sees every card: a referee, or the replay of a game that is over. Only
# `apply_traced` and `Game.view` take it; `observation` is always one seat's (or None's).
ALL_CARDS = "all"


def _slot_names(cls: type) -> tuple[str, ...]:
    """Every slot a game class and its bases keep state in (not `__dict__`), worked out
    once per class."""
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = tuple(
            name for k in reversed(cls.__mro__)
            for name in k.__dict__.get("__slots__", ()) if name != "__dict__")
    return names


_SLOTS: dict[type, tuple[str, ...]] = {}


class Game(ABC, Generic[Obs]):
    """Base class: validation, the fast path of search copies, the event batch, tracing,
    history, log and records are shared; rules live in subclasses.

    A game is generic in its observation's type: an engine is a `Game[ItsObservation]`
    (`class Villagers(Game[VillagersObservation])`), and a `Game` whose kind is not said
    is a `Game[Observation]`, whose observations have the fields every engine fills.

    Subclasses set `info`, `version` (and `readable_versions` when older saves still load)
    and `codec`, and implement the abstract methods. One path for every move (`apply`):
    the action must be in the legal list handed out for that seat since the last move, or
    pass `accepts`, or `check_action` raises `IllegalAction` saying why; only then does
    `_apply` touch anything, so an illegal action leaves the game exactly as it was.
    Inside `_apply`, engines report what happens with `self.emit(event)`, each time right
    after the state changed (so a trace sees every intermediate state), and build an
    event only while `self.loud` says someone reads it.
    """

    info: ClassVar[GameInfo]
    game_name: ClassVar[str] = ""
    version: int = 1  # the save format (an engine may give one mode its own, per game)
    readable_versions: ClassVar[tuple[int, ...]] = ()  # older save formats still accepted
    codec: ClassVar[ActionCodec]
    # every engine starts a game with `new(players, seed, **its options)` (options as its
    # records keep them), a classmethod
    new: ClassVar[Callable[..., Game]]

    seed: int
    options: dict[str, Any]
    cards: Any  # the deck in play (each engine's own card set): bots and views read it

    # The fields every move reads or writes live in slots (quicker to read than a name in
    # the dict of an engine's 30-45 fields); `__init__` sets them, and an engine keeps the
    # rest of its hot state in its own `__slots__`. Other names go in the instance's dict.
    __slots__ = ("history", "log", "start", "quiet", "loud", "_batch", "_tracer", "_legal",
                 "_reported", "__dict__")
    history: list[tuple[int, Action]]
    log: list[Event]
    start: dict[str, Any] | None  # the scenario a game began from, for its record
    # A search copy (`clone(keep_log=False)`, `determinize`) is quiet: it keeps no history
    # or log and builds no event list, which is most of the cost of a plain move.
    quiet: bool
    # Whether the events of the move being applied (or of setup) are wanted: engines build
    # an event only while it is True. Set by `apply` and `events_to_log`, nowhere else.
    loud: bool
    _batch: list[Event] | None
    _tracer: Callable[[Event], None] | None
    # (seat, its legal list) as handed out since the last move: `apply` takes an action
    # from it without another test. Every move drops it; so must any change made by hand.
    _legal: tuple[int, Sequence[Action]] | None
    # What the table showed of whose turn it is when the last event was reported (see
    # `turn_marker`); engines that report who acts next override `turn_marker`.
    _reported: Hashable
    _reports_turns: ClassVar[bool] = False

    def __init__(self) -> None:
        self.history = []
        self.log = []
        self.start = None
        self.quiet = self.loud = False
        self._batch = self._tracer = self._legal = self._reported = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.game_name = info.name
        cls._reports_turns = cls.turn_marker is not Game.turn_marker

    # --- rules, per game -------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must choose now (several at once when moves are simultaneous)."""

    def legal_actions(self, player: int) -> Sequence[Action]:
        """Every legal action for `player` now (empty when they need not act). Treat it as
        read-only: engines may hand out a shared immutable sequence. Kept until the next
        move, so asking again costs nothing and `apply` need not search it."""
        cached = self._legal
        # (`is`: a seat is a small int, one object per value; a bool, a float or any
        # other number type is no seat)
        if cached is not None and cached[0] is player:
            return cached[1]
        if not self.may_act(player):
            return self.no_actions(player)
        legal = self.choices(player)
        self._legal = (player, legal)
        return legal

    @abstractmethod
    def choices(self, player: int) -> Sequence[Action]:
        """The legal list of `player`, who may act now (`legal_actions` asks, and keeps
        it until the next move)."""

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
    def observation(self, player: int | None) -> Obs:
        """JSON-able view for a seat (None: a spectator who sees only public facts)."""

    def full_observation(self) -> Obs:
        """JSON view with every hidden card face up (hands, face-down plans, drawn cards),
        for a referee or the replay of a finished game. Engines that can show one override
        this; nobody else may call it while a game goes on."""
        raise NotImplementedError(f"{self.info.title} has no view that shows every card")

    def view(self, viewer: int | str | None) -> Obs:
        """`observation(viewer)`, or `full_observation()` for `ALL_CARDS`."""
        if viewer == ALL_CARDS:
            return self.full_observation()
        return self.observation(viewer)  # type: ignore[arg-type]  # (a bad seat: refused there)

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, d: dict[str, Any]) -> Self: ...

    @abstractmethod
    def clone(self, keep_log: bool = True) -> Self:
        """An independent copy; `keep_log=False` gives a quiet search copy (no history,
        no log, no events built)."""

    def _fields_shared(self) -> Any:
        """A new game of this class sharing every field with this one: the instance's dict
        and the `__slots__` the class keeps its hot state in. `clone` starts here, then
        copies what is mutable."""
        cls = type(self)
        g = cls.__new__(cls)
        g.__dict__.update(self.__dict__)
        for name in _slot_names(cls):
            setattr(g, name, getattr(self, name))
        return g

    @abstractmethod
    def determinize(self, observer: int, rng: random.Random) -> Self:
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

    def check_adds_up(self) -> None:
        """ValueError listing what `audit` finds: a loaded save (a file anyone can edit)
        must be a state the rules could have reached, or play would break later."""
        problems = self.audit()
        if problems:
            raise ValueError(f"the save does not add up: {'; '.join(problems)}")

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
        """Whether `player` is one of `to_act()`; engines override it with a cheaper test
        (it must be False for anything but a seat: a bool or a float too)."""
        return (not self.is_over() and type(player) is int
                and 0 <= player < self.num_players and player in self.to_act())

    def is_legal(self, player: int, action: Action) -> bool:
        """What the legal list holds is legal: one source of truth."""
        return action in self.legal_actions(player)

    def accepts(self, player: int, action: Action) -> bool:
        """`may_act(player) and is_legal(player, action)` for an action object: the test
        `apply` runs on a move that is not found in the list handed out to `player` (which
        `apply` looks in itself, without this call). That list answers here too (it was
        made while they could act); an engine whose lists are long and whose moves are
        simple may override this with one cheaper check."""
        cached = self._legal
        if cached is not None and cached[0] is player:
            return action in cached[1]
        return self.may_act(player) and self.is_legal(player, action)

    def turn_marker(self) -> Hashable:
        """What a table shows of who acts next (and what they face). An engine that says
        who acts next overrides this and `next_event`: a move whose events left the
        marker behind ends with that event, so a step-by-step display ends on it."""
        return None

    def next_event(self) -> Event:
        """The event that says who acts now (asked only when `turn_marker` moved since the
        move's last event, and the game goes on)."""
        raise NotImplementedError(f"{type(self).__name__} overrides turn_marker, so it "
                                  "must say who acts next")

    def hidden_offer(self, player: int) -> Action | None:
        """When `player` is asked something the others must not learn they were asked (a
        card held in secret that may act now), the action that lets the moment pass;
        None otherwise. A screen several people share asks everyone at once, naming
        nobody, instead of handing it to `player`."""
        return None

    def emit(self, event: Event) -> None:
        """Report one event of the action being applied (after the state changed). Engines
        call it only while `loud`: a quiet move builds no event at all."""
        if self._batch is not None:
            self._batch.append(event)
        if self._tracer is not None:
            self._tracer(event)
        if self._reports_turns:
            self._reported = self.turn_marker()

    @contextmanager
    def events_to_log(self) -> Iterator[None]:
        """Setup (and a scenario's start) reports its events straight into the log."""
        self._batch, self.loud = self.log, True
        try:
            yield
        finally:
            self._batch, self.loud = None, False

    def check_action(self, player: int, action: object) -> Action:
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

    def apply(self, player: int, action: Action | dict[str, object]) -> list[Event]:
        """Check, then carry out; returns the events (none for a quiet copy).

        The one gate of every engine's moves: an action object in the list just handed out
        to `player`, or one that `accepts` takes, goes straight to the rules; anything
        else goes through `check_action`, which raises unless it is legal."""
        move: Action
        handed = self._legal
        if handed is not None and handed[0] is player:  # the list just handed out to them
            legal = handed[1]
            if type(legal) is tuple:
                # only the very objects count (what a player loop passes back): testing
                # equality would run each earlier action's dataclass `__eq__` in Python
                for move in legal:
                    if move is action:
                        break
                else:
                    move = self._accepted(player, action)
            elif action in legal:  # (an engine's own list type answers `in` itself)
                move = action  # type: ignore[assignment]  # (it lists actions only)
            else:
                move = self._accepted(player, action)
        else:
            move = self._accepted(player, action)
        self._legal = None
        if self.quiet and self._tracer is None:  # a search copy: nothing to report
            self._apply(player, move)
            return []
        batch: list[Event] = []
        self._batch = None if self.quiet else batch
        self.loud = True
        try:
            if self._reports_turns:
                self._reported = self.turn_marker()
            for e in self._apply(player, move) or ():  # (events returned, not emitted)
                self.emit(e)
            if self._reports_turns and not self.is_over() \
                    and self._reported != self.turn_marker():
                self.emit(self.next_event())  # who acts next: the move's last step
        finally:
            self._batch, self.loud = None, False
        if not self.quiet:
            self.history.append((player, move))
            self.log.extend(batch)
        return batch

    def _accepted(self, player: int, action: Action | dict[str, object]) -> Action:
        """`action` once `accepts` takes it, else `check_action`'s answer (which raises
        unless it is legal): the test of a move not found in the list handed out."""
        if isinstance(action, Action) and self.accepts(player, action):
            return action
        return self.check_action(player, action)

    def apply_traced(self, player: int, action: Action | dict[str, object],
                     viewer: int | str | None) -> list[TraceStep[Obs]]:
        """Apply, and return each event with `view(viewer)` right after it, so a
        step-by-step display draws what the engine reports instead of rebuilding states."""
        steps: list[TraceStep[Obs]] = []
        self._tracer = lambda e: steps.append(TraceStep(e, self.view(viewer)))
        try:
            self.apply(player, action)
        finally:
            self._tracer = None
        return steps

    def copy_record(self, twin: Game, keep_log: bool) -> None:
        """The end of every `clone`: the core's fields of the copy (`Game.__slots__`), so
        that an engine's `clone` copies only its own. The history, the log and the
        scenario the game began from (a quiet copy keeps none of them); the legal list
        handed out is not carried over."""
        twin._legal = None
        twin.loud, twin._batch, twin._tracer = self.loud, self._batch, self._tracer
        twin._reported = self._reported
        if keep_log:
            twin.history = self.history[:]
            twin.log = self.log[:]
            twin.start, twin.quiet = self.start, self.quiet
        else:
            twin.history, twin.log, twin.quiet, twin.start = [], [], True, None

    def player_name(self, player: int) -> str:
        names = self.options.get("names")
        return names[player] if names else f"Player {player + 1}"

    def log_for(self, seat: int | None, omniscient: bool = False) -> list[str]:
        return [e.text_for(seat, omniscient) for e in self.log]

    def history_dicts(self) -> list[list[Any]]:
        return [[p, a.to_dict()] for p, a in self.history]

    def record(self) -> Record:
        """A replayable game record: {game, version, options, seed, actions} (+ `start`
        when the game began from a hand-written scenario)."""
        rec: Record = {"game": self.game_name, "version": self.version,
                       "options": dict(self.options), "seed": self.seed,
                       "actions": self.history_dicts()}
        start = self.start
        if start is not None:
            rec["start"] = start
        return rec

    def load_history(self, rows: object) -> None:
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

    def load_log(self, rows: object) -> None:
        """A saved log; ValueError naming the first entry that is not an event."""
        self.log = events_from_dicts(rows, self.num_players)

    @classmethod
    def check_version(cls, d: Mapping[str, object], what: str = "save") -> None:
        """Refuse a save (or record) written by another format version (a scenario may
        omit it)."""
        if "version" not in d:
            return
        v = d["version"]
        if type(v) is not int or (v != cls.version and v not in cls.readable_versions):
            known = sorted({cls.version, *cls.readable_versions})
            raise ValueError(f"this {cls.info.title} {what} has format version {short_repr(v)}; "
                             f"this program reads version {' or '.join(map(str, known))}")
