"""Villagers, the card-backs lesson: is the villager you need on top of the stack?

A position of a real game (players, the game's seed, moves played), as the first player
sees it. One trial deals every card that player cannot see again, with the engine's own
`determinize`, and turns over the top card of the chosen stack. The exact chance counts
the unseen cards of the suit on its back (`odds.chance_top_is`).
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from village_games.core import words
from village_games.villagers.odds import chance_top_is, top_card_chances

from .kind import Answer, Kind, Step, Trial, Values, py_seed
from .positions import SEAT, villagers_at
from .settings import Name, Whole

POSITION = (
    Whole("players", "Players", 2, 5, 3),
    Whole("game", "Game (its seed)", 0, 10**9, 5),
)


def stack_choices(v: Values) -> list[int]:
    """The stacks (1, 2, ...) that hold cards in the position."""
    obs = villagers_at(v["players"], v["game"], v["moves"]).observation(SEAT)
    return [j + 1 for j, p in enumerate(obs["stacks"]) if p["size"]]


def check_stack(v: Values) -> None:
    stacks = stack_choices(v)
    if v["stack"] not in stacks:
        raise ValueError(f"Stack (stack) must be one of {', '.join(map(str, stacks))} in this "
                         f"position (the others are empty), got {v['stack']}"
                         if stacks else "every stack is empty at this point: choose fewer "
                                        "moves")


def top_card(v: Values, rng: np.random.Generator) -> tuple[str, str]:
    """One deal of what the first player cannot see: the stack's top card and its suit."""
    g = villagers_at(v["players"], v["game"], v["moves"])
    world = g.determinize(SEAT, random.Random(py_seed(rng)))
    card = world.stacks[v["stack"] - 1].cards[-1]
    return card, g.cards[card].suit


def where(v: Values) -> str:
    return (f"In game {v['game']} with {v['players']} players, after "
            f"{words.count(v['moves'], 'move')}")


class Backs(Kind):
    key = "villagers-backs"
    game = "Villagers"
    title = "Which villager is on top of the stack?"
    lesson = "villagers_backs_lesson.ipynb"
    unit = "deal"
    hit_words = ("on top", "not on top")
    settings = (*POSITION, Whole("moves", "Moves played", 0, 60, 0),
                Whole("stack", "Stack", 1, 9, 1), Name("villager", "Villager you need"))

    def _chances(self, v: Values) -> dict[str, Fraction]:
        g = villagers_at(v["players"], v["game"], v["moves"])
        stack: int = v["stack"]
        return top_card_chances(g.observation(SEAT), g.cards)[stack - 1]

    def refine(self, v: Values) -> None:
        check_stack(v)
        chances = self._chances(v)
        if v["villager"] not in chances:
            raise ValueError(f"Villager you need (villager) must be one of "
                             f"{', '.join(chances)} (what stack {v['stack']}'s top card can "
                             f"be), got {v['villager']!r}")

    def question(self, v: Values) -> str:
        return (f"{where(v)}, the first player looks at stack {v['stack']}: is its top card "
                f"{words.a(v['villager'])}?")

    def exact(self, v: Values) -> Answer:
        g = villagers_at(v["players"], v["game"], v["moves"])
        p = chance_top_is(g.observation(SEAT), g.cards, v["stack"] - 1, v["villager"])
        return Answer(p, "Every unseen card of the suit on the back is as likely to be on "
                         f"top: unseen copies of the {v['villager']} over unseen cards of its "
                         f"suit, {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        card, suit = top_card(v, rng)
        hit = card == v["villager"]
        step = Step("card", "Turn over the top card", f"stack {v['stack']}'s top card "
                    f"({suit} back)", card, hit, suit)
        return Trial(hit, (step,), f"{words.a(card)} was on top")


KIND = Backs()
