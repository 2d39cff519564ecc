"""Bots play inside the callback that set them going (no threads). In a live kernel a long
run (a table of bots only, with step-by-step off, can take a minute) goes in bursts of
`BOT_BURST_S`: after each the page shows the table as it stands and how many moves were
made, and the kernel is free to take a click (New game or Load starts another run and ends
this one; Save saves the game as it stands). In plain Python (tests, scripts) a run goes
to the end in one call."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from ..kit.live import running_loop
from ..kit.safe import ErrorBanner, guarded
from .session import TableSession

# How long bots play before the page is drawn again and the kernel takes clicks (a live
# kernel only): short enough to look live, long enough that drawing costs little.
BOT_BURST_S = 0.3
# The pause between bursts: the kernel's loop needs idle time, not just a turn, to finish
# its own work (a page's first cell is only shown once the kernel reports it done).
BOT_PAUSE_S = 0.03
# A burst that overran (one search-bot move can take seconds) is followed by a pause of
# this share of the overrun, so the page's own messages still get the kernel's time.
BOT_OVERRUN_PAUSE = 0.5


class BotRuns:
    """The runs of bot moves of one page: `start(session)` after anything that may leave
    the bots to act; `playing` while a run goes on between bursts; `redraw` shows the
    table after each later burst."""

    def __init__(self, banner: ErrorBanner, redraw: Callable[[], None],
                 loop: Callable[[], asyncio.AbstractEventLoop | None] = running_loop) -> None:
        self.redraw = redraw
        self.run = 0  # the run under way (a newer run ends an older one's bursts)
        self.playing = False
        self.loop = loop  # where bursts are scheduled: the kernel's loop, when there is one
        self._continue = guarded(banner, clears=False)(self._next_burst)

    def start(self, session: TableSession | None) -> None:
        """Let bots act until a person must choose, a resolution is to be shown, or the
        end. People choose before bots in simultaneous phases, so a bot's move is what
        triggers a reveal: the step-through then starts from the table as the people left
        it. In a live kernel the run may stop after a burst with `playing` set; the rest
        follows from the kernel's loop."""
        self.run += 1
        self.playing = False
        if session is None:
            return
        session.new_run()
        self._burst(session, self.run, self.loop())

    def _burst(self, session: TableSession, run: int,
               loop: asyncio.AbstractEventLoop | None) -> None:
        """Bot moves until the run ends or, with a `loop`, `BOT_BURST_S` have passed: then
        the next burst of this run is scheduled on the loop."""
        start = time.monotonic()
        deadline = None if loop is None else start + BOT_BURST_S
        more = session.run_bots(deadline)
        self.playing = more and loop is not None
        if self.playing and loop is not None:
            overrun = time.monotonic() - start - BOT_BURST_S
            loop.call_later(max(BOT_PAUSE_S, BOT_OVERRUN_PAUSE * overrun),
                            self._continue, session, run)

    def _next_burst(self, session: TableSession, run: int) -> None:
        """The next burst of run `run`, then the page; nothing if another run (a new game,
        a load, a person's move) has begun since."""
        if run != self.run or not self.playing:
            return
        self._burst(session, run, self.loop())
        self.redraw()
