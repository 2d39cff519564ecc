"""The lobby: the server's open tables, for a teacher (with the key `make serve` prints) and
for students (without it).

Both see each table's game, seats, round, whose turn it is and when it last moved, with a
watch link (the public view: nobody's hidden cards). Only the teacher may close a table,
and the lobby asks first when people are playing at it (`in_play`): the row's Close
becomes a question under the row, with "Yes, close it" and "Keep it open". Nobody sees a
seat's link here: those are keys, and only the device that set a table up shows them. In
a live kernel the list refreshes itself when a table changes.

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


def in_play(table: Table) -> bool:
    """Whether people are playing at the table: open, not over, and somebody has moved
    or was invited from another device. Closing one asks first."""
    return not table.closed and not (table.summary or {}).get("over") and not untouched(table)


def confirm_row(table: Table, now: float) -> str:
    """The question under a table's row before closing it while people play there."""
    people = [s for s in table.seats if s.kind != BOT]
    who = words.and_list([f"{html.escape(s.name)} ({KIND_WORDS.get(s.kind, s.kind)})"
                          for s in people]) if people else "people"
    moved = (f"the last move was {words.ago(now - table.updated)}" if table.moves else
             "nobody has moved yet")
    tid = html.escape(table.id)
    return (f'<tr class="vg-lobby-confirm-row" data-table="{tid}"><td colspan="7">'
            f'<div class="vg-lobby-confirm" role="group" aria-label="Close this table?">'
            f"<b>Close this table?</b> {who} {'is' if len(people) == 1 else 'are'} playing "
            f"at it ({moved}). Once closed, their devices take no more moves and it "
            "cannot be opened again (its game can still be replayed). "
            f'<button class="vg-lobby-close-yes" data-vg-value="close-yes:{tid}">'
            "Yes, close it</button> "
            f'<button class="vg-lobby-close-no" data-vg-value="close-no:{tid}" data-vg-focus>'
            "Keep it open</button></div></td></tr>")


def table_row(table: Table, teacher: bool, now: float, confirming: bool = False,
              focus: bool = False) -> str:
    """One table as a row of the lobby (a watch link; a Close button for the teacher;
    with `confirming`, the question that asks before closing it)."""
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
    close = (f'<button class="vg-lobby-close" data-vg-value="close:{html.escape(table.id)}"'
             f'{" data-vg-focus" if focus else ""}>Close</button>'
             if teacher and not table.closed else "")
    return (f'<tr class="vg-lobby-row" data-table="{html.escape(table.id)}">'
            f"<td>{html.escape(TITLES.get(table.game, table.game))}</td><td>{seats}</td>"
            f"<td>{where}{words.count(moves, 'move')}</td><td>{state}</td>"
            f"<td>{words.ago(now - table.updated)}</td>"
            f'<td><a class="vg-watch-link" href="{watch}" target="_blank">watch</a></td>'
            f"<td>{close}</td></tr>" + (confirm_row(table, now) if confirming else ""))


def untouched(table: Table) -> bool:
    """A table nobody has played at and nobody else was invited to (a page opened and
    left)."""
    return table.moves == 0 and all(s.kind != REMOTE for s in table.seats)


def lobby_html(tables: Sequence[Table], teacher: bool, now: float | None = None,
               confirming: str | None = None, focus: str | None = None) -> str:
    """The list; `confirming` is the table whose closing waits for a yes, `focus` the
    table whose Close button takes the focus (after "Keep it open")."""
    now = time.time() if now is None else now
    if not tables:
        return '<div class="vg-note vg-lobby-empty">No tables are open on this server.</div>'
    rows = "".join(table_row(t, teacher, now, t.id == confirming, t.id == focus)
                   for t in tables)
    return ('<table class="vg-lobby-table"><thead><tr><th>Game</th><th>Seats</th>'
            "<th>Moves</th><th>Now</th><th>Last move</th><th></th><th></th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


class LobbyApp:
    """`LobbyApp(store, key)`; `app.widget` is what the notebook shows. Python entry points
    (tests): `refresh()`, `board.click("close:<id>")` (as the Close button: `ask_close`),
    then `board.click("close-yes:<id>")` / `("close-no:<id>")` (`confirm_close`,
    `cancel_close`), `close_table(id)` (no question), `show_closed`."""

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
        self.confirming: str | None = None  # the table whose closing waits for a yes
        self._focus: str | None = None  # the table whose Close button gets the focus back
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
        if not any(t.id == self.confirming and not t.closed for t in self.tables):
            self.confirming = None  # closed meanwhile, or no longer listed: nothing to ask
        targets = [f"close:{t.id}" for t in self.tables if self.teacher and not t.closed]
        if self.confirming:
            targets += [f"close-yes:{self.confirming}", f"close-no:{self.confirming}"]
        self.board.set(html=lobby_html(self.tables, self.teacher, confirming=self.confirming,
                                       focus=self._focus),
                       targets=targets, picked=[])
        open_tables = sum(1 for t in self.tables if not t.closed)
        self.count.value = (f'<span class="vg-note">{words.count(open_tables, "open table")}'
                            "</span>")
        if self.teacher:
            from ..experiments.lobby import experiments_section

            self.experiments.value = experiments_section(self.store, self._key)

    def close_table(self, table_id: str) -> None:
        """Close a table (teacher only, without asking): its devices say so and take no
        more moves."""
        self._teacher_only()
        self.store.close_table(table_id, "closed by the teacher")
        if self.confirming == table_id:
            self.confirming = None
        self.refresh()

    def ask_close(self, table_id: str) -> None:
        """The row's Close button: a table people are playing at asks first (the
        question under its row); any other closes at once."""
        self._teacher_only()
        table = self.store.get(table_id)
        self._focus = None
        if in_play(table):
            self.confirming = table_id
            self.refresh()
        else:
            self.close_table(table_id)

    def confirm_close(self, table_id: str) -> None:
        """"Yes, close it": close the table the question is about."""
        self._teacher_only()
        if self.confirming != table_id:
            raise ValueError("that table is not waiting for a yes: press its Close first")
        self.close_table(table_id)

    def cancel_close(self) -> None:
        """"Keep it open": drop the question; the table plays on."""
        self._focus, self.confirming = self.confirming, None
        self.refresh()

    def _teacher_only(self) -> None:
        if not self.teacher:
            raise ValueError("only the teacher closes tables (open the lobby with the key "
                             "that make serve printed)")

    def _on_pick(self, value: str, _field: str | None) -> None:
        action, _, table_id = value.partition(":")
        if action == "close":
            self.ask_close(table_id)
        elif action == "close-yes":
            self.confirm_close(table_id)
        elif action == "close-no":
            self.cancel_close()

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
