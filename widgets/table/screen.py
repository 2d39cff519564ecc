"""What one device's screen shows of a table, and the widgets that show it: the turn bar
(the prompt, Confirm, what to pick next, the steps of automatic play), the table itself (a
`Board`), the hand-over screen between people at one screen, the moves on offer (an
`ActionPicker`), pass and undo, the log, and the table's notices.

`draw` decides from the session and the `Turn` (who the screen shows, at a hot seat) what
is on screen; no rules are worked out here: legal moves, undo and the end of the game are
the session's and the engine's.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w

from village_games.core import Action, Observation, words
from village_games.tables.model import HOST, WATCH

from ..kit.board import Board
from ..kit.safe import Guard
from ..kit.shared_models import Shared
from .adapter import GameAdapter
from .coaching import CoachedLabels, Coaching
from .log_view import game_log_html
from .picker import ActionPicker
from .session import TableSession
from .setup import BOT

HOT_SEAT_UNDO = ("With several people at one screen, only the one who moved may take it "
                 "back, before passing the screen on.")


@dataclass
class Turn:
    """Who the screen shows the table to, with several people at one screen (hot seat)."""

    showing: int | None = None  # the seat whose private view is on screen
    passing: int | None = None  # a mover who has yet to pass the screen on

    def secret_moment(self, s: TableSession) -> bool:
        """Whether the person to act is being asked in secret (a card only they know of)
        with several people at the screen: then the screen names nobody."""
        seat = s.mine_to_act()
        return (s.hot_seat and seat is not None and self.showing != seat
                and s.game.hidden_offer(seat) is not None)

    def can_undo(self, s: TableSession) -> bool:
        """Only the person who made the move may take it back: in hot seat, only before
        they pass the screen on."""
        if not s.can_undo():
            return False
        return not s.hot_seat or s.undo_seat in (self.passing, self.showing)


@dataclass
class ScreenActions:
    """What the screen's own buttons do (the app's callbacks, guarded by the screen)."""

    choose: Callable[[Action], None]
    ready: Callable[[object], None]  # (the buttons' callbacks: the button, unread)
    go_on: Callable[[object], None]
    pass_on: Callable[[object], None]
    next_step: Callable[[object], None]
    show_all: Callable[[object], None]
    undo: Callable[[object], None]


def shown(widget: w.Widget, visible: bool) -> None:
    # ("" rather than None: under Pyodide None arrives as undefined and the widget stays
    # hidden)
    widget.layout.display = "" if visible else "none"


class TableScreen:
    """The widgets of the table as one device sees it, and `draw`."""

    def __init__(self, adapter: GameAdapter, shared: Shared, guard: Guard,
                 act: ScreenActions) -> None:
        self.adapter = adapter
        make = shared.make
        self.table_notice = make(w.HTML, "vg-table-notice", value="")
        self.store_status = make(w.HTML, "vg-store-status", value="")
        self.board = Board(wrap=guard)
        self.board.add_class("vg-board-html")
        self.board.on_pick(self._on_board_pick)
        self.handover_text = make(w.HTML, value="")
        self.handover_button = w.Button(description="I'm ready", button_style="warning",
                                        icon="eye", layout=w.Layout(width="auto"))
        self.handover_button.add_class("vg-ready-button")
        self.handover_button.on_click(guard(act.ready))
        # a secret moment (see `Game.hidden_offer`): the pause that names nobody lets it pass
        self.go_on_button = w.Button(description="Nobody: go on", icon="forward",
                                     layout=w.Layout(width="auto"))
        self.go_on_button.add_class("vg-go-on-button")
        self.go_on_button.on_click(guard(act.go_on))
        self.handover = w.VBox([self.handover_text,
                                w.HBox([self.handover_button, self.go_on_button])])
        self.handover.add_class("vg-handover")
        self.prompt = make(w.HTML, "vg-prompt", value="")
        self.picker = ActionPicker(act.choose, wrap=guard, shared=shared)  # guarded
        self.picker.on_change = self._sync_board
        self.step_text = make(w.HTML, "vg-step-text", value="")
        self.next_button = make(w.Button, "vg-next-step", description="Next step",
                                icon="step-forward", button_style="info")
        self.next_button.on_click(guard(act.next_step))
        self.all_button = make(w.Button, "vg-show-all", description="Show all",
                               icon="fast-forward")
        self.all_button.on_click(guard(act.show_all))
        self.step_bar = w.HBox([shared.hbox([self.next_button, self.all_button]),
                                self.step_text])
        self.step_bar.add_class("vg-step-bar")
        self.log_view = make(w.HTML, "vg-log", value="")
        self.undo_button = make(w.Button, "vg-undo", description="Undo", icon="undo",
                                disabled=True)
        self.undo_button.on_click(guard(act.undo))
        self.pass_button = w.Button(description="Done: pass the screen on", icon="share",
                                    button_style="warning", layout=w.Layout(width="auto"))
        self.pass_button.add_class("vg-pass-button")
        self.pass_button.on_click(guard(act.pass_on))
        self.undo_note = make(w.HTML, "vg-undo-note", value="")
        # (own layout: hidden to watchers)
        self.undo_row = w.HBox([self.pass_button, self.undo_button, self.undo_note],
                               _dom_classes=("vg-undo-row",))
        # what to do now sits right above the table, so a laptop screen shows the prompt,
        # the Next step button and the clickable hand together without scrolling
        self.turn_confirm = w.Button(description="Confirm", button_style="success",
                                     icon="check", disabled=True,
                                     tooltip="Play the cards picked (the same as Confirm below)")
        self.turn_confirm.add_class("vg-turn-confirm")
        self.turn_confirm.on_click(guard(self._on_turn_confirm_click))
        prompt_row = shared.hbox([self.prompt, self.turn_confirm], "vg-prompt-row")
        # (own layout: hidden on a page that opens no table)
        # what a screen reader says by itself (aria-live="polite", set by the page's
        # keyboard.js on class vg-live): whose turn, the prompt, each bot move and each
        # step as it resolves; out of sight (style.css)
        self.live = make(w.HTML, "vg-live", value="")
        self._heard = 0  # log events already said
        self._said = ""
        self.turn_bar = w.VBox([prompt_row, self.picker.hint, self.step_bar, self.live],
                               _dom_classes=("vg-turn-bar",))
        # the session's version the picker's choices were drawn on (None: none on offer)
        self.drawn_on: int | None = None

    # ------------------------------------------------------------ clicks on the table
    def _on_board_pick(self, value: str, field: str | None) -> None:
        """A card clicked on the table: the same path as the picker's button for it."""
        self.picker.pick_value(value, field)

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
        shown(self.turn_confirm, confirms)
        ready = self.picker.ready() if confirms else None
        if self.turn_confirm.disabled != (ready is None):
            self.turn_confirm.disabled = ready is None

    def _on_turn_confirm_click(self, button: w.Button) -> None:
        """A click on the bar's Confirm; one sent while it was disabled (the second of a
        double click, once the first made the move) does nothing."""
        if not button.disabled:
            self.confirm_turn()

    def confirm_turn(self) -> None:
        """Confirm from the bar above the table (the picker's own Confirm may be below the
        fold on a laptop)."""
        if self.picker.ready() is None:
            raise ValueError("pick a card for every choice first")
        self.picker.confirm.click()

    # ------------------------------------------------------------ what the screen shows
    def say(self, notices: Sequence[str]) -> None:
        self.table_notice.value = "".join(
            f'<div class="vg-table-notice-line">{html.escape(n)}</div>' for n in notices)

    def hide_all(self) -> None:
        """No table on this page (a link that opens none): nothing of a table's bars."""
        for part in (self.board, self.handover, self.turn_bar):
            shown(part, False)
        self.prompt.value = self.table_notice.value = self.store_status.value = ""
        self.picker.set_actions([])
        self.drawn_on = None

    def show_table(self) -> None:
        """A table on this page again (after `hide_all`)."""
        shown(self.turn_bar, True)

    def draw(self, s: TableSession, turn: Turn, playing: bool,
             advice: Callable[[int], Coaching | None], replay_link: Callable[[], str]) -> None:
        """The table as this device may see it now. `playing`: bots are playing on
        between bursts; `advice(seat)`: the coach's, if on; `replay_link`: for the end."""
        self._draw(s, turn, playing, advice, replay_link)
        self._speak(s, turn)

    def _speak(self, s: TableSession, turn: Turn) -> None:
        """The live region's words: what happened since the last draw (the log's new
        events as this screen may read them; while steps play out, the step shown), then
        the prompt. Said again only when they change."""
        g = s.game
        if s.steps.frames:  # the steps say what happened, one at a time
            parts = [plain(self.step_text.value)]
            self._heard = len(g.log)
        else:
            seat = turn.showing if turn.showing is not None else s.public_view
            new = g.log[self._heard:] if self._heard <= len(g.log) else []
            self._heard = len(g.log)
            parts = [e.text_for(seat) for e in new[-4:]]
        parts.append(plain(self.prompt.value))
        text = " ".join(p for p in parts if p)
        if text != self._said:
            self._said = text
            self.live.value = html.escape(text)

    def _draw(self, s: TableSession, turn: Turn, playing: bool,
              advice: Callable[[int], Coaching | None], replay_link: Callable[[], str]) -> None:
        g = s.game
        for part in (self.handover, self.step_bar, self.turn_confirm, self.pass_button):
            shown(part, False)
        self.turn_confirm.disabled = True  # (until `_sync_board` finds a pick to confirm)
        shown(self.board, True)
        # a half-made choice survives a redraw only while a move made on the table it was
        # begun on would stand (another device's plan arriving while this one picks its
        # own), never one of this seat's other device
        picker = self.picker
        kept = (turn.showing, list(picker.actions), picker.chosen_kind, dict(picker.chosen),
                self.drawn_on)
        picker.set_actions([])
        self.drawn_on = None
        self.store_status.value = store_status_html(s)
        notices = s.take_notices()
        if notices:
            self.say(notices)
        self._draw_undo(s, turn)
        view = s.public_view
        if playing and not s.steps.frames:
            self._show(s, s.observation(view))
            moves = s.bot_moves
            self.prompt.value = (
                '<div class="vg-prompt-line vg-bots-playing">The bots are playing: '
                f"{words.count(moves, 'move')} so far. "
                + ("Start a new game above to stop them.</div>" if s.role == HOST
                   else "</div>"))
            self.log_view.value = game_log_html(g.log, view)
            return
        if s.steps.frames:
            frame = s.steps.frames[s.steps.index]
            self._show(s, frame.obs, frame.highlight)
            said = self.adapter.steps_note(s.observation(view))  # (what else goes on)
            self.prompt.value = ('<div class="vg-prompt-line">Playing out the moves…'
                                 + (f' <span class="vg-steps-note">{said}</span>' if said
                                    else "") + "</div>")
            self.step_text.value = (
                f'<span class="vg-step-count">Step {s.steps.index + 1} of '
                f"{len(s.steps.frames)}</span> {html.escape(frame.text)}")
            shown(self.step_bar, True)
            self.log_view.value = game_log_html(g.log, view,
                                                s.steps.log_start + frame.event_index + 1)
            return
        if g.is_over() or s.closed:
            self._show(s, s.observation(view))
            self.prompt.value = (outcome_html(s, replay_link()) if g.is_over() else
                                 f'<div class="vg-prompt-line vg-prompt-over">This table is '
                                 f"closed ({html.escape(s.closed)}): no more moves.</div>")
            self.log_view.value = game_log_html(g.log, view)
            return
        seat = s.mine_to_act()
        if seat is None:  # waiting for a person on another device (or bots stopped)
            self._show(s, s.observation(view))
            self.prompt.value = waiting_html(s)
            self.log_view.value = game_log_html(g.log, view)
            return
        secret = turn.secret_moment(s)
        if turn.passing is not None:
            self._draw_passing(s, turn.passing, seat, secret)
            return
        shown(self.go_on_button, secret)
        if secret or (s.hot_seat and turn.showing != seat):
            self._draw_handover(s, seat, secret)
            return
        turn.showing = seat
        obs = s.observation(seat)
        self._show(s, obs)
        actions = g.legal_actions(seat)
        labels = self.adapter.labels(obs, g.cards)
        coaching = advice(seat)
        picker.labels = CoachedLabels(labels, coaching.notes) if coaching else labels
        picker.set_actions(actions)
        if (kept[0] == seat and kept[2] is not None and kept[1] == list(actions)
                and kept[4] is not None and s.still_current(seat, kept[4])):
            for field, value in kept[3].items():
                picker.pick(field, value, kept[2])
        self.drawn_on = s.version
        self._sync_board()
        self.prompt.value = self.adapter.prompt(obs, actions)
        self.log_view.value = game_log_html(g.log, seat)

    def _show(self, s: TableSession, obs: Observation,
              highlight: list[int] | None = None) -> None:
        """The table for this observation; nothing on it is clickable until `_sync_board`."""
        self.board.set(html=self.adapter.render(obs, s.game.cards, highlight), targets=[],
                       picked=[])

    def _draw_undo(self, s: TableSession, turn: Turn) -> None:
        g = s.game
        button = self.undo_button
        button.disabled = not turn.can_undo(s)
        if s.can_undo() and button.disabled:
            button.tooltip = HOT_SEAT_UNDO
        elif s.can_undo() and s.undo_seat is not None:  # (a move to take back has its seat)
            who = g.player_name(s.undo_seat)
            button.tooltip = f"Take back {who}'s last move (nobody has seen it)"
        else:
            button.tooltip = s.undo_reason
        self.undo_note.value = ("" if not button.disabled or not g.history
                                else html.escape(button.tooltip))
        shown(self.undo_row, s.role != WATCH)

    def _draw_passing(self, s: TableSession, mover: int, seat: int, secret: bool) -> None:
        """Hot seat: the mover's move is in; they may take it back, then pass the screen."""
        g = s.game
        self._show(s, s.observation(mover))
        nxt = "the others" if secret else g.player_name(seat)
        self.pass_button.description = f"Done: pass the screen to {nxt}"
        shown(self.pass_button, True)
        self.prompt.value = (
            f'<div class="vg-prompt-line"><b>{html.escape(g.player_name(mover))}</b>, '
            "your move is in. Take it back with Undo, or pass the screen to "
            f"<b>{html.escape(nxt)}</b>.</div>")
        self.log_view.value = game_log_html(g.log, mover)

    def _draw_handover(self, s: TableSession, seat: int, secret: bool) -> None:
        """Hot seat: the table is hidden until the next person (or, at a secret moment,
        whoever holds the card) takes the screen."""
        g = s.game
        if secret:
            self.handover_text.value = (
                '<div class="vg-handover-card"><div class="vg-handover-title">A pause before '
                "the next turn</div><div>Someone may hold a card that lets them act right "
                "now. If that is you, take the screen and say so; the others look away. If "
                "nobody does, go on.</div></div>")
            self.handover_button.description = "I have a card to play now"
            self.prompt.value = '<div class="vg-prompt-line">A pause before the next turn…</div>'
        else:
            name = html.escape(g.player_name(seat))
            self.handover_text.value = (
                f'<div class="vg-handover-card"><div class="vg-handover-title">Pass to '
                f"{name}</div><div>Everyone else, look away: {name} is about to see their "
                "own cards.</div></div>")
            self.handover_button.description = f"I'm {g.player_name(seat)}: click when ready"
            self.prompt.value = f'<div class="vg-prompt-line">Waiting for {name}…</div>'
        shown(self.handover, True)
        shown(self.board, False)
        self.board.set(html="", targets=[], picked=[])
        self.log_view.value = game_log_html(g.log, None)


