"""Class experiments in the table store, on both backends: students, trials counted once,
freeze, reset and many students at once."""

from __future__ import annotations

import threading

import pytest

from village_games.experiments import store as store_module
from village_games.experiments.caps import RUN, SECOND, Caps, TrialCap
from village_games.experiments.store import (
    BATCH,
    HAND,
    ExperimentFrozen,
    ExperimentStore,
    NewTrial,
    UnknownExperiment,
)

SETTINGS = {"position": "4", "extra": "2"}


def trial(number: int, hit: bool = True, how: str = HAND) -> NewTrial:
    return NewTrial(number, hit, {"steps": [{"kind": "die", "value": "5"}], "result": "r"},
                    how)


@pytest.fixture
def xs(store) -> ExperimentStore:
    return ExperimentStore(store)


def test_an_experiment_comes_back_with_its_settings_and_a_secret_seed(xs):
    e = xs.create("vv-recruit", SETTINGS)
    got = xs.get(e.id)
    assert got == e and got.settings == SETTINGS and got.run == 1
    assert not (got.frozen or got.revealed or got.board) and got.trials == 0
    assert 0 <= got.seed < 2**62 and xs.create("vv-recruit", SETTINGS).seed != e.seed
    with pytest.raises(UnknownExperiment, match="no experiment 'nope'"):
        xs.get("nope")


def test_students_join_by_name_and_their_keys_open_only_themselves(xs):
    e = xs.create("vv-recruit", SETTINGS)
    ana, ben = xs.join(e.id, "  Ana  "), xs.join(e.id, "Ben")
    assert (ana.number, ana.name, ben.number) == (1, "Ana", 2)
    assert len(ana.token) >= 22 and ana.token != ben.token
    assert xs.student_by_key(e.id, ben.token) == ben
    assert xs.student_by_key(e.id, "") is None and xs.student_by_key(e.id, "x" * 24) is None
    assert xs.get(e.id).students == 2


def test_a_name_is_taken_whatever_its_case_and_the_refusal_joins_nobody(xs):
    e = xs.create("vv-recruit", SETTINGS)
    xs.join(e.id, "Ana")
    with pytest.raises(ValueError, match="the name 'Ana' is taken"):
        xs.join(e.id, "ana")
    with pytest.raises(ValueError, match="at most 24 characters"):
        xs.join(e.id, "A" * 25)
    with pytest.raises(ValueError, match="type a name first"):
        xs.join(e.id, "   ")
    assert xs.get(e.id).students == 1 and xs.join(e.id, "Ana B").number == 2


def test_a_trial_sent_twice_is_counted_once(xs):
    e = xs.create("vv-recruit", SETTINGS)
    ana = xs.join(e.id, "Ana")
    first = xs.add_trials(e.id, ana.number, [trial(1)])
    again = xs.add_trials(e.id, ana.number, [trial(1, hit=False)])  # a retried message
    assert first.stored == (1,) and again.stored == () and again.repeated == (1,)
    batch = xs.add_trials(e.id, ana.number, [trial(n, n % 2 == 0, BATCH) for n in (1, 2, 3, 3)])
    assert batch.stored == (2, 3) and batch.repeated == (1, 3)
    stored = xs.trials(e.id)
    assert [(t.seq, t.number, t.hit, t.how) for t in stored] == [
        (1, 1, True, HAND), (2, 2, True, BATCH), (3, 3, False, BATCH)]
    e = xs.get(e.id)
    assert (e.trials, e.run_trials, e.run_hits) == (3, 3, 2)
    assert xs.last_number(e.id, ana.number) == 3


def test_a_frozen_experiment_refuses_trials_and_stores_none(xs):
    e = xs.create("vv-recruit", SETTINGS)
    ana = xs.join(e.id, "Ana")
    xs.add_trials(e.id, ana.number, [trial(1)])
    assert xs.freeze(e.id).frozen
    with pytest.raises(ExperimentFrozen, match="frozen this experiment: it takes no trials"):
        xs.add_trials(e.id, ana.number, [trial(2), trial(3)])
    assert [t.number for t in xs.trials(e.id)] == [1] and xs.get(e.id).run_trials == 1
    assert not xs.freeze(e.id, False).frozen  # reopened
    assert xs.add_trials(e.id, ana.number, [trial(2)]).stored == (2,)


