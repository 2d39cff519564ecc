"""Class experiments kept in the table store: an experiment, its students, their trials.

The same database as the tables, through the same public interface
(`village_games.tables.database`), with tables of its own (schema.py), so both backends
behave alike and a school's store keeps its tables. Every write is one
transaction that first takes the experiment's row (an UPDATE), so the writes of one
experiment happen one after another on PostgreSQL as they do on SQLite:

* a trial is stored once per student and trial number: a number already stored (a double
  click, a retried message, the same student's second tab) is reported back, not
  counted again;
* a frozen experiment refuses trials (`ExperimentFrozen`) and stores none of them;
* given the kind's caps (caps.py), a write that would take a student past what one
  student adds to a run, or in a second, is refused whole (`TrialCap`);
* a reset starts a new run: old trials stay (with their run number), the current run's
  counts start again at zero, and the run is open with the exact answer hidden;
* nothing here deletes a trial.

Who may do what (the teacher key, a student's own key) is the apps' business; the store
only keeps the data.

    xs = ExperimentStore(open_store())
    e = xs.create("vv-recruit", {"position": "4", "extra": "2"})
    ana = xs.join(e.id, "Ana")
    xs.add_trials(e.id, ana.number, [NewTrial(1, True, {...}, HAND)])
"""

from __future__ import annotations

import json
import secrets
import time
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from village_games.tables import StoreError
from village_games.tables.database import Database, Query
from village_games.tables.tokens import new_table_id, new_token, same_key

from .caps import WINDOW_S, Caps
from .schema import EXPERIMENTS

HAND, BATCH = "hand", "batch"  # how a trial was made: step by step, or in a batch
NAME_LIMIT = 24  # characters of a student's name
SEED_BITS = 62  # an experiment's secret seed (a BIGINT on PostgreSQL)
COLUMNS = ("id, kind, settings, seed, run, frozen, revealed, board, trials, run_trials, "
           "run_hits, students, version, created, updated")


class UnknownExperiment(StoreError):
    """No experiment with that id on this server."""


class ExperimentFrozen(StoreError):
    """The teacher has frozen the experiment: it takes no trials now."""


@dataclass(frozen=True)
class Experiment:
    id: str
    kind: str  # a key of village_games.experiments.MODULES
    settings: dict[str, str]  # fixed by the teacher when it was made
    seed: int  # secret: every trial is drawn from it (see kinds.trial_rng)
    run: int = 1
    frozen: bool = False
    revealed: bool = False  # the exact answer is shown to the class
    board: bool = False  # the students' names are shown to the class
    trials: int = 0  # every trial stored, in every run
    run_trials: int = 0  # trials of the current run
    run_hits: int = 0  # hits among them
    students: int = 0  # students who joined
    version: int = 0
    created: float = 0.0
    updated: float = 0.0


@dataclass(frozen=True)
class Student:
    number: int  # 1, 2, ... in the order they joined
    name: str
    token: str = field(repr=False)  # their key: it is in their page's address
    joined: float = 0.0

    def opens(self, key: str) -> bool:
        return bool(key) and same_key(key, self.token)


@dataclass(frozen=True)
class NewTrial:
    """A trial as a student's page sends it: their own trial number (1, 2, ...), whether
    it hit, what it showed (JSON-able: dice, cards) and how it was made."""

    number: int
    hit: bool
    shown: dict[str, Any]
    how: str = HAND


@dataclass(frozen=True)
class StoredTrial:
    seq: int  # its place among all the experiment's trials (1, 2, ...)
    student: int
    number: int
    run: int
    hit: bool
    shown: dict[str, Any]
    how: str
    made: float


@dataclass(frozen=True)
class Added:
    """What `add_trials` did: the numbers it stored, those it had already (counted once),
    and the experiment as the write left it."""

    stored: tuple[int, ...]
    repeated: tuple[int, ...]
    experiment: Experiment


