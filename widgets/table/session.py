"""A table as one device holds it: the game, its seats, its moves in the table store, the
bots, undo and the steps of automatic play. Pure Python (no widgets): a view
(`view.TableApp`) draws it for the seats of its device and turns clicks into calls.

Every device of a table (the one that set it up, one per seat on another device, any
spectator) runs its own session on the same stored table: the moves in the store are the
truth, each session replays them, writes its device's moves with the version it made them
on (`stored.StoredTable` talks to the store), and reads the others' when the store's cheap
change mark moves (`sync`). A session without a store keeps the game in memory only
(tests, scripts).

    session = TableSession.create(adapter, game, ["human", "remote", "bot"], store)
    session.play(0, action)     # a person's move: checked, applied, stored
    session.run_bots()          # bot moves until a person is to act (or a deadline)
    session.sync()              # the other devices' moves, if any
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from village_games.core import Action, Agent, Event, Game, Observation, RecordBase, SeatView
from village_games.core.replay import RecordError, replay
from village_games.engines import engine
from village_games.tables import BOT, Conflict, Seat, StoreError, TableStore, UnknownTable
from village_games.tables.model import (
    HOST,
    SEAT,
    WATCH,
    Access,
    Move,
    Table,
    TableSummary,
    new_table,
)

from .adapter import GameAdapter
from .save_file import save_text
from .seating import Seating
from .step_frames import StepFrames, own_single_step
from .stored import SAVED_AGAIN, StoredTable

REVEALED = "Undo never rewinds past something revealed or left to chance (a reveal, a draw)."
OTHERS_MOVED = "Only your own last move can be taken back, before anyone else acts."
LOST_UNSAVED = ("The table moved on at another device while your last move could not be "
                "saved: that move was not kept. The table now shows where the game is.")
BOTS_OVERTAKEN = ("The table changed on another device while the bots were thinking: it "
                  "now shows where the game is.")
# Bots acting in a row without a person: more means a bug. Five Villages bots can play a
# long game: 25,116 moves in 230 rounds (seed 2), the median about 3,100.
MAX_BOT_STEPS = 250_000


class MovedFirst(ValueError):
    """A move made on a table that had moved on (another device moved first): nothing was
    kept, and the session now shows the table as it is. The message names who."""


@dataclass
class Applied:
    """Moves this session applied since the view last drew: how many, and whether any came
    from another device (the view then says so)."""

    moves: int = 0
    from_others: int = 0


class TableSession(Seating):
    """One table, as this device sees and plays it (see the module docstring)."""

    stored: StoredTable | None = None  # a table of this kernel only (see `StoredSession`)

    def __init__(self, adapter: GameAdapter, game: Game, kinds: Sequence[str],
                 access: Access | None = None, step_by_step: bool = False) -> None:
        super().__init__(kinds, access)
        self.adapter = adapter
        self._game = game
        self.game = game
        self.step_by_step = step_by_step
        self.bots = self._make_bots()
        # undo: the game before the last move of this device's seats (while nobody else
        # has seen its result), and who made it
        self.undo_point: tuple[Game, int] | None = None
        self.undo_reason = "Nothing to undo yet."
        self.steps = StepFrames()  # the steps of automatic play on show (`step_by_step`)
        self.bot_moves = 0  # in the run under way
        self.notices: list[str] = []  # things to tell this device's people, once
        self.applied = Applied()
        # the table's position as this device knows it: one more with every move applied
        # here (its own, a bot's, another device's); a page names the position it drew a
        # choice on, and a move made on a position the table has left is refused
        self.version = 0
        self._rewritten = 0  # the version of the last undo or replay (history rewritten)

    # ---------------------------------------------------------------- making one
    @classmethod
    def create(cls, adapter: GameAdapter, game: Game, kinds: Sequence[str],
               store: TableStore | None, names: Sequence[str] | None = None,
               settings: dict[str, str] | None = None,
               step_by_step: bool = False) -> TableSession:
        """A new table for `game` (which may already have moves: a loaded save), stored
        when a store is given. Its device is the host: it acts for the `human` seats."""
        if store is not None:
            return StoredSession.start(adapter, game, kinds, store, names, settings,
                                       step_by_step)
        return cls(adapter, game, kinds, step_by_step=step_by_step)

    @classmethod
    def open(cls, adapter: GameAdapter, store: TableStore, table_id: str, key: str | None,
             step_by_step: bool = False) -> TableSession:
        """The stored table `table_id` as the page address's `key` opens it (see
        `StoredSession.open_stored`)."""
        return StoredSession.open_stored(adapter, store, table_id, key, step_by_step)

    def _make_bots(self) -> dict[int, Agent]:
        return {s: self.adapter.make_bot(s, self.game.seed * 31 + s)
                for s, k in enumerate(self.kinds) if k == BOT}

    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """Adapters that draw with the whole game (odds, notes the engine works out for
        the viewer) hold the one on the table."""
        self._game = game
        if hasattr(self.adapter, "game"):
            self.adapter.game = game

    # ---------------------------------------------------------------- who acts
    def person_to_act(self) -> int | None:
        """A person (here or on another device) the game waits for, if any."""
        g = self.game
        if g.is_over():
            return None
        return next((s for s in g.to_act() if self.kinds[s] != BOT), None)

    def mine_to_act(self) -> int | None:
        """A person at this device the game waits for, if any (none at a closed table)."""
        g = self.game
        if g.is_over() or self.closed:
            return None
        return next((s for s in g.to_act() if s in self.mine and self.kinds[s] != BOT), None)

    def observation(self, viewer: int | None) -> Observation:
        """What `viewer` may know: only a seat of this device's, or the public view."""
        if viewer is not None and viewer not in self.mine:
            raise PermissionError(f"this device does not sit at seat {viewer + 1}")
        return self.game.observation(viewer)

    def summary(self) -> TableSummary:
        return summary_of(self.game)

    # ---------------------------------------------------------------- moves
    def play(self, seat: int, action: Action | dict[str, object],
             made_on: int | None = None) -> list[Event]:
        """A person's move for one of this device's seats: checked by the engine (an
        illegal one raises IllegalAction and changes nothing), applied, stored.

        `made_on` is the `version` of the table the move was chosen on (a page passes the
        one it drew; None: the table as this session holds it now). When the table has
        moved on since (another device moved first, this seat's other device included),
        the move is not made (`MovedFirst`) and the session shows the table as it is. One
        exception, the simultaneous planning of Village Pillage: other seats' plans change
        nothing this seat may do, so a plan made meanwhile stands."""
        if seat not in self.mine or self.kinds[seat] == BOT:
            raise ValueError(f"this device does not play seat {seat + 1}")
        made_on = self.version if made_on is None else made_on
        self.sync()
        self._check_current(seat, made_on)
        return self._play(seat, action, made_on)

    def moves_since(self, version: int) -> list[tuple[int, Action]] | None:
        """The moves (seat, action) applied since `version`; None when the table was
        rewritten since (an undo, a replay) or the version is not one of this session's."""
        if version < self._rewritten or version > self.version:
            return None
        count = self.version - version
        return list(self.game.history[len(self.game.history) - count:]) if count else []

    def still_current(self, seat: int, version: int) -> bool:
        """Whether a move of `seat` chosen on `version` may still be made (see `play`)."""
        since = self.moves_since(version)
        if since is None:
            return False
        return not since or (self.game.info.simultaneous and seat in self.game.to_act()
                             and all(p != seat for p, _a in since))

    def _check_current(self, seat: int, made_on: int) -> None:
        """`MovedFirst`, naming who, unless a move of `seat` made on `made_on` stands."""
        if self.still_current(seat, made_on):
            return
        since = self.moves_since(made_on)
        mover = since[0][0] if since else None
        if mover is not None and mover == seat:
            raise MovedFirst(f"{self.game.player_name(seat)}'s move was already made on "
                             "another device: this one was not made. The table now shows "
                             "where the game is.")
        who = self.game.player_name(mover) if mover is not None else "Someone"
        raise MovedFirst(f"{who} moved first: your move was not made. The table now shows "
                         "where the game is.")

    def _play(self, seat: int, action: Action | dict[str, object], made_on: int) -> list[Event]:
        before = self.game.clone()
        events = self._apply(seat, action)
        self._moved(seat, before, events)
        return events

    def _moved(self, seat: int, before: Game, events: list[Event]) -> None:
        """After a move of this device's: it may be taken back unless it revealed
        something."""
        if any(e.final for e in events):
            self.undo_point = None
            self.undo_reason = REVEALED
        else:
            self.undo_point = (before, seat)

    def hidden_offer_pass(self, seat: int) -> list[Event]:
        """The secret moment passes for `seat` (nobody at a shared screen took it up)."""
        offer = self.game.hidden_offer(seat)
        if offer is None:
            raise ValueError("there is no pause to go on from")
        events = self.play(seat, offer)
        self.undo_point = None  # taking it back would tell who was asked
        self.undo_reason = OTHERS_MOVED
        return events

    def _apply(self, seat: int, action: Action | dict[str, object]) -> list[Event]:
        """Apply a move; with step-by-step on, keep the engine's trace of it as frames."""
        g = self.game
        self.version += 1
        if not self.step_by_step:
            return g.apply(seat, action)
        viewer = self.public_view
        before = g.observation(viewer)
        trace = g.apply_traced(seat, action, viewer)
        own = seat in self.mine and self.kinds[seat] != BOT  # (not a move from elsewhere)
        if not own_single_step(trace, g.info.silent_kinds, own):
            self.steps.add(before, trace, viewer, g.info.silent_kinds, len(g.log))
        return [t.event for t in trace]

    # ---------------------------------------------------------------- the store's part
    # (a table of this kernel only keeps nothing: `StoredSession` does)
    @property
    def store(self) -> TableStore | None:
        return None

    @property
    def table(self) -> Table | None:
        """The stored table's row as last read."""
        return None

    @property
    def unsaved(self) -> list[tuple[int, dict[str, Any]]]:
        """Moves made here that the store has not taken yet."""
        return []

    @property
    def store_trouble(self) -> str:
        """What the store last refused ("" when all is well)."""
        return ""

    @property
    def closed(self) -> str:
        """Why the stored table is closed ("" while it is open)."""
        return ""

    def _record_last(self) -> None:
        """Keep the game's last move to be written to the store."""

    def _flush(self) -> None:
        """Write what the store has not taken yet (`Conflict` if the table moved on)."""

    def _claim(self) -> bool:
        """Whether this device plays the table's bots now."""
        return True

    def sync(self, force: bool = False) -> bool:
        """Take in what other devices did; whether the game changed."""
        return False

    def retry_unsaved(self, now: float | None = None) -> bool:
        """Send again what the store did not take; whether the game changed."""
        return False

    def _catch_up(self) -> None:
        """Bring the table up to date after a refused write."""

    def _store_settings(self, settings: dict[str, str]) -> None:
        """Keep the table's app settings with it."""

    def _store_undo(self, seat: int, before: Game) -> None:
        """Take the last move back in the store."""

    def close(self, why: str) -> None:
        """Close the table (no more moves)."""

    def link_key(self) -> str:
        """The key of this device's page address ("" for a spectator or no stored table)."""
        return ""

    # ---------------------------------------------------------------- bots
    def bots_to_act(self) -> bool:
        g = self.game
        return (not g.is_over() and not self.steps.frames and not self.closed
                and self.person_to_act() is None and bool(g.to_act()))

    def run_bots(self, deadline: float | None = None) -> bool:
        """Bot moves until a person is to act, steps are on show, the game ends, or (with
        a `deadline`, `time.monotonic()`) time is up; all of them stored in one write.
        Returns whether bots still have moves to make (the caller schedules the rest).

        On a stored table only one device plays the bots at a time (a claim in the
        store); the others see its moves arrive."""
        if not self.bots_to_act():
            return False
        if not self._claim():
            return False
        made = 0
        g = self.game
        try:
            while self.bots_to_act():
                if made and deadline is not None and time.monotonic() >= deadline:
                    return True
                if self.bot_moves >= MAX_BOT_STEPS:
                    raise RuntimeError(f"bots made {MAX_BOT_STEPS} moves in a row without "
                                       "the game ending")
                seat = g.to_act()[0]
                events = self._apply(seat, self.bots[seat].act(SeatView(g, seat)))
                self._record_last()
                made += 1
                self.bot_moves += 1
                if self.undo_point is not None:
                    self.undo_point = None
                    self.undo_reason = OTHERS_MOVED
                if any(e.final for e in events):
                    self.undo_reason = REVEALED
            return False
        finally:
            if made:
                try:
                    self._flush()
                except Conflict:  # another device moved meanwhile: its table wins
                    self.unsaved.clear()
                    self.sync(force=True)
                    self.notices.append(BOTS_OVERTAKEN)

    def new_run(self) -> None:
        """A new run of bot moves begins (after a person's move, a new game...)."""
        self.bot_moves = 0

    def set_settings(self, settings: dict[str, str]) -> None:
        """The adapter's settings changed at this device (a bot kind): bots anew, and the
        stored table's settings too, so that any device plays the bots the same way. Only
        the host sets a table up: at a seat or a spectator the drop-down is hidden, and a
        change sent to it anyway is undone here."""
        if self.role != HOST:
            if self.table is not None:
                self.adapter_settings(self.table.settings)
            self.notices.append("Only the table's host chooses how its bots play.")
            return
        self.bots = self._make_bots()
        self._store_settings(settings)

    def adapter_settings(self, settings: dict[str, str]) -> None:
        """Let the adapter take the table's own settings (a bot kind); bots anew."""
        use = self.adapter.use_settings
        if use is not None:
            use(settings)
            self.bots = self._make_bots()

    # ---------------------------------------------------------------- undo
    def can_undo(self, seat: int | None = None) -> bool:
        """Whether the last move may be taken back (by `seat`, if given): it was made at
        this device, revealed nothing and nobody has moved since."""
        if self.undo_point is None or self.steps.frames:
            return False
        return seat is None or self.undo_point[1] == seat

    @property
    def undo_seat(self) -> int | None:
        return self.undo_point[1] if self.undo_point is not None else None

    def undo(self) -> int:
        """Take back this device's last move; returns the seat that chooses again."""
        if self.undo_point is None:
            raise ValueError(self.undo_reason)
        self.sync()
        if self.undo_point is None:
            raise ValueError(OTHERS_MOVED)
        before, seat = self.undo_point
        self._store_undo(seat, before)
        self.game = before
        self._rewrote()
        self.undo_point = None
        self.undo_reason = "Nothing more to undo."
        return seat

    def _rewrote(self) -> None:
        """The game on the table was replaced (an undo, a replay): no move chosen before
        may be made on it."""
        self.version += 1
        self._rewritten = self.version

    # ---------------------------------------------------------------- the table itself
    def save_json(self) -> str:
        return save_text(self.game, self.kinds)

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices


class StoredSession(TableSession):
    """A table kept in the store: its moves written there (a burst of bot moves in one
    write), the other devices' moves read from there, the bots claimed there, through
    `StoredTable`."""

    stored: StoredTable

    def __init__(self, adapter: GameAdapter, game: Game, kinds: Sequence[str],
                 stored: StoredTable, access: Access | None = None,
                 step_by_step: bool = False) -> None:
        super().__init__(adapter, game, kinds, access, step_by_step)
        self.stored = stored

    @classmethod
    def start(cls, adapter: GameAdapter, game: Game, kinds: Sequence[str],
              store: TableStore, names: Sequence[str] | None = None,
              settings: dict[str, str] | None = None,
              step_by_step: bool = False) -> StoredSession:
        """A new stored table for `game` (with its moves, for a loaded save); this device
        is its host."""
        names = list(names or [game.player_name(i) for i in range(game.num_players)])
        seats = [Seat(k, n) for k, n in zip(kinds, names, strict=True)]
        record = game.record()
        base = cast(RecordBase, {k: v for k, v in record.items() if k != "actions"})
        table = store.create(new_table(game.game_name, base, seats, settings,
                                       summary_of(game)))
        link = StoredTable(store, table, store.watermark(table.id))
        session = cls(adapter, game, kinds, link, table.access(table.host_key), step_by_step)
        if record["actions"]:
            session.stored.unsaved = [(int(p), a) for p, a in record["actions"]]
            session._flush()
        return session

    @classmethod
    def open_stored(cls, adapter: GameAdapter, store: TableStore, table_id: str,
                    key: str | None, step_by_step: bool = False) -> StoredSession:
        """The stored table `table_id` as the page address's `key` opens it: the host
        device, one seat, or a spectator (no key). `UnknownTable` for a wrong table or
        key (the message says what to do)."""
        mark = store.watermark(table_id)
        table, moves = store.load(table_id)
        if table.game != adapter.info.name:
            raise UnknownTable(f"that table plays {table.game!r}, not {adapter.info.name!r}: "
                               "open it from its own game's page")
        access = table.access(key)
        if access is None:
            raise UnknownTable("that link's key does not open this table (a mistyped or old "
                               "link): ask whoever set the table up for your seat's link")
        game, undo = cls._replay(adapter, table, moves, access)
        session = cls(adapter, game, table.kinds, StoredTable(store, table, mark), access,
                      step_by_step)
        session.undo_point = undo
        return session

    @staticmethod
    def _replay(adapter: GameAdapter, table: Table, moves: list[Move],
                access: Access) -> tuple[Game, tuple[Game, int] | None]:
        """The table's game, replayed from its record; and the undo point, when its last
        move is one of `access`'s seats' and revealed nothing (so it may still be taken
        back after a reload)."""
        record = table.record(moves)
        mine = bool(moves) and moves[-1].seat in access.seats
        module = engine(table.game)
        try:
            game = replay(record if not mine else table.record(moves[:-1]),
                          module.new_game, adapter.from_dict)
        except RecordError as exc:
            raise StoreError(f"the stored table does not replay ({exc})") from None
        if not mine:
            return game, None
        before = game.clone()
        events = game.apply(moves[-1].seat, moves[-1].action)
        undo = None if any(e.final for e in events) else (before, moves[-1].seat)
        return game, undo

    # ---------------------------------------------------------------- the stored table
    @property
    def store(self) -> TableStore:
        return self.stored.store

    @property
    def table(self) -> Table:
        """The stored table's row as last read."""
        return self.stored.table

    @property
    def unsaved(self) -> list[tuple[int, dict[str, Any]]]:
        return self.stored.unsaved

    @property
    def store_trouble(self) -> str:
        return self.stored.trouble

    @property
    def closed(self) -> str:
        return self.stored.table.closed

    # ---------------------------------------------------------------- writing
    def _play(self, seat: int, action: Action | dict[str, object], made_on: int) -> list[Event]:
        before, version = self.game.clone(), self.version
        events = self._apply(seat, action)
        try:
            self._record_last()
            self._flush()
        except Conflict:
            # nothing of this move was kept (no page drew the table with it)
            self.unsaved.pop()
            self.game, self.version = before, version
            stored = self.stored.version
            self._catch_up()
            if self.stored.version == stored:  # (the store could not be read meanwhile)
                raise MovedFirst("Someone moved first: your move was not made. The table "
                                 "now shows where the game is.") from None
            self._check_current(seat, made_on)
            return self._play(seat, action, made_on)  # planning at once: both plans stand
        self._moved(seat, before, events)
        return events

    def _claim(self) -> bool:
        return self.stored.claim_bots(self.shared)

    def _store_settings(self, settings: dict[str, str]) -> None:
        if settings == self.stored.table.settings:
            return
        try:
            self.stored.update_settings(settings)
        except StoreError as exc:
            self.notices.append(f"The new setting is used here only ({exc}).")

    def _store_undo(self, seat: int, before: Game) -> None:
        if self.unsaved:
            self.unsaved.pop()
            return
        try:
            self.stored.undo(seat, summary_of(before))
        except Conflict as conflict:
            self._catch_up()
            who = self.game.player_name(conflict.by) if conflict.by is not None else "Someone"
            raise MovedFirst(f"{who} has moved since: your move can no longer be taken "
                             "back.") from None

    def _record_last(self) -> None:
        p, action = self.game.history[-1]
        self.stored.unsaved.append((p, action.to_dict()))

    def _flush(self) -> None:
        """Write the moves the store has not taken yet, in one transaction (a store that
        cannot take them keeps them for `retry_unsaved`); `Conflict` when the table moved
        on meanwhile."""
        if self.stored.write(self.summary()) is not None:
            if self.stored.saved_again:
                self.stored.saved_again = False
                self.notices.append(SAVED_AGAIN)

    def retry_unsaved(self, now: float | None = None) -> bool:
        """Send again the moves the store did not take, once their wait is over (a page's
        poll calls this every tick). Returns whether the table changed: when it moved on
        meanwhile, its moves win and a notice says the unsaved one was not kept."""
        if not self.stored.retry_due(now):
            return False
        try:
            self._flush()
        except Conflict:
            return self.sync(force=True)
        return not self.unsaved

    def _catch_up(self) -> None:
        """Bring the table up to date after a refused write (`MovedFirst` if it closed)."""
        self.sync(force=True)
        if self.closed:
            raise MovedFirst(f"This table is closed ({self.closed}).")

    # ---------------------------------------------------------------- other devices
    def sync(self, force: bool = False) -> bool:
        """Read the moves other devices stored since this session last looked (the store's
        change mark says cheaply whether to look). Returns whether the game changed."""
        link = self.stored
        if not link.looked(force):
            return False
        known = len(self.game.history) - len(link.unsaved)  # the moves the store holds
        start = max(known - 1, 0) if not link.unsaved else 0
        found = link.read(start)
        if found is None:
            return False
        fresh, moves = found
        settings_changed = fresh.settings != link.table.settings
        link.table = fresh
        if settings_changed:
            self.adapter_settings(fresh.settings)
        if fresh.version == link.version:
            return settings_changed
        # the stored moves go on from the last one held here, unchanged (a move written
        # after this device last read has a later version: the table was rewritten)
        extends = (not link.unsaved and (known == 0 or (
            bool(moves) and moves[0].index == known - 1 and moves[0].version <= link.version)))
        if extends:
            new = [m for m in moves if m.index >= known]
            for m in new:
                self._apply(m.seat, m.action)
            if new:  # someone else moved: this device's last move has been seen
                self.undo_point = None
                self.undo_reason = OTHERS_MOVED
            self.applied.moves += len(new)
            self.applied.from_others += len(new)
        elif not self._replace(fresh, moves if start == 0 else None):
            return False
        link.version = fresh.version
        return True

    def _replace(self, fresh: Table, everything: list[Move] | None) -> bool:
        """Replay the table from the store (another device's undo, a move this device
        could not save while the table moved on); False when the store cannot be read."""
        link = self.stored
        if everything is None:
            found = link.read(0)
            if found is None:
                return False
            everything = found[1]
        self.game, self.undo_point = self._replay(self.adapter, fresh, everything,
                                                  self.access)
        self._rewrote()
        self.bots = self._make_bots()
        self.steps.end()
        if link.unsaved:
            self.notices.append(LOST_UNSAVED)
            link.unsaved.clear()
            link.all_well()
        self.applied.from_others += 1
        return True

    def close(self, why: str) -> None:
        """Close the stored table (no more moves); a new game at this device does so."""
        self.stored.close(why)

    def link_key(self) -> str:
        """The key of this device's page address ("" for a spectator)."""
        t = self.table
        if t is None or self.role == WATCH:
            return ""
        if self.role == HOST:
            return t.host_key
        return t.seats[self.mine[0]].token if self.role == SEAT else ""


def summary_of(game: Game) -> TableSummary:
    """What the lobby shows of a table without replaying it: moves, round, whose turn, and
    the result once it is over."""
    out = game.outcome()
    public = game.observation(None)  # (the lobby is public: who acts as anyone may see it)
    return {"moves": len(game.history), "round": public.get("round"),
            "turn": [game.player_name(s) for s in public["to_act"]] if out is None else [],
            "over": out is not None, "result": out.reason if out is not None else ""}
