"""HTML of the class-experiment pages: dice and cards as a trial showed them, a student's
own trials, the class's numbers, the board of names, the teacher's list of experiments.

Every text from a student (a name) or from a data file (a card) is escaped here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from fractions import Fraction

from village_games.core import words
from village_games.experiments import Answer, Kind, Step, Trial
from village_games.experiments.pooled import StudentTally
from village_games.experiments.store import Experiment, StoredTrial, Student
from village_games.probability.intervals import ShareInterval

from ..kit.markup import esc, slug

PIPS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
        6: (0, 2, 3, 5, 6, 8)}  # the dots of a die face on a 3 × 3 grid
RECENT = 12  # a student's latest trials shown


def share_text(x: float, digits: int = 3) -> str:
    return "–" if not math.isfinite(x) else f"{x:.{digits}f}"


def die_html(step: Step) -> str:
    face = int(step.value) if step.value.isdigit() else 0
    cells = "".join(f"<i class='{'on' if k in PIPS.get(face, ()) else ''}'></i>"
                    for k in range(9))
    state = "" if step.hit is None else (" vg-xp-hit" if step.hit else " vg-xp-miss")
    bonus = f"<span class='vg-xp-bonus'>{esc(step.tag)}</span>" if step.tag else ""
    return (f"<span class='vg-xp-step vg-xp-die-step{state}' title='{esc(step.label)}: "
            f"{esc(step.value)}'><span class='vg-die' aria-label='a die showing "
            f"{esc(step.value)}'>{cells}</span>{bonus}"
            f"<small>{esc(step.label)}</small></span>")


def card_html(step: Step) -> str:
    state = "" if step.hit is None else (" vg-xp-hit" if step.hit else " vg-xp-miss")
    tag = f" vg-xp-tag-{slug(step.tag)}" if step.tag else ""
    names = [n.strip() for n in step.value.split(",")] if step.kind == "cards" else [step.value]
    cards = "".join(f"<span class='vg-xp-card{tag}'>{esc(n)}</span>" for n in names)
    return (f"<span class='vg-xp-step vg-xp-card-step{state}'>{cards}"
            f"<small>{esc(step.label)}</small></span>")


def step_html(step: Step) -> str:
    if step.kind == "die":
        return die_html(step)
    if step.kind in ("card", "cards"):
        return card_html(step)
    state = "" if step.hit is None else (" vg-xp-hit" if step.hit else " vg-xp-miss")
    return (f"<span class='vg-xp-step vg-xp-game-step{state}'><b>{esc(step.value)}</b>"
            f"<small>{esc(step.label)}</small></span>")


def trial_html(kind: Kind, number: int, trial: Trial, shown: int, stored: bool) -> str:
    """A trial with its first `shown` steps; its result once every step is shown."""
    steps = "".join(step_html(s) for s in trial.steps[:shown])
    if shown < len(trial.steps):
        head = f"{kind.unit.capitalize()} {number}: " + (
            "your first click makes it" if not shown else "go on")
        return (f"<div class='vg-xp-trial vg-xp-trial-open'><div class='vg-xp-trial-head'>"
                f"{esc(head)}</div><div class='vg-xp-steps'>{steps}</div></div>")
    word = kind.hit_words[0] if trial.hit else kind.hit_words[1]
    note = "counted" if stored else "not counted"
    return (f"<div class='vg-xp-trial {'vg-xp-hit' if trial.hit else 'vg-xp-miss'}'>"
            f"<div class='vg-xp-trial-head'>{esc(kind.unit.capitalize())} {number}: "
            f"<b>{esc(word)}</b> · {esc(trial.result)} <span class='vg-note'>({note})</span>"
            f"</div><div class='vg-xp-steps'>{steps}</div></div>")


def own_html(kind: Kind, trials: Sequence[StoredTrial], run: int) -> str:
    """A student's trials of the current run: how many, their share, the latest ones."""
    mine = [t for t in trials if t.run == run]
    if not mine:
        return (f"<div class='vg-xp-own'><div class='vg-xp-head'>Your {kind.unit}s</div>"
                f"<div class='vg-note'>None yet in this run.</div></div>")
    hits = sum(t.hit for t in mine)
    chips = "".join(
        f"<span class='vg-xp-chip {'vg-xp-hit' if t.hit else 'vg-xp-miss'}' "
        f"title='{esc(t.shown.get('result', ''))}'>{t.number}: "
        f"{esc(kind.hit_words[0] if t.hit else kind.hit_words[1])}</span>"
        for t in reversed(mine[-RECENT:]))
    return (f"<div class='vg-xp-own' data-trials='{len(mine)}'><div class='vg-xp-head'>Your "
            f"{kind.unit}s</div><div>{words.count(len(mine), kind.unit)}, "
            f"{hits} {esc(kind.hit_words[0])}: your share "
            f"<b>{share_text(hits / len(mine))}</b></div>"
            f"<div class='vg-xp-chips'>{chips}</div></div>")


def exact_html(answer: Answer, revealed: bool, teacher: bool) -> str:
    if not answer.exact:
        return f"<div class='vg-xp-exact vg-xp-no-exact'>{esc(answer.text)}</div>"
    if not revealed:
        who = ("Hidden from the class until you reveal it." if teacher else
               "The teacher reveals it when the class is ready.")
        return f"<div class='vg-xp-exact vg-xp-hidden'>Exact answer: hidden. {who}</div>"
    value = answer.value
    assert value is not None
    fraction = f"{words.fraction(value)} = " if isinstance(value, Fraction) and (
        value.denominator < 10_000) else ""
    return (f"<div class='vg-xp-exact'>Exact answer: <b>{fraction}"
            f"{share_text(float(value), 4)}</b><div class='vg-note'>{esc(answer.text)}</div>"
            "</div>")


