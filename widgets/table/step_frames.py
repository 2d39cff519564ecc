"""Which moves a step-by-step table steps through.

Step-by-step play shows the engine's trace of a move one event at a time (the silent kinds
the engine declares fold away). A person's own move that makes a single step (a draw, a
build, an add) is not stepped through: they have just made it, and the table after it
shows exactly that step, so a "Next step" click would add nothing. A move of theirs that
sets more off (an end of turn that scores and deals a round, a battle) is stepped through,
and so is every bot's move.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from village_games.core import Observation, TraceStep

from .adapter import Frame


def own_single_step(trace: Sequence[TraceStep], silent: Collection[str],
                    by_person: bool) -> bool:
    """Whether this trace is a person's own move with at most one step worth showing."""
    return by_person and sum(t.event.kind not in silent for t in trace) <= 1


def frames_of(before: Observation, trace: Sequence[TraceStep], viewer: int | None,
              silent: Collection[str]) -> list[Frame]:
    """One frame per event worth showing (not of a silent kind), its `event_index` within
    the trace; a seat is highlighted when anything the viewer sees of it changed in that
    step."""
    frames: list[Frame] = []
    prev = before["players"]
    for i, (event, obs) in enumerate(trace):
        if event.kind in silent:
            continue
        now = obs["players"]
        changed = [k for k, (a, b) in enumerate(zip(prev, now, strict=True)) if a != b]
        frames.append(Frame(obs, changed, event.text_for(viewer), i))
        prev = now
    return frames


class StepFrames:
    """The steps of automatic play on show (step-by-step play): a frame per event worth
    showing, the one on screen, and where their lines start in the game's log."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.index = 0  # the frame on screen
        self.log_start = 0  # the log's index of the first frame's event

    def add(self, before: Observation, trace: Sequence[TraceStep], viewer: int | None,
            silent: Collection[str], log_length: int) -> None:
        """The frames of one move's trace (the game's log now holds `log_length` events,
        the trace's last)."""
        new = frames_of(before, trace, viewer, silent)
        if not new:
            return
        if not self.frames:
            self.index = 0
            self.log_start = log_length - len(trace)
        offset = log_length - len(trace) - self.log_start
        self.frames += [Frame(f.obs, f.highlight, f.text, offset + f.event_index) for f in new]

    def next(self) -> None:
        if not self.frames:
            raise ValueError("there is no resolution to step through")
        self.index += 1
        if self.index >= len(self.frames):
            self.end()

    def end(self) -> None:
        self.frames = []
        self.index = 0
