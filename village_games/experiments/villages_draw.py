"""Villages, the draw lesson's two tabs as experiments.

* `villages-draw`: do this turn's two draws (deck or the face-up discard) and any later
  deck draws complete three units of a colour? The discard pile's cards are known; deck
  draws are a random part of the cards the first player has not seen, as the lesson's
  count has them. Exact: `odds.SetQuestion.plan_chance`.
* `villages-going-out`: wait a turn instead of going out: do the next two draws leave a
  village of the colour? Exact: `going_out.going_out_odds(...).completes`.

A trial shuffles the unseen cards and draws from them one card at a time; the set rule is
the engine's (`going_out.stands`: three units, one truly of the colour).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from village_games.core import words
from village_games.villages.game import Villages
from village_games.villages.going_out import (
    GoingOutOdds,
    going_out_odds,
    going_out_question,
    stands,
)
from village_games.villages.odds import (
    DRAW_PLANS,
    PLAN_LABELS,
    SetQuestion,
    set_question,
    unseen_cards,
)
from village_games.villages.options import DRAWS
from village_games.villages.views import VillagesObservation

from .kind import Answer, Kind, Step, Trial, Values
from .positions import SEAT, villages_at
from .settings import Flag, Name, Pick, Whole

MAX_LATER = 10
POSITION = (
    Whole("players", "Players", 2, 5, 3),
    Whole("game", "Game (its seed)", 0, 10**9, 4),
    Whole("moves", "Moves played", 0, 60, 0),
    Flag("dark_light", "Dark and Light cards (stand-in)"),
    Name("colour", "Colour"),
)


def _position(v: Values) -> tuple[Villages, VillagesObservation]:
    g = villages_at(v["players"], v["game"], v["moves"], v["dark_light"])
    return g, g.observation(SEAT)


def check_colour(v: Values) -> None:
    g, _obs = _position(v)
    colours = g.cards.village_colours
    if v["colour"] not in colours:
        raise ValueError(f"Colour (colour) must be one of {', '.join(colours)}, got "
                         f"{v['colour']!r}")


def _where(v: Values) -> str:
    extra = " with the Dark and Light cards" if v["dark_light"] else ""
    return (f"In game {v['game']} with {v['players']} players{extra}, after "
            f"{words.count(v['moves'], 'move')}")


def _card_step(g: Villages, card: str, action: str, label: str, colour: str) -> Step:
    cards = g.cards
    useful = cards.kind_of[card] == "unit" and cards.fits(card, colour)
    return Step("card", action, label, card, useful, cards.colour_of.get(card, ""))


class Draw(Kind):
    key = "villages-draw"
    game = "Villages"
    title = "Will the next draws complete a set of three?"
    lesson = "villages_draw_lesson.ipynb"
    unit = "deal"
    hit_words = ("a set", "no set")
    settings = (*POSITION,
                Pick("plan", "This turn's two draws", tuple(PLAN_LABELS.items()), "deck-deck"),
                Whole("later", "Later deck draws", 0, MAX_LATER, 0))

    def _question(self, v: Values) -> SetQuestion:
        g, obs = _position(v)
        return set_question(obs, g.cards, v["colour"])

    def refine(self, v: Values) -> None:
        check_colour(v)
        g, obs = _position(v)
        plan = DRAW_PLANS[v["plan"]]
        if plan.count("discard") > len(obs["discard"]) or plan.count("deck") > obs["deck_size"]:
            can = [k for k, p in DRAW_PLANS.items() if p.count("discard") <= len(obs["discard"])
                   and p.count("deck") <= obs["deck_size"]]
            raise ValueError(f"This turn's two draws (plan) must be one of {', '.join(can)} "
                             f"here (the discard pile holds {len(obs['discard'])}, the deck "
                             f"{obs['deck_size']}), got {v['plan']!r}")
        if self._question(v).plan_chance(g.cards, v["plan"], v["later"]) is None:
            most = max(0, min(MAX_LATER, obs["deck_size"] - plan.count("deck")))
            raise ValueError(f"Later deck draws (later) must be from 0 to {most} here (the "
                             f"deck holds {obs['deck_size']}), got {v['later']}")

    def question(self, v: Values) -> str:
        later = f", then {words.count(v['later'], 'later deck draw')}" if v["later"] else ""
        return (f"{_where(v)}, the first player draws {PLAN_LABELS[v['plan']]}{later}: do "
                f"they hold three {v['colour']} units (a new village)?")

    def exact(self, v: Values) -> Answer:
        g, _obs = _position(v)
        p = self._question(v).plan_chance(g.cards, v["plan"], v["later"])
        assert p is not None  # refine refused plans the piles cannot serve
        return Answer(p, "The discard pile's cards are known; the deck draws are a random "
                         "part of the cards not seen, so the units of the colour among them "
                         "follow the hypergeometric count (with Light cards: two kinds of "
                         f"useful card, one needed truly of the colour): {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        g, obs = _position(v)
        colour = v["colour"]
        plan = DRAW_PLANS[v["plan"]]
        pile = list(obs["discard"])
        unseen = unseen_cards(obs, g.cards)
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        drawn, steps = [], []
        for n, source in enumerate([*plan, *["deck"] * v["later"]], start=1):
            card = pile.pop() if source == "discard" else order.pop(0)
            drawn.append(card)
            steps.append(_card_step(g, card, f"Draw card {n} ({source})",
                                    f"draw {n}, from the {source}", colour))
        hand = obs["players"][SEAT]["hand"]
        assert hand is not None  # (the seat's own view)
        hit = stands(g.cards, colour, [*hand, *drawn])
        return Trial(hit, tuple(steps), f"three {colour} units: a village" if hit else
                     f"not three {colour} units")


@lru_cache(maxsize=64)
def _going_out(players: int, seed: int, moves: int, dark_light: bool,
               colour: str) -> GoingOutOdds:
    g = villages_at(players, seed, moves, dark_light)
    return going_out_odds(g.cards, going_out_question(g.observation(SEAT), g.cards, colour))


class GoingOut(Kind):
    key = "villages-going-out"
    game = "Villages"
    title = "Wait a turn: will the draws build the village?"
    lesson = "villages_draw_lesson.ipynb"
    unit = "deal"
    hit_words = ("a village", "no village")
    settings = POSITION

    def _odds(self, v: Values) -> GoingOutOdds:
        return _going_out(v["players"], v["game"], v["moves"], v["dark_light"], v["colour"])

    def refine(self, v: Values) -> None:
        check_colour(v)
        self._odds(v)  # ValueError when the deck is nearly out

    def question(self, v: Values) -> str:
        return (f"{_where(v)}, the first player keeps the {v['colour']} units (and Light "
                f"cards) of the hand one more turn instead of going out: do the next "
                f"{DRAWS} draws leave a {v['colour']} village?")

    def exact(self, v: Values) -> Answer:
        odds = self._odds(v)
        p = odds.completes
        return Answer(p, f"Counted over all {odds.pairs:,} pairs of the "
                         f"{len(odds.question.unseen)} cards not seen (every pair is as "
                         f"likely to be drawn): {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        g, _obs = _position(v)
        q = self._odds(v).question
        pair = [q.unseen[i] for i in rng.choice(len(q.unseen), size=DRAWS, replace=False)]
        steps = tuple(_card_step(g, c, f"Draw card {n}", f"draw {n}", q.colour)
                      for n, c in enumerate(pair, start=1))
        hit = bool(q.home) or stands(g.cards, q.colour, (*q.kept, *pair))
        return Trial(hit, steps, f"a {q.colour} village" if hit else
                     f"no {q.colour} village")


DRAW_KIND = Draw()
GOING_OUT_KIND = GoingOut()
