"""Villagers & Villains, the defend lesson: is the challenge defeated within the rounds?

One trial plays up to `rounds` turns of defence: each turn the town rolls one DEFENSE die
(with the Angry Mob and the King's Favor on it in the first round, when spent) and each
hero one more with its Defeat Bonus; the challenge falls in the first turn with enough
rolls that reach its Defeat Value. With one round it is the lesson's "chance to defeat it
this round". The exact chance is the engine's `defeated_within`.
"""

from __future__ import annotations

import numpy as np

from village_games.core import words
from village_games.villagers_and_villains import standard_deck
from village_games.villagers_and_villains.odds import (
    challenge_facts,
    defeated_within,
    defense_bonuses,
)
from village_games.villagers_and_villains.options import DIE, FAVOR_DEFENSE_BONUS

from .kind import Answer, Kind, Step, Trial, Values
from .settings import Flag, Pick, Whole


def _challenges() -> tuple[tuple[str, str], ...]:
    facts = sorted(challenge_facts().items(), key=lambda kv: (kv[1], kv[0]))
    return tuple((name, f"{name} (defeat {d}, pillage {p}{f', {s} hits' if s > 1 else ''})")
                 for name, (d, p, s) in facts)


class Defend(Kind):
    key = "vv-defend"
    game = "Villagers & Villains"
    title = "Defend your town against a challenge"
    lesson = "villagers_and_villains_defend_lesson.ipynb"
    unit = "defence"
    hit_words = ("defeated", "still there")
    settings = (
        Pick("challenge", "Challenge (stand-in deck)", _challenges(), "Troll"),
        Whole("heroes", "Heroes in town", 0, 4, 1),
        Whole("hero_bonus", "Each hero's Defeat Bonus", 0, 3, 1),
        Flag("mob", "Spend the Angry Mob in round 1"),
        Flag("favor", f"Spend the King's Favor in round 1 (+{FAVOR_DEFENSE_BONUS})"),
        Whole("rounds", "Rounds of defence", 1, 10, 1),
    )

    def _rounds(self, v: Values) -> list[list[int]]:
        first = ((standard_deck().mob.defense if v["mob"] else 0)
                 + (FAVOR_DEFENSE_BONUS if v["favor"] else 0))
        return [defense_bonuses(v["heroes"], v["hero_bonus"], first if r == 0 else 0)
                for r in range(v["rounds"])]

    def question(self, v: Values) -> str:
        defeat, _loss, need = challenge_facts()[v["challenge"]]
        hits = f"{need} rolls" if need > 1 else "one roll"
        when = ("this round" if v["rounds"] == 1
                else f"within {words.count(v['rounds'], 'round')}")
        return (f"A {v['challenge']} (Defeat Value {defeat}) is in your town; your town and "
                f"{words.count(v['heroes'], 'hero')} roll each turn and need {hits} that "
                f"reach {defeat}. Is it defeated {when}?")

    def exact(self, v: Values) -> Answer:
        defeat, _loss, need = challenge_facts()[v["challenge"]]
        p = defeated_within(defeat, self._rounds(v), need)
        return Answer(p, "Each round's chance counts every way its dice can fall; the "
                         "challenge survives only if it survives every round, so the chance "
                         f"is 1 minus the product of the rounds' misses: {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        defeat, _loss, need = challenge_facts()[v["challenge"]]
        steps = []
        for r, bonuses in enumerate(self._rounds(v), start=1):
            hits = 0
            for i, bonus in enumerate(bonuses):
                face = int(rng.integers(1, DIE + 1))
                reached = face + bonus >= defeat
                hits += reached
                who = "the town" if i == 0 else f"hero {i}"
                label = (f"round {r}, {who}" if v["rounds"] > 1 else who) + (
                    f" (+{bonus})" if bonus else "")
                steps.append(Step("die", f"Roll for {who}" + (f" (round {r})"
                                                               if v["rounds"] > 1 else ""),
                                  label, str(face), reached,
                                  f"+{bonus}" if bonus else ""))
                if hits >= need:
                    return Trial(True, tuple(steps), f"defeated in round {r}")
        return Trial(False, tuple(steps), "it survived every round")


KIND = Defend()