def numbers_html(kind: Kind, e: Experiment, interval: ShareInterval | None, answer: Answer,
                 with_trials: int | None, teacher: bool) -> str:
    """The pooled share of the current run with its interval, and the exact answer
    beside it once revealed; `data-trials` lets a script read the count."""
    head = (f"Run {e.run}" + (" · <b>frozen</b>: no new trials" if e.frozen else "")
            + f" · {words.count(e.students, 'student')} joined"
            + (f", {with_trials} with {kind.unit}s in this run" if with_trials is not None
               else ""))
    if interval is None:
        body = f"<div class='vg-note'>No {kind.unit}s in this run yet.</div>"
    else:
        verdict = ""
        if answer.exact and e.revealed and answer.value is not None:
            inside = interval.covers(float(answer.value))
            verdict = (f"<div class='vg-note vg-xp-verdict {'vg-in' if inside else 'vg-out'}'>"
                       + ("The exact answer is inside the class's interval." if inside else
                          "The exact answer is outside the interval: that happens about 1 "
                          "time in 20.") + "</div>")
        body = (f"<div class='vg-xp-share'><span class='vg-xp-big'>"
                f"{share_text(interval.share)}</span> of {interval.trials:,} "
                f"{esc(kind.unit)}s ({interval.successes:,} {esc(kind.hit_words[0])})</div>"
                f"<div class='vg-note'>95% interval (Wilson's): {share_text(interval.low)} "
                f"to {share_text(interval.high)}: it narrows as {esc(kind.unit)}s arrive."
                f"</div>{verdict}")
    return (f"<div class='vg-xp-numbers' data-trials='{e.run_trials}' "
            f"data-hits='{e.run_hits}' data-run='{e.run}'><div class='vg-xp-head'>The class"
            f"</div><div class='vg-note'>{head}</div>{body}"
            f"{exact_html(answer, e.revealed, teacher)}</div>")


def board_html(kind: Kind, students: Sequence[Student], tallies: Sequence[StudentTally]
               ) -> str:
    """The students' names with their trials and share in this run."""
    names = {s.number: s.name for s in students}
    rows = "".join(
        f"<tr><td>{esc(names.get(t.number, f'student {t.number}'))}</td><td>{t.trials}</td>"
        f"<td>{t.hits}</td><td>{share_text(t.share)}</td></tr>"
        for t in sorted(tallies, key=lambda t: (-t.trials, names.get(t.number, ""))))
    if not rows:
        return "<div class='vg-xp-board vg-note'>The board is shown: nobody has trials yet.</div>"
    return (f"<div class='vg-xp-board'><div class='vg-xp-head'>The board</div>"
            f"<table class='vg-eq-table'><tr><th>name</th><th>{esc(kind.unit)}s</th>"
            f"<th>{esc(kind.hit_words[0])}</th><th>share</th></tr>{rows}</table></div>")


def settings_html(kind: Kind, values: dict) -> str:
    rows = "".join(f"<tr><th>{esc(label)}</th><td>{esc(value)}</td></tr>"
                   for label, value in kind.summary(values))
    return (f"<details class='vg-xp-settings'><summary>The settings (fixed by the teacher)"
            f"</summary><table class='vg-eq-table'>{rows}</table></details>")


def question_html(kind: Kind, values: dict) -> str:
    return (f"<div class='vg-xp-title'>{esc(kind.game)}: {esc(kind.title)}</div>"
            f"<div class='vg-xp-question'>{esc(kind.question(values))}</div>")


def experiments_html(experiments: Sequence[tuple[Experiment, str, str]],
                     now: float | None = None, current: str = "") -> str:
    """The teacher's list: (experiment, its title, its teacher link) per row; the row of
    `current` (the page's own experiment) says so instead of linking to itself."""
    now = time.time() if now is None else now
    if not experiments:
        return "<div class='vg-note vg-xp-none'>No class experiments on this server yet.</div>"
    rows = "".join(
        f"<tr class='vg-xp-row{' vg-xp-this' if e.id == current else ''}' "
        f"data-experiment='{esc(e.id)}' data-trials='{e.trials}' "
        f"data-students='{e.students}'><td>{esc(title)}</td>"
        f"<td>{words.count(e.students, 'student')}</td><td>{e.trials:,}</td>"
        f"<td>{'frozen' if e.frozen else 'open'}, run {e.run}</td>"
        f"<td>{words.ago(now - e.updated)}</td>"
        + ("<td><b>this page</b></td>" if e.id == current else
           f"<td><a class='vg-xp-open' href='{esc(link)}' target='_blank'>open</a></td>")
        + "</tr>"
        for e, title, link in experiments)
    return ("<div class='vg-xp-list-box'><table class='vg-lobby-table vg-xp-list'><thead>"
            "<tr><th>Experiment</th><th>Students</th><th>Trials</th><th>Now</th>"
            "<th>Last change</th><th></th></tr>"
            f"</thead><tbody>{rows}</tbody></table></div>")
