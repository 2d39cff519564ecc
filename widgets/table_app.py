"""The generic table app: any engine, through the protocol, with a small per-game adapter.

This is the view: the widgets of one device at a table. The table itself, its moves in
the table store, the bots, undo and the steps of automatic play are a `TableSession`
(`table_session.py`, pure Python); the view shows what the session lets this device see
(its own seats' observations, or the public view) and turns clicks into session calls.

A table lives on the server (`village_games.tables`) once the app has a store (the play
pages always do): every game, hot seat included, is kept move by move and the page's
address becomes `?table=...&key=...`, so F5 or a server restart brings back the same table
at the same move. Each seat is a person at this screen, a person on another device (who
opens the seat's own link, shown with a QR code after New game) or a bot; the watch link
shows the public view. Moves made on other devices arrive through the store's cheap change
mark, checked every `POLL_S` in a live kernel.

The app renders the table for the seat whose turn it is (or for everyone, when nothing is
secret), offers that seat's legal actions in an `ActionPicker`, lets the session run bots
from inside the callbacks (no threads), and shows the log, step-by-step resolution, undo,
new game / seed, save and load. With two or more people at one screen (hot seat), a
hand-over screen hides the table between their turns so nobody sees another's cards.

Everything game-specific lives in a `GameAdapter` (`table_adapter.py`; example:
`widgets/village_pillage/play_app.py`); the setup and its link parsing are in `table_setup.py`:

    class MyAdapter:
        info = my_game.INFO          # the engine's GameInfo: player range, silent kinds...
        title = "My Game"; default_players = 3; default_names = ["Ana", "Ben", "Cy", "Dee"]
        def new_game(self, players, seed, names): ...        # -> Game
        def from_dict(self, state): ...                       # -> Game (ValueError if bad)
        def render(self, obs, cards, highlight=None): ...     # -> HTML
        def labels(self, obs, cards): ...                     # -> PickerLabels
        def prompt(self, obs, actions): ...                   # -> HTML line above the picker
        def make_bot(self, seat, seed): ...                   # -> Agent (has .act(SeatView))
        def variants(self, players): ...   # optional -> list[Variant]; the first is default

Bots play inside the callback that set them going. In a live kernel a long run (a table of
bots only, with step-by-step off, can take a minute) goes in bursts of `BOT_BURST_S`: after
each, the page shows the table as it stands and how many moves were made, and the kernel
is free to take a click (New game or Load starts another game and ends the run; Save
saves the game as it stands). In plain Python (tests, scripts) a run goes to the end in
one call.

The app holds no rules. Step-by-step play draws the engine's own trace (the observation
after each event, `Game.apply_traced`); undo stops at any event the engine marks as a
reveal or as chance; the end of the game is the engine's `outcome()`.

The table is a `Board` (widgets/board): the renderer's HTML, where elements carrying
`data-vg-value` are clickable while the picker offers that value; a click goes through the
same `pick_value` path as the picker's buttons, which stay for keyboard users.

A game with several ways to play a player count (a longer duel, say) lists them in
`variants(players)`: each `Variant` has a `key` for links (`?variant=long`), a `label` for
the dropdown and `options`, passed to `new_game` as keyword arguments. The dropdown shows
only when more than one variant applies to the chosen player count.

A game with options a table turns on and off (Villagers' expansions) lists them in `flags`
(each a `Flag` with the player counts it allows) and names the `new_game` keyword in
`flags_option`: one checkbox per flag, greyed out at player counts it does not allow;
the checked keys travel as that option, in the share link (`?expansions=saints,profiteers`)
and in saves (they are part of the game's options).

A game whose data a user may replace says so: `load_deck` for its deck, and `data_files`
(each a `DataFile`, `table_adapter.py`) for other files, such as event cards. The tools get
one section per file (`table_files.py`), shown while the game set up in the controls would
use it: an upload that starts a new game with the file, and a reset to the game's own data.
The game keeps the file in its options, so saves carry it; a link cannot, and says so.
"""

from __future__ import annotations

import asyncio
import base64
import html
import random
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from village_games.core import Game, words
from village_games.core.actions import short_repr
from village_games.core.json_text import read_json
from village_games.tables import REMOTE, StoreError, TableStore, open_store
from village_games.tables.model import HOST, SEAT, WATCH

from .action_picker import ActionPicker
from .board import Board
from .coaching import CoachedLabels, Coaching
from .log_view import first_shown, log_html
from .page_address import PageAddress
from .query import notice_html, page_query, unknown_keys
from .replay_share import download_html, fits_in_link, replay_query
from .safe import ErrorBanner, guarded
from .save_file import SAVE_FORMAT, checked_by_moves
from .shared_models import Shared
from .table_adapter import DataFile, Frame, GameAdapter
from .table_files import FileControl, Upload, declared_files, parse_upload, user_file
from .table_links import in_voila, invitations_html, page_url, table_query, watch_html
from .table_session import MovedFirst, TableSession
from .table_setup import (
    BOT,
    HUMAN,
    MAX_SEED,
    SECRET_SEED_BITS,
    TABLE_KEYS,
    Setup,
    declared_flags,
    default_setup,
    flags_of,
    parse_setup,
    setup_options,
    setup_query,
    unknown_settings,
    variant_of,
    variants_for,
)
from .theme import style_tag
from .upload import SAVE_FILE_LIMIT, SizedText, SizedUpload, upload_text

STEP_LABEL = "Show automatic play step by step"
HOT_SEAT_UNDO = ("With several people at one screen, only the one who moved may take it "
                 "back, before passing the screen on.")
# How long bots play before the page is drawn again and the kernel takes clicks (a live
# kernel only): short enough to look live, long enough that drawing costs little.
BOT_BURST_S = 0.3
# The pause between bursts: the kernel's loop needs idle time, not just a turn, to finish
# its own work (a page's first cell is only shown once the kernel reports it done).
BOT_PAUSE_S = 0.03
# A burst that overran (one search-bot move can take seconds) is followed by a pause of
# this share of the overrun, so the page's own messages still get the kernel's time.
BOT_OVERRUN_PAUSE = 0.5
# How often a live kernel asks the store whether another device moved (a cheap mark: no
# query unless something changed); the move then shows within about this long.
POLL_S = 0.1
SEAT_KINDS = [("Person", HUMAN), ("Remote", REMOTE), ("Bot", BOT)]
SEAT_TIPS = ["a person at this screen", "a person on another device, who joins by a link",
             "a bot"]
