"""Second Village Pillage lesson: when will the card you want reach the market?

The market shows 4 of the 20 market cards, and every purchase brings one more into view.
Which cards you have seen after k purchases is a draw of 4 + k cards without replacement,
so the chance that one of the cards you hope for has appeared is exact (hypergeometric,
`village_games.probability.chance_seen`). The simulation deals real games with the engine
and looks at the order its shuffled deck brings the cards out.

    from widgets.village_pillage.market_lesson import market_lesson
    market_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games import village_pillage
from village_games.core import words
from village_games.probability import chance_seen
from village_games.village_pillage.market_order import seen_within

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson

NOTEBOOK = "village_pillage_market_lesson.ipynb"
INTRO = (
    "You are hoping for a particular card (a <b>Bard</b>, say) to turn up in the market. "
    "At the start the market shows 4 of the 20 market cards; each purchase, by anyone, "
    "brings one more card into view. How likely is it that a card you want has appeared "
    "after a few purchases, and how much does it help to be happy with several cards?")


class MarketLesson(w.VBox):
    """Pick the cards you hope for and the number of purchases; exact beside simulated."""

    def __init__(self, seed: int | None = None) -> None:
        cards = village_pillage.standard_deck()
        self.market = list(cards.market)
        self.slots = cards.market_slots
        self.banner = ErrorBanner()
        self.wanted = w.SelectMultiple(options=self.market, value=("Bard",), rows=8,
                                       description="Cards you want",
                                       style={"description_width": "initial"},
                                       layout={"width": "300px"})
        self.wanted.add_class("vg-market-wanted")
        self.purchases = w.IntSlider(value=4, min=0, max=len(self.market) - self.slots,
                                     description="Purchases so far", continuous_update=False,
                                     style={"description_width": "initial"},
                                     layout={"width": "360px"})
        self.purchases.add_class("vg-market-purchases")
        self.curve = w.HTML("")
        self.curve.add_class("vg-market-curve")
        self.lesson = Lesson([w.HBox([self.wanted, w.VBox([self.purchases, self.curve])])],
                             self.exact, self.sample, quantity="share of games with it seen",
                             seed=seed,
                             banner=self.banner, run_label="Deal games", unit="games",
                             trials=(100, 1_000, 10_000), default_trials=1_000, share=True,
                             experiment=self.class_experiment)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-market-lesson")

    def _wanted(self) -> set[str]:
        if not self.wanted.value:
            raise ValueError("choose at least one card you hope for")
        return set(self.wanted.value)

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        return "vp-market", {"wanted": ",".join(sorted(self._wanted(), key=self.market.index)),
                             "purchases": self.purchases.value}

    def exact(self) -> Exact:
        """The chance after the chosen number of purchases, and a row of it for every k."""
        m = len(self._wanted())
        total, k = len(self.market), self.purchases.value
        p = chance_seen(total, m, self.slots + k)
        steps = range(0, total - self.slots + 1, 2)
        cells = "".join(
            f"<td class='{'vg-now' if j == k else ''}'>"
            f"{float(chance_seen(total, m, self.slots + j)):.0%}</td>" for j in steps)
        heads = "".join(f"<th>{j}</th>" for j in steps)
        self.curve.value = (
            "<table class='vg-eq-table vg-market-table'><tr><th>purchases</th>"
            f"{heads}</tr><tr><th>chance</th>{cells}</tr></table>")
        wanted = "the card you want" if m == 1 else f"any of the {m} cards you want"
        note = (f"{self.slots} + {k} = {self.slots + k} of the {total} market cards have been "
                f"seen. The chance that they miss {wanted} is C({total - m}, "
                f"{self.slots + k}) / C({total}, {self.slots + k}), so the chance of at least "
                f"one is {words.fraction(p)}.")
        return Exact(float(p), "Chance that a card you want has shown up", esc(note))

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """Deal `n` two-player games and check each one's market order (1 = seen)."""
        wanted, k = self._wanted(), self.purchases.value
        seeds = rng.integers(0, 2**31, size=n)
        return np.array([seen_within(village_pillage.new_game(players=2, seed=int(s)),
                                     wanted, k) for s in seeds], dtype=float)


def market_lesson(seed: int | None = None) -> MarketLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = MarketLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
