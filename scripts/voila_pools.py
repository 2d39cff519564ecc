"""Pre-heated kernel pools for a class: how many kernels per app, and warming them gently.

Voila (0.5) keeps a pool of pre-heated kernels per notebook: each has run its notebook up
to the point where it waits for a page, so a page that takes one shows its app at once.
When a class opens one link together, every student takes a kernel; Voila then refills
the pool. Out of the box it starts every missing kernel at the same moment: at server
start (pools x notebooks kernels at once) and right after the class arrives, competing
with the students' own pages for the 2 cores. `PacedKernelManager` warms pool kernels one
at a time instead; kernels for pages that found the pool empty are never held back. It
also watches kernel activity (for idle culling) more cheaply than jupyter_server does, and
ends the kernel of a closed page at once instead of asking it to exit.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import zmq
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer

KERNEL_TOPICS = b"kernel."  # ipykernel's prefix for status, execute_input, error, ...
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")  # the unit of CPU times in /proc/<pid>/stat


def pool_config(class_size: int, apps: list[str] | None) -> dict[str, dict[str, int]]:
    """Voila's `kernel_pools_config`: `class_size` kernels for each app in `apps`
    (notebook paths relative to the served directory; None: every notebook), one for
    every other notebook so a teacher's own first look is fast too."""
    if class_size < 1:
        raise ValueError(f"class size must be at least 1, not {class_size}")
    if apps is None:
        return {"default": {"pool_size": class_size}}
    return {"default": {"pool_size": 1}, **{app: {"pool_size": class_size} for app in apps}}


def notebooks_in(root: Path) -> list[str]:
    """The notebooks Voila pre-heats under `root`, as the names its pools use."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def pool_sizes(config: dict[str, dict[str, int]], notebooks: list[str]) -> dict[str, int]:
    """How many kernels each notebook's pool holds once full, under `config`."""
    default = config.get("default", {}).get("pool_size", 1)
    return {nb: config.get(nb, {}).get("pool_size", default) for nb in notebooks}


def _json(frame: zmq.Frame | bytes) -> dict[str, Any]:
    return json.loads(frame.bytes if isinstance(frame, zmq.Frame) else frame)


def _cpu_ticks(pid: int) -> int | None:
    """CPU time used so far by process `pid` (clock ticks), None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])  # utime, stime


class PacedKernelManager(AsyncMappingKernelManager):
    """Starts pool (pre-heat) kernels `warm_limit` at a time: the next one starts once the
    previous is warm, i.e. waiting for its page or quiet after running its notebook."""

    warm_limit = Integer(1, config=True, help="pool kernels warming at the same time")
    warm_timeout = Float(60.0, config=True, help="seconds after which a slot is freed anyway")
    quiet_window = Float(0.5, config=True,
                         help="a kernel that used under 5% of a core this long is warm")
    # Once this many pool kernels have got warm, `when_all_warm(count)` is called once (the
    # server says it is ready): set by scripts/serve.
    expected_warm = 0
    when_all_warm: Callable[[int], None] | None = None
    _warmed = 0
    # A kernel is started, then its notebook is sent to it right away: the pause between
    # the two is far shorter than the quiet window unless the server itself is swamped.

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._warming = asyncio.Semaphore(self.warm_limit)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") != "True":  # a page is waiting for this one
            return await super().start_kernel(**kwargs)
        await self._warming.acquire()
        try:
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            self._warming.release()
            raise
        started = time.monotonic()
        task = asyncio.ensure_future(self._release_when_warm(kernel_id))

        def warm(_: asyncio.Future) -> None:
            self._warming.release()
            self.log.info("Pre-heated kernel %s warm after %.1f s", kernel_id,
                          time.monotonic() - started)
            PacedKernelManager._warmed += 1
            ready = PacedKernelManager.when_all_warm  # (a plain function, not a method)
            if PacedKernelManager._warmed == self.expected_warm and ready is not None:
                ready(self.expected_warm)

        task.add_done_callback(warm)
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, now: bool = False,  # type: ignore[override]
                              restart: bool = False) -> None:
        """Always `now`: an app's kernel holds nothing worth a clean exit (the page and its
        game are gone with the tab), and a polite exit (IPython's history, atexit hooks,
        tearing down numpy and the widgets) cost about 0.4 CPU-seconds per closed tab,
        taken from the students still clicking (benchmarks/class_load.py)."""
        await super().shutdown_kernel(kernel_id, now=True, restart=restart)

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's activity watcher (idle culling, execution state), listening only
        to the kernel's own messages (ipykernel's `kernel.<id>.*` topics: status, inputs,
        errors) and reading only what it needs from them. The original decodes every
        message a kernel publishes, dates included, and an app opening publishes about 300
        widget messages: a tenth of the server's CPU per page opened. Every
        request is still bracketed by busy/idle status messages, so activity is seen."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.socket.setsockopt(zmq.UNSUBSCRIBE, b"")
        kernel._activity_stream.socket.setsockopt(zmq.SUBSCRIBE, KERNEL_TOPICS)
        session = kernel.session

        def record_activity(msg_list: list) -> None:
            _idents, frames = session.feed_identities(msg_list, copy=False)
            header, parent = (_json(f) for f in frames[1:3])
            msg_type, parent_type = header.get("msg_type"), parent.get("msg_type")
            if (self.track_message_type(msg_type) or self.track_message_type(parent_type)
                    or kernel.execution_state == "busy"):
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = _json(frames[4])["execution_state"]
                if self.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"

        kernel._activity_stream.on_recv(record_activity, copy=False)

    def is_waiting_for_page(self, kernel_id: str) -> bool:
        """The kernel ran its notebook up to `wait_for_request` and now waits for a page."""
        from voila.request_info_handler import RequestInfoSocketHandler

        return kernel_id in RequestInfoSocketHandler._waiters

    async def _release_when_warm(self, kernel_id: str, poll: float = 0.1) -> None:
        try:
            pid = self.get_kernel(kernel_id).provisioner.process.pid
        except (KeyError, AttributeError):
            return
        deadline = time.monotonic() + self.warm_timeout
        window = max(1, round(self.quiet_window / poll))  # polls in the quiet window
        ticks = [_cpu_ticks(pid)]
        while time.monotonic() < deadline:
            await asyncio.sleep(poll)
            if self.is_waiting_for_page(kernel_id):
                return
            ticks.append(_cpu_ticks(pid))
            if ticks[-1] is None:  # the kernel is gone
                return
            if len(ticks) > window and \
                    ticks[-1] - ticks[-1 - window] <= 0.05 * self.quiet_window * CLOCK_TICKS:
                return  # done with its notebook: quiet for a whole window
