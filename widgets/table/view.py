"""The generic table app: any engine, through the protocol, with a small per-game adapter.

This is the view: the widgets of one device at a table, in parts. The table itself (its
moves in the table store, the bots, undo and the steps of automatic play) is a
`TableSession` (session.py, pure Python); the view shows what the session lets this
device see (its own seats' observations, or the public view) and turns clicks into
session calls. The parts:

- `SetupPanel` (setup_panel.py): the host's controls for the next game;
- `Sharing` (sharing.py): the page's links and address, and whose page it is;
- `TableScreen` (screen.py): the turn bar, the table, the hand-over screen, the moves on
  offer, undo and the log, drawn from the session and the `Turn`;
- `CoachPanel` (coach_panel.py), `ToolsPanel` (tools_panel.py: save, load, data files)
  and `BotRuns` (bot_runs.py: bots in bursts in a live kernel).

A table lives on the server (`village_games.tables`) once the app has a store (the play
pages do wherever there is one, page.py; without one `keep_in_tab` keeps the game in the
page and says so): every game, hot seat included, is kept move by move and the
page's address becomes `?table=...&key=...`, so F5 or a server restart brings back the
same table at the same move. Each seat is a person at this screen, a person on another
device (who opens the seat's own link, shown with a QR code after New game) or a bot; the
watch link shows the public view. Moves made on other devices arrive through the store's
cheap change mark, looked at every `POLL_S` in a live kernel. With two or more people at
one screen (hot seat), a hand-over screen hides the table between their turns.

Everything game-specific lives in a `GameAdapter` (adapter.py; example:
`widgets/village_pillage/adapter.py`): its renderer, picker labels, prompt, bots, and
optionally variants, option flags (`flags`), data files a user may load (`load_deck`,
`data_files`), a coach and a replay notebook. The app holds no rules.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as w

from village_games.core import Action, Game
from village_games.tables import REMOTE, StoreError, TableStore
from village_games.tables.model import HOST

from ..kit.live import every, running_loop
from ..kit.query import notice_html
from ..kit.safe import ErrorBanner, guarded
from ..kit.shared_models import Shared
from ..kit.theme import style_tag
from .adapter import DataFile, GameAdapter
from .bot_runs import BotRuns
from .coach_panel import CoachPanel
from .files import Upload, parse_upload
from .save_file import read_save
from .screen import HOT_SEAT_UNDO, ScreenActions, TableScreen, Turn
from .session import MovedFirst, TableSession
from .setup import BOT, HUMAN, SECRET_SEED_BITS, Setup, default_setup, setup_options
from .setup_panel import SetupPanel
from .sharing import Sharing
from .tools_panel import ToolsPanel

# How often a live kernel asks the store whether another device moved (a cheap mark: no
# query unless something changed); the move then shows within about this long.
POLL_S = 0.1
# what a page that keeps its game in the tab says (no table store: a static site in the
# browser, or a server run with VILLAGE_GAMES_STORE=none)
IN_THIS_TAB = ('<div class="vg-in-this-tab"><b>This game stays in this tab.</b> Nothing is '
               "kept on a server: nobody can join from another device, the page has no link "
               "to the table, and reloading the page starts a new game. To keep a game, save "
               "it under <i>Save / load</i> and load the file again later.</div>")
SHARED_SAVE = ("On a table shared with other devices the save (which holds every card) is "
               "offered once the game is over; until then the table is kept on the server.")

R = TypeVar("R")


class TableApp:
    """Build with an adapter; `app.widget` is what a notebook displays."""

    # drop-downs a game's play app adds to the setup, when it has them (bot_choice.py;
    # Villages' "Play to")
    bot_box: w.Dropdown
    strength_box: w.Dropdown
    target_box: w.Dropdown

    def __init__(self, adapter: GameAdapter, setup: Setup | None = None,
                 notices: Sequence[str] = (), step_by_step: bool = True,
                 store: TableStore | None = None) -> None:
        self.adapter = adapter
        self.store = store  # None: the game lives in this kernel only (tests, scripts)
        # what a link may set besides the setup and the table (the app's bot kind...): a
        # link read after the app was built names any other key as unknown
        self.link_keys: tuple[str, ...] = ()
        setup = setup or default_setup(adapter)
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        # widgets whose layout never changes share Layout and Style models (fewer for the
        # page to load); the ones shown and hidden keep their own
        shared = Shared()
        self.notice = shared.make(w.HTML, "vg-notice", value="")
        self.tab_only = False  # (`keep_in_tab`)
        self.tab_note = shared.make(w.HTML, "vg-tab-note", value="")
        self.tools = ToolsPanel(adapter, shared, guard, self._on_save, self._load_and_tell,
                                self._use_file)
        self.sharing = Sharing(adapter, shared, list(self.tools.files))
        self.setup = SetupPanel(adapter, setup, shared, guard, step_by_step,
                                self.sharing.share, self._on_new_game, self._show_files)
        self.setup.step_box.observe(guard(self._on_step_toggle), names="value")
        self.screen = TableScreen(adapter, shared, guard, ScreenActions(
            choose=self._on_choose, ready=self._on_ready, go_on=self._on_go_on,
            pass_on=self._on_pass, next_step=self._on_next_step, show_all=self._on_show_all,
            undo=self._on_undo))
        self.coach = CoachPanel(adapter, shared, guard, self._on_coach)
        screen = self.screen
        # the advice sits under the buttons (each button carries its own short note), so the
        # choice itself stays in view on a laptop screen
        action = shared.vbox([self.coach.row, screen.picker, screen.undo_row, self.coach.view],
                             "vg-action-panel")
        side = shared.vbox([shared.html('<div class="vg-log-head">Log</div>'),
                            screen.log_view, self.tools.widget], "vg-side-panel")
        self.lower = w.HBox([action, side], _dom_classes=("vg-lower",))
        self.widget = w.VBox([style_tag(), self.sharing.address, self.banner, self.notice,
                              self.tab_note, self.sharing.seat_header, self.setup.widget,
                              self.sharing.links, screen.table_notice, screen.store_status,
                              screen.turn_bar, screen.board, screen.handover, self.lower])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-table-app")
        self.set_notices(notices)

        # --- the table (a session), and what this screen shows of it
        self.session: TableSession | None = None
        self.turn = Turn()
        self.loop = running_loop  # the kernel's loop, for bursts and polls (tests: their own)
        self.bot_runs = BotRuns(self.banner, self._refresh, lambda: self.loop())
        self._polling = False
        self._show_files()
        self.start_game(setup)

    # ------------------------------------------------------------ the setup
    def set_notices(self, notices: Sequence[str]) -> None:
        self.notice.value = notice_html(notices)

    def keep_in_tab(self) -> None:
        """Keep every game of this page in the page itself (there is no table store: a
        static site, or a server that keeps no tables): say so, offer no seat on another
        device, and start again without one if the game on the table has one."""
        self.tab_only = True
        self.store = None
        self.tab_note.value = IN_THIS_TAB
        s = self.session
        again = self.setup.read() if s is not None and s.shared else None
        self.setup.offer_remote(False)
        if again is not None:
            self.start_game(again)

    def _here(self, kinds: Sequence[str]) -> tuple[list[str], list[str]]:
        """`kinds` as this page can seat them, and what to say about it: on a page that
        keeps its game in the tab, a seat on another device is a person at this screen."""
        if not self.tab_only or REMOTE not in kinds:
            return list(kinds), []
        moved = [str(i + 1) for i, k in enumerate(kinds) if k == REMOTE]
        notice = (f"Seat{'s' if len(moved) > 1 else ''} {', '.join(moved)}: a person at this "
                  "screen, since this page keeps its game in this tab and nobody can join "
                  "from another device.")
        return [HUMAN if k == REMOTE else k for k in kinds], [notice]

    def apply_setup(self, setup: Setup, notices: Sequence[str] = ()) -> None:
        """Show `setup` in the controls and start its game (a link read after the app was
        built), reusing the seat controls when the number of seats stays the same."""
        self.setup.show(setup)
        self._show_files()
        self.set_notices(notices)
        self.start_game(setup)

    def _show_files(self) -> None:
        """Offer a section for each file the game set up in the controls would use."""
        self.tools.show_files(*self.setup.next_options())

    def use_file(self, key: str, upload: Upload | None) -> None:
        """Play the next games with a user's file for `key` (name, contents), or with the
        game's own data (None), starting a new game at once. A bad file, or a game that
        cannot use it, raises ValueError and changes nothing."""
        self._use_file(self.tools.files[key].spec, upload)

    def use_deck(self, deck_file: Upload | None) -> None:
        """`use_file` for the deck."""
        self.use_file("deck", deck_file)

    def _use_file(self, spec: DataFile, upload: Upload | None) -> None:
        data = None if upload is None else parse_upload(spec, upload)
        setup = self.setup.read()
        if not spec.applies(setup.players, setup_options(self.adapter, setup)):
            raise ValueError(f"a {spec.title.lower()} file is used only in {spec.when}: set "
                             "that up first")
        self.start_game(setup, {spec.key: data})  # raises before the game is replaced
        self.set_notices(())

    # ------------------------------------------------------------ starting a table
    def start_game(self, setup: Setup, files: dict[str, Any] | None = None) -> None:
        """Start `setup`'s game with the files the next games use (`files` overrides them:
        a key to None means the game's own data); on a ValueError nothing has changed."""
        options = setup_options(self.adapter, setup)
        chosen = {key: c.data for key, c in self.tools.files.items()} | (files or {})
        for key, data in chosen.items():
            if data is not None and self.tools.files[key].spec.applies(setup.players, options):
                options[key] = data
        seats, notices = self._here(setup.seats)
        seed = setup.seed
        if REMOTE in seats:  # nobody at the table may know the deal ahead
            # (63 bits: a spectator who searched every 31-bit seed against the public
            # market and refills found the deal in 40 s; 2**63 seeds are out of reach)
            seed = secrets.randbits(SECRET_SEED_BITS)
        game = self.adapter.new_game(setup.players, seed, list(setup.names), **options)
        self._install(game, seats, notices)

    def _install(self, game: Game, kinds: list[str], notices: Sequence[str] = ()) -> None:
        """Put `game` on the table: a new table in the store when the app has one (the
        table this device had open is closed: a device starts one game at a time).
        `notices`: what to say on the table about how it was set up."""
        step = self.setup.step_box.value
        try:
            session = TableSession.create(self.adapter, game, kinds, self.store,
                                          settings=self._settings(), step_by_step=step)
        except StoreError as exc:  # the game goes on in this kernel only
            session = TableSession.create(self.adapter, game, kinds, None, step_by_step=step)
            session.notices.append(f"This game is not kept on the server ({exc}): a reload "
                                   "starts over and other devices cannot join.")
        session.notices.extend(notices)
        old = self.session
        if old is not None and old.role == HOST and old is not session:
            old.close("its host started a new game")
        self._show_session(session)

    def settings_changed(self) -> None:
        """The adapter's own settings changed (a bot drop-down): the table's bots follow,
        on every device, and the share link says so."""
        if self.session is not None:
            self.session.set_settings(self._settings())
            self.sharing.show_share(self.session)

    def _settings(self) -> dict[str, str]:
        """The adapter's own settings (a bot kind...), kept with a stored table so every
        device plays its bots the same way."""
        return dict(self.adapter.share_params())

    def _show_session(self, session: TableSession) -> None:
        self.session = session
        self.turn = Turn()
        self.tools.save_link.value = ""
        self.screen.table_notice.value = ""
        self.coach.forget()
        game = session.game
        self.tools.took(game.num_players, getattr(game, "options", None) or {})
        host = session.role == HOST
        for part in (self.setup.widget, self.tools.widget):
            part.layout.display = "" if host else "none"
        self.sharing.links.layout.display = (
            "" if session.table is not None and (not host or session.shared) else "none")
        self.sharing.seat_header.layout.display = "none" if host else ""
        self.lower.layout.display = ""  # (hidden while the page showed no table)
        self.screen.show_table()
        # the coach advises a person making a decision here: a spectator, or a host whose
        # seats are all on other devices or bots, makes none
        self.coach.show(bool(session.locals))
        self.sharing.show(session)
        self.bot_runs.start(session)
        self.screen.say(session.take_notices())
        self._refresh()
        self._start_polling()

    def attach_store(self, store: TableStore) -> None:
        """Keep the game on the table, and every later one, in `store` (a new stored
        table for the game as it stands)."""
        self.store = store
        s = self.session
        assert s is not None
        self._show_session(TableSession.create(self.adapter, s.game, s.kinds, store,
                                               settings=self._settings(),
                                               step_by_step=self.setup.step_box.value))

    def open_stored(self, store: TableStore, table_id: str, key: str | None) -> None:
        """Show the stored table as the page address's key opens it (the host device, one
        seat, or a spectator). A wrong or stale link shows a notice and no table."""
        self.store = store
        try:
            session = TableSession.open(self.adapter, store, table_id, key,
                                        step_by_step=self.setup.step_box.value)
        except StoreError as exc:
            self.refuse(str(exc))
            return
        # the setup controls show how this table was set up (a shared table's seed is a
        # secret)
        self.setup.show_game(session.game, session.kinds,
                             seed_shown=session.role == HOST and not session.shared)
        self._show_files()
        self._show_session(session)

    def refuse(self, message: str) -> None:
        """A page address that opens no table: say why, and show nothing of any table."""
        self.session = None
        self.sharing.forget()
        for part in (self.setup.widget, self.sharing.links, self.lower,
                     self.sharing.seat_header):
            part.layout.display = "none"
        self.screen.hide_all()
        self.set_notices(())
        self.notice.value = (
            f'<div class="vg-query-error vg-table-refused"><b>No table:</b> '
            f"{html.escape(sentence(message))} <a href=\"?\">Start a game of your own</a>."
            "</div>")

    # ------------------------------------------------------------ other devices
    def _start_polling(self) -> None:
        """In a live kernel, look for other devices' moves every `POLL_S` (stored tables)."""
        s = self.session
        if self._polling or s is None or s.table is None:
            return
        loop = self.loop()
        if loop is not None:
            self._polling = True
            every(loop, POLL_S, self.poll, self.banner)

    def poll(self) -> bool:
        """Take in what other devices did at this table (their moves, an undo, a close);
        redraw if anything changed. The kernel calls this every `POLL_S`; tests call it."""
        s = self.session
        if s is None or s.table is None:
            return False
        trouble = s.store_trouble
        changed = s.retry_unsaved() | s.sync()
        notices = s.take_notices()
        if s.table.closed:
            notices.append(f"This table is closed ({s.table.closed}). "
                           + ("Start a new game above." if s.role == HOST else
                              "Ask for a link to the next one."))
        if not changed and not notices:
            if s.store_trouble != trouble:
                self._refresh()
            elif not self.bot_runs.playing and s.bots_to_act():
                self.bot_runs.start(s)  # bots another device left waiting
                if s.applied.moves or self.bot_runs.playing:
                    self._refresh()
            return False
        if changed:
            t = self.turn
            if s.hot_seat and t.showing is not None and s.mine_to_act() != t.showing:
                t.showing = None
            t.passing = None
            self.bot_runs.start(s)
        self.screen.say(notices)
        self._refresh()
        return changed

    # ------------------------------------------------------------ callbacks
    def _on_step_toggle(self, change: dict[str, Any]) -> None:
        if self.session is not None:
            self.session.step_by_step = bool(change["new"])

    def _on_new_game(self, _b: object = None) -> None:
        setup = self.setup.read()
        self.set_notices(())
        self.start_game(setup)

    def _on_ready(self, _b: object = None) -> None:
        s = self._session()
        seat = s.mine_to_act()
        if seat is None:
            raise ValueError("nobody is waiting to take a turn")
        self.turn.showing = seat
        self._refresh()

    def _on_go_on(self, _b: object = None) -> None:
        """Nobody at the screen takes up the secret moment: it passes for its holder."""
        s = self._session()
        if not self.turn.secret_moment(s):
            raise ValueError("there is no pause to go on from")
        seat = s.mine_to_act()
        assert seat is not None
        self._moving(lambda: s.hidden_offer_pass(seat))
        self.bot_runs.start(s)
        self._refresh()

    def _moving(self, move: Callable[[], R]) -> R | None:
        """Make a move through the session; when another device moved first, say so and
        show the table as it now is (the move was not made)."""
        self.screen.table_notice.value = ""
        try:
            return move()
        except MovedFirst as exc:
            self.turn = Turn()
            self.screen.say([str(exc)])
            self.bot_runs.start(self.session)
            self._refresh()
            return None

    def _on_choose(self, action: Action) -> None:
        s = self._session()
        seat = s.mine_to_act()
        if seat is None or (s.hot_seat and self.turn.showing != seat):
            raise ValueError("it is not a person's turn right now")
        # IllegalAction (a ValueError) leaves the game unchanged; a move chosen on a table
        # that has moved on since (another device) is not made
        events = self._moving(lambda: s.play(seat, action, self.screen.drawn_on))
        if events is None:
            return
        if s.hot_seat:
            following = s.mine_to_act()
            if following == seat:
                pass  # the same person chooses again (a Villagers build turn): screen stays
            elif s.undo_point is not None and following is not None:
                self.turn.passing = seat  # the mover may still take it back, then passes on
            else:
                self.turn.showing = None
        self.bot_runs.start(s)
        self._refresh()

    def _on_pass(self, _b: object = None) -> None:
        """The mover is done: the screen goes to the next person (through the hand-over)."""
        if self.turn.passing is None:
            raise ValueError("there is no move to pass on")
        self.turn = Turn()
        self.bot_runs.start(self.session)
        self._refresh()

    def _on_next_step(self, _b: object = None) -> None:
        s = self._session()
        s.steps.next()
        if not s.steps.frames:
            self.bot_runs.start(s)
        self._refresh()

    def _on_show_all(self, _b: object = None) -> None:
        s = self._session()
        if s.steps.frames:
            s.steps.end()
            self.bot_runs.start(s)
        self._refresh()

    def _on_undo(self, _b: object = None) -> None:
        s = self._session()
        if not self.turn.can_undo(s):
            raise ValueError(s.undo_reason if not s.can_undo() else HOT_SEAT_UNDO)
        seat = self._moving(s.undo)
        if seat is None:
            return
        self.turn = Turn(showing=seat)  # the same person chooses again
        self._refresh()

    def _on_coach(self) -> None:
        if self.session is not None and not self.session.steps.frames:
            self._refresh()

    # ------------------------------------------------------------ save and load
    def save_json(self) -> str:
        s = self._session()
        if s.role != HOST or (s.shared and not s.game.is_over()):
            raise ValueError(SHARED_SAVE if s.role == HOST else
                             "only the device that set the table up can save it")
        return s.save_json()

    def _on_save(self, _b: object = None) -> None:
        text = self.save_json()
        g = self._session().game
        name = f"{g.game_name}_seed{g.seed}_move{len(g.history)}.json"
        self.tools.show_save(text, name, self.sharing.replay_link(self._session()))

    def load_json(self, text: str) -> None:
        """Replace the game by a saved one (a new table); on any problem raise ValueError,
        change nothing."""
        game, kinds = read_save(text, self.adapter.info.name, self.adapter.from_dict)
        n = game.num_players
        if kinds is None:  # (a save that does not say who sat where)
            s = self.session
            kinds = s.kinds if s is not None and len(s.kinds) == n else [HUMAN] + [BOT] * (n - 1)
        kinds, notices = self._here(kinds)
        self.setup.show_game(game, kinds, seed_shown=True)
        self._show_files()
        self._install(game, kinds, notices)

    def _load_and_tell(self, text: str) -> str:
        """Load, and what to say about it next to the Load control."""
        self.load_json(text)
        g = self._session().game
        where = "the game is over" if g.is_over() else f"{len(g.history)} moves played"
        return (f"Loaded: {self.adapter.title}, {g.num_players} players, seed {g.seed}; "
                f"{where}.")

    # ------------------------------------------------------------ drawing
    def _session(self) -> TableSession:
        if self.session is None:
            raise ValueError("there is no table on this page")
        return self.session

    def _refresh(self) -> None:
        s = self.session
        if s is None:
            return
        self.screen.draw(s, self.turn, self.bot_runs.playing,
                         lambda seat: self.coach.advice(s.game, seat),
                         lambda: self.sharing.replay_link(s))
        advice = self.coach.advice(s.game, self.turn.showing) if (
            self.turn.showing is not None and self.screen.picker.actions) else None
        self.coach.view.value = advice.html if advice else ""


def sentence(text: str) -> str:
    """`text` ending as a sentence does (a message of the store's has no full stop)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."
