"""Voila's notebook executor without the widget traffic it does not use.

While a notebook runs for a page, Voila's executor (nbclient) reads every message the
kernel publishes, to collect the cells' outputs. Building an app publishes one message per
widget model (about 300 for the play app) that the executor decodes and then keeps only
as widget state, which Voila's page never uses: the page asks the kernel for the widgets
itself. Subscribing the executor's socket to the output topics only lets ZeroMQ drop the
widget messages before Python sees them: the server's CPU per page opened fell from
0.18 to 0.06 CPU-seconds (harness/light_client.py, one page at a time).

Output widgets filled while a notebook first runs would need those messages; no app here
has one (charts are images, see widgets/kit/charts.py).
"""

from __future__ import annotations

import zmq
from voila import notebook_renderer
from voila.execute import VoilaExecutor

# ipykernel's IOPub topics for everything but widget comms (those are b"comm-<id>"):
# status, execute_input and errors (b"kernel.<id>.*"), results, displays (and clearing
# them), streams.
OUTPUT_TOPICS = (b"kernel.", b"execute_result", b"display_data", b"stream.", b"error",
                 b"clear_output")


class OutputsOnlyExecutor(VoilaExecutor):
    """VoilaExecutor whose IOPub socket hears outputs and status, not widget comms."""

    async def async_start_new_kernel_client(self):
        kc = await super().async_start_new_kernel_client()
        socket = kc.iopub_channel.socket
        socket.setsockopt(zmq.UNSUBSCRIBE, b"")
        for topic in OUTPUT_TOPICS:
            socket.setsockopt(zmq.SUBSCRIBE, topic)
        return kc


def install() -> None:
    """Make Voila's notebook renderer use `OutputsOnlyExecutor` (Voila 0.5 looks the
    executor class up by name in voila.notebook_renderer)."""
    notebook_renderer.VoilaExecutor = OutputsOnlyExecutor
