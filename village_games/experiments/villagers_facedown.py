"""Villagers, the face-down lesson: does a blind draft from the stack fit your village?

The position and the deal as in the card-backs experiment; a trial is a hit when the top
card would fit the first player's village, now or on a Basic Villager still in the supply
(`odds.fits_now`, `odds.fits_after_basic`). The exact chance counts the unseen cards of
the suit on the back that fit (`odds.chance_top_fits`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from village_games.core import words
from village_games.villagers.odds import chance_top_fits, fits_after_basic, fits_now

from .kind import Answer, Kind, Step, Trial, Values
from .positions import SEAT, villagers_at
from .settings import Whole
from .villagers_backs import POSITION, check_stack, top_card, where


@lru_cache(maxsize=64)
def fitting(players: int, seed: int, moves: int) -> frozenset[str]:
    """The villagers that fit the first player's village in the position."""
    g = villagers_at(players, seed, moves)
    return frozenset(fits_now(g, SEAT) | fits_after_basic(g, SEAT))


class Facedown(Kind):
    key = "villagers-facedown"
    game = "Villagers"
    title = "Does a blind draft fit your village?"
    lesson = "villagers_facedown_lesson.ipynb"
    unit = "deal"
    hit_words = ("fits", "does not fit")
    settings = (*POSITION, Whole("moves", "Moves played", 0, 60, 20),
                Whole("stack", "Draft blind from stack", 1, 9, 1))

    def refine(self, v: Values) -> None:
        check_stack(v)

    def question(self, v: Values) -> str:
        return (f"{where(v)}, the first player drafts blind from stack {v['stack']}: does "
                "the card fit their village (now, or on a Basic Villager they can still "
                "take)?")

    def exact(self, v: Values) -> Answer:
        g = villagers_at(v["players"], v["game"], v["moves"])
        p = chance_top_fits(g.observation(SEAT), g.cards, v["stack"] - 1,
                            set(fitting(v["players"], v["game"], v["moves"])))
        return Answer(p, "Of the unseen cards of the suit on the back, each as likely to be "
                         "on top, the share that would fit the village by the chain rules "
                         f"(Special villagers aside): {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        card, suit = top_card(v, rng)
        hit = card in fitting(v["players"], v["game"], v["moves"])
        step = Step("card", "Draft the top card", f"stack {v['stack']}'s top card "
                    f"({suit} back)", card, hit, suit)
        return Trial(hit, (step,), f"{words.a(card)}: " + ("it fits" if hit else
                                                           "it does not fit"))


KIND = Facedown()
