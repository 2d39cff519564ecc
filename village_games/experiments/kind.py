"""What every kind of class experiment provides, and what a trial looks like.

A kind turns one lesson's question into something a whole class can answer together:
settings the teacher fixes (`settings`, checked by `check`), the question in words, the
exact answer (from the game's own odds functions, or None where there is none), and one
trial drawn from a seeded generator with what it showed, step by step (each die rolled,
each card drawn), so a student's page can show it one click at a time.

Every trial is a yes or a no (a hit or a miss); the class's share of hits is what the
teacher's page pools. A trial's generator comes from the experiment's secret seed, the
student and the student's trial number (`trial_rng`): the same trial sent twice is the
same trial, and a reload shows a half-made trial again with the same dice.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from . import settings as s
from .caps import Caps

Values = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One roll or draw of a trial, as a page shows it."""

    kind: str  # "die", "card" (one card), "cards" (several at once) or "game"
    action: str  # the student's button for it: "Roll die 2", "Draw the top card"
    label: str  # what it is: "die 2 (+1 Tower)", "stack 3's top card"
    value: str  # what it showed: "5", "Jeweler", "Farmer, Bard, Smith, Wall"
    hit: bool | None = None  # whether this roll or draw counts (a die that reaches, a
    # card that is wanted); None where that means nothing
    tag: str = ""  # a word a page may colour by: a suit, a colour, a card type

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "action": self.action, "label": self.label,
             "value": self.value}
        if self.hit is not None:
            d["hit"] = self.hit
        if self.tag:
            d["tag"] = self.tag
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Step:
        return cls(str(d["kind"]), str(d.get("action", "")), str(d.get("label", "")),
                   str(d.get("value", "")), d.get("hit"), str(d.get("tag", "")))


@dataclass(frozen=True)
class Trial:
    hit: bool
    steps: tuple[Step, ...]
    result: str  # in words: "die 2 showed 5: the card is yours"

    def shown(self) -> dict[str, Any]:
        """What the store keeps of it (and a CSV shows)."""
        return {"steps": [x.to_dict() for x in self.steps], "result": self.result}

    @classmethod
    def from_shown(cls, hit: bool, shown: Mapping[str, Any]) -> Trial:
        return cls(hit, tuple(Step.from_dict(x) for x in shown.get("steps", ())),
                   str(shown.get("result", "")))


@dataclass(frozen=True)
class Answer:
    """The exact answer (a Fraction), or None with the reason there is none."""

    value: Fraction | None
    text: str  # how it is counted, or why no count exists

    @property
    def exact(self) -> bool:
        return self.value is not None


def trial_rng(seed: int, student: int, number: int) -> np.random.Generator:
    """The generator of a student's trial `number` in an experiment with `seed`."""
    return np.random.default_rng([int(seed), int(student), int(number)])


def py_seed(rng: np.random.Generator) -> int:
    """A seed for the engines' own generators (random.Random) drawn from `rng`."""
    return int(rng.integers(0, 2**63))


class Kind(ABC):
    """One lesson's question as a class experiment (one module per kind)."""

    key: str  # in links and the store: "vv-recruit"
    game: str  # "Villagers & Villains"
    title: str  # "Recruit a card from the pool"
    lesson: str  # the lesson's notebook, which links here
    unit: str = "trial"  # what one trial is called: "recruit", "deal", "game"
    hit_words: tuple[str, str] = ("yes", "no")  # a hit and a miss, in words
    batch_sizes: tuple[int, ...] = (10, 50, 100)
    settings: tuple[s.Setting, ...] = ()

    def check(self, raw: Mapping[str, str]) -> Values:
        """The settings' values; ValueError naming what is wrong and what is allowed."""
        values = s.read(self.settings, raw)
        self.refine(values)
        return values

    def refine(self, values: Values) -> None:
        """Checks that need several settings or the game (a stack that is empty in that
        position): ValueError naming what is allowed there."""
        return None

    def caps(self) -> Caps:
        """What one student may add to a run, and in a second (caps.py: five and two of
        the largest batch)."""
        return Caps.for_batches(self.batch_sizes)

    def text(self, values: Values) -> dict[str, str]:
        return s.write(self.settings, values)

    def summary(self, values: Values) -> list[tuple[str, str]]:
        """(label, value) per setting, as a page lists them."""
        return [(x.label, x.shown(values[x.key])) for x in self.settings]

    @abstractmethod
    def question(self, values: Values) -> str:
        """The yes-or-no question each trial answers, in words."""

    @abstractmethod
    def exact(self, values: Values) -> Answer: ...

    @abstractmethod
    def trial(self, values: Values, rng: np.random.Generator) -> Trial: ...

    def batch(self, values: Values, rngs: Sequence[np.random.Generator]) -> list[Trial]:
        """One trial per generator (each trial keeps its own, so a batch and the same
        trials made by hand are the same trials)."""
        return [self.trial(values, rng) for rng in rngs]
