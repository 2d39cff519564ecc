"""The strategy lab: bots against bots, many seeded games, and how sure we are.

    from widgets.lab.app import lab_app
    lab_app()        # reads ?game=villages&players=3&lineup=search:300,heuristic,heuristic

Pick a game, its options, a player count and a lineup (random, heuristic, search at a
budget, Village Pillage's equilibrium bot in a duel), a number of games and a seed, then
Start. The games run on a process pool over this machine's cores (or on the Dask cluster
whose scheduler address is typed in) and stream in: a progress bar, each lineup slot's
win share with a 95% Wilson interval that narrows, a chart of the intervals over the
games, the final scores, OpenSkill ratings and a CSV file. Stop keeps the games finished.
The same seed repeats a run exactly, on any executor.

In a live kernel the app looks for finished games every `POLL_S` on the kernel's event
loop, so clicks (Stop) get through while the games run elsewhere. Outside a kernel
(tests, scripts) `start()` waits for the whole run.
"""

from __future__ import annotations

import base64
import html
import time
from dataclasses import replace
from typing import Any

import ipywidgets as w

from village_games.bots.lineups import KIND_LABELS, kinds_for
from village_games.bots.tournament import LOCAL, MatchRun, local_pool
from village_games.core.card_data import load_toml

from ..kit.apps import add_nav
from ..kit.charts import chart_image, show_chart
from ..kit.live import running_loop
from ..kit.page_names import page_name
from ..kit.query import notice_html, page_query
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from . import results as R
from .charts import intervals_png, scores_png
from .setup import (
    BUDGETS,
    GAMES,
    MAX_GAMES,
    MAX_SEED,
    PRESETS_FILE,
    Entry,
    LabSetup,
    default_setup,
    engine,
    parse_lab,
    player_range,
    presets_for,
)

NOTEBOOK = "strategy_lab.ipynb"
LESSON = "strategy_lab_lesson.ipynb"
POLL_S = 0.25  # how often a live kernel looks for finished games
CHART_EVERY_S = 1.0  # charts are redrawn at most this often while games arrive
SCORE_NAMES: dict[str, str] = load_toml(PRESETS_FILE).get("score", {})
GAME_TITLES = [(engine(g).INFO.title, g) for g in ("village_pillage", "villagers",
                                                   "villagers_and_villains", "villages")]
INTRO = (
    "Every deal is played once per seat rotation, so no bot gains from its seat or its "
    "cards. While a bot's 95% interval still covers the fair share, the games have not "
    f'told the bots apart. <a href="{page_name(LESSON)}">How many games does that take?</a>')


