"""Villagers & Villains, the recruit lesson: does a die reach the card's position?

One trial is one recruit: the dice are rolled one at a time (the King's Favor's +2 on the
first, a Tower's bonus on each) until one reaches the position or none is left. The exact
chance is the engine's `recruit_chance`.
"""

from __future__ import annotations

import numpy as np

from village_games.core import words
from village_games.villagers_and_villains.odds import ability_amount, recruit_chance
from village_games.villagers_and_villains.options import DIE, FAVOR_RECRUIT_BONUS

from .kind import Answer, Kind, Step, Trial, Values
from .settings import Flag, Whole

POSITIONS = 7  # the lesson's slider: positions 1 to 7
MAX_EXTRA = 6


def _bonus_words(bonus: int) -> str:
    return f" (+{bonus})" if bonus else ""


class Recruit(Kind):
    key = "vv-recruit"
    game = "Villagers & Villains"
    title = "Recruit a card from the pool"
    lesson = "villagers_and_villains_recruit_lesson.ipynb"
    unit = "recruit"
    hit_words = ("recruited", "missed")
    settings = (
        Whole("position", "Position of the card", 1, POSITIONS, 4),
        Whole("extra", "Extra rolls bought", 0, MAX_EXTRA, 0),
        Flag("favor", f"King's Favor (+{FAVOR_RECRUIT_BONUS} on the first die)"),
        Flag("tower", "Tower (a bonus on each die; stand-in card)"),
        Flag("stable", "Stable (free rolls; stand-in card)"),
    )

    def _dice(self, v: Values) -> tuple[list[int], int]:
        """The bonus of each die in the order they are rolled, and the Tower's bonus."""
        tower = ability_amount("recruit_bonus", "Tower") if v["tower"] else 0
        free = ability_amount("free_roll", "Stable") if v["stable"] else 0
        first = tower + (FAVOR_RECRUIT_BONUS if v["favor"] else 0)
        return [first] + [tower] * (v["extra"] + free), tower

    def question(self, v: Values) -> str:
        bonuses, _ = self._dice(v)
        k = v["position"]
        if k == 1:
            return "Recruit the card in position 1 (it needs no roll): is it yours?"
        if len(bonuses) == 1:
            return f"Recruit the card in position {k} with one die: does it reach {k}?"
        return (f"Recruit the card in position {k} with {len(bonuses)} dice: does one of "
                f"them reach {k}?")

    def exact(self, v: Values) -> Answer:
        bonuses, tower = self._dice(v)
        free = len(bonuses) - 1 - v["extra"]
        p = recruit_chance(v["position"], v["extra"], tower, free,
                           favor=FAVOR_RECRUIT_BONUS if v["favor"] else 0)
        if v["position"] == 1:
            return Answer(p, "Position 1 needs no roll: a recruit there always succeeds.")
        return Answer(p, f"Each die misses with the chance that its face plus bonus stays "
                         f"below {v['position']}; the recruit fails only when every die "
                         f"misses, so it succeeds with 1 minus the product of those chances: "
                         f"{words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        k = v["position"]
        if k == 1:
            step = Step("card", "Take the card", "position 1", "no roll needed", True)
            return Trial(True, (step,), "position 1 is yours without a roll")
        bonuses, _ = self._dice(v)
        steps = []
        for i, bonus in enumerate(bonuses, start=1):
            face = int(rng.integers(1, DIE + 1))
            hit = face + bonus >= k
            action = "Roll the die" if len(bonuses) == 1 else f"Roll die {i}"
            steps.append(Step("die", action, f"die {i}{_bonus_words(bonus)}",
                              str(face), hit, f"+{bonus}" if bonus else ""))
            if hit:
                return Trial(True, tuple(steps),
                             f"die {i} reached {k}: the card is yours")
        return Trial(False, tuple(steps),
                     f"no die reached {k}: you take the card in position 1")


KIND = Recruit()