SHARED_SAVE = ("On a table shared with other devices the save (which holds every card) is "
               "offered once the game is over; until then the table is kept on the server.")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, when called inside a live Jupyter kernel; None elsewhere,
    even where another library keeps a loop running in this thread (Playwright's sync API
    does, for the whole of a test session that drives a browser)."""
    kernel = sys.modules.get("ipykernel.kernelapp")  # (imported by every live kernel)
    if kernel is None or not kernel.IPKernelApp.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None



# ---------------------------------------------------------------- the app
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
        self._quiet = False
        setup = setup or default_setup(adapter)
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        # widgets whose layout never changes share Layout and Style models (fewer for the
        # page to load); the ones `_set_visible` shows and hides keep their own
        self.shared = shared = Shared()
        make = shared.make
        self._guard = guard

        # --- setup controls
        self.players_box = make(
            w.Dropdown, "vg-players",
            options=list(range(adapter.info.min_players, adapter.info.max_players + 1)),
            value=setup.players, description="Players", layout={"width": "150px"})
        self.players_box.observe(guard(self._on_players), names="value")
        self.variant_box = w.Dropdown(description="Variant", layout=w.Layout(width="340px"))
        self.variant_box.add_class("vg-variant")
        self._set_variants(setup.players, setup.variant)
        self.flag_boxes: list[tuple[Any, w.Checkbox]] = [
            (flag, w.Checkbox(value=False, description=flag.checkbox_label(), indent=False,
                              layout=w.Layout(width="auto")))
            for flag in declared_flags(adapter)[1]]
        for _flag, box in self.flag_boxes:
            box.add_class("vg-flag")
        self.flags_row = make(w.HBox, "vg-flags")
        self.flags_row.children = [box for _f, box in self.flag_boxes]
        self._set_flags(setup.players, setup.flags)
        self.seat_boxes: list[tuple[w.ToggleButtons, w.Text]] = []
        self.seats_row = make(w.HBox, "vg-seats")
        self.share = make(w.HTML, "vg-share", value="")
        self.seed_box = make(w.BoundedIntText, "vg-seed", value=setup.seed, min=0,
                             max=MAX_SEED, description="Seed", layout={"width": "170px"})
        self.dice = make(w.Button, description="", icon="random", tooltip="Pick a random seed",
                         layout={"width": "36px"})
        self.dice.on_click(guard(self._on_random_seed))
        self.step_box = w.Checkbox(value=step_by_step,
                                   description=getattr(adapter, "step_label", STEP_LABEL),
                                   indent=False, layout=w.Layout(width="230px"))
        self.step_box.add_class("vg-step-toggle")
        self.step_box.observe(guard(self._on_step_toggle), names="value")
        self.new_button = make(w.Button, "vg-new-game", description="New game",
                               button_style="primary", icon="play")
        self.new_button.on_click(guard(self._on_new_game))
        self._build_seat_rows(setup.players, setup.seats, setup.names)

        # --- the table's links (seats on other devices, watchers), who this device is
        # (own layouts: `_set_visible` shows and hides them)
        self.links = w.HTML("", _dom_classes=("vg-table-links-box",))
        self.seat_header = w.HTML("", _dom_classes=("vg-seat-header",))
        self.address = PageAddress(enabled=in_voila())
        # --- table, hand-over screen, action bar, log
        self.notice = make(w.HTML, "vg-notice", value="")
        self.table_notice = make(w.HTML, "vg-table-notice", value="")
        self.store_status = make(w.HTML, "vg-store-status", value="")
        self.board = Board(wrap=guard)
        self.board.add_class("vg-board-html")
        self.board.on_pick(self._on_board_pick)
        self.handover_text = make(w.HTML, value="")
        self.handover_button = w.Button(description="I'm ready", button_style="warning",
                                        icon="eye", layout=w.Layout(width="auto"))
        self.handover_button.add_class("vg-ready-button")
        self.handover_button.on_click(guard(self._on_ready))
        # a secret moment (see `Game.hidden_offer`): the pause that names nobody lets it pass
        self.go_on_button = w.Button(description="Nobody: go on", icon="forward",
                                     layout=w.Layout(width="auto"))
        self.go_on_button.add_class("vg-go-on-button")
        self.go_on_button.on_click(guard(self._on_go_on))
        self.handover = w.VBox([self.handover_text,
                                w.HBox([self.handover_button, self.go_on_button])])
        self.handover.add_class("vg-handover")
        self.prompt = make(w.HTML, "vg-prompt", value="")
        self.picker = ActionPicker(self._on_choose, wrap=guard, shared=shared)  # guarded
        self.picker.on_change = self._sync_board
        self.step_text = make(w.HTML, "vg-step-text", value="")
        self.next_button = make(w.Button, "vg-next-step", description="Next step",
                                icon="step-forward", button_style="info")
        self.next_button.on_click(guard(self._on_next_step))
        self.all_button = make(w.Button, "vg-show-all", description="Show all",
                               icon="fast-forward")
        self.all_button.on_click(guard(self._on_show_all))
        self.step_bar = w.HBox([shared.hbox([self.next_button, self.all_button]),
                                self.step_text])
        self.step_bar.add_class("vg-step-bar")
        self.log_view = make(w.HTML, "vg-log", value="")

        # --- undo, save, load
        self.undo_button = make(w.Button, "vg-undo", description="Undo", icon="undo",
                                disabled=True)
        self.undo_button.on_click(guard(self._on_undo))
        self.save_button = make(w.Button, "vg-save", description="Save", icon="save")
        self.save_button.on_click(guard(self._on_save))
        self.save_text = SizedText(placeholder="Click Save: the game appears here as JSON.",
                                   read_only=True, layout=w.Layout(width="100%", height="90px"))
        self.save_text.add_class("vg-save-text")
        self.save_link = make(w.HTML, "vg-save-link", value="")
        self.load_text = SizedText(placeholder="Paste a saved game (JSON) here, then Load.",
                                   max_bytes=SAVE_FILE_LIMIT,
                                   layout=w.Layout(width="100%", height="90px"))
        self.load_text.add_class("vg-load-text")
        self.load_text.when_refused(guard(lambda message: self._say_load(False, message)))
        self.load_button = make(w.Button, "vg-load", description="Load", icon="upload")
        self.load_button.on_click(guard(self._on_load))
        self.load_upload = SizedUpload(accept=".json", description="Load a save file",
                                       max_bytes=SAVE_FILE_LIMIT)
        self.load_upload.add_class("vg-load-upload")
        self.load_upload.observe(guard(self._on_load_upload), names="value")
        self.load_note = make(w.HTML, "vg-load-note", value="")
        saveload = shared.vbox([
            shared.html('<div class="vg-note">The save holds every card, hidden ones too: '
                        "don't read it during a game.</div>"),
            shared.hbox([self.save_button, self.save_link]), self.save_text,
            self.load_text, shared.hbox([self.load_button, self.load_upload]),
            self.load_note])
        self.saveload = saveload
        # the files a user may load (a deck, event cards...): one section each, offered
        # while the game set up in the controls would use the file
        self.files: dict[str, FileControl] = {
            spec.key: FileControl(spec, shared, self._use_file, guard)
            for spec in declared_files(adapter)}
        if "deck" in self.files:  # the deck's controls by the names they had alone
            deck = self.files["deck"]
            self.deck_note, self.deck_upload, self.deck_reset = deck.note, deck.upload, deck.reset
        self.tools = w.Accordion(children=[saveload], titles=("Save / load",))
        self.tools.selected_index = None
        self.tools.add_class("vg-tools")
        self.variant_box.observe(guard(self._show_files), names="value")
        for _flag, box in self.flag_boxes:
            box.observe(guard(self._show_files), names="value")

        setup_row = shared.hbox([self.players_box, self.variant_box, self.seed_box, self.dice,
                                 self.step_box, self.new_button], "vg-setup-row")
        rows = [setup_row, self.flags_row] if self.flag_boxes else [setup_row]
        self.setup_panel = w.VBox([*rows, self.seats_row], _dom_classes=("vg-setup",))
        self.pass_button = w.Button(description="Done: pass the screen on", icon="share",
                                    button_style="warning", layout=w.Layout(width="auto"))
        self.pass_button.add_class("vg-pass-button")
        self.pass_button.on_click(guard(self._on_pass))
        self.undo_note = make(w.HTML, "vg-undo-note", value="")
        undo_row = w.HBox([self.pass_button, self.undo_button, self.undo_note],
                          _dom_classes=("vg-undo-row",))  # (own layout: hidden to watchers)
        self.undo_row = undo_row
        # what to do now sits right above the table, so a laptop screen shows the prompt,
        # the Next step button and the clickable hand together without scrolling
        self.turn_confirm = w.Button(description="Confirm", button_style="success",
                                     icon="check", disabled=True,
                                     tooltip="Play the cards picked (the same as Confirm below)")
        self.turn_confirm.add_class("vg-turn-confirm")
        self.turn_confirm.on_click(guard(self._on_turn_confirm_click))
        prompt_row = shared.hbox([self.prompt, self.turn_confirm], "vg-prompt-row")
        header = shared.vbox([prompt_row, self.picker.hint, self.step_bar], "vg-turn-bar")
        # the coach (when the game offers one): a toggle, the opponent model, the advice
        self.coach_box = w.Checkbox(value=False, description="Coach", indent=False,
                                    layout=w.Layout(width="90px"))
        self.coach_box.add_class("vg-coach-toggle")
        self.coach_model = w.Dropdown(options=list(getattr(adapter, "coach_models", [])),
                                      layout=w.Layout(width="300px"))
        self.coach_model.add_class("vg-coach-model")
        self._set_visible(self.coach_model, False)
        for control in (self.coach_box, self.coach_model):
            control.observe(guard(self._on_coach), names="value")
        self.coach_view = make(w.HTML, "vg-coach-view", value="")
        self._coached: dict[tuple[int, int, str], Coaching | None] = {}
        coach_row = w.HBox([self.coach_box, self.coach_model])
        coach_row.add_class("vg-coach-row")
        self._set_visible(coach_row, hasattr(adapter, "coach"))
        # the advice sits under the buttons (each button carries its own short note), so the
        # choice itself stays in view on a laptop screen
        action = shared.vbox([coach_row, self.picker, undo_row, self.coach_view],
                             "vg-action-panel")
        side = shared.vbox([shared.html('<div class="vg-log-head">Log</div>'), self.log_view,
                            self.tools], "vg-side-panel")
        lower = w.HBox([action, side], _dom_classes=("vg-lower",))
        self.lower = lower
        self.widget = w.VBox([style_tag(), self.address, self.banner, self.notice,
                              self.seat_header, self.setup_panel, self.links,
                              self.table_notice, self.store_status, header, self.board,
                              self.handover, lower])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-table-app")
        self.set_notices(notices)

        # --- the table (a session), and what this screen shows of it
        self.session: TableSession | None = None
        self.showing: int | None = None  # the seat whose private view is on screen
        # the session's version the picker's choices were drawn on (None: none on offer)
        self.drawn_on: int | None = None
        self.passing: int | None = None  # hot seat: a mover who has yet to pass the screen
        # a run of bot moves: its number (a newer run ends an older one's bursts), and
        # whether it is under way between bursts
        self._run = 0
        self.bots_playing = False
        self.loop = running_loop  # where bursts are scheduled (tests give their own)
        self._continue_bots = guarded(self.banner, clears=False)(self._next_burst)
        self._tick_guarded = guarded(self.banner, clears=False)(self._tick)
        self._ticking = False
        self._show_files()
        self.start_game(setup)

    # ------------------------------------------------------------ seats
    def _build_seat_rows(self, n: int, kinds: Sequence[str], names: Sequence[str]) -> None:
        old = self.seat_boxes
        if len(old) == n:  # same seats: set the values, no new widgets
            for i, (toggle, text) in enumerate(old):
                if i < len(kinds):
                    toggle.value = kinds[i]
                if i < len(names):
                    text.value = names[i]
            return
        rows = []
        self.seat_boxes = []
        for i in range(n):
            kind = kinds[i] if i < len(kinds) else (old[i][0].value if i < len(old) else BOT)
            name = names[i] if i < len(names) else (
                old[i][1].value if i < len(old) else self.adapter.default_names[i])
            make = self.shared.make
            toggle = make(w.ToggleButtons, f"vg-seat-kind-{i}", value=kind,
                          options=SEAT_KINDS, tooltips=SEAT_TIPS, layout={"width": "auto"},
                          style={"button_width": "66px"})
            text = make(w.Text, f"vg-seat-name-{i}", value=name, layout={"width": "110px"})
            box = self.shared.hbox([text, toggle], "vg-seat-setup")
            rows.append(box)
            self.seat_boxes.append((toggle, text))
        old_rows = self.seats_row.children[:-1]
        self.seats_row.children = [*rows, self.share]  # the share link fits beside the seats
        # close what left the page, boxes too: a page that opens later loads every live
        # model, and a box whose children were closed would stop the whole app drawing
        for widget in (*old_rows, *(x for pair in old for x in pair)):
            widget.close()

    def _on_players(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._build_seat_rows(change["new"], [], [])
        self._set_variants(change["new"], "")
        self._set_flags(change["new"], [f.key for f, box in self.flag_boxes if box.value])
        self._show_files()

    def _set_variants(self, players: int, key: str) -> None:
        """Offer the variants of this player count; show the dropdown only for a choice."""
        choices = variants_for(self.adapter, players)
        self.variant_box.options = [(v.label, v.key) for v in choices]
        keys = [v.key for v in choices]
        self.variant_box.value = key if key in keys else (keys[0] if keys else None)
        self.variant_box.layout.display = None if len(choices) > 1 else "none"

    def _set_flags(self, players: int, keys: Sequence[str]) -> None:
        """Tick the flags in `keys`; a flag this player count does not allow is greyed out
        (and unticked)."""
        for flag, box in self.flag_boxes:
            allowed = flag.allows(players)
            box.disabled = not allowed
            box.value = allowed and flag.key in keys

    def _on_random_seed(self, _b: Any = None) -> None:
        self.seed_box.value = random.randrange(100_000)

    def setup_from_controls(self) -> Setup:
        names = [t.value.strip() for _, t in self.seat_boxes]
        for i, name in enumerate(names):
            if not name:
                raise ValueError(f"seat {i + 1} needs a name")
            if len(name) > 20:
                raise ValueError(f"seat {i + 1}'s name is too long (20 letters at most)")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name: give each village its own")
        return Setup(self.players_box.value, [k.value for k, _ in self.seat_boxes],
                     int(self.seed_box.value), names, self.variant_box.value or "",
                     [f.key for f, box in self.flag_boxes if box.value and not box.disabled])

    def set_notices(self, notices: Sequence[str]) -> None:
        self.notice.value = notice_html(notices)

    def apply_setup(self, setup: Setup, notices: Sequence[str] = ()) -> None:
        """Show `setup` in the controls and start its game (a link read after the app was
        built), reusing the seat controls when the number of seats stays the same."""
        self._quiet = True
        try:
            self.players_box.value = setup.players
            self._set_variants(setup.players, setup.variant)
            self._set_flags(setup.players, setup.flags)
            self.seed_box.value = setup.seed
            self._build_seat_rows(setup.players, setup.seats, setup.names)
        finally:
            self._quiet = False
        self._show_files()
        self.set_notices(notices)
        self.start_game(setup)

    # ------------------------------------------------------------ data files
    def _show_files(self, _change: Any = None) -> None:
        """Offer a section for each file the game set up in the controls would use."""
        players = self.players_box.value
        flags = [f.key for f, box in self.flag_boxes if box.value and not box.disabled]
        options = setup_options(self.adapter, Setup(players, [], 0, [],
                                                    self.variant_box.value or "", flags))
        shown = [c for c in self.files.values() if c.spec.applies(players, options)]
        sections = [self.saveload, *(c.box for c in shown)]
        tools = self.tools
        if list(tools.children) == sections:
            return
        index = tools.selected_index
        opened = tools.children[index] if index is not None else None
        with tools.hold_sync():
            tools.selected_index = None
            tools.children = sections
            tools.titles = ("Save / load", *(c.spec.title for c in shown))
            tools.selected_index = sections.index(opened) if opened in sections else None

    def use_file(self, key: str, upload: Upload | None) -> None:
        """Play the next games with a user's file for `key` (name, contents), or with the
        game's own data (None), starting a new game at once. A bad file, or a game that
        cannot use it, raises ValueError and changes nothing."""
        self._use_file(self.files[key].spec, upload)

    def use_deck(self, deck_file: Upload | None) -> None:
        """`use_file` for the deck."""
        self.use_file("deck", deck_file)

    def _use_file(self, spec: DataFile, upload: Upload | None) -> None:
        data = None if upload is None else parse_upload(spec, upload)
        setup = self.setup_from_controls()
        if not spec.applies(setup.players, setup_options(self.adapter, setup)):
            raise ValueError(f"a {spec.title.lower()} file is used only in {spec.when}: set "
                             "that up first")
        self.start_game(setup, {spec.key: data})  # raises before the game is replaced
        self.set_notices(())

    # ------------------------------------------------------------ the table's links
    def share_query(self) -> str | None:
        """The page-address query that starts this table's setup again as a new table
        (players, seats, names, seed, variant); None when a link cannot say how it began
        (a saved position, or a file of the user's)."""
        g = self.game
        if getattr(g, "start", None) is not None or self._user_files():
            return None
        setup = Setup(g.num_players, list(self.kinds), g.seed,
                      [g.player_name(i) for i in range(g.num_players)],
                      variant_of(self.adapter, g), flags_of(self.adapter, g))
        extra: dict[str, str] = getattr(self.adapter, "share_params", dict)()  # its own settings
        query = setup_query(setup, self.adapter) + "".join(
            f"&{k}={quote(v)}" for k, v in extra.items())
        if REMOTE in self.kinds:  # its seed is secret, and the next table gets its own
            query = re.sub(r"&seed=\d+", "", query)
        return query

    def _show_share(self) -> None:
        if self.session is not None and self.session.role != HOST:
            self.share.value = ""  # (a seat's or a spectator's page: no setup, no seed)
            return
        query = self.share_query()
        if query is None:
            own = ", ".join(html.escape(str(f["name"])) for f in self._user_files())
            why = f"uses your own file {own}" if own else "began from a saved position"
            self.share.value = (f'<div class="vg-note">This table {why}: a link cannot carry '
                                "that, so share a save file instead.</div>")
            return
        q = html.escape(query)
        replay = self.replay_link() if self.session is not None else ""
        self.share.value = (f'<div class="vg-share-line">Same setup, new table: <a href="{q}" '
                            f'target="_blank">open the same game</a> <input class="vg-share-'
                            f'query" readonly value="{q}"> {replay}</div>')

    def _show_links(self) -> None:
        """The table's links for this device: the host sees one per seat on another device
        (each its key) and the watch link; a seat or a spectator sees the watch link only.
        The page's own address becomes the table's, so a reload comes back to it."""
        s = self.session
        table = s.table if s is not None else None
        if s is None or table is None:
            self.links.value = ""
            return
        self.address.enabled = in_voila()  # (a pre-heated kernel learns it with its page)
        self.address.query = table_query(table.id, s.link_key())
        if s.role == HOST:  # (its replay link sits on the setup's share line)
            self.links.value = invitations_html(table) if s.shared else ""
            return
        replay = self.replay_link()
        replay_line = f'<div class="vg-replay-line">{replay}</div>' if replay else ""
        self.links.value = watch_html(table) + replay_line

    def replay_link(self) -> str:
        """A "Replay this game" link to the adapter's replay notebook (its optional
        `replay_notebook`); "" without one. A stored table's replay opens from the store
        as this device may see it (a running game: its own seat, or the public view);
        a table kept only here holds the record in the link."""
        notebook = getattr(self.adapter, "replay_notebook", None)
        if not notebook:
            return ""
        g = self.game
        s = self.session
        if s is not None and s.table is not None:
            address = page_url(table_query(s.table.id, s.link_key()), notebook)
            return (f'<a class="vg-replay-link" href="{html.escape(address)}" '
                    'target="_blank">Replay this game</a>')
        if s is not None and s.shared and not g.is_over():
            # (a table with people elsewhere whose store failed: its record holds the
            # secret seed, and so every hand, until the game is over)
            return ('<span class="vg-replay-later">Replay this game: its link comes once the '
                    "game is over.</span>")
        view = "" if g.is_over() else self.public_view
        record = g.record()
        address = notebook + replay_query(record, view)
        if not fits_in_link(address):
            moves = len(record["actions"])
            download = download_html(record, "download its record")
            return (f'<span class="vg-replay-long">Replay this game: it is too long for a link '
                    f"({moves:,} moves), so {download} and open the file in the "
                    f'<a class="vg-replay-link" href="{html.escape(notebook)}" '
                    'target="_blank">replay page</a>.</span>')
        return (f'<a class="vg-replay-link" href="{html.escape(address)}" target="_blank">'
                "Replay this game</a>")

    def _user_files(self) -> list[dict[str, Any]]:
        """The saved forms of the user's files the game on the table uses."""
        options = getattr(self.game, "options", None)
        return [f for key in self.files if (f := user_file(options, key)) is not None]

    # ------------------------------------------------------------ starting a table
    def start_game(self, setup: Setup, files: dict[str, Any] | None = None) -> None:
        """Start `setup`'s game with the files the next games use (`files` overrides them:
        a key to None means the game's own data); on a ValueError nothing has changed."""
        options = setup_options(self.adapter, setup)
        chosen = {key: c.data for key, c in self.files.items()} | (files or {})
        for key, data in chosen.items():
            if data is not None and self.files[key].spec.applies(setup.players, options):
                options[key] = data
        seed = setup.seed
        if REMOTE in setup.seats:  # nobody at the table may know the deal ahead
            # (63 bits: a spectator who searched every 31-bit seed against the public
            # market and refills found the deal in 40 s; 2**63 seeds are out of reach)
            seed = secrets.randbits(SECRET_SEED_BITS)
        game = self.adapter.new_game(setup.players, seed, list(setup.names), **options)
        self._install(game, list(setup.seats))

    def _install(self, game: Game, kinds: list[str]) -> None:
        """Put `game` on the table: a new table in the store when the app has one (the
        table this device had open is closed: a device starts one game at a time)."""
        try:
            session = TableSession.create(self.adapter, game, kinds, self.store,
                                          settings=self._settings(),
                                          step_by_step=self.step_box.value)
        except StoreError as exc:  # the game goes on in this kernel only
            session = TableSession.create(self.adapter, game, kinds, None,
                                          step_by_step=self.step_box.value)
            session.notices.append(f"This game is not kept on the server ({exc}): a reload "
                                   "starts over and other devices cannot join.")
        old = self.session
        if old is not None and old.role == HOST and old is not session:
            old.close("its host started a new game")
        self._show_session(session)

    def settings_changed(self) -> None:
        """The adapter's own settings changed (a bot drop-down): the table's bots follow,
        on every device, and the share link says so."""
        if self.session is not None:
            self.session.set_settings(self._settings())
        self._show_share()

    def _settings(self) -> dict[str, str]:
        """The adapter's own settings (a bot kind...), kept with a stored table so every
        device plays its bots the same way."""
        return dict(getattr(self.adapter, "share_params", dict)())

    def _show_session(self, session: TableSession) -> None:
        self.session = session
        self.showing = None
        self.passing = None
        self.save_link.value = ""
        self.table_notice.value = ""
        self._coached = {}
        game = session.game
        # the files in play are the next games' too (a loaded save brings its own); a file
        # this game does not use stays for the games that will
        options = getattr(game, "options", None) or {}
        for control in self.files.values():
            if control.spec.applies(game.num_players, options):
                control.took(options)
            else:
                control.forget_message()
        self.load_note.value = ""  # what an earlier load said is over: a new game is on
        self._show_role()
        self._show_share()
        self._show_links()
        self._advance()
        self._say(session.take_notices())
        self._refresh()
        self._start_ticking()

    def attach_store(self, store: TableStore) -> None:
        """Keep the game on the table, and every later one, in `store` (a new stored
        table for the game as it stands)."""
        self.store = store
        s = self.session
        assert s is not None
        self._show_session(TableSession.create(self.adapter, s.game, s.kinds, store,
                                               settings=self._settings(),
                                               step_by_step=self.step_box.value))

    def open_stored(self, store: TableStore, table_id: str, key: str | None) -> None:
        """Show the stored table as the page address's key opens it (the host device, one
        seat, or a spectator). A wrong or stale link shows a notice and no table."""
        self.store = store
        try:
            session = TableSession.open(self.adapter, store, table_id, key,
                                        step_by_step=self.step_box.value)
        except StoreError as exc:
            self.refuse(str(exc))
            return
        g = session.game
        self._quiet = True
        try:  # the setup controls show how this table was set up
            self.players_box.value = g.num_players
            self._set_variants(g.num_players, variant_of(self.adapter, g))
            self._set_flags(g.num_players, flags_of(self.adapter, g))
            if session.role == HOST and not session.shared:  # else the seed is a secret
                self.seed_box.value = min(g.seed, MAX_SEED)
            self._build_seat_rows(g.num_players, session.kinds,
                                  [g.player_name(i) for i in range(g.num_players)])
        finally:
            self._quiet = False
        self._show_files()
        self._show_session(session)

    def refuse(self, message: str) -> None:
        """A page address that opens no table: say why, and show nothing of any table."""
        self.session = None
        self.address.query = ""
        for part in (self.setup_panel, self.links, self.board, self.handover, self.lower,
                     self.seat_header):
            self._set_visible(part, False)
        self.prompt.value = ""
        self.set_notices(())
        self.notice.value = (
            f'<div class="vg-query-error vg-table-refused"><b>No table:</b> '
            f"{html.escape(message)} <a href=\"?\">Start a game of your own</a>.</div>")

    def _show_role(self) -> None:
        """What this device's page holds: the host sets the table up; a seat on another
        device and a spectator only play or watch it."""
        s = self.session
        assert s is not None
        host = s.role == HOST
        self._set_visible(self.setup_panel, host)
        self._set_visible(self.tools, host)
        self._set_visible(self.links, s.table is not None and (not host or s.shared))
        g = s.game
        if host:
            self.seat_header.value = ""
        elif s.role == SEAT:
            seat = s.mine[0]
            self.seat_header.value = (
                f'<div class="vg-seat-line">{html.escape(self.adapter.title)}: you play '
                f"<b>{html.escape(g.player_name(seat))}</b> (seat {seat + 1} of "
                f"{g.num_players}). This page is your seat's own: keep its address to "
                "yourself.</div>")
        else:
            self.seat_header.value = (
                f'<div class="vg-seat-line">{html.escape(self.adapter.title)}: you are '
                "watching (the public view: nobody's hidden cards).</div>")
        self._set_visible(self.seat_header, not host)

    # ------------------------------------------------------------ who is who
    @property
    def game(self) -> Game:
        """The game on the table (in this kernel, on the server side: the page only ever
        receives what this device's seats may see)."""
        assert self.session is not None
        return self.session.game

    @property
    def kinds(self) -> list[str]:
        return self.session.kinds if self.session is not None else []

    @property
    def bots(self) -> dict[int, Any]:
        return self.session.bots if self.session is not None else {}

    @bots.setter
    def bots(self, bots: dict[int, Any]) -> None:
        assert self.session is not None
        self.session.bots = bots

    @property
    def frames(self) -> list[Frame]:
        return self.session.frames if self.session is not None else []

    @property
    def frame_i(self) -> int:
        return self.session.frame_i if self.session is not None else 0

    @property
    def frame_log_start(self) -> int:
        return self.session.frame_log_start if self.session is not None else 0

    @property
    def humans(self) -> list[int]:
        """The people at this screen."""
        return self.session.locals if self.session is not None else []

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def public_view(self) -> int | None:
        """Whose view the screen shows outside a person's own turn."""
        return self.session.public_view if self.session is not None else None

    def human_to_act(self) -> int | None:
        return self.session.mine_to_act() if self.session is not None else None

    # ------------------------------------------------------------ bots and other devices
    def _advance(self) -> None:
        """Let bots act until a person must choose, a resolution is to be shown, or the end.

        People choose before bots in simultaneous phases, so a bot's move is what triggers
        a reveal: the step-through then starts from the table as the people left it. In a
        live kernel the run may stop after a burst with `bots_playing` set; the rest
        follows from the kernel's loop (`_next_burst`).
        """
        self._run += 1
        self.bots_playing = False
        if self.session is None:
            return
        self.session.new_run()
        self._burst(self._run, self.loop())

    def _burst(self, run: int, loop: Any) -> None:
        """Bot moves until the run ends or, with a `loop`, `BOT_BURST_S` have passed: then
        the next burst of this run is scheduled on the loop."""
        start = time.monotonic()
        deadline = None if loop is None else start + BOT_BURST_S
        assert self.session is not None
        more = self.session.run_bots(deadline)
        self.bots_playing = more and loop is not None
        if self.bots_playing:
            overrun = time.monotonic() - start - BOT_BURST_S
            loop.call_later(max(BOT_PAUSE_S, BOT_OVERRUN_PAUSE * overrun),
                            self._continue_bots, run)

    def _next_burst(self, run: int) -> None:
        """The next burst of bot run `run`, then the page; nothing if another run (a new
        game, a load, a person's move) has begun since."""
        if run != self._run or not self.bots_playing:
            return
        self._burst(run, self.loop())
        self._refresh()

    def _start_ticking(self) -> None:
        """In a live kernel, look for other devices' moves every `POLL_S` (stored tables)."""
        s = self.session
        if self._ticking or s is None or s.table is None:
            return
        loop = self.loop()
        if loop is None:
            return
        self._ticking = True
        loop.call_later(POLL_S, self._tick_guarded)

    def _tick(self) -> None:
        try:
            self.poll()
        finally:
            loop = self.loop()
            if loop is not None and self.session is not None:
                loop.call_later(POLL_S, self._tick_guarded)
            else:
                self._ticking = False

    def poll(self) -> bool:
        """Take in what other devices did at this table (their moves, an undo, a close);
        redraw if anything changed. The kernel calls this every `POLL_S`; tests call it."""
        s = self.session
        if s is None or s.table is None:
            return False
        trouble = s.store_trouble
        changed = s.retry_unsaved() | s.sync()
        if s.store_trouble != trouble and not changed:
            self.store_status.value = self._store_status_html()
        notices = s.take_notices()
        if s.table.closed:
            notices.append(f"This table is closed ({s.table.closed}). "
                           + ("Start a new game above." if s.role == HOST else
                              "Ask for a link to the next one."))
        if not changed and not notices:
            if not self.bots_playing and s.bots_to_act():
                self._advance()  # bots another device left waiting
                if s.applied.moves or self.bots_playing:
                    self._refresh()
            return False
        if changed:
            if self.hot_seat and self.showing is not None and self.human_to_act() != self.showing:
                self.showing = None
            self.passing = None if changed else self.passing
            self._advance()
        self._say(notices)
        self._refresh()
        return changed

    def _say(self, notices: Sequence[str]) -> None:
        self.table_notice.value = "".join(
            f'<div class="vg-table-notice-line">{html.escape(n)}</div>' for n in notices)

    # ------------------------------------------------------------ callbacks
    def _on_step_toggle(self, change: dict[str, Any]) -> None:
        if self.session is not None:
            self.session.step_by_step = bool(change["new"])

    def _on_new_game(self, _b: Any = None) -> None:
        setup = self.setup_from_controls()
        self.set_notices(())
        self.start_game(setup)

    def _on_ready(self, _b: Any = None) -> None:
        seat = self.human_to_act()
        if seat is None:
            raise ValueError("nobody is waiting to take a turn")
        self.showing = seat
        self._refresh()

    def secret_moment(self) -> bool:
        """Whether the person to act is being asked in secret (a card only they know of)
        with several people at the screen: then the screen names nobody."""
        seat = self.human_to_act()
        return (self.hot_seat and seat is not None and self.showing != seat
                and self.game.hidden_offer(seat) is not None)

    def _on_go_on(self, _b: Any = None) -> None:
        """Nobody at the screen takes up the secret moment: it passes for its holder."""
        if not self.secret_moment():
            raise ValueError("there is no pause to go on from")
        seat = self.human_to_act()
        assert seat is not None and self.session is not None
        self._moving(lambda: self.session.hidden_offer_pass(seat))
        self._advance()
        self._refresh()

    def _moving(self, move: Any) -> Any:
        """Make a move through the session; when another device moved first, say so and
        show the table as it now is (the move was not made)."""
        self.table_notice.value = ""
        try:
            return move()
        except MovedFirst as exc:
            self.showing = self.passing = None
            self._say([str(exc)])
            self._advance()
            self._refresh()
            return None

    def _on_choose(self, action: Any) -> None:
        seat = self.human_to_act()
        if seat is None or (self.hot_seat and self.showing != seat):
            raise ValueError("it is not a person's turn right now")
        s = self.session
        assert s is not None
        # IllegalAction (a ValueError) leaves the game unchanged; a move chosen on a table
        # that has moved on since (another device) is not made
        events = self._moving(lambda: s.play(seat, action, self.drawn_on))
        if events is None:
            return
        if self.hot_seat:
            following = self.human_to_act()
            if following == seat:
                pass  # the same person chooses again (a Villagers build turn): screen stays
            elif s.undo_point is not None and following is not None:
                self.passing = seat  # the mover may still take it back, then passes on
            else:
                self.showing = None
        self._advance()
        self._refresh()

    def _on_pass(self, _b: Any = None) -> None:
        """The mover is done: the screen goes to the next person (through the hand-over)."""
        if self.passing is None:
            raise ValueError("there is no move to pass on")
        self.passing = None
        self.showing = None
        self._advance()
        self._refresh()

    def _on_next_step(self, _b: Any = None) -> None:
        assert self.session is not None
        self.session.next_frame()
        if not self.session.frames:
            self._advance()
        self._refresh()

    def _on_show_all(self, _b: Any = None) -> None:
        if self.frames:
            assert self.session is not None
            self.session.end_frames()
            self._advance()
        self._refresh()

    def can_undo(self) -> bool:
        """Only the person who made the move may take it back: in hot seat, only before
        they pass the screen on."""
        s = self.session
        if s is None or not s.can_undo():
            return False
        return not self.hot_seat or s.undo_seat in (self.passing, self.showing)

    def _on_undo(self, _b: Any = None) -> None:
        s = self.session
        assert s is not None
        if not self.can_undo():
            raise ValueError(s.undo_reason if not s.can_undo() else HOT_SEAT_UNDO)
        seat = self._moving(s.undo)
        if seat is None:
            return
        self.showing = seat  # the same person chooses again
        self.passing = None
        self._refresh()

    def save_json(self) -> str:
        s = self.session
        assert s is not None
        if s.role != HOST or (s.shared and not s.game.is_over()):
            raise ValueError(SHARED_SAVE if s.role == HOST else
                             "only the device that set the table up can save it")
        return s.save_json()

    def _on_save(self, _b: Any = None) -> None:
        text = self.save_json()
        self.save_text.value = text
        data = base64.b64encode(text.encode()).decode()
        name = f"{self.game.game_name}_seed{self.game.seed}_move{len(self.game.history)}.json"
        self.save_link.value = (f'<a class="vg-download" download="{html.escape(name)}" '
                                f'href="data:application/json;base64,{data}">Download the '
                                "save file</a> " + self.replay_link())

    def load_json(self, text: str) -> None:
        """Replace the game by a saved one (a new table); on any problem raise ValueError,
        change nothing."""
        if not text.strip():
            raise ValueError("paste a saved game (JSON) into the box first")
        data = read_json(text, "that save")  # (not JSON, a huge number, nested too deep)
        if not isinstance(data, dict):
            raise ValueError("a saved game is a JSON object ({...})")
        name = self.adapter.info.name
        game_name = data.get("game")
        if game_name != name:
            raise ValueError(f"that save is for {short_repr(game_name, 40)}, not {name!r}"
                             if game_name is not None else
                             "that is not a saved game: it does not say which game it is")
        if data.get("format") == SAVE_FORMAT:
            state = data.get("state")
            if not isinstance(state, dict):
                raise ValueError("that save has no game in it: its 'state' part is missing")
        else:
            state = data  # a bare engine dump (`to_dict()`)
        if "version" not in state or not isinstance(state.get("players"), list):
            raise ValueError("that save is incomplete: a saved game has a version and every "
                             "village")
        try:
            game = self.adapter.from_dict(state)
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"the saved game is incomplete or damaged ({exc!r})") from None
        game = checked_by_moves(game, state)  # (which also writes a log a save left out)
        n = game.num_players
        kinds = data.get("seats")
        if not (isinstance(kinds, list) and len(kinds) == n
                and all(k in (HUMAN, REMOTE, BOT) for k in kinds)):
            kinds = self.kinds if len(self.kinds) == n else [HUMAN] + [BOT] * (n - 1)
        names = [game.player_name(i) for i in range(n)]
        self._quiet = True
        try:
            self.players_box.value = n
        finally:
            self._quiet = False
        self._build_seat_rows(n, kinds, names)
        self._set_variants(n, variant_of(self.adapter, game))
        self._set_flags(n, flags_of(self.adapter, game))
        self._show_files()
        self.seed_box.value = min(game.seed, MAX_SEED)
        self._install(game, list(kinds))

    def _on_load(self, _b: Any = None) -> None:
        try:
            text = self.load_text.check()
        except ValueError as exc:
            self._say_load(False, str(exc))
            return
        self._load_and_say(text)

    def _on_load_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_upload.value = []  # so that the same file can be chosen again
            try:
                _name, text = upload_text(files[0], SAVE_FILE_LIMIT, "a save file",
                                          "a save is JSON")
            except ValueError as exc:  # too big, empty or not text
                self._say_load(False, str(exc))
                return
            self._load_and_say(text)

    def _load_and_say(self, text: str) -> None:
        """Load, and say next to the Load control what happened (the game stays on a
        refusal)."""
        try:
            self.load_json(text)
        except ValueError as exc:
            self._say_load(False, str(exc))
            return
        g = self.game
        where = ("the game is over" if g.is_over()
                 else f"{len(g.history)} moves played")
        self._say_load(True, f"Loaded: {self.adapter.title}, {g.num_players} players, "
                             f"seed {g.seed}; {where}.")

    def _say_load(self, ok: bool, message: str) -> None:
        kind = "vg-load-ok" if ok else "vg-load-refused"
        prefix = "" if ok else "Not loaded: "
        self.load_note.value = (f'<div class="{kind}">{html.escape(prefix + message)}'
                                "</div>")

    # ------------------------------------------------------------ drawing
    def _set_visible(self, widget: w.Widget, visible: bool) -> None:
        widget.layout.display = None if visible else "none"

    def _log_html(self, seat: int | None, upto: int | None = None) -> str:
        """The log as `seat` may read it (its newest lines, up to event `upto`), grouped by
        round: an event whose data names a round starts that round."""
        log = self.game.log
        end = len(log) if upto is None else min(upto, len(log))
        first = first_shown(end)
        rnd = next((log[i].data["round"] for i in range(first - 1, -1, -1)
                    if log[i].data.get("round") is not None), None)  # the round `first` is in
        lines: list[tuple[Any, str, str]] = []
        for e in log[first:end]:
            named = e.data.get("round")
            if named is not None:
                rnd = named
            lines.append((rnd, e.kind, e.text_for(seat)))
        return log_html(lines, first)

    def _draw(self, obs: dict[str, Any], highlight: list[int] | None = None) -> None:
        """The table for this observation; nothing on it is clickable until `_sync_board`."""
        html_text = self.adapter.render(obs, self.game.cards, highlight)
        self.board.set(html=html_text, targets=[], picked=[])

    def _sync_board(self) -> None:
        """Mirror the picker on the board: the values it offers become clickable cards, and
        a picked card stays clickable so that a second click takes the pick back."""
        picked = self.picker.picked_values()
        offered = self.picker.clickable_values()
        self.board.set(targets=offered + [v for v in picked if v not in offered],
                       picked=picked)
        try:
            self.picker.confirm  # noqa: B018 - is any choice on offer waiting for Confirm?
            confirms = True
        except LookupError:
            confirms = False
        self._set_visible(self.turn_confirm, confirms)
        ready = self.picker.ready() if confirms else None
        if self.turn_confirm.disabled != (ready is None):
            self.turn_confirm.disabled = ready is None

    def _on_turn_confirm_click(self, button: w.Button) -> None:
        """A click on the bar's Confirm; one sent while it was disabled (the second of a
        double click, once the first made the move) does nothing."""
        if not button.disabled:
            self._on_turn_confirm()

    def _on_turn_confirm(self, _b: Any = None) -> None:
        """Confirm from the bar above the table (the picker's own Confirm may be below the
        fold on a laptop)."""
        if self.picker.ready() is None:
            raise ValueError("pick a card for every choice first")
        self.picker.confirm.click()

    def _on_coach(self, _change: Any = None) -> None:
        self._set_visible(self.coach_model, self.coach_box.value)
        if not self.frames:
            self._refresh()

    def coaching(self, seat: int) -> Coaching | None:
        """The coach's advice for `seat`'s decision now, when the coach is on (computed by
        the engine once per decision and model)."""
        if not self.coach_box.value or not hasattr(self.adapter, "coach"):
            return None
        key = (len(self.game.history), seat, self.coach_model.value)
        if key not in self._coached:
            self._coached = {key: self.adapter.coach(self.game, seat, self.coach_model.value)}
        return self._coached[key]

    def _on_board_pick(self, value: str, field: str | None) -> None:
        """A card clicked on the table: the same path as the picker's button for it."""
        self.picker.pick_value(value, field)

    def _outcome_html(self) -> str:
        out = self.game.outcome()
        reason = html.escape(out.reason) if out is not None else "the game is over."
        return (f'<div class="vg-prompt-line vg-prompt-over">Game over: {reason} Start a new '
                f"game above. {self.replay_link()}</div>")

    def _refresh(self) -> None:
        s = self.session
        if s is None:
            return
        g = self.game
        self._set_visible(self.handover, False)
        self._set_visible(self.step_bar, False)
        self._set_visible(self.pass_button, False)
        self._set_visible(self.turn_confirm, False)
        self.turn_confirm.disabled = True  # (until `_sync_board` finds a pick to confirm)
        self._set_visible(self.board, True)
        # a half-made choice survives a redraw only while a move made on the table it was
        # begun on would stand (another device's plan arriving while this one picks its
        # own), never one of this seat's other device
        kept = (self.showing, list(self.picker.actions), self.picker.chosen_kind,
                dict(self.picker.chosen), self.drawn_on)
        self.picker.set_actions([])
        self.drawn_on = None
        self.store_status.value = self._store_status_html()
        notices = s.take_notices()
        if notices:
            self._say(notices)
        self.coach_view.value = ""
        self.undo_button.disabled = not self.can_undo()
        if s.can_undo() and not self.can_undo():
            self.undo_button.tooltip = HOT_SEAT_UNDO
        elif s.can_undo() and s.undo_seat is not None:  # (a move to take back has its seat)
            who = g.player_name(s.undo_seat)
            self.undo_button.tooltip = f"Take back {who}'s last move (nobody has seen it)"
        else:
            self.undo_button.tooltip = s.undo_reason
        self.undo_note.value = ("" if not self.undo_button.disabled or not g.history
                                else html.escape(self.undo_button.tooltip))
        self._set_visible(self.undo_row, s.role != WATCH)
        view = self.public_view
        if self.bots_playing and not self.frames:
            self._draw(s.observation(view))
            moves = s.bot_moves
            self.prompt.value = (
                '<div class="vg-prompt-line vg-bots-playing">The bots are playing: '
                f"{words.count(moves, 'move')} so far. "
                + ("Start a new game above to stop them.</div>" if s.role == HOST
                   else "</div>"))
            self.log_view.value = self._log_html(view)
            return
        if self.frames:
            frame = self.frames[self.frame_i]
            self._draw(frame.obs, frame.highlight)
            self.prompt.value = '<div class="vg-prompt-line">Playing out the moves…</div>'
            self.step_text.value = (
                f'<span class="vg-step-count">Step {self.frame_i + 1} of '
                f"{len(self.frames)}</span> {html.escape(frame.text)}")
            self._set_visible(self.step_bar, True)
            self.log_view.value = self._log_html(view, self.frame_log_start
                                                 + frame.event_index + 1)
            return
        if g.is_over():
            self._draw(s.observation(view))
            self.prompt.value = self._outcome_html()
            self.log_view.value = self._log_html(view)
            return
        if s.closed:
            self._draw(s.observation(view))
            self.prompt.value = (f'<div class="vg-prompt-line vg-prompt-over">This table is '
                                 f"closed ({html.escape(s.closed)}): no more moves.</div>")
            self.log_view.value = self._log_html(view)
            return
        seat = self.human_to_act()
        if seat is None:  # waiting for a person on another device (or bots stopped)
            self._draw(s.observation(view))
            self.prompt.value = self._waiting_html()
            self.log_view.value = self._log_html(view)
            return
        secret = self.secret_moment()
        if self.passing is not None:
            mover = self.passing
            self._draw(s.observation(mover))
            nxt = "the others" if secret else g.player_name(seat)
            self.pass_button.description = f"Done: pass the screen to {nxt}"
            self._set_visible(self.pass_button, True)
            self.prompt.value = (
                f'<div class="vg-prompt-line"><b>{html.escape(g.player_name(mover))}</b>, '
                "your move is in. Take it back with Undo, or pass the screen to "
                f"<b>{html.escape(nxt)}</b>.</div>")
            self.log_view.value = self._log_html(mover)
            return
        self._set_visible(self.go_on_button, secret)
        if secret:
            self.handover_text.value = (
                '<div class="vg-handover-card"><div class="vg-handover-title">A pause before '
                "the next turn</div><div>Someone may hold a card that lets them act right "
                "now. If that is you, take the screen and say so; the others look away. If "
                "nobody does, go on.</div></div>")
            self.handover_button.description = "I have a card to play now"
            self._set_visible(self.handover, True)
            self._set_visible(self.board, False)
            self.board.set(html="", targets=[], picked=[])
            self.prompt.value = '<div class="vg-prompt-line">A pause before the next turn…</div>'
            self.log_view.value = self._log_html(None)
            return
        if self.hot_seat and self.showing != seat:
            name = html.escape(g.player_name(seat))
            self.handover_text.value = (
                f'<div class="vg-handover-card"><div class="vg-handover-title">Pass to '
                f"{name}</div><div>Everyone else, look away: {name} is about to see their "
                "own cards.</div></div>")
            self.handover_button.description = f"I'm {g.player_name(seat)}: click when ready"
            self._set_visible(self.handover, True)
            self._set_visible(self.board, False)
            self.board.set(html="", targets=[], picked=[])
            self.prompt.value = f'<div class="vg-prompt-line">Waiting for {name}…</div>'
            self.log_view.value = self._log_html(None)
            return
        self.showing = seat
        obs = s.observation(seat)
        self._draw(obs)
        actions = g.legal_actions(seat)
        labels = self.adapter.labels(obs, g.cards)
        advice = self.coaching(seat)
        self.coach_view.value = advice.html if advice else ""
        self.picker.labels = CoachedLabels(labels, advice.notes) if advice else labels
        self.picker.set_actions(actions)
        if (kept[0] == seat and kept[2] is not None and kept[1] == list(actions)
                and kept[4] is not None and s.still_current(seat, kept[4])):
            for field, value in kept[3].items():
                self.picker.pick(field, value, kept[2])
        self.drawn_on = s.version
        self._sync_board()
        self.prompt.value = self.adapter.prompt(obs, actions)
        self.log_view.value = self._log_html(seat)

    def _store_status_html(self) -> str:
        """While the store does not take this device's moves: that they are not saved yet,
        why, and that they are sent again (the other devices wait for them)."""
        s = self.session
        if s is None or not s.store_trouble:
            return ""
        why = html.escape(s.store_trouble)
        if not s.unsaved:
            return ('<div class="vg-store-trouble" role="alert">The server cannot read the '
                    f"table now: {why}. Moves from other devices show here again once it "
                    "can.</div>")
        return ('<div class="vg-store-trouble" role="alert">Not saved on the server yet: '
                f"{why}. This page sends the move again by itself every few seconds; the "
                "other devices see it once it is saved.</div>")

    def _waiting_html(self) -> str:
        """The prompt while the game waits for someone this screen does not play."""
        s = self.session
        assert s is not None
        g = s.game
        # (who acts as this screen may know it: a seat asked in secret, such as the
        # Courier's holder before another's draft, is not named)
        seen = g.observation(s.public_view)["to_act"]
        if any(p in s.locals for p in seen):  # (this screen's seat, held up in secret)
            return ('<div class="vg-prompt-line vg-waiting">A moment before your turn: it '
                    "starts here as soon as the table is ready.</div>")
        waiting = [g.player_name(p) for p in seen if s.kinds[p] != BOT]
        if not waiting:
            return ""
        names = ", ".join(f"<b>{html.escape(n)}</b>" for n in waiting)
        where = " (on another device)" if s.role == HOST else ""
        return (f'<div class="vg-prompt-line vg-waiting">Waiting for {names}{where}: their '
                "move shows here as soon as it is made.</div>")