def plain(markup: str) -> str:
    """The words of a bit of HTML, for the live region."""
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())
    return re.sub(r" ([,.;:!?])", r"\1", text)


def outcome_html(s: TableSession, replay_link: str) -> str:
    out = s.game.outcome()
    reason = html.escape(out.reason) if out is not None else "the game is over."
    return (f'<div class="vg-prompt-line vg-prompt-over">Game over: {reason} Start a new '
            f"game above. {replay_link}</div>")


def store_status_html(s: TableSession) -> str:
    """While the store does not take this device's moves: that they are not saved yet,
    why, and that they are sent again (the other devices wait for them); while it cannot
    be read: that other devices' moves wait."""
    if not s.store_trouble:
        return ""
    why = html.escape(s.store_trouble)
    if not s.unsaved:
        return ('<div class="vg-store-trouble" role="alert">The server cannot read the '
                f"table now: {why}. Moves from other devices show here again once it "
                "can.</div>")
    return ('<div class="vg-store-trouble" role="alert">Not saved on the server yet: '
            f"{why}. This page sends the move again by itself every few seconds; the "
            "other devices see it once it is saved.</div>")


def waiting_html(s: TableSession) -> str:
    """The prompt while the game waits for someone this screen does not play."""
    g = s.game
    # (who acts as this screen may know it: a seat asked in secret, such as the Courier's
    # holder before another's draft, is not named)
    seen = g.observation(s.public_view)["to_act"]
    if any(p in s.locals for p in seen):  # (this screen's seat, held up in secret)
        return ('<div class="vg-prompt-line vg-waiting">A moment before your turn: it '
                "starts here as soon as the table is ready.</div>")
    waiting = [g.player_name(p) for p in seen if s.kinds[p] != BOT]
    if not waiting:  # (bots whose moves another device of the table makes)
        return ('<div class="vg-prompt-line vg-waiting">Waiting for the bots: another device '
                "at this table plays them, and their moves show here as they are made.</div>"
                if seen else "")
    # (a game's own words, optional: a Village Pillage plan that is in)
    said = s.adapter.waiting_note(g.observation(s.public_view), waiting)
    if said:
        return f'<div class="vg-prompt-line vg-waiting">{said}</div>'
    names = ", ".join(f"<b>{html.escape(n)}</b>" for n in waiting)
    where = " (on another device)" if s.role == HOST else ""
    return (f'<div class="vg-prompt-line vg-waiting">Waiting for {names}{where}: their '
            "move shows here as soon as it is made.</div>")
