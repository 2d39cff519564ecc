"""The lab's lesson: how many games before we know which strategy is better?

Two bots play a duel again and again (seats swapped on every deal, as in the lab). After
each game the first bot's win share gets a 95% interval; once the interval lies wholly
above one half, the games have told the bots apart. Beside the games, the exact binomial
answer (village_games.probability.games_needed): if the first bot truly wins a share p,
the chance that n games are enough, the interval's expected width and the games needed
for an 80% chance. The chart: the share and its interval over the games, and the width
against the games, played and exact, which falls like one over the square root of n.

    from widgets.lab.lesson import games_lesson
    games_lesson()
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import numpy as np

from village_games import village_pillage, villagers_and_villains
from village_games.bots import BeginnerBot, PillageBot, RandomBot, VillagersAndVillainsBot
from village_games.bots.tournament import AgentFactory, MatchRun
from village_games.core import Game
from village_games.probability.games_needed import (
    chance_to_tell,
    expected_width,
    games_needed,
)
from village_games.probability.intervals import credit_interval, running_share_intervals

from ..kit.apps import add_nav
from ..kit.charts import chart_image, plain_figure, png_bytes, show_chart
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..teach.lesson import fmt

NOTEBOOK = "strategy_lab_lesson.ipynb"
FAIR = 0.5  # a duel
ENOUGH = 0.8  # the chance of telling the bots apart that "games needed" aims for
GAME_COUNTS = (20, 50, 100, 200, 400)
BATCH = 10  # games between two looks at the progress bar

# (label, first bot, second bot, new_game, options): quick bots, so a class sees the
# interval move within seconds
MATCHUPS: dict[str, tuple[str, AgentFactory, AgentFactory, Callable[..., Game],
                          dict[str, Any]]] = {
    "beginner-random": ("Village Pillage duel: the beginner bot against random play",
                        BeginnerBot, RandomBot, village_pillage.new_game, {}),
    "heuristic-beginner": ("Village Pillage duel: the heuristic bot against the beginner",
                           functools.partial(PillageBot, samples=4), BeginnerBot,
                           village_pillage.new_game, {}),
    "random-random": ("Village Pillage duel: random play against random play (no "
                      "difference at all)", RandomBot, RandomBot, village_pillage.new_game, {}),
    "vv-heuristic-random": ("Villagers & Villains: the heuristic bot against random play",
                            VillagersAndVillainsBot, RandomBot,
                            villagers_and_villains.new_game, {}),
}
INTRO = (
    "A bot that wins 60% of its duels is better than one that wins 50%, but after ten "
    "games it may well be behind. How many games does it take before the numbers say "
    "which is better? Play duels between two bots and watch the 95% interval of the first "
    "bot's win share narrow; beside it, the exact binomial answer for a bot whose true "
    "share you choose.")


class GamesLesson(w.VBox):
    def __init__(self, seed: int = 1) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        self.matchup = w.Dropdown(options=[(v[0], k) for k, v in MATCHUPS.items()],
                                  value="beginner-random", description="Bots",
                                  layout=w.Layout(width="560px"))
        self.games = w.SelectionSlider(options=[(f"{g}", g) for g in GAME_COUNTS], value=100,
                                       description="Games", continuous_update=False)
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed",
                                     layout=w.Layout(width="170px"))
        self.true_share = w.FloatSlider(value=0.6, min=0.55, max=0.9, step=0.01,
                                        description="True share p", readout_format=".2f",
                                        continuous_update=False,
                                        style={"description_width": "initial"})
        self.run_button = w.Button(description="Play the games", icon="play",
                                   button_style="primary")
        self.run_button.add_class("vg-games-run")
        self.progress = w.IntProgress(value=0, min=0, max=100, layout=w.Layout(width="220px"))
        self.exact_html = w.HTML("")
        self.exact_html.add_class("vg-games-exact")
        self.sim_html = w.HTML("<div class='vg-note'>Press <b>Play the games</b>.</div>")
        self.sim_html.add_class("vg-games-sim")
        self.chart = chart_image("A chart of the games (drawn once they are played)", "640px")
        self.chart.add_class("vg-games-chart")
        self.chart.layout.visibility = "hidden"
        self.credits: np.ndarray | None = None
        self.run_button.on_click(guard(lambda _b: self.run()))
        for control in (self.true_share, self.games):
            control.observe(guard(lambda _c: self.refresh()), names="value")
        super().__init__([
            style_tag(), self.banner, w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"),
            w.HBox([self.matchup]), w.HBox([self.games, self.seed, self.true_share]),
            w.HBox([self.run_button, self.progress]),
            w.HBox([w.VBox([self.exact_html, self.sim_html]), self.chart])])
        self.add_class("vg-app")
        self.add_class("vg-lesson")
        guard(self.refresh)()

    # ------------------------------------------------------------------ exact side
    def refresh(self) -> None:
        n, p = int(self.games.value), float(self.true_share.value)
        chance = chance_to_tell(n, p, FAIR)
        need = games_needed(p, FAIR, ENOUGH)
        width = expected_width(n, p)
        need_text = (f"<b>{need:,}</b> games give an {ENOUGH:.0%} chance" if need else
                     "even 5,000 games are not enough for an 80% chance")
        self.exact_html.value = (
            "<div class='vg-lesson-box'><div class='vg-lesson-head'>Exact (binomial)</div>"
            f"<div class='vg-note'>If the first bot truly wins {p:.0%} of duels, its wins in "
            f"{n} games follow a binomial distribution. The chance that its 95% interval "
            f"lies wholly above 50% after {n} games:</div>"
            f"<div class='vg-lesson-number vg-games-chance'>{chance:.1%}</div>"
            f"<div class='vg-note'>Expected width of the interval: {fmt(width, 3)}. "
            f"{need_text}.</div></div>")
        if self.credits is not None:
            self.chart.value = self.draw(self.credits)

    # ------------------------------------------------------------------ the games
    def run(self) -> np.ndarray:
        """Play the games (in this process, a batch at a time) and show the interval."""
        n = int(self.games.value)
        _label, first, second, new_game, options = MATCHUPS[self.matchup.value]
        self.run_button.disabled = True
        self.progress.max, self.progress.value = n, 0
        credits: list[float] = []
        try:
            with MatchRun([first, second], n, 2, int(self.seed.value), new_game=new_game,
                          executor=None, **options) as run:
                while not run.done:
                    for rec in run.collect():
                        credits.append(rec.credit(rec.slots.index(0)))
                    self.progress.value = len(credits)
        finally:
            self.run_button.disabled = False
        self.credits = np.array(credits)
        wins = float(self.credits.sum())
        low, high = credit_interval(wins, n)
        told = ("the interval lies above 50%: the first bot is better" if low > FAIR else
                "the interval lies below 50%: the second bot is better" if high < FAIR
                else "the interval still covers 50%: these games cannot tell the bots apart")
        self.sim_html.value = (
            "<div class='vg-lesson-box'><div class='vg-lesson-head'>Played "
            f"({n} games)</div><div class='vg-lesson-number vg-games-share'>{wins / n:.1%}"
            f"</div><div class='vg-note'>95% interval (Wilson): {low:.1%} to "
            f"{high:.1%}, width {fmt(high - low, 3)}; {html.escape(told)}. Seed "
            f"{int(self.seed.value)}: the same seed plays the same games.</div></div>")
        show_chart(self.chart, self.draw(self.credits),
                   f"Chart of the first bot's share of wins over {n} games, with its 95% "
                   f"interval: {wins / n:.1%}, from {low:.1%} to {high:.1%}.")
        return self.credits

    def draw(self, credits: np.ndarray) -> bytes:
        n = credits.size
        xs = np.arange(1, n + 1)
        cum = np.cumsum(credits)
        low, high = running_share_intervals(credits, xs)
        fig = plain_figure(6.4, 2.9)
        left, right = fig.subplots(1, 2)
        left.fill_between(xs, low, high, color="#c8792b", alpha=0.25, linewidth=0,
                          label="95% interval")
        left.plot(xs, cum / xs, color="#a8322a", linewidth=1.5, label="win share")
        left.axhline(FAIR, color="#555", linestyle="--", linewidth=1.0, label="fair share")
        left.set_ylim(0, 1)
        left.set_xlabel("games played")
        left.set_title("first bot's share", fontsize=9)
        left.legend(fontsize=7, loc="lower right")
        p = float(self.true_share.value)
        marks = sorted({int(m) for m in np.geomspace(5, max(n, 6), 10)})
        right.plot(xs, high - low, color="#a8322a", linewidth=1.3, label="played")
        right.plot(marks, [expected_width(m, p) for m in marks], "o--", color="#2f5f9e",
                   markersize=3, linewidth=1.1, label=f"exact, p = {p:.2f}")
        right.set_xscale("log")
        right.set_xlabel("games played (log scale)")
        right.set_title("width of the 95% interval", fontsize=9)
        right.legend(fontsize=7)
        for ax in (left, right):
            ax.grid(alpha=0.3)
        return png_bytes(fig)


def games_lesson(seed: int = 1) -> GamesLesson:
    lesson = GamesLesson(seed)
    add_nav(lesson, NOTEBOOK)
    return lesson
