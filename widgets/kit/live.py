"""Live pages: the kernel's event loop (when there is one), and a page's refresh run on it
every few tenths of a second, for as long as the kernel lives (a Voila page's kernel ends
with its tab)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any

from .safe import ErrorBanner, guarded


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, when called inside a live Jupyter kernel; None elsewhere,
    even where another library keeps a loop running in this thread (Playwright's sync API
    does, for the whole of a test session that drives a browser)."""
    kernel = sys.modules.get("ipykernel.kernelapp")  # (imported by every live kernel)
    if kernel is None or not kernel.IPKernelApp.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


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
