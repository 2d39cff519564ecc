"""The lobby: the server's open tables, for a teacher (with the key `make serve` prints) and
for students (without it).

Both see each table's game, seats, round, whose turn it is and when it last moved, with a
watch link (the public view: nobody's hidden cards). Only the teacher may close a table.
Nobody sees a seat's link here: those are keys, and only the device that set a table up
shows them. In a live kernel the list refreshes itself when a table changes.

    from widgets.server.lobby import lobby_app
    lobby_app()          # reads ?key=... from the page address
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from village_games.core import words
from village_games.engines import ENGINES, engine
from village_games.experiments.store import ALL_EXPERIMENTS
from village_games.tables import BOT, HUMAN, REMOTE, StoreError, TableStore, open_store
from village_games.tables.model import Table
from village_games.tables.store import ALL_TABLES
from village_games.tables.tokens import same_key

from ..kit.board import Board
from ..kit.live import every, running_loop
from ..kit.pages import page_url
from ..kit.query import page_query
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..table.links import table_query

FOLLOWED = (ALL_TABLES, ALL_EXPERIMENTS)  # what the lobby lists
REFRESH_S = 1.0  # how often a live kernel looks for changes (a cheap mark, no query)
SHOWN = 200  # the most recently active tables listed
KIND_WORDS = {HUMAN: "host's screen", REMOTE: "own device", BOT: "bot"}
TITLES = {name: engine(name).INFO.title for name in ENGINES}


def play_notebook(game: str) -> str:
    """Each game's play app is `<game>_play.ipynb` in the gallery's folder."""
    return f"{game}_play.ipynb"


def table_row(table: Table, teacher: bool, now: float) -> str:
    """One table as a row of the lobby (a watch link; a Close button for the teacher)."""
    summary = table.summary or {}
    seats = ", ".join(f"{html.escape(s.name)} <span class=\"vg-lobby-kind\">"
                      f"({KIND_WORDS.get(s.kind, s.kind)})</span>" for s in table.seats)
    rnd = summary.get("round")
    where = f"round {html.escape(str(rnd))}, " if rnd is not None else ""
    moves = summary.get("moves", table.moves)
    if table.closed:
        state = f"closed: {html.escape(table.closed)}"
    elif summary.get("over"):
        state = f"over: {html.escape(str(summary.get('result', '')))}"
    else:
        turn = summary.get("turn") or []
        state = ("to move: " + ", ".join(html.escape(str(n)) for n in turn)) if turn else ""
    watch = html.escape(page_url(table_query(table.id), play_notebook(table.game)))
    close = (f'<button class="vg-lobby-close" data-vg-value="close:{html.escape(table.id)}">'
             "Close</button>" if teacher and not table.closed else "")
    return (f'<tr class="vg-lobby-row" data-table="{html.escape(table.id)}">'
            f"<td>{html.escape(TITLES.get(table.game, table.game))}</td><td>{seats}</td>"
            f"<td>{where}{words.count(moves, 'move')}</td><td>{state}</td>"
            f"<td>{words.ago(now - table.updated)}</td>"
            f'<td><a class="vg-watch-link" href="{watch}" target="_blank">watch</a></td>'
            f"<td>{close}</td></tr>")


def untouched(table: Table) -> bool:
    """A table nobody has played at and nobody else was invited to (a page opened and
    left)."""
    return table.moves == 0 and all(s.kind != REMOTE for s in table.seats)


def lobby_html(tables: Sequence[Table], teacher: bool, now: float | None = None) -> str:
    now = time.time() if now is None else now
    if not tables:
        return '<div class="vg-note vg-lobby-empty">No tables are open on this server.</div>'
    rows = "".join(table_row(t, teacher, now) for t in tables)
    return ('<table class="vg-lobby-table"><thead><tr><th>Game</th><th>Seats</th>'
            "<th>Moves</th><th>Now</th><th>Last move</th><th></th><th></th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


class LobbyApp:
    """`LobbyApp(store, key)`; `app.widget` is what the notebook shows. Python entry points
    (tests): `refresh()`, `close_table(id)`, `board.click("close:<id>")`, `show_closed`."""

    def __init__(self, store: TableStore, key: str | None) -> None:
        self.store = store
        self.teacher = bool(key) and same_key(key or "", store.teacher_key())
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        who = ("Teacher's view: watch any table, or close one that is finished or abandoned."
               if self.teacher else
               "The tables open on this server. Watch one: you see the public table, nobody's "
               "hidden cards. (Teachers: open this page with the key that make serve printed.)")
        self.notice = w.HTML("")
        self.notice.add_class("vg-notice")
        if key and not self.teacher:
            self.notice.value = ('<div class="vg-query-error">That key is not the teacher key '
                                 "of this server, so this is the students' view.</div>")
        self.head = w.HTML(f'<div class="vg-lobby-head">{html.escape(who)}</div>')
        self.show_closed = w.Checkbox(value=False, indent=False,
                                      description="Also closed and untouched tables")
        self.show_closed.add_class("vg-lobby-closed")
        self.show_closed.observe(guard(lambda _c: self.refresh()), names="value")
        self.refresh_button = w.Button(description="Refresh", icon="refresh")
        self.refresh_button.add_class("vg-lobby-refresh")
        self.refresh_button.on_click(guard(lambda _b: self.refresh()))
        self.board = Board(wrap=guard)
        self.board.add_class("vg-lobby-board")
        self.board.on_pick(self._on_pick)
        self.count = w.HTML("")
        self.count.add_class("vg-lobby-count")
        self._key = key if self.teacher and key else ""
        self.experiments = w.HTML("")  # the teacher's class experiments (experiments/)
        self.experiments.add_class("vg-lobby-experiments")
        self.widget = w.VBox([style_tag(), self.banner, self.notice, self.head,
                              w.HBox([self.refresh_button, self.show_closed, self.count]),
                              self.board, self.experiments])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-lobby")
        self.tables: list[Table] = []
        self._mark: Any = None
        self.refresh()
        self._ticks = 0
        every(running_loop(), REFRESH_S, self.tick, self.banner)

    def refresh(self) -> None:
        """List the tables as they are now."""
        try:
            self._mark = self.store.change_mark(*FOLLOWED)
            listed = self.store.list_tables(include_closed=self.show_closed.value,
                                            limit=SHOWN)
        except StoreError as exc:
            self.banner.show(f"the table store cannot be read: {exc}")
            return
        # a page opened and left without a move (nobody else invited) is not a table yet
        self.tables = [t for t in listed if self.show_closed.value or not untouched(t)]
        self.board.set(html=lobby_html(self.tables, self.teacher),
                       targets=[f"close:{t.id}" for t in self.tables if self.teacher
                                and not t.closed], picked=[])
        open_tables = sum(1 for t in self.tables if not t.closed)
        self.count.value = (f'<span class="vg-note">{words.count(open_tables, "open table")}'
                            "</span>")
        if self.teacher:
            from ..experiments.lobby import experiments_section

            self.experiments.value = experiments_section(self.store, self._key)

    def close_table(self, table_id: str) -> None:
        """Close a table (teacher only): its devices say so and take no more moves."""
        if not self.teacher:
            raise ValueError("only the teacher closes tables (open the lobby with the key "
                             "that make serve printed)")
        self.store.close_table(table_id, "closed by the teacher")
        self.refresh()

    def _on_pick(self, value: str, _field: str | None) -> None:
        if value.startswith("close:"):
            self.close_table(value.removeprefix("close:"))

    def tick(self) -> None:
        """Refresh when the store says a table or an experiment changed, and every tenth
        tick anyway, so the "last move" times stay current (a live kernel calls this every
        `REFRESH_S`)."""
        self._ticks += 1
        if self._ticks % 10 == 0 or self.store.change_mark(*FOLLOWED) != self._mark:
            self.refresh()


def lobby_app(query: dict[str, str] | None = None) -> w.Widget:
    """The lobby page, as the page address's `key` opens it."""
    params = page_query() if query is None else query
    try:
        store = open_store()
    except StoreError as exc:
        return w.HTML(f'<div class="vg-query-error">The table store cannot be opened: '
                      f"{html.escape(str(exc))}</div>")
    return LobbyApp(store, params.get("key", "").strip() or None).widget