class LabApp:
    """Build with a setup (or from a link); `app.widget` is what the notebook shows.

    `executor`: `LOCAL` (the default: a process pool over this machine's cores, kept for
    the app's runs), any `concurrent.futures.Executor`, or None (this process, one block
    of games at a time). A scheduler address typed in the page takes precedence.
    """

    def __init__(self, setup: LabSetup | None = None, notices: list[str] | None = None,
                 executor: Any = LOCAL) -> None:
        setup = setup or default_setup()
        self.executor = executor
        self._pool: Any = None
        self._clients: dict[str, Any] = {}
        self.run: MatchRun | None = None
        self.setup: LabSetup = setup
        self.loop = running_loop  # where polls are scheduled (tests give their own)
        self._generation = 0
        self._started = time.perf_counter()
        self._charted = 0.0
        self.banner = ErrorBanner()
        guard = self._guard = guarded(self.banner)
        self._quiet = False

        self.game_box = w.Dropdown(options=GAME_TITLES, value=setup.game, description="Game",
                                   layout=w.Layout(width="260px"))
        self.players_box = w.Dropdown(description="Players", layout=w.Layout(width="150px"))
        self.options_box = w.Dropdown(description="Options", layout=w.Layout(width="380px"))
        self.lineup_row = w.HBox()
        self.lineup_row.add_class("vg-lab-lineup")
        self.seat_boxes: list[tuple[w.Dropdown, w.Dropdown]] = []
        self.games_box = w.Combobox(options=[str(g) for g in GAMES], value=str(setup.games),
                                    description="Games", ensure_option=False,
                                    layout=w.Layout(width="170px"))
        self.seed_box = w.BoundedIntText(value=setup.seed, min=0, max=MAX_SEED,
                                         description="Seed", layout=w.Layout(width="170px"))
        self.scheduler_box = w.Text(value="", placeholder="empty: this machine's cores",
                                    description="Dask scheduler",
                                    style={"description_width": "initial"},
                                    layout=w.Layout(width="360px"))
        self.scheduler_box.add_class("vg-lab-scheduler")
        self.start_button = w.Button(description="Start", icon="play", button_style="primary")
        self.start_button.add_class("vg-lab-start")
        self.stop_button = w.Button(description="Stop", icon="stop", disabled=True)
        self.stop_button.add_class("vg-lab-stop")
        self.progress = w.IntProgress(value=0, min=0, max=setup.games,
                                      layout=w.Layout(width="260px"))
        self.progress.add_class("vg-lab-progress")
        self.status = w.HTML("")
        self.status.add_class("vg-lab-status")
        self.table = w.HTML("")
        self.table.add_class("vg-lab-table")
        self.ratings_html = w.HTML("")
        self.ratings_html.add_class("vg-lab-ratings")
        self.download = w.HTML("")
        self.download.add_class("vg-lab-download")
        self.share = w.HTML("")
        self.share.add_class("vg-lab-share")
        self.interval_chart = chart_image("A chart of the wins (drawn once games end)", "560px")
        self.interval_chart.add_class("vg-lab-intervals")
        self.score_chart = chart_image("A chart of the scores (drawn once games end)", "560px")
        self.score_chart.add_class("vg-lab-scores")
        for chart in (self.interval_chart, self.score_chart):
            chart.layout.visibility = "hidden"  # no broken-image icon before a run
        self.notice = w.HTML(notice_html(notices or []))

        self.game_box.observe(guard(self._on_game), names="value")
        self.players_box.observe(guard(self._on_players), names="value")
        self.start_button.on_click(guard(lambda _b: self.start()))
        self.stop_button.on_click(guard(lambda _b: self.stop()))

        controls = w.VBox([
            w.HBox([self.game_box, self.players_box, self.options_box]),
            self.lineup_row,
            w.HBox([self.games_box, self.seed_box, self.scheduler_box]),
            w.HBox([self.start_button, self.stop_button, self.progress, self.status]),
        ])
        controls.add_class("vg-lab-controls")
        numbers = w.VBox([self.table, self.ratings_html, self.download, self.share])
        numbers.add_class("vg-lab-numbers")
        charts = w.VBox([self.interval_chart, self.score_chart])
        results = w.HBox([numbers, charts])
        results.add_class("vg-lab-results")
        self.widget = w.VBox([style_tag(), self.banner, self.notice,
                              w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"),
                              controls, results])
        self.widget.add_class("vg-app")
        self.widget.add_class("vg-lab")
        self.show_setup(setup)

    # ------------------------------------------------------------------ setup controls
    def show_setup(self, setup: LabSetup) -> None:
        """Put `setup` in the controls."""
        self._quiet = True
        try:
            self.game_box.value = setup.game
            lo, hi = player_range(setup.game)
            self.players_box.options = list(range(lo, hi + 1))
            self.players_box.value = setup.players
            self._set_presets(setup.game, setup.players, setup.preset)
            self._build_lineup(setup.game, setup.players, setup.lineup)
            self.games_box.value = str(setup.games)
            self.seed_box.value = setup.seed
        finally:
            self._quiet = False
        self.setup = setup

    def _set_presets(self, game: str, players: int, key: str) -> None:
        presets = presets_for(game, players)
        self.options_box.options = [(p.label, p.key) for p in presets]
        keys = [p.key for p in presets]
        self.options_box.value = key if key in keys else keys[0]

    def _build_lineup(self, game: str, players: int, lineup: tuple[Entry, ...]) -> None:
        kinds = kinds_for(game, players)
        rows = []
        self.seat_boxes = []
        for i in range(players):
            entry = lineup[i] if i < len(lineup) else Entry("heuristic")
            kind = w.Dropdown(options=[(KIND_LABELS[k], k) for k in kinds],
                              value=entry.kind if entry.kind in kinds else "heuristic",
                              description=f"Seat {i + 1}", layout=w.Layout(width="210px"))
            kind.add_class(f"vg-lab-kind-{i}")
            budget = w.Dropdown(options=[(f"{b:,} iterations", b) for b in BUDGETS],
                                value=entry.budget or 300, layout=w.Layout(width="150px"),
                                tooltip=f"Seat {i + 1}: the search's iterations a move")
            budget.add_class(f"vg-lab-budget-{i}")
            budget.layout.display = "" if kind.value == "search" else "none"
            kind.observe(self._guard(lambda c, b=budget: setattr(
                b.layout, "display", "" if c["new"] == "search" else "none")), names="value")
            box = w.HBox([kind, budget])
            box.add_class("vg-lab-seat")
            rows.append(box)
            self.seat_boxes.append((kind, budget))
        old = self.lineup_row.children
        self.lineup_row.children = rows
        for box in old:
            for child in box.children:
                child.close()
            box.close()

    def _on_game(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self.show_setup(replace(default_setup(change["new"]), games=self._games(),
                                seed=int(self.seed_box.value)))

    def _on_players(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        game = self.game_box.value
        current = [Entry(k.value, b.value if k.value == "search" else None)
                   for k, b in self.seat_boxes]
        self._quiet = True
        try:
            self._set_presets(game, change["new"], self.options_box.value)
            self._build_lineup(game, change["new"], tuple(current))
        finally:
            self._quiet = False

    def _games(self) -> int:
        raw = str(self.games_box.value).strip().replace(",", "")
        if not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_GAMES):
            raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES:,}; got "
                             f"{raw[:20]!r}")
        return int(raw)

    def setup_from_controls(self) -> LabSetup:
        lineup = tuple(Entry(k.value, b.value if k.value == "search" else None)
                       for k, b in self.seat_boxes)
        return LabSetup(self.game_box.value, int(self.players_box.value),
                        self.options_box.value, lineup, self._games(),
                        int(self.seed_box.value)).check()

    # ------------------------------------------------------------------ running
    def _executor(self) -> Any:
        address = self.scheduler_box.value.strip()
        if address:
            client = self._clients.get(address)
            if client is None:
                try:
                    import distributed

                    client = distributed.Client(address, timeout="3s")
                except (OSError, TimeoutError, ValueError) as exc:
                    raise ValueError(f"could not reach a Dask scheduler at {address} "
                                     f"({exc}); leave the field empty to use this machine's "
                                     "cores") from None
                self._clients[address] = client
            return client
        if self.executor == LOCAL:
            if self._pool is None:
                self._pool = local_pool()
            return self._pool
        return self.executor

    def start(self) -> None:
        """Start a run with the controls' setup (a run still going is stopped first)."""
        setup = self.setup_from_controls()
        if self.run is not None and not self.run.done:
            self.run.stop()
        self._generation += 1
        self.setup = setup
        self.run = MatchRun(setup.factories(), setup.games, setup.players, setup.seed,
                            new_game=setup.new_game(), executor=self._executor(),
                            **setup.options())
        self._started = time.perf_counter()
        self._charted = 0.0
        with self.progress.hold_sync():
            self.progress.max = setup.games
            self.progress.value = 0
            self.progress.bar_style = "info"
        self.start_button.disabled = True
        self.stop_button.disabled = False
        self.download.value = ""
        page = page_name(NOTEBOOK)
        self.share.value = (f'<div class="vg-note">This run as a link: <a href="{page}'
                            f'{html.escape(setup.query())}" target="_blank">'
                            f"{html.escape(setup.query())}</a></div>")
        self._show(final=False)
        loop = self.loop()
        if loop is None:  # plain Python: the whole run in this call
            while not self.run.done:
                self.run.collect(timeout=None)
                self._show(final=False)
            self._finish()
            return
        self._poll_later(loop, self._generation)

    def _poll_later(self, loop: Any, generation: int) -> None:
        loop.call_later(POLL_S, guarded(self.banner, clears=False)(self._poll), generation)

    def _poll(self, generation: int) -> None:
        """Take in the games finished since the last look; come back unless done."""
        run = self.run
        if generation != self._generation or run is None:
            return
        if run.stopped:
            return
        new = run.collect(timeout=0)
        if run.done:
            self._finish()
            return
        if new:
            self._show(final=False)
        loop = self.loop()
        if loop is not None:
            self._poll_later(loop, generation)

    def stop(self) -> None:
        """Stop the run: games not yet started are cancelled, those finished stay."""
        if self.run is None or self.run.done:
            raise ValueError("no run is going on: press Start first")
        self.run.stop()
        self._finish()

    def _finish(self) -> None:
        self.start_button.disabled = False
        self.stop_button.disabled = True
        stopped = self.run is not None and self.run.stopped
        self.progress.bar_style = "warning" if stopped else "success"
        self._show(final=True)

    # ------------------------------------------------------------------ drawing
    def _show(self, final: bool) -> None:
        run, setup = self.run, self.setup
        recs = run.records if run is not None else []
        names = setup.names()
        n = len(recs)
        self.progress.value = n
        seconds = time.perf_counter() - self._started
        state = ("stopped" if run is not None and run.stopped else "done") if final \
            else "running"
        self.status.value = (f'<span class="vg-lab-count">{n:,} of {setup.games:,} games'
                             f"</span> · {seconds:.1f} s · {state}")
        rows = R.slot_rows(recs, names)
        self.table.value = table_html(rows, n)
        if not n:
            return
        now = time.perf_counter()
        if final or now - self._charted >= CHART_EVERY_S:
            self._charted = now
            show_chart(self.interval_chart,
                       intervals_png(R.history(recs, len(names)), names, 1 / len(names)),
                       f"Chart of each bot's share of wins, with its interval, over the "
                       f"{len(recs):,} games played; the table beside it gives the numbers.")
            show_chart(self.score_chart,
                       scores_png(R.scores_by_slot(recs, len(names)), names,
                                  SCORE_NAMES.get(setup.game, "score")),
                       "Chart of each bot's scores by seat; the table beside it gives the "
                       "numbers.")
        if final:
            self.ratings_html.value = ratings_html(R.ratings(recs, names))
            self.download.value = download_html(R.csv_text(recs, names), setup)

    def csv(self) -> str:
        """The run's games as CSV (what the download link holds)."""
        if self.run is None:
            raise ValueError("no games yet: press Start first")
        return R.csv_text(self.run.records, self.setup.names())

    def close(self) -> None:
        """Stop a run and shut down the pool and cluster clients this app made."""
        if self.run is not None and not self.run.done:
            self.run.stop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        for client in self._clients.values():
            client.close()
        self._clients = {}