def check_name(name: str) -> tuple[str, str]:
    """A student's name as shown, and as compared (case and spacing do not make a second
    Ana); ValueError in words for an empty, too long or unprintable one."""
    if not isinstance(name, str):
        raise ValueError("a name is text")
    shown = " ".join(unicodedata.normalize("NFC", name).split())
    if not shown:
        raise ValueError("type a name first (the class sees it only when the teacher shows "
                         "the board)")
    if len(shown) > NAME_LIMIT:
        raise ValueError(f"a name is at most {NAME_LIMIT} characters; this one has "
                         f"{len(shown)}")
    if any(unicodedata.category(c).startswith("C") for c in shown):
        raise ValueError("a name cannot hold control characters")
    return shown, shown.casefold()


ALL_EXPERIMENTS = "experiments"  # the topic of any experiment's change (the lobby's list)


def mark_key(experiment_id: str) -> str:
    """The topic an experiment's changes are announced under (table ids never hold a
    colon)."""
    return f"experiment:{experiment_id}"


class ExperimentStore:
    """Experiments in the store's database (either backend). Not shared between threads,
    like the database's connection."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.ensure(EXPERIMENTS)

    # --- reading -----------------------------------------------------------------------
    def get(self, experiment_id: str) -> Experiment:
        with self.db.reading() as q:
            return _get(q, experiment_id)

    def recent(self, limit: int = 100) -> list[Experiment]:
        """The experiments, the most recently active first."""
        with self.db.reading() as q:
            rows = q(f"SELECT {COLUMNS} FROM vg_experiments ORDER BY updated DESC LIMIT ?",
                     (int(limit),)).fetchall()
        return [_experiment(r) for r in rows]

    def students(self, experiment_id: str) -> list[Student]:
        with self.db.reading() as q:
            rows = q("SELECT number, name, token, joined FROM vg_students "
                     "WHERE experiment_id = ? ORDER BY number", (experiment_id,)).fetchall()
        return [Student(int(n), str(name), str(tok), float(j)) for n, name, tok, j in rows]

    def student_by_key(self, experiment_id: str, key: str) -> Student | None:
        """The student whose key this is (compared in constant time), or None."""
        if not key:
            return None
        return next((s for s in self.students(experiment_id) if s.opens(key)), None)

    def trials(self, experiment_id: str, after: int = 0, student: int | None = None,
               run: int | None = None, shown: bool = True) -> list[StoredTrial]:
        """Trials in the order they were stored, from seq `after` + 1 on (a page that has
        the first `after` reads only what is new), of one student or run if given;
        without what each showed (`shown` False: {}) when only the counts matter."""
        column = "shown" if shown else "''"  # (an empty text: nothing to read or parse)
        sql = (f"SELECT seq, student, number, run, hit, {column}, how, made FROM vg_trials "
               "WHERE experiment_id = ? AND seq > ?")
        params: list[Any] = [experiment_id, int(after)]
        if student is not None:
            sql += " AND student = ?"
            params.append(int(student))
        if run is not None:
            sql += " AND run = ?"
            params.append(int(run))
        with self.db.reading() as q:
            rows = q(sql + " ORDER BY seq", params).fetchall()
        return [StoredTrial(int(s), int(st), int(n), int(r), bool(h),
                            json.loads(sh) if sh else {}, str(how), float(m))
                for s, st, n, r, h, sh, how, m in rows]

    def tallies(self, experiment_id: str, run: int) -> dict[int, tuple[int, int]]:
        """Each student's (trials, hits) in run `run` (students without trials left out)."""
        with self.db.reading() as q:
            rows = q("SELECT student, COUNT(*), SUM(hit) FROM vg_trials WHERE experiment_id = ? "
                     "AND run = ? GROUP BY student", (experiment_id, int(run))).fetchall()
        return {int(s): (int(n), int(h or 0)) for s, n, h in rows}

    def runs(self, experiment_id: str) -> dict[int, tuple[int, int]]:
        """Each run's (trials, hits), for runs with trials."""
        with self.db.reading() as q:
            rows = q("SELECT run, COUNT(*), SUM(hit) FROM vg_trials WHERE experiment_id = ? "
                     "GROUP BY run ORDER BY run", (experiment_id,)).fetchall()
        return {int(r): (int(n), int(h or 0)) for r, n, h in rows}

    def last_number(self, experiment_id: str, student: int) -> int:
        """The student's highest trial number stored (0 before their first)."""
        with self.db.reading() as q:
            row = q("SELECT MAX(number) FROM vg_trials WHERE experiment_id = ? AND student = ?",
                    (experiment_id, int(student))).fetchall()
        return int(row[0][0] or 0)

    def watermark(self, experiment_id: str) -> Hashable:
        """A cheap mark that changes whenever the experiment may have changed."""
        return self.db.change_mark(mark_key(experiment_id))

    def _changed(self, q: Query, experiment_id: str) -> None:
        self.db.announce(q, mark_key(experiment_id), ALL_EXPERIMENTS)

    # --- writing -----------------------------------------------------------------------
    def create(self, kind: str, settings: dict[str, str]) -> Experiment:
        """A new experiment (its settings checked by the caller: `kinds.kind(k).check`)."""
        now = time.time()
        e = Experiment(new_table_id(), kind, dict(settings), secrets.randbits(SEED_BITS),
                       created=now, updated=now)
        with self.db.transaction() as q:
            q(f"INSERT INTO vg_experiments ({COLUMNS}) "
              "VALUES (?, ?, ?, ?, 1, 0, 0, 0, 0, 0, 0, 0, 0, ?, ?)",
              (e.id, e.kind, _dump(e.settings), e.seed, now, now))
            self._changed(q, e.id)
        return e

    def join(self, experiment_id: str, name: str) -> Student:
        """Add a student; ValueError when the name is taken in this experiment."""
        shown, key = check_name(name)
        now = time.time()
        with self.db.transaction() as q:
            row = self._take(q, experiment_id, "students = students + 1", (),
                             "students")
            taken = q("SELECT name FROM vg_students WHERE experiment_id = ? AND name_key = ?",
                      (experiment_id, key)).fetchall()
            if taken:  # raised inside the write: the count above is not kept
                raise ValueError(f"the name {taken[0][0]!r} is taken in this experiment: add "
                                 "an initial or a number")
            student = Student(int(row[0]), shown, new_token(), now)
            q("INSERT INTO vg_students (experiment_id, number, name, name_key, token, joined) "
              "VALUES (?, ?, ?, ?, ?, ?)",
              (experiment_id, student.number, shown, key, student.token, now))
            self._changed(q, experiment_id)
        return student

    def add_trials(self, experiment_id: str, student: int,
                   trials: Sequence[NewTrial], caps: Caps | None = None) -> Added:
        """Store a student's trials in the current run, in one transaction. Numbers
        stored before are reported in `repeated` and not counted again.
        `ExperimentFrozen` (nothing stored) when the teacher has frozen it; `TrialCap`
        (nothing stored) when the new ones would pass one of `caps` (caps.py)."""
        if not trials:
            raise ValueError("add_trials needs at least one trial")
        numbers = [int(t.number) for t in trials]
        if min(numbers) < 1:
            raise ValueError("trial numbers start at 1")
        now = time.time()
        with self.db.transaction() as q:
            row = self._take(q, experiment_id, "", (), "frozen, run, trials")
            frozen, run, seq = bool(row[0]), int(row[1]), int(row[2])
            if frozen:
                raise ExperimentFrozen("the teacher has frozen this experiment: it takes no "
                                       "trials now, so this one was not counted")
            mine = q("SELECT 1 FROM vg_students WHERE experiment_id = ? AND number = ?",
                     (experiment_id, int(student))).fetchall()
            if not mine:
                raise UnknownExperiment(f"there is no student {student} in this experiment")
            had = {int(r[0]) for r in q(
                "SELECT number FROM vg_trials WHERE experiment_id = ? AND student = ? AND "
                "number >= ? AND number <= ?",
                (experiment_id, int(student), min(numbers), max(numbers))).fetchall()}
            fresh: list[NewTrial] = []
            repeated: list[int] = []
            for t in trials:
                if t.number in had:
                    repeated.append(t.number)
                    continue
                had.add(t.number)
                fresh.append(t)
            if caps is not None and fresh:  # (in the write: two tabs cannot both pass)
                in_run, recent = q(
                    "SELECT COALESCE(SUM(CASE WHEN run = ? THEN 1 ELSE 0 END), 0), "
                    "COALESCE(SUM(CASE WHEN made > ? THEN 1 ELSE 0 END), 0) FROM vg_trials "
                    "WHERE experiment_id = ? AND student = ?",
                    (run, now - WINDOW_S, experiment_id, int(student))).fetchall()[0]
                caps.check(len(fresh), int(in_run), int(recent))
            stored: list[int] = []
            hits = 0
            for t in fresh:
                seq += 1
                q("INSERT INTO vg_trials (experiment_id, seq, student, number, run, hit, "
                  "shown, how, made) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                  "ON CONFLICT (experiment_id, student, number) DO NOTHING",
                  (experiment_id, seq, int(student), int(t.number), run, int(bool(t.hit)),
                   _dump(t.shown), t.how, now))
                stored.append(t.number)
                hits += bool(t.hit)
            if stored:
                q("UPDATE vg_experiments SET trials = trials + ?, run_trials = run_trials + ?, "
                  "run_hits = run_hits + ?, version = version + 1, updated = ? WHERE id = ?",
                  (len(stored), len(stored), hits, now, experiment_id))
                self._changed(q, experiment_id)
            after = _get(q, experiment_id)
        return Added(tuple(stored), tuple(repeated), after)

    def freeze(self, experiment_id: str, frozen: bool = True) -> Experiment:
        """Freeze (no new trials) or open the experiment again."""
        return self._set(experiment_id, "frozen = ?", (int(frozen),))

    def reveal(self, experiment_id: str, revealed: bool = True) -> Experiment:
        """Show (or hide again) the exact answer to the class."""
        return self._set(experiment_id, "revealed = ?", (int(revealed),))

    def show_board(self, experiment_id: str, shown: bool = True) -> Experiment:
        """Show (or hide) the students' names with their results."""
        return self._set(experiment_id, "board = ?", (int(shown),))

    def reset(self, experiment_id: str) -> Experiment:
        """Start a new run: the trials so far stay, under their run's number. The new
        run starts open (taking trials) with the exact answer hidden; the board stays as
        it was."""
        return self._set(experiment_id, "run = run + 1, run_trials = 0, run_hits = 0, "
                         "frozen = 0, revealed = 0", ())

    # --- inside a write ------------------------------------------------------------------
    def _take(self, q: Query, experiment_id: str, change: str, params: tuple[Any, ...],
              returning: str) -> tuple[Any, ...]:
        """Change the experiment's row (which makes other writes to it wait until this one
        is done) and return `returning`; UnknownExperiment when there is none."""
        sets = f"{change}, " if change else ""
        row = q(f"UPDATE vg_experiments SET {sets}version = version + 1, updated = ? "
                f"WHERE id = ? RETURNING {returning}",
                (*params, time.time(), experiment_id)).fetchall()
        if not row:
            raise _unknown(experiment_id)
        return tuple(row[0])

    def _set(self, experiment_id: str, change: str, params: tuple[Any, ...]) -> Experiment:
        with self.db.transaction() as q:
            self._take(q, experiment_id, change, params, "id")
            self._changed(q, experiment_id)
            return _get(q, experiment_id)


def _get(q: Query, experiment_id: str) -> Experiment:
    if not isinstance(experiment_id, str) or not experiment_id:
        raise UnknownExperiment("an experiment link names its experiment: this one names none")
    rows = q(f"SELECT {COLUMNS} FROM vg_experiments WHERE id = ?", (experiment_id,)).fetchall()
    if not rows:
        raise _unknown(experiment_id)
    return _experiment(rows[0])


def _unknown(experiment_id: str) -> UnknownExperiment:
    return UnknownExperiment(f"there is no experiment {experiment_id[:24]!r} on this server "
                             "(the link may be mistyped, or from another server)")


def _experiment(row: Iterable[Any]) -> Experiment:
    (eid, kind, settings, seed, run, frozen, revealed, board, trials, run_trials, run_hits,
     students, version, created, updated) = row
    return Experiment(str(eid), str(kind), json.loads(settings), int(seed), int(run),
                      bool(frozen), bool(revealed), bool(board), int(trials), int(run_trials),
                      int(run_hits), int(students), int(version), float(created),
                      float(updated))


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
