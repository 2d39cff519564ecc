"""How much one student may add to a class experiment: per run, and per second.

A class experiment pools every student's trials into one share, so one page must not be
able to drown the others: before these caps, one student's page that sent batch after
batch stored 30,000 trials in 8.6 s, 99.3% of the class's pool. The store checks both
caps inside the write that stores the trials (all of a student's tabs count together),
and refuses the whole write (`TrialCap`) rather than store a part of it.

The numbers follow the kind's largest batch `B` (100 trials; 10 for whole solo games,
which cost far more to play), through the kind's `caps()`:

* per run: `PER_RUN_BATCHES` = 5 batches, 5 × B (500 trials): a student can run the
  biggest batch five times and roll by hand besides (by hand, 500 is minutes of
  clicking), and a class of 25 pools 12,500 trials a run (a 95% interval about ±0.009
  wide); the next run starts again at zero. Whole solo games, one click each by hand,
  allow ten batches (100 games: two minutes at a game a second);
* per second: `PER_SECOND_BATCHES` = 2 batches in any `WINDOW_S` (1 s), 2 × B (200
  trials): by hand nobody comes near (a roll or draw a click, every click answered before
  the next; `benchmarks/class_caps.py` measured the fastest a page allows), and a student
  who clicks the biggest batch once a second never meets it; a page that sends batches
  as fast as it can (a held-down key, a script) is stopped after two.

    caps = Caps.for_batches((10, 50, 100))     # Caps(per_run=500, per_second=200)
    caps.check(asked=100, in_run=450, recent=0) # TrialCap: only 50 more fit in this run
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PER_RUN_BATCHES = 5  # a student's run holds at most this many of the largest batch
PER_SECOND_BATCHES = 2  # and at most this many of them go in within one window
WINDOW_S = 1.0  # seconds: the window of the per-second cap
RUN, SECOND = "run", "second"  # which cap a refusal met


class TrialCap(Exception):
    """A student's trials were refused whole: they would pass a cap (`Caps`). (Not a
    `StoreError`: this module, which kinds import, stays clear of the store's package.)

    `reason` is RUN or SECOND, `cap` that cap, `had` the student's trials it already
    counts (in this run, or in the last second), `asked` how many were sent. Pages say it
    in their own words (the kind's unit: "recruits"), with `room` (how many still fit)."""

    def __init__(self, reason: str, cap: int, had: int, asked: int) -> None:
        self.reason, self.cap, self.had, self.asked = reason, cap, had, asked
        if reason == RUN:
            text = (f"one student adds at most {cap} trials to a run; this student has "
                    f"{had}, so {asked} more would pass it ({self.room} fit)")
        else:
            text = (f"one student adds at most {cap} trials a second; this student added "
                    f"{had} in the last second, so {asked} more must wait a moment")
        super().__init__(text)

    @property
    def room(self) -> int:
        return max(0, self.cap - self.had)


@dataclass(frozen=True)
class Caps:
    """What one student may add: `per_run` trials to a run, `per_second` in any window
    of `WINDOW_S` seconds."""

    per_run: int
    per_second: int

    def __post_init__(self) -> None:
        for name in ("per_run", "per_second"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"a cap ({name}) is a whole number of trials from 1 up, "
                                 f"got {value!r}")

    @classmethod
    def for_batches(cls, batch_sizes: Sequence[int]) -> Caps:
        """The caps of a kind whose largest batch is `max(batch_sizes)`."""
        biggest = max(batch_sizes, default=10)
        return cls(PER_RUN_BATCHES * biggest, PER_SECOND_BATCHES * biggest)

    def check(self, asked: int, in_run: int, recent: int) -> None:
        """TrialCap when `asked` more trials would pass a cap, the student having
        `in_run` in this run and `recent` in the last `WINDOW_S` seconds."""
        if in_run + asked > self.per_run:
            raise TrialCap(RUN, self.per_run, in_run, asked)
        if recent + asked > self.per_second:
            raise TrialCap(SECOND, self.per_second, recent, asked)
