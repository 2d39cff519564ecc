"""The generic replay app: step through a recorded game of any engine, from any seat's view.

A record (`Game.record()`: a file, pasted text, a save of the table app, or a `?record=`
link) is replayed by the engine (`village_games.core.timeline`): each step is the
observation the engine reported right after one event, drawn by the table adapter's own
`render(obs, cards, highlight)`, so a game with a table app gets replays for nothing more
than a thin wrapper (example: `widgets/village_pillage/replay_app.py`). The app holds no
rules: who may see what is the engine's observation, and "all cards" is offered only once
the recorded game is over, or its table was closed before the end (`sources.table_record`:
such a game never goes on, so nothing of it is secret any more).

Python entry points (tests drive the app with them or with the buttons' `click()`):
`open_record`, `load_text`, `watch_bots`, `set_view`, `go`, `next_step`, `prev_step`,
`next_round`, `prev_round`, `first`, `last`; `parts` holds the HTML now shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from village_games.core import ALL_CARDS, Game, Record, play
from village_games.core.records import pack_record
from village_games.core.timeline import LogLine, Timeline, Viewer, build_timeline, viewers
from village_games.tables import StoreError, TableStore, open_store

from ..kit.markup import esc
from ..kit.page_names import page_name
from ..kit.query import notice_html
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..table.adapter import GameAdapter
from ..table.links import table_query
from ..table.log_view import REPLAY_HINT, first_shown, log_html
from ..table.replay_link import download_html, fits_in_link, replay_query, view_key, viewer_of
from .open_panel import OpenPanel
from .sources import (
    allowed_words,
    not_allowed,
    record_from_text,
    record_link,
    table_record,
)

EMPTY = ('<div class="vg-rp-empty"><b>No game to replay yet.</b> Open a record below: paste '
         "it or upload its file. Or finish a game in the Play app and follow its "
         "<i>Replay this game</i> link, or watch a game between bots.</div>")


class ReplayApp:
    """Build with a table adapter and the engine's `new_game(seed=..., **options)`;
    `app.widget` is what a notebook displays. `notebook` is the replay notebook's file
    name, for the share link."""

    def __init__(self, adapter: GameAdapter, new_game: Callable[..., Game],
                 notebook: str) -> None:
        self.adapter = adapter
        self.new_game = new_game
        self.notebook = notebook
        self.timeline: Timeline | None = None
        self.index = 0
        self.parts: dict[str, str] = {}
        self._quiet = False
        # a table on the server (`open_table`): its id and the link's key, and the viewers
        # that key may choose while the game runs (None: any the engine offers)
        self.table_link: tuple[str, str] | None = None
        self.allowed: set[Viewer] | None = None
        self.closed = ""  # why the table was closed before its game finished

        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        self.notice = w.HTML("")
        self.notice.add_class("vg-notice")
        self.summary = w.HTML("")
        self.summary.add_class("vg-rp-summary")
        self.view_box = w.Dropdown(description="Watch as", options=[],
                                   layout=w.Layout(width="300px"))
        self.view_box.add_class("vg-rp-view")
        self.view_box.observe(guard(self._on_view), names="value")

        def button(label: str, css: str, tip: str, act: Callable[[], None]) -> w.Button:
            b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
            b.add_class(css)
            b.on_click(guard(lambda _b: act()))
            return b

        self.first_button = button("|◀ Start", "vg-rp-first", "the table before any move",
                                   self.first)
        self.round_back = button("◀◀ Round", "vg-rp-round-back",
                                 "the start of this round (or of the one before)",
                                 self.prev_round)
        self.back_button = button("◀ Step", "vg-rp-back", "one step back", self.prev_step)
        self.next_button = button("Step ▶", "vg-rp-next", "one step on", self.next_step)
        self.next_button.button_style = "primary"
        self.round_next = button("Round ▶▶", "vg-rp-round-next", "the start of the next round",
                                 self.next_round)
        self.last_button = button("End ▶|", "vg-rp-last", "the last step recorded", self.last)
        self.slider = w.IntSlider(min=1, max=1, value=1, readout=False,
                                  continuous_update=False, layout=w.Layout(width="260px"),
                                  tooltip="Step of the replay")
        self.slider.add_class("vg-rp-slider")
        self.slider.observe(guard(self._on_slider), names="value")
        nav = w.HBox([self.view_box, self.first_button, self.round_back, self.back_button,
                      self.next_button, self.round_next, self.last_button, self.slider])
        nav.add_class("vg-rp-nav")
        self.view = w.HTML("")  # count, step line, board and log: one message per step
        self.view.add_class("vg-rp-view-html")

        self.share = w.HTML("")
        self._packed: tuple[Record | None, str] = (None, "")  # (record, its link form)
        self.share.add_class("vg-rp-share")
        self.download = w.HTML("")
        self.download.add_class("vg-rp-download")
        self.opener = OpenPanel(guard, self._open_text, self.watch_bots)
        share_row = w.HBox([self.share, self.download])
        share_row.add_class("vg-rp-share-row")

        self.widget = w.VBox([style_tag(), self.banner, self.notice, self.summary, nav,
                              self.view, share_row, self.opener.widget])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-replay-app")
        self._refresh()

    # ------------------------------------------------------------ opening a game
    def open_record(self, record: Record, view: str | None = None,
                    step: int = 0) -> None:
        """Show `record` from `view` (a link's word: seat number, "table", "all"; None:
        all cards for a finished game, else the table's view) at `step` (0-based).
        Any problem raises ValueError and the replay on screen stays as it was."""
        self._open(record, view, step, None, None)

    def _open(self, record: Record, view: str | None, step: int,
              table_link: tuple[str, str] | None, allowed: set[Viewer] | None,
              default_view: Viewer = None, closed: str = "") -> None:
        ended = bool(closed)
        default = build_timeline(record, self.new_game, self.adapter.from_dict, None,
                                 ended=ended)
        final = default.game
        viewer: Viewer
        if view is None:
            viewer = ALL_CARDS if ALL_CARDS in viewers(final, ended) else default_view
        else:
            viewer = viewer_of(view, final.num_players)
            if allowed is not None and viewer not in allowed:
                raise ValueError(not_allowed(viewer, final, allowed))
        timeline = default if viewer is None else build_timeline(
            record, self.new_game, self.adapter.from_dict, viewer, ended=ended)
        if not 0 <= step < len(timeline):
            raise ValueError(f"step must be from 1 to {len(timeline)}; got {step + 1}")
        self.table_link, self.allowed, self.closed = table_link, allowed, closed
        self._install(timeline, step)

    def open_table(self, store: TableStore, table_id: str, key: str | None,
                   view: str | None = None, step: int = 0) -> None:
        """A table on the server, as the link's key may see it (`sources.table_record`).
        ValueError (and nothing changes) for a wrong table or key."""
        t = table_record(store, table_id, key, self.adapter, self.new_game)
        self._open(t.record, view, step, t.link, t.allowed, t.own_view, t.closed)

    def load_text(self, text: str) -> None:
        """Open a record (or a table-app save, or a bare engine state with its history)
        from JSON text; ValueError and no change on any problem."""
        self.open_record(self.record_from_text(text))

    def record_from_text(self, text: str) -> Record:
        return record_from_text(text, self.adapter)

    def watch_bots(self, seed: int = 1) -> None:
        """Open a game that bots play from start to end (a record to look at right away)."""
        n = self.adapter.default_players
        game = self.adapter.new_game(n, seed, list(self.adapter.default_names[:n]))
        play(game, [self.adapter.make_bot(s, seed * 31 + s) for s in range(n)])
        self.open_record(game.record())
        self.opener.say(True, f"Bots played a {n}-player game with seed {seed}.")

    def open_query(self, params: dict[str, str]) -> list[str]:
        """Open what a page link asks for (`record`, `view`, `step`; or a `table`); returns
        notices for whatever it could not use (the page still works: a bad record opens
        nothing)."""
        if params.get("table", "").strip():
            return self._open_table_query(params)
        link = record_link(params, self.adapter, self.new_game)
        if link.record is not None:
            self.open_record(link.record, link.view, link.step)
        self._set_notices(link.notices)
        return link.notices

    def _open_table_query(self, params: dict[str, str]) -> list[str]:
        """`?table=...&key=...` (and `view`, `step`): a table on this server."""
        notices: list[str] = []
        view = params.get("view", "").strip() or None
        raw_step = params.get("step", "").strip()
        step = int(raw_step) - 1 if (raw_step.isascii() and raw_step.isdigit()
                                     and 0 < len(raw_step) <= 6 and int(raw_step) > 0) else 0
        try:
            self.open_table(open_store(), params["table"].strip(),
                            params.get("key", "").strip() or None, view, step)
        except StoreError as exc:
            notices.append(f"the table cannot be opened: {exc}.")
        except ValueError as exc:
            if view is None and not raw_step:
                notices.append(f"the table cannot be replayed: {exc}.")
            else:  # a view or step this link may not have: from the start, its own view
                notices.append(f"{exc}; the replay starts at step 1 in this link's own view.")
                try:
                    self.open_table(open_store(), params["table"].strip(),
                                    params.get("key", "").strip() or None)
                except ValueError as again:
                    notices.append(f"the table cannot be replayed: {again}.")
        self._set_notices(notices)
        return notices

    def _install(self, timeline: Timeline, step: int) -> None:
        self.timeline = timeline
        self.index = step
        final = timeline.game
        choices = [v for v in viewers(final, bool(self.closed))
                   if self.allowed is None or v in self.allowed]
        self._quiet = True
        try:
            self.view_box.options = [(self._view_label(v, final), view_key(v)) for v in choices]
            self.view_box.value = view_key(timeline.viewer)
            self.slider.max = len(timeline)
            self.slider.value = step + 1
        finally:
            self._quiet = False
        # the record of a running game holds every card (and the seed): not for a link that
        # may see one seat only
        self.download.value = "" if self.allowed is not None else download_html(timeline.record)
        self.summary.value = self._summary_html()
        self.opener.widget.selected_index = None
        self._refresh()

    # ------------------------------------------------------------ moving
    def go(self, index: int) -> None:
        tl = self._need_timeline()
        if not 0 <= index < len(tl):
            raise ValueError(f"there is no step {index + 1}: the replay has steps 1 to "
                             f"{len(tl)}")
        self.index = index
        self._refresh()

    def next_step(self) -> None:
        self.go(min(self.index + 1, len(self._need_timeline()) - 1))

    def prev_step(self) -> None:
        self.go(max(self.index - 1, 0))

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self._need_timeline()) - 1)

    def next_round(self) -> None:
        """The first step of the next round (the last step when this is the last round)."""
        tl = self._need_timeline()
        now = tl.steps[self.index].round
        later = [i for i in range(self.index + 1, len(tl)) if tl.steps[i].round != now]
        self.go(later[0] if later else len(tl) - 1)

    def prev_round(self) -> None:
        """The first step of this round; from there, the first step of the round before."""
        start = self._round_start(self.index)
        self.go(start if start < self.index else self._round_start(max(start - 1, 0)))

    def _round_start(self, index: int) -> int:
        steps = self._need_timeline().steps
        while index > 0 and steps[index - 1].round == steps[index].round:
            index -= 1
        return index

    def set_view(self, key: str) -> None:
        """Watch as a seat ("1".."n"), the table ("table") or all cards ("all")."""
        tl = self._need_timeline()
        viewer = viewer_of(key, tl.game.num_players)
        if viewer == tl.viewer:
            return
        if self.allowed is not None and viewer not in self.allowed:
            raise ValueError(not_allowed(viewer, tl.game, self.allowed))
        timeline = build_timeline(tl.record, self.new_game, self.adapter.from_dict, viewer,
                                  ended=bool(self.closed))
        self._install(timeline, self.index)  # the same events: the same steps for everyone

    def _need_timeline(self) -> Timeline:
        if self.timeline is None:
            raise ValueError("open a game record first")
        return self.timeline

    # ------------------------------------------------------------ callbacks
    def _on_view(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self.set_view(change["new"])

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._quiet and self.timeline is not None and change["new"] - 1 != self.index:
            self.go(change["new"] - 1)

    def _open_text(self, text: str) -> str:
        """Open pasted or uploaded text (`OpenPanel`); what to say about it."""
        self.load_text(text)
        self._set_notices(())
        tl = self._need_timeline()
        return (f"Opened: {len(tl.record['actions'])} moves, "
                f"{'a finished game' if tl.over else 'a game still running'}.")

    def _set_notices(self, notices: Sequence[str]) -> None:
        self.notice.value = notice_html(notices)

    # ------------------------------------------------------------ drawing
    def _view_label(self, viewer: Viewer, game: Game) -> str:
        if viewer == ALL_CARDS:
            return ("All cards (the table is closed)" if self.closed and not game.is_over()
                    else "All cards (the game is over)")
        if viewer is None:
            return "The table: public cards only"
        assert isinstance(viewer, int)  # (the one text viewer is ALL_CARDS)
        return f"{game.player_name(viewer)} (seat {viewer + 1})"

    def _summary_html(self) -> str:
        tl = self._need_timeline()
        g = tl.game
        names = ", ".join(g.player_name(i) for i in range(g.num_players))
        moves = len(tl.record["actions"])
        seed = "" if self.allowed is not None else f"; seed {esc(tl.record['seed'])}"
        head = f"<b>{esc(self.adapter.title)}</b>: {esc(names)}{seed}, {moves} moves."
        out = g.outcome()
        if out is not None:
            end = f' <span class="vg-rp-result">Game over: {esc(out.reason)}</span>'
        elif self.closed:
            end = (f' <span class="vg-rp-closed">Closed before the end ({esc(self.closed)}): '
                   "it will never go on, so every seat's cards and the seed are shown, as "
                   "for a finished game.</span>")
        else:
            end = (' <span class="vg-rp-running">Still running: you see it as '
                   f"{esc(allowed_words(g, self.allowed))}; hidden cards stay hidden until it "
                   "is over.</span>" if self.allowed is not None else
                   ' <span class="vg-rp-running">Still running. Each seat\'s view shows what '
                   "that seat saw; the record itself holds every card, so share it only once "
                   "the game is over.</span>")
        return f'<div class="vg-rp-summary-line">{head}{end}</div>'

    def _count_html(self) -> str:
        tl = self._need_timeline()
        step = tl.steps[self.index]
        total = f"step {self.index + 1} of {len(tl)}"
        if step.round is None:
            return f'<span class="vg-rp-count">{total.capitalize()}</span>'
        in_round = tl.round_steps(step.round)
        return (f'<span class="vg-rp-count">Round {esc(step.round)}, step '
                f"{in_round.index(self.index) + 1} of {len(in_round)}</span>"
                f'<span class="vg-rp-total">{total} in the game</span>')

    def _log_html(self) -> str:
        """The log up to this step as the viewer may read it (its newest lines), grouped
        by round, the newest line marked at the bottom."""
        tl = self._need_timeline()
        first = first_shown(tl.steps[self.index].log_end)
        lines: list[LogLine] = tl.log(self.index, first)
        return log_html([(line.round, line.kind, line.text) for line in lines], first,
                        mark_newest=True, hint=REPLAY_HINT)

    def _highlight(self) -> list[int]:
        """Seats whose part of the table changed in this step, as the table app marks them."""
        tl = self._need_timeline()
        if self.index == 0:
            return []
        before = tl.steps[self.index - 1].obs.get("players")
        now = tl.steps[self.index].obs.get("players")
        if not isinstance(before, list) or not isinstance(now, list) or len(before) != len(now):
            return []
        return [k for k, (a, b) in enumerate(zip(before, now, strict=True)) if a != b]

    def _refresh(self) -> None:
        tl = self.timeline
        for b in (self.first_button, self.round_back, self.back_button):
            b.disabled = tl is None or self.index == 0
        for b in (self.next_button, self.round_next, self.last_button):
            b.disabled = tl is None or self.index == len(tl) - 1
        # the highlighted way on, only while there is one (a faded blue read as "click me")
        style = "" if self.next_button.disabled else "primary"
        if self.next_button.button_style != style:
            self.next_button.button_style = style
        self.slider.disabled = self.view_box.disabled = tl is None
        if tl is None:
            self.parts = {"empty": EMPTY}
            self.view.value = EMPTY
            self.share.value = ""
            self.opener.widget.selected_index = 0
            return
        if self.slider.value != self.index + 1:
            self._quiet = True
            try:
                self.slider.value = self.index + 1
            finally:
                self._quiet = False
        step = tl.steps[self.index]
        cards = getattr(tl.game, "cards", None)
        self.parts = {
            "count": self._count_html(),
            "text": f'<span class="vg-rp-text">{esc(tl.text(self.index))}</span>',
            "board": self.adapter.render(step.obs, cards, self._highlight()),
            "log": self._log_html(),
        }
        self.view.value = (
            f'<div class="vg-rp-top">{self.parts["count"]}{self.parts["text"]}</div>'
            f'<div class="vg-rp-body"><div class="vg-rp-board">{self.parts["board"]}</div>'
            f'<div class="vg-rp-side"><div class="vg-log-head">Log</div>'
            f'<div class="vg-log vg-rp-log">{self.parts["log"]}</div></div></div>')
        self.share.value = self._share_html()

    def share_query(self) -> str:
        """The page-address query that opens this replay at this step and view."""
        tl = self._need_timeline()
        if self.table_link is not None:  # never the record (it holds every card), nor a key
            view = tl.viewer if self.allowed is None else None  # running: the public view
            return f"{table_query(self.table_link[0])}&view={view_key(view)}&step={self.index + 1}"
        if self._packed[0] is not tl.record:  # packed once per record, not once per step
            self._packed = (tl.record, pack_record(tl.record))
        return replay_query(self._packed[1], tl.viewer, self.index)

    def _share_html(self) -> str:
        address = page_name(self.notebook) + self.share_query()
        if not fits_in_link(address):
            moves = len(self._need_timeline().record["actions"])
            return (f'<div class="vg-share-line">This game is too long for a link ({moves:,} '
                    "moves): share the record file instead (Download the record); this page "
                    "opens it.</div>")
        href = esc(address)
        return (f'<div class="vg-share-line">Share this replay: <a class="vg-rp-link" '
                f'href="{href}" target="_blank">link to this step</a> <input class="vg-share-'
                f'query" readonly value="{href}" title="select and copy"></div>')


def open_replay(adapter: GameAdapter, new_game: Callable[..., Game], notebook: str,
                params: dict[str, str]) -> ReplayApp:
    """A replay app opened on what the page link asks for (notices for the rest)."""
    app = ReplayApp(adapter, new_game, notebook)
    app.open_query(params)
    return app