def table_app(adapter: GameAdapter, query: dict[str, str] | None = None,
              step_by_step: bool = True) -> w.Widget:
    """The app for `adapter`, set up from the page's query string (or `query`).

    Without `query` the app is built first and the page's address read after: a
    pre-heated Voila kernel builds every widget before a student opens the page, and the
    request then costs only the game its link asks for (nothing at all for a bare link).
    """
    return open_table(adapter, query, step_by_step).widget


def open_table(adapter: GameAdapter, query: dict[str, str] | None = None,
               step_by_step: bool = True, store: TableStore | None = None) -> TableApp:
    """`table_app`'s app object, its table kept in `store` (the default table store when
    none is given: `village_games.tables.open_store`). A page address with `table` (and
    `key`) opens that stored table; any other sets a new one up."""
    if query is not None:
        setup, errors = parse_setup(query, adapter)
        app = TableApp(adapter, setup, errors, step_by_step=step_by_step)
        params = query
    else:
        app = TableApp(adapter, step_by_step=step_by_step)
        params = page_query()
    return serve_table(app, params, store, setup_link=query is None)


def open_page(make_app: Callable[..., TableApp], query: dict[str, str] | None = None,
              step_by_step: bool = False, store: TableStore | None = None) -> TableApp:
    """The app of a game whose adapter takes settings from the page address (a bot kind,
    a target), built by `make_app(params, step_by_step=...)`, its table on the server. A
    table link builds the app with the table's stored settings only: whoever holds a link
    cannot add `&bots=...` to play the table's bots another way."""
    params = page_query() if query is None else dict(query)
    store, problem = _store(store)
    chosen = params
    if store is not None and params.get("table", "").strip():
        chosen = {k: params[k] for k in ("table", "key") if k in params}
        try:
            chosen.update(store.get(params["table"].strip()).settings)
        except StoreError:
            pass  # opening the table below says why
    app = make_app(chosen, step_by_step=step_by_step)
    return serve_table(app, params, store, problem=problem)


