"""Run a page's refresh on the kernel's event loop, every few tenths of a second, for as
long as the kernel lives (a Voila page's kernel ends with its tab)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..safe import ErrorBanner, guarded


def every(loop: asyncio.AbstractEventLoop | None, seconds: float, tick: Callable[[], Any],
          banner: ErrorBanner) -> None:
    """Call `tick` every `seconds` on `loop` (nothing outside a live kernel: tests call the
    page's refresh themselves). An error shows in the banner and the ticks go on."""
    if loop is None:
        return

    def run() -> None:
        try:
            guarded_tick()
        finally:
            loop.call_later(seconds, run)

    guarded_tick = guarded(banner, clears=False)(tick)
    loop.call_later(seconds, run)
