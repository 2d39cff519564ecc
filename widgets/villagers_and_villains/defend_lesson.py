"""Villagers & Villains lesson 2: defending your town, and what a challenge costs you.

A challenge in your town is defeated by a DEFENSE roll that reaches its Defeat Value: your
town rolls once, each hero once (adding its Defeat Bonus), and the Angry Mob and the King's
Favor add to a roll when you spend them. Some challenges need several successes in one
turn (Murder Bats need three). Until it is defeated, a challenge takes its Pillage Loss in
every Pillage Phase, which comes after the Defend Phase of the same round. The exact
answers come from the engine's odds (`village_games.villagers_and_villains.odds`) and a
short sum; the simulation rolls every die with numpy.

    from widgets.villagers_and_villains.defend_lesson import defend_lesson
    defend_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.core import words
from village_games.probability.dice import expected_rounds_survived, successes
from village_games.villagers_and_villains import standard_deck
from village_games.villagers_and_villains.odds import (
    challenge_facts,
    defense_bonuses,
    defense_chance,
)
from village_games.villagers_and_villains.options import FAVOR_DEFENSE_BONUS

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson

NOTEBOOK = "villagers_and_villains_defend_lesson.ipynb"
STYLE = {"description_width": "initial"}
CLEAR, LOSS = "clear", "loss"
INTRO = (
    "A challenge has moved into your town. Each turn your town rolls one DEFENSE die and "
    "each of your heroes rolls one more; a roll that reaches the challenge's Defeat Value "
    "defeats it (some challenges need several hits in the same turn). Every round it "
    "survives, it takes its Pillage Loss from your gold. How likely are you to clear it, "
    "and how much gold will it cost you before you do?")


def challenge_presets() -> dict[str, tuple[int, int, int]]:
    """Challenge name -> (Defeat Value, Pillage Loss, successes needed), from the stand-in
    deck."""
    return challenge_facts()


class DefendLesson(w.VBox):
    """A challenge, your defenders and what you spend: exact beside simulated dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        self.mob_bonus = standard_deck().mob.defense
        self.presets = challenge_presets()
        self.challenge = w.Dropdown(
            options=[(f"{name} (defeat {d}, pillage {p}{f', {s} hits' if s > 1 else ''})", name)
                     for name, (d, p, s) in sorted(self.presets.items(),
                                                   key=lambda kv: (kv[1], kv[0]))],
            value="Troll" if "Troll" in self.presets else None,
            description="Challenge*", style=STYLE, layout={"width": "420px"})
        self.challenge.add_class("vg-defend-challenge")
        self.heroes = w.IntSlider(value=1, min=0, max=4, description="Heroes in town",
                                  continuous_update=False, style=STYLE,
                                  layout={"width": "300px"})
        self.hero_bonus = w.IntSlider(value=1, min=0, max=3, description="Each hero's Defeat Bonus",
                                      continuous_update=False, style=STYLE,
                                      layout={"width": "320px"})
        self.mob = w.Checkbox(value=False, indent=False,
                              description=f"Spend the Angry Mob in round 1 (+{self.mob_bonus})",
                              layout={"width": "320px"})
        self.favor = w.Checkbox(value=False, indent=False,
                                description=f"Spend the King's Favor in round 1 "
                                            f"(+{FAVOR_DEFENSE_BONUS})",
                                layout={"width": "320px"})
        self.question = w.ToggleButtons(
            options=[("Chance to defeat it this round", CLEAR),
                     ("Gold lost before it is defeated", LOSS)],
            value=CLEAR, style={"button_width": "230px"}, tooltip="The question to answer")
        self.question.add_class("vg-defend-question")
        self.rounds = w.IntSlider(value=4, min=1, max=10, description="Rounds ahead",
                                  continuous_update=False, style=STYLE,
                                  layout={"width": "300px"})
        self.table = w.HTML("")
        self.table.add_class("vg-defend-table")
        note = w.HTML("<div class='vg-note'>* Challenges of this project's stand-in deck "
                      "(the real card guide is not public). The lesson puts the Angry Mob "
                      "and the Favor on your town's roll.</div>")
        controls = [self.question, self.challenge, w.HBox([self.heroes, self.hero_bonus]),
                    w.HBox([self.mob, self.favor]), self.rounds, note, self.table]
        self.lesson = Lesson(controls, self.exact, self.sample, quantity="result", seed=seed,
                             banner=self.banner, run_label="Roll", unit="turns",
                             trials=(1_000, 10_000, 100_000, 1_000_000),
                             default_trials=10_000,
                             share=lambda: self.question.value == CLEAR,
                             experiment=self.class_experiment)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-defend-lesson")

    # ------------------------------------------------------------------ the question
    @property
    def card(self) -> tuple[int, int, int]:
        return self.presets[self.challenge.value]

    def bonuses(self, first_round: bool) -> list[int]:
        """One entry per DEFENSE roll: the town's, then each hero's."""
        town = 0
        if first_round:
            town += (self.mob_bonus if self.mob.value else 0) + (
                FAVOR_DEFENSE_BONUS if self.favor.value else 0)
        return defense_bonuses(self.heroes.value, self.hero_bonus.value, town)

    def round_chances(self) -> list[float]:
        defeat, _loss, need = self.card
        first = float(defense_chance(defeat, self.bonuses(True), need))
        later = float(defense_chance(defeat, self.bonuses(False), need))
        return [first] + [later] * (self.rounds.value - 1)

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        """The chance to defeat it this round, or (for the gold question) within the rounds
        ahead: a share either way."""
        return "vv-defend", {"challenge": self.challenge.value, "heroes": self.heroes.value,
                             "hero_bonus": self.hero_bonus.value, "mob": int(self.mob.value),
                             "favor": int(self.favor.value),
                             "rounds": 1 if self.question.value == CLEAR else self.rounds.value}

    def exact(self) -> Exact:
        defeat, loss, need = self.card
        rolls = 1 + self.heroes.value
        chances = self.round_chances()
        self.table.value = self._table(chances)
        hits = f"{need} successful rolls" if need > 1 else "one successful roll"
        short = (f" With {words.count(rolls, 'roll')} a turn you cannot get "
                 f"{need} hits: add heroes." if rolls < need else "")
        if self.question.value == CLEAR:
            p = defense_chance(defeat, self.bonuses(True), need)
            note = (f"You roll {words.count(rolls, 'die', 'dice')} against Defeat Value "
                    f"{defeat} and need {hits}. Counting every way the dice can fall gives "
                    f"{words.fraction(p)}.{short}")
            return Exact(float(p), "Chance to defeat it this round", esc(note))
        rounds = expected_rounds_survived(chances)
        note = (f"In each round the challenge survives your defense (and only then) it takes "
                f"{loss} gold. Adding up the chances that it is still there after round 1, "
                f"2, … {self.rounds.value} gives {rounds:.3f} rounds of pillage on average, "
                f"so {loss} × {rounds:.3f} gold.{short}")
        return Exact(loss * rounds, f"Gold expected to be lost over {self.rounds.value} "
                                    f"{words.plural(self.rounds.value, 'round')}", esc(note))

    def _table(self, chances: list[float]) -> str:
        alive, cells_p, cells_alive = 1.0, [], []
        for p in chances:
            alive *= 1 - p
            cells_p.append(f"<td>{p:.0%}</td>")
            cells_alive.append(f"<td>{alive:.0%}</td>")
        heads = "".join(f"<th>{r}</th>" for r in range(1, len(chances) + 1))
        return ("<table class='vg-eq-table'><tr><th>round</th>" + heads + "</tr>"
                "<tr><th>defeated in that round, if still there</th>" + "".join(cells_p)
                + "</tr><tr><th>still there after it</th>" + "".join(cells_alive)
                + "</tr></table>")

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` turns (or runs of rounds) with every die rolled: 1/0 for "defeated this
        round", or the gold lost over the rounds."""
        defeat, loss, need = self.card
        if self.question.value == CLEAR:
            return (successes(rng, n, defeat, self.bonuses(True)) >= need).astype(float)
        alive = np.ones(n, dtype=bool)
        lost = np.zeros(n)
        for r in range(self.rounds.value):
            alive &= successes(rng, n, defeat, self.bonuses(r == 0)) < need
            lost += loss * alive
        return lost


def defend_lesson(seed: int | None = None) -> DefendLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = DefendLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