def _store(store: TableStore | None) -> tuple[TableStore | None, str]:
    """The store to keep tables in (the default one if none is given), or why there is
    none."""
    if store is not None:
        return store, ""
    try:
        return open_store(), ""
    except StoreError as exc:
        return None, str(exc)


def serve_table(app: TableApp, params: dict[str, str], store: TableStore | None = None,
                setup_link: bool = False, problem: str = "") -> TableApp:
    """Put a built app's table on the server: the stored table the page address names
    (`?table=...&key=...`), or else the app's own new game (first set up from `params`
    when `setup_link`: an app built before its page address was known)."""
    if store is None and not problem:
        store, problem = _store(None)
    if store is None:
        app.set_notices([f"The table store cannot be used, so this game is not kept on the "
                         f"server and other devices cannot join: {problem}"])
        return app
    table_id = params.get("table", "").strip()
    if table_id:
        app.open_stored(store, table_id, params.get("key", "").strip() or None)
        if app.session is not None:  # (a table link reads its table and key, nothing else)
            app.set_notices(unknown_keys(params, TABLE_KEYS))
    elif setup_link and params:
        app.store = store
        setup, notices = parse_setup(params, app.adapter)
        app.apply_setup(setup, notices + unknown_settings(params, app.adapter, *app.link_keys))
    else:
        app.attach_store(store)
    return app