def table_html(rows: list[R.SlotRow], games: int) -> str:
    body = "".join(
        f"<tr><td>{html.escape(r.name)}</td><td class='vg-num'>{r.wins:g}</td>"
        f"<td class='vg-num vg-lab-share-cell'>{r.share:.1%}</td>"
        f"<td class='vg-num vg-lab-interval'>{r.low:.1%} – {r.high:.1%}</td>"
        f"<td class='vg-num'>{r.fair:.0%}</td><td>{html.escape(r.verdict)}</td></tr>"
        for r in rows)
    return ("<table class='vg-eq-table vg-lab-slots'><tr><th>bot</th><th>wins</th>"
            "<th>win share</th><th>95% interval (Wilson)</th><th>fair share</th><th>so far"
            f"</th></tr>{body}</table><div class='vg-note'>{games:,} games; a shared win "
            "counts a part to each winner (its interval is widened both ways).</div>")


def ratings_html(ratings: dict[str, tuple[float, float]]) -> str:
    body = "".join(f"<tr><td>{html.escape(name)}</td><td class='vg-num'>{mu:.1f}</td>"
                   f"<td class='vg-num'>{sigma:.1f}</td><td class='vg-num'>"
                   f"{mu - 3 * sigma:.1f}</td></tr>"
                   for name, (mu, sigma) in sorted(ratings.items(), key=lambda kv: -kv[1][0]))
    return ("<div class='vg-lesson-head'>Ratings (OpenSkill, Plackett-Luce)</div>"
            "<table class='vg-eq-table'><tr><th>bot</th><th>μ</th><th>σ</th>"
            f"<th>μ − 3σ</th></tr>{body}</table><div class='vg-note'>Winners share first "
            "place in each game, the others second; every bot starts at μ = 25, σ = 8.3."
            "</div>")


def download_html(text: str, setup: LabSetup) -> str:
    data = base64.b64encode(text.encode()).decode()
    name = f"lab_{setup.game}_{setup.players}p_seed{setup.seed}.csv"
    return (f'<a class="vg-download vg-lab-csv" download="{name}" '
            f'href="data:text/csv;base64,{data}">Download the games as CSV</a>')


def make_app(query: dict[str, str] | None = None, executor: Any = LOCAL) -> LabApp:
    """The app object, set up from `query` (tests drive it through its buttons)."""
    setup, notices = parse_lab(query or {})
    return LabApp(setup, notices, executor=executor)


def lab_app(query: dict[str, str] | None = None) -> w.Widget:
    """The strategy lab, set up from the page's link (or `query`)."""
    app = make_app(page_query() if query is None else query)
    return add_nav(app.widget, NOTEBOOK)
