"""Villagers & Villains lesson 1: what is an extra recruit roll worth?

To recruit the card at position k of the pool, one die must reach k; each extra roll costs
1 gold, and a failure still brings home the card at position 1. The chance with n extra
rolls is 1 - ((k-1)/6)^(n+1), higher with a bonus on every die (a Tower), with the King's
Favor's +2 on the first die only (the rulebook's "a recruit roll": our reading 10), and
with free rolls (a Stable). The exact values come from the engine
(`village_games.villagers_and_villains.odds`); the simulation rolls real dice with numpy
(`village_games.probability.dice`), a million recruits in well under a second.

    from widgets.villagers_and_villains.recruit_lesson import recruit_lesson
    recruit_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.core import words
from village_games.probability.dice import successes
from village_games.villagers_and_villains.odds import ability_amount, recruit_chance
from village_games.villagers_and_villains.options import (
    EXTRA_ROLL_PRICE,
    FAVOR_RECRUIT_BONUS,
)

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson

NOTEBOOK = "villagers_and_villains_recruit_lesson.ipynb"
STYLE = {"description_width": "initial"}
MAX_EXTRA = 6
INTRO = (
    "The pool lies in a row: position 1 is yours for free, but any other card needs a die "
    f"that reaches its position. Each extra roll costs {EXTRA_ROLL_PRICE} gold and gives you "
    "one more try. "
    "Is it worth it? Set the position and the rolls, add the bonuses you hold, and compare "
    "the exact chance with dice rolled thousands of times. The table shows what each extra "
    "roll adds and what a percentage point of chance costs you.")


class RecruitLesson(w.VBox):
    """Position, extra rolls and bonuses: the exact recruit chance beside simulated dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        self.tower = ability_amount("recruit_bonus", "Tower")
        self.stable = ability_amount("free_roll", "Stable")
        self.position = w.IntSlider(value=4, min=1, max=7, description="Position of the card",
                                    continuous_update=False, style=STYLE,
                                    layout={"width": "330px"})
        self.position.add_class("vg-recruit-position")
        self.extra = w.IntSlider(value=0, min=0, max=MAX_EXTRA, description="Extra rolls bought",
                                 continuous_update=False, style=STYLE,
                                 layout={"width": "330px"})
        self.extra.add_class("vg-recruit-extra")
        self.favor = w.Checkbox(value=False, indent=False,
                                description=f"King's Favor (+{FAVOR_RECRUIT_BONUS} on the first "
                                            "die)",
                                layout={"width": "270px"})
        self.tower_box = w.Checkbox(value=False, indent=False,
                                    description=f"Tower (+{self.tower} on each die)*",
                                    layout={"width": "220px"})
        self.stable_box = w.Checkbox(value=False, indent=False,
                                     description=f"Stable ({self.stable} free roll)*",
                                     layout={"width": "220px"})
        self.worth = w.IntSlider(value=4, min=1, max=12, continuous_update=False,
                                 description="The card is worth this much more gold to you "
                                             "than the one in position 1",
                                 style=STYLE, layout={"width": "560px"})
        self.worth.add_class("vg-recruit-worth")
        self.table = w.HTML("")
        self.table.add_class("vg-recruit-table")
        note = w.HTML("<div class='vg-note'>* Tower and Stable are cards of this project's "
                      "stand-in deck (the real card guide is not public).</div>")
        controls = [w.HBox([self.position, self.extra]),
                    w.HBox([self.favor, self.tower_box, self.stable_box]), note, self.worth,
                    self.table]
        self.lesson = Lesson(controls, self.exact, self.sample,
                             quantity="share of recruits that get the card", seed=seed,
                             banner=self.banner, run_label="Roll", unit="recruits",
                             trials=(1_000, 10_000, 100_000, 1_000_000),
                             default_trials=10_000, share=True,
                             experiment=self.class_experiment)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-recruit-lesson")

    # ------------------------------------------------------------------ the question
    @property
    def bonus(self) -> int:
        """The bonus on every die (the Tower)."""
        return self.tower if self.tower_box.value else 0

    @property
    def first_bonus(self) -> int:
        """The King's Favor's bonus, on the first die only."""
        return FAVOR_RECRUIT_BONUS if self.favor.value else 0

    @property
    def free(self) -> int:
        return self.stable if self.stable_box.value else 0

    def chance(self, extra: int) -> float:
        return float(recruit_chance(self.position.value, extra, self.bonus, self.free,
                                    favor=self.first_bonus))

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        return "vv-recruit", {"position": self.position.value, "extra": self.extra.value,
                              "favor": int(self.favor.value), "tower": int(self.tower_box.value),
                              "stable": int(self.stable_box.value)}

    def exact(self) -> Exact:
        k, n = self.position.value, self.extra.value
        p = recruit_chance(k, n, self.bonus, self.free, favor=self.first_bonus)
        self.table.value = self._table()
        dice = 1 + n + self.free
        if k == 1:
            note = "Position 1 needs no roll: a recruit there always succeeds."
        else:
            need = max(1, k - self.bonus)
            misses = min(6, need - 1)
            bonus = f" (the bonus of +{self.bonus} lowers the face you need)" if self.bonus else ""
            first_need = max(1, need - self.first_bonus)
            first_misses = min(6, first_need - 1)
            if self.first_bonus:
                # the Favor's die, then the rest: (first misses) * (each other misses)^rest
                rest = dice - 1
                fail = f"{first_misses}/6" + (
                    "" if not rest else f" × ({misses}/6)" + (f"^{rest}" if rest > 1 else ""))
                note = (f"With the King's Favor the first die must show {first_need} or "
                        f"more{bonus}: it misses with chance {first_misses}/6. "
                        + (f"The other {words.count(rest, 'die', 'dice')} must show {need} or "
                           f"more, each missing with chance {misses}/6. " if rest else "")
                        + f"The recruit fails only if every die misses: chance {fail}. So it "
                        f"succeeds with 1 − {fail} = {words.fraction(p)}.")
            else:
                fail = f"{misses}/6" if dice == 1 else f"({misses}/6)^{dice}"
                every = "it misses" if dice == 1 else f"all {dice} dice miss"
                note = (f"Each die must show {need} or more{bonus}, so it misses with chance "
                        f"{misses}/6. The recruit fails only if {every}: chance {fail}. So it "
                        f"succeeds with 1 − {fail} = {words.fraction(p)}.")
            if first_need > 6:
                note += " No die shows that much: only a bonus can bring this card in reach."
            elif need > 6 and dice > 1:
                note += (" Only the first die can reach it: extra rolls add nothing unless a "
                         "bonus lifts every die.")
        return Exact(float(p), f"Chance to recruit the card in position {k}", esc(note))

    def _table(self) -> str:
        """Per number of extra rolls: the chance, what that roll added, the gold a
        percentage point cost, and whether the roll pays for itself."""
        worth = self.worth.value
        rows = []
        for n in range(MAX_EXTRA + 1):
            p = self.chance(n)
            gain = p - self.chance(n - 1) if n else None
            if gain is None:
                added = cost = verdict = "–"
            elif gain <= 0:
                added, cost, verdict = "0", "–", "adds nothing"
            else:
                added = f"+{gain:.1%}"
                cost = f"{EXTRA_ROLL_PRICE / (100 * gain):.2f}"
                verdict = ("worth it" if gain * worth >= EXTRA_ROLL_PRICE
                           else "not worth it")
            now = " class='vg-now'" if n == self.extra.value else ""
            rows.append(f"<tr{now}><td>{n}</td><td>{p:.1%}</td><td>{added}</td><td>{cost}</td>"
                        f"<td>{verdict}</td></tr>")
        return ("<table class='vg-eq-table vg-recruit-rolls'><tr><th>extra rolls</th>"
                "<th>chance</th><th>this roll adds</th><th>gold per point</th>"
                f"<th>for a card worth {worth} more</th></tr>{''.join(rows)}</table>"
                "<div class='vg-note'>A roll pays for itself when what it adds, times what "
                f"the card is worth to you, is at least its price ({EXTRA_ROLL_PRICE} gold)."
                "</div>")

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` recruits with real dice: 1 when a die (+ its bonus: the Favor's on the first
        die only) reaches the position."""
        k = self.position.value
        if k == 1:
            return np.ones(n)
        bonuses = [self.bonus + self.first_bonus] + [self.bonus] * (self.extra.value + self.free)
        return (successes(rng, n, k, bonuses) >= 1).astype(float)


def recruit_lesson(seed: int | None = None) -> RecruitLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = RecruitLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
