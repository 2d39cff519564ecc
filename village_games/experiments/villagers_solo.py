"""Villagers solo, two experiments from the solo lesson.

* `villagers-solo-events`: at an Event Phase, the Countess's next villager (the Reserve's
  top card, whose suit shows) brings some number of events. One trial deals what the
  player cannot see again (`determinize`) and values the card she would take in her
  village (`solo.odds.worth_to_countess`, `solo.dealing.events_to_deal`); exact:
  `solo.odds.event_count_chances`.
* `villagers-solo-games`: does a sensible player (the heuristic bot) beat the Countess?
  One trial is one whole game. No formula gives this share: the class's pooled share is
  the answer, with its interval.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from village_games.bots.solo_games import SEAT, play_solo, solo_gold
from village_games.core import words
from village_games.villagers.solo.dealing import events_rule, events_to_deal
from village_games.villagers.solo.odds import event_count_chances, worth_to_countess

from .caps import Caps
from .kind import Answer, Kind, Step, Trial, Values, py_seed
from .positions import solo_events_at
from .settings import Pick, Whole

MODES = (("beginner", "Beginner"), ("normal", "Normal"), ("hard", "Hard"))
EVENTS = (("1", "exactly 1 event"), ("2", "exactly 2 events"), ("3", "exactly 3 events"))


class SoloEvents(Kind):
    key = "villagers-solo-events"
    game = "Villagers"
    title = "How many events will the Countess's next villager bring?"
    lesson = "villagers_solo_lesson.ipynb"
    unit = "deal"
    hit_words = ("that many", "another number")
    settings = (
        Pick("mode", "Mode", MODES, "normal"),
        Whole("game", "Game (its seed)", 0, 10**9, 3),
        Whole("round", "Event Phase of round", 1, 8, 3),
        Pick("events", "Events asked about", EVENTS, "2"),
    )

    def refine(self, v: Values) -> None:
        g = solo_events_at(v["mode"], v["game"], v["round"])  # ValueError: game over first
        if not g.reserve.cards:
            raise ValueError("the Reserve is empty at this point: choose another round")

    def question(self, v: Values) -> str:
        k = int(v["events"])
        return (f"Solo game {v['game']} ({v['mode']} mode), round {v['round']}'s Event Phase: "
                f"does the Countess's next villager bring {words.count(k, 'event')}?")

    def exact(self, v: Values) -> Answer:
        g = solo_events_at(v["mode"], v["game"], v["round"])
        chances = event_count_chances(g, SEAT)
        p = chances.get(int(v["events"]), Fraction(0))
        spread = ", ".join(f"{words.count(k, 'event')}: {q}" for k, q in chances.items())
        return Answer(p, "Each villager the card can be (an unseen card of the suit on its "
                         f"back), valued in her village as it stands: {events_rule()}. "
                         f"{spread}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        g = solo_events_at(v["mode"], v["game"], v["round"])
        world = g.determinize(SEAT, random.Random(py_seed(rng)))
        card = world.reserve.cards[-1]
        worth = worth_to_countess(g, card)
        k = events_to_deal(worth, v["mode"])
        hit = k == int(v["events"])
        step = Step("card", "Turn over the Reserve's top card", "her next villager", card,
                    hit, g.cards[card].suit)
        return Trial(hit, (step,), f"{words.a(card)}, worth {worth} to her: "
                                   f"{words.count(k, 'event')}")


class SoloGames(Kind):
    key = "villagers-solo-games"
    game = "Villagers"
    title = "Does a sensible player beat the Countess?"
    lesson = "villagers_solo_lesson.ipynb"
    unit = "game"
    hit_words = ("won", "lost")
    batch_sizes = (1, 5, 10)
    settings = (Pick("mode", "Mode", MODES, "normal"),)

    def caps(self) -> Caps:
        """A whole game is one click by hand, and students play them by hand: 100 games
        a run (ten of the largest batch, where other kinds allow five) is about two minutes
        of a game a second; 20 a second, as for any kind (two of the largest batch)."""
        return Caps(per_run=10 * max(self.batch_sizes), per_second=2 * max(self.batch_sizes))

    def question(self, v: Values) -> str:
        return (f"The project's heuristic bot plays a whole solo game in {v['mode']} mode: "
                "does it end with more Gold than the Countess?")

    def exact(self, v: Values) -> Answer:
        return Answer(None, "No formula gives this chance: it depends on every draft and "
                            "event of a whole game. The class's pooled share is the answer, "
                            "and its interval says how far to trust it.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        g = play_solo(v["mode"], int(rng.integers(0, 2**31 - 1)))
        you, her = solo_gold(g)
        outcome = g.outcome()
        assert outcome is not None  # (a whole game: it is over)
        won = SEAT in outcome.winners
        step = Step("game", "Play a game", "a whole game by the bot",
                    f"you {you} Gold, the Countess {her}", won)
        return Trial(won, (step,), f"{'won' if won else 'lost'}: {you} Gold against her {her}")


EVENTS_KIND = SoloEvents()
GAMES_KIND = SoloGames()
