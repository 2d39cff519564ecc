"""A lab run's numbers from its game records: win shares per lineup slot with intervals,
how the intervals narrowed, the scores, ratings and a CSV file. Pure Python (no widgets).

Records are taken in game order (the tournament's game numbers), so the same seed gives
the same numbers however the games were spread over processes or a cluster.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from village_games.bots.tournament import GameRecord, openskill_ratings
from village_games.probability.intervals import credit_interval

CHART_POINTS = 60  # the interval chart's points, however many games


@dataclass(frozen=True)
class SlotRow:
    name: str
    games: int
    wins: float
    low: float
    high: float
    fair: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def verdict(self) -> str:
        """Whether the interval already says this slot wins more (or less) than its share."""
        if not self.games:
            return ""
        if self.low > self.fair:
            return "better than its fair share"
        if self.high < self.fair:
            return "worse than its fair share"
        return "not yet told apart"


def ordered(records: Sequence[GameRecord]) -> list[GameRecord]:
    return sorted(records, key=lambda r: r.index)


def slot_credit(rec: GameRecord, slot: int) -> float:
    return rec.credit(rec.slots.index(slot))


def slot_rows(records: Sequence[GameRecord], names: Sequence[str],
              method: str = "wilson") -> list[SlotRow]:
    """Per slot: games, win credit (a shared win split), its 95% interval, fair share."""
    recs = ordered(records)
    n = len(recs)
    rows = []
    for slot, name in enumerate(names):
        wins = sum(slot_credit(r, slot) for r in recs)
        if n:
            low, high = credit_interval(wins, n, method=method)
        else:
            low, high = 0.0, 1.0
        rows.append(SlotRow(name, n, wins, low, high, 1 / len(names)))
    return rows


def history(records: Sequence[GameRecord], slots: int,
            method: str = "wilson") -> list[tuple[int, list[tuple[float, float, float]]]]:
    """(games so far, per slot (share, low, high)) at up to CHART_POINTS points."""
    recs = ordered(records)
    n = len(recs)
    if not n:
        return []
    step = max(1, -(-n // CHART_POINTS))
    marks = sorted({*range(step, n + 1, step), n})
    wins = [0.0] * slots
    out = []
    k = 0
    for mark in marks:
        while k < mark:
            for slot in range(slots):
                wins[slot] += slot_credit(recs[k], slot)
            k += 1
        point = []
        for slot in range(slots):
            low, high = credit_interval(wins[slot], mark, method=method)
            point.append((wins[slot] / mark, low, high))
        out.append((mark, point))
    return out


def scores_by_slot(records: Sequence[GameRecord], slots: int) -> list[list[float]]:
    out: list[list[float]] = [[] for _ in range(slots)]
    for r in ordered(records):
        for seat, slot in enumerate(r.slots):
            out[slot].append(r.scores[seat])
    return out


def ratings(records: Sequence[GameRecord], names: Sequence[str]) -> dict[str, tuple[float, float]]:
    """OpenSkill ratings per slot (mu, sigma), from a maintained library."""
    return openskill_ratings(ordered(records), names)


CSV_COLUMNS = ("game", "deal", "seat", "slot", "bot", "win_credit", "score", "decisions")


def csv_text(records: Sequence[GameRecord], names: Sequence[str]) -> str:
    """One row per game and seat."""
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(CSV_COLUMNS)
    for r in ordered(records):
        for seat, slot in enumerate(r.slots):
            out.writerow([r.index + 1, r.deal, seat + 1, slot + 1, names[slot],
                          round(r.credit(seat), 6), r.scores[seat], r.decisions])
    return buf.getvalue()
