"""The draw lesson's second tab: go out now for the bonus, or wait a turn to build?

The numbers come from `village_games.villages.going_out` (exact over every pair of unseen
cards, and its simulation); this tab only reads the lesson's position and colour, shows the
cards in play, and draws both choices' values against the chance an opponent goes out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as w
import numpy as np

from village_games.core import words
from village_games.villages import Villages
from village_games.villages.going_out import (
    GoingOut,
    GoingOutOdds,
    going_out_odds,
    going_out_question,
    simulate_going_out,
)
from village_games.villages.options import DRAWS, EMPTY_BONUS

from ..kit.charts import chart_image, figure, png_bytes, show_chart
from ..kit.markup import esc
from ..kit.safe import ErrorBanner
from ..kit.shared_models import Shared
from ..teach.lesson import Exact, Lesson, fmt

HELP = (
    "The first player to empty their hand on their own turn scores 10 more, and the round "
    "ends after everyone else has one final turn; cards left in a hand cost their gold. "
    "Picture the end of a round: everything else in your hand is gone, and you could empty "
    "it this turn by giving or discarding the cards below. Or you keep them one more turn, "
    "hoping your next two draws build them into a village. While you wait, each opponent "
    "may go out first and take the 10 from you (you still get your final turn and your "
    "draws). <b>Which is worth more?</b> The slider is a guess you make: how likely is "
    "each opponent to empty their hand on their turn? Someone holding two cards often "
    "can; someone holding seven rarely.")
ASSUMES = (
    "What the count assumes: both choices keep your other villages and give the others a "
    "final turn, so only the gold that differs is counted; cards that do not fit are shed "
    "as you could shed them now (in a real game one may stay in your hand and cost its "
    "gold, so waiting is, if anything, a little worse than shown).")

LABEL = "Gold gained by waiting a turn (exact)"
NEARLY_OUT = ("The deck is nearly out, so there is no next turn of draws to wait for: the "
              "round ends when it runs out. If you can go out now, do.")


def _cards(g: Villages, ids: tuple[str, ...]) -> str:
    if not ids:
        return "none"
    return ", ".join(f"{esc(c)} ({g.cards.gold_of[c]} gold"
                     + (", wild" if c in g.cards.wild_ids else "")
                     + (f", ×{g.cards[c].village_multiplier} village"
                        if g.cards[c].village_multiplier != 1 else "") + ")" for c in ids)


class GoingOutTab(w.VBox):
    """The chance slider, the cards in play, an exact-versus-simulated lesson and a chart."""

    def __init__(self, position: Callable[[], tuple[Villages, int, str]], *,
                 seed: int | None, banner: ErrorBanner, shared: Shared,
                 experiment: Callable[[], tuple[str, dict[str, object]]] | None = None
                 ) -> None:
        self._position = position  # () -> (game, seat, colour)
        self._cache: tuple[tuple[GoingOut, int], GoingOutOdds] | None = None
        self.shown = False  # the chart is drawn only once the tab has been opened
        self._curve_for: tuple[GoingOutOdds, Fraction] | None = None
        self.chance = shared.make(
            w.IntSlider, "vg-vl-out-chance", value=20, min=0, max=100, step=5,
            description="Chance each opponent goes out on their turn (%)",
            continuous_update=False, style={"description_width": "initial"},
            layout={"width": "460px"})
        self.info = shared.html("", "vg-vl-lesson-position", "vg-vl-out-info")
        self.curve = chart_image()
        self.curve.add_class("vg-vl-out-curve")
        self.curve.layout.width = "460px"
        self.curve.layout.visibility = "hidden"  # no broken-image icon before it is drawn
        self.lesson = Lesson([self.chance], self.exact, self.sample,
                             quantity="gold gained by waiting", seed=seed, banner=banner,
                             run_label="Play it out", unit="rounds",
                             trials=(100, 1_000, 10_000, 100_000), default_trials=10_000,
                             shared=shared, experiment=experiment)
        super().__init__([shared.html(f"<div class='vg-lesson-intro'>{HELP}</div>"),
                          self.info, self.lesson, self.curve,
                          shared.html(f"<div class='vg-note'>{ASSUMES}</div>")],
                         layout=shared.layout())
        self.add_class("vg-vl-going-out")

    # ------------------------------------------------------------------ the question
    def question(self) -> GoingOut:
        g, seat, colour = self._position()
        return going_out_question(g.observation(seat), g.cards, colour)

    def odds(self) -> GoingOutOdds:
        """The exact values for the position (counted once per position and colour)."""
        g = self._position()[0]
        q = self.question()
        key = (q, len(g.cards))  # the question holds every card id that matters
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, going_out_odds(g.cards, q))
        return self._cache[1]

    def r(self) -> Fraction:
        return Fraction(self.chance.value, 100)

    # ------------------------------------------------------------------ exact and simulated
    def exact(self) -> Exact:
        g, seat, colour = self._position()
        if g.observation(seat)["deck_size"] < DRAWS:
            self.info.value = ""
            self._cache = self._curve_for = None  # nothing to draw for this position
            self.curve.layout.visibility = "hidden"
            return Exact(math.nan, LABEL, NEARLY_OUT)
        odds = self.odds()
        q = odds.question
        r = self.r()
        self.info.value = self._info(g, seat, q)
        self.draw_curve()
        beaten = odds.beaten(r)
        gain = odds.gain(r)
        if odds.now_gold:
            now = (f"Going out now: these cards already make {odds.now_gold} gold of "
                   f"{colour} village, plus the bonus: {odds.now_gold + EMPTY_BONUS} gold.")
        else:
            now = (f"Going out now: you shed these cards and take the bonus: "
                   f"{EMPTY_BONUS} gold.")
        article = "an" if colour[0] in "AEIOU" else "a"
        if q.home:
            built = f"Waiting: your two draws add what fits to your {colour} village ("
        else:
            built = (f"Waiting: your two draws leave {article} {colour} village "
                     f"{fmt(float(odds.completes) * 100, 1)}% of the time (")
        wait = (f"{built}counted over all {odds.pairs:,} pairs of the {len(q.unseen)} cards "
                f"you have not seen), worth {fmt(float(odds.draws_gold), 2)} gold on "
                "average. The chance that one of "
                f"your {words.count(q.opponents, 'opponent')} goes out "
                f"first is 1 − (1 − {fmt(float(r), 2)})^{q.opponents} = "
                f"{fmt(float(beaten), 3)}, so you keep the bonus "
                f"{fmt(float(1 - beaten) * 100, 1)}% of the time: "
                f"{fmt(float(odds.wait(r)), 2)} gold.")
        even = odds.break_even
        if even is not None:
            verdict = (f"Waiting pays while each opponent's chance is below "
                       f"{fmt(even * 100, 1)}%.")
        elif odds.draws_gold - odds.now_gold >= EMPTY_BONUS:
            verdict = "The draws can win more than the bonus: waiting pays at any chance."
        else:
            verdict = "Waiting cannot win anything here: go out now."
        word = "Wait" if gain > 0 else "Go out now" if gain < 0 else "Either"
        note = f"{now}<br>{wait}<br><b>{word}</b>. {verdict}"
        return Exact(float(gain), LABEL, note)

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        g, _seat, _colour = self._position()
        return simulate_going_out(g.cards, self.question(), float(self.r()), n, rng)

    # ------------------------------------------------------------------ what the class sees
    def _info(self, g: Villages, seat: int, q: GoingOut) -> str:
        obs = g.observation(seat)
        others = ", ".join(f"{esc(p['name'])} holds {p['hand_size']}"
                           for i, p in enumerate(obs["players"]) if i != seat)
        home = (f" Your {esc(q.colour)} village: {_cards(g, q.home)}." if q.home else "")
        return (f"<div class='vg-note'>Your cards that fit {esc(q.colour)}: "
                f"{_cards(g, q.kept)}.{home} Opponents: {others} cards.</div>")

    def show(self) -> None:
        """The tab is open: draw its chart from now on."""
        self.shown = True
        self.draw_curve()

    def draw_curve(self) -> None:
        """Draw the chart if the tab is open and the answer changed since the last one."""
        if not self.shown or self._cache is None:
            return
        key = (self._cache[1], self.r())
        if self._curve_for != key:
            show_chart(self.curve, self._draw_curve(self._cache[1]),
                       "Chart of the chance to go out as the rounds go by; the table beside "
                       "it gives the numbers.")
            self._curve_for = key

    def _draw_curve(self, odds: GoingOutOdds) -> bytes:
        """Both choices' expected gold against each opponent's chance of going out."""
        xs = np.linspace(0, 1, 101)
        m = odds.question.opponents
        wait = float(odds.draws_gold) + EMPTY_BONUS * (1 - xs) ** m
        fig, ax = figure(4.6, 2.6)
        ax.plot(xs * 100, wait, color="#2f5f9e", label="wait a turn")
        ax.axhline(float(odds.now), color="#a8322a", linestyle="--", label="go out now")
        r = float(self.r())
        ax.plot([r * 100], [float(odds.wait(self.r()))], "o", color="#2f5f9e", markersize=8,
                fillstyle="none", label="your guess")
        if odds.break_even is not None:
            ax.axvline(odds.break_even * 100, color="#777777", linewidth=0.8)
        ax.set_xlabel("chance each opponent goes out on their turn (%)")
        ax.set_ylabel("expected gold")
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize=7, framealpha=0.85)
        return png_bytes(fig)