def test_a_reset_starts_a_new_run_and_keeps_every_old_trial(xs):
    e = xs.create("vv-recruit", SETTINGS)
    ana = xs.join(e.id, "Ana")
    xs.add_trials(e.id, ana.number, [trial(1), trial(2, False)])
    after = xs.reset(e.id)
    assert (after.run, after.run_trials, after.run_hits, after.trials) == (2, 0, 0, 2)
    added = xs.add_trials(e.id, ana.number, [trial(3)])
    assert (added.experiment.run_trials, added.experiment.trials) == (1, 3)
    assert [(t.number, t.run) for t in xs.trials(e.id)] == [(1, 1), (2, 1), (3, 2)]
    assert [t.number for t in xs.trials(e.id, run=1)] == [1, 2]
    assert [t.number for t in xs.trials(e.id, after=2)] == [3]


def test_a_reset_opens_the_new_run_and_hides_the_answer_again(xs):
    e = xs.create("vv-recruit", SETTINGS)
    xs.show_board(e.id)
    xs.reveal(e.id)
    xs.freeze(e.id)
    after = xs.reset(e.id)
    assert (after.run, after.frozen, after.revealed, after.board) == (2, False, False, True)


class Clock:
    def __init__(self) -> None:
        self.now = 5_000.0

    def time(self) -> float:
        return self.now


