"""An experiment's trials as a CSV file: every run, every student, what each trial showed."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import UTC, datetime

from .store import Experiment, StoredTrial, Student

COLUMNS = ("run", "order", "student", "trial", "hit", "how", "time_utc", "result", "showed")


def trials_csv(experiment: Experiment, students: Sequence[Student],
               trials: Sequence[StoredTrial]) -> str:
    """One row per stored trial, in the order they were stored (all runs)."""
    names = {s.number: s.name for s in students}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for t in trials:
        steps = t.shown.get("steps", [])
        showed = " / ".join(f"{s.get('label', '')}: {s.get('value', '')}" for s in steps)
        when = datetime.fromtimestamp(t.made, UTC).isoformat(timespec="seconds")
        name = names.get(t.student, f"student {t.student}")
        writer.writerow((t.run, t.seq, _cell(name), t.number, int(t.hit), t.how, when,
                         _cell(str(t.shown.get("result", ""))), _cell(showed)))
    return out.getvalue()


def _cell(text: str) -> str:
    """Text a spreadsheet will not run as a formula (a name may start with "=")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def csv_name(experiment: Experiment) -> str:
    return f"experiment-{experiment.kind}-{experiment.id}.csv"
