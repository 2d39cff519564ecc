"""A class's trials added up: the pooled share with its interval, each student's share,
and the share as trials arrived, for the teacher's page (pure Python + numpy).

A `Tally` takes trials as they come from the store (`ExperimentStore.trials(after=...)`)
and keeps only those of its run, so a page reads each trial once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from village_games.probability.intervals import ShareInterval, share_interval

from .store import StoredTrial


@dataclass(frozen=True)
class StudentTally:
    number: int
    trials: int
    hits: int

    @property
    def share(self) -> float:
        return self.hits / self.trials if self.trials else float("nan")


class Tally:
    """The trials of one run, in the order they were stored."""

    def __init__(self, run: int) -> None:
        self.run = run
        self.last_seq = 0  # the newest trial read (of any run)
        self._hits: list[int] = []
        self._by_student: dict[int, list[int]] = {}  # number -> [trials, hits]

    def add(self, trials: Iterable[StoredTrial]) -> int:
        """Take new trials (older ones are skipped); returns how many joined this run."""
        joined = 0
        for t in trials:
            if t.seq <= self.last_seq:
                continue
            self.last_seq = t.seq
            if t.run != self.run:
                continue
            self._hits.append(int(t.hit))
            tally = self._by_student.setdefault(t.student, [0, 0])
            tally[0] += 1
            tally[1] += int(t.hit)
            joined += 1
        return joined

    @property
    def trials(self) -> int:
        return len(self._hits)

    @property
    def hits(self) -> int:
        return sum(self._hits)

    def interval(self, level: float = 0.95) -> ShareInterval | None:
        """Wilson's interval of the pooled share (None before the first trial)."""
        return share_interval(self.hits, self.trials, level) if self._hits else None

    def students(self) -> list[StudentTally]:
        """Each student with trials in this run, by number."""
        return [StudentTally(n, t, h) for n, (t, h) in sorted(self._by_student.items())]

    def hits_in_order(self) -> np.ndarray:
        """1 or 0 per trial, in the order they were stored (for the running share)."""
        return np.asarray(self._hits, dtype=float)