def test_the_store_refuses_trials_past_a_students_caps_whole(xs, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(store_module, "time", clock)
    caps = Caps(per_run=5, per_second=3)
    e = xs.create("vv-recruit", SETTINGS)
    ana, ben = xs.join(e.id, "Ana"), xs.join(e.id, "Ben")
    assert xs.add_trials(e.id, ana.number, [trial(1), trial(2)], caps).stored == (1, 2)
    with pytest.raises(TrialCap) as refused:  # 2 + 2 in one second: more than 3
        xs.add_trials(e.id, ana.number, [trial(3), trial(4)], caps)
    cap = refused.value
    assert (cap.reason, cap.cap, cap.had, cap.asked) == (SECOND, 3, 2, 2)
    assert "at most 3 trials a second" in str(cap)
    assert [t.number for t in xs.trials(e.id)] == [1, 2]  # nothing of it stored
    assert xs.get(e.id).run_trials == 2
    # trials sent again are not new: they count for nothing
    assert xs.add_trials(e.id, ana.number, [trial(1), trial(2), trial(3)], caps).stored == (3,)
    assert xs.add_trials(e.id, ben.number, [trial(1), trial(2)], caps).stored == (1, 2)
    clock.now += 1.0  # a second later the window is clear
    assert xs.add_trials(e.id, ana.number, [trial(4), trial(5)], caps).stored == (4, 5)
    clock.now += 1.0
    with pytest.raises(TrialCap) as full:
        xs.add_trials(e.id, ana.number, [trial(6)], caps)
    assert (full.value.reason, full.value.room) == (RUN, 0)
    assert "at most 5 trials to a run" in str(full.value)
    xs.reset(e.id)  # the next run starts again at zero
    assert xs.add_trials(e.id, ana.number, [trial(6), trial(7), trial(8)], caps).stored == (
        6, 7, 8)
    assert xs.add_trials(e.id, ana.number, [trial(9)]).stored == (9,)  # (no caps given)


def test_caps_are_whole_numbers_from_one_up_and_follow_the_largest_batch():
    assert Caps.for_batches((10, 50, 100)) == Caps(500, 200)
    assert Caps.for_batches((1, 5, 10)) == Caps(50, 20)
    with pytest.raises(ValueError, match=r"a cap \(per_run\) is a whole number of trials "
                       "from 1 up, got 0"):
        Caps(0, 10)
    with pytest.raises(ValueError, match="per_second"):
        Caps(10, 2.5)  # type: ignore[arg-type]


def test_reveal_and_the_board_are_switched_by_the_store_and_seen_by_other_devices(connect):
    teacher, student = ExperimentStore(connect()), ExperimentStore(connect())
    e = teacher.create("vv-recruit", SETTINGS)
    mark = student.watermark(e.id)
    teacher.reveal(e.id)
    teacher.show_board(e.id)
    for _ in range(50):  # a notification may take a moment to arrive
        if student.watermark(e.id) != mark:
            break
        threading.Event().wait(0.02)
    assert student.watermark(e.id) != mark
    seen = student.get(e.id)
    assert seen.revealed and seen.board
    assert not teacher.reveal(e.id, False).revealed


def test_only_students_of_the_experiment_may_add_trials(xs):
    e, other = xs.create("vv-recruit", SETTINGS), xs.create("vv-recruit", SETTINGS)
    xs.join(other.id, "Ana")
    with pytest.raises(UnknownExperiment, match="no student 1"):
        xs.add_trials(e.id, 1, [trial(1)])
    with pytest.raises(UnknownExperiment):
        xs.add_trials("missing", 1, [trial(1)])


def test_a_class_sending_trials_at_once_gets_every_trial_counted_once(connect):
    """Eight students on their own connections (two tabs each, sending the same trial
    numbers), twenty trials each, all at once."""
    e = ExperimentStore(connect()).create("vv-recruit", SETTINGS)
    students = [ExperimentStore(connect()).join(e.id, f"S{i}") for i in range(8)]
    tabs = [(ExperimentStore(connect()), s) for s in students for _ in range(2)]
    start = threading.Barrier(len(tabs))
    errors: list[BaseException] = []

    def send(xs: ExperimentStore, student) -> None:
        try:
            start.wait()
            for n in range(1, 21):
                xs.add_trials(e.id, student.number, [trial(n, n % 3 == 0)])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=send, args=tab) for tab in tabs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    xs = ExperimentStore(connect())
    stored = xs.trials(e.id)
    assert len(stored) == 8 * 20 and [t.seq for t in stored] == list(range(1, 161))
    assert len({(t.student, t.number) for t in stored}) == 160
    final = xs.get(e.id)
    assert (final.trials, final.run_trials, final.run_hits) == (160, 160, 8 * 6)


def test_the_board_the_runs_and_the_list_to_reopen_read_alike_on_both_backends(xs):
    """What the teacher's page reads besides the trials: each student's tally in a run
    (the board and the spread of shares), each run's totals, the experiments to reopen."""
    older, e = xs.create("vv-recruit", SETTINGS), xs.create("vv-recruit", SETTINGS)
    ana, ben, _cleo = (xs.join(e.id, name) for name in ("Ana", "Ben", "Cleo"))
    xs.add_trials(e.id, ana.number, [trial(1), trial(2, False), trial(3)])
    xs.add_trials(e.id, ben.number, [trial(1, False)])
    xs.reset(e.id)
    xs.add_trials(e.id, ben.number, [trial(2), trial(3)])
    assert [(s.number, s.name) for s in xs.students(e.id)] == [(1, "Ana"), (2, "Ben"),
                                                                (3, "Cleo")]
    assert xs.tallies(e.id, 1) == {ana.number: (3, 2), ben.number: (1, 0)}
    assert xs.tallies(e.id, 2) == {ben.number: (2, 2)}  # Cleo has no trials: not listed
    assert xs.runs(e.id) == {1: (4, 2), 2: (2, 2)}
    assert xs.tallies(older.id, 1) == {} and xs.runs(older.id) == {}
    assert [x.id for x in xs.recent()] == [e.id, older.id]  # the most recently active first
    xs.freeze(older.id)
    assert [x.id for x in xs.recent()] == [older.id, e.id]
    assert [x.id for x in xs.recent(limit=1)] == [older.id]
