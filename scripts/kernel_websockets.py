"""A page's kernel websocket speaks only the v1 protocol, in frames whose header fits.

The kernel websocket (/api/kernels/<id>/channels) carries widget messages between a page
and its kernel, and any visitor can open one: the kernel id is in the page. Two ways one
message froze the whole server (its only event-loop thread, at 100% CPU, memory growing
by GBs) were found on 2026-12-02:

- Without the `v1.kernel.websocket.jupyter.org` subprotocol, jupyter_server writes the
  "legacy" binary frames (a big-endian 4-byte count and 4-byte offsets). Voila's handler
  (voila/tornado/kernel_websocket_handler.py, which drops `execute_input` messages) reads
  every binary frame as a v1 one: its first 8 bytes, little-endian, make a count of about
  10**17 offsets, and it builds that list. One reply with binary buffers is enough, such
  as the widget states (an Image's bytes) that the widget control comm's
  `request_states` asks for. Voila's filter does not see the legacy text frames either.
- With v1, jupyter_server reads the page's frames the same way
  (`deserialize_msg_from_ws_v1`): a 24-byte frame that claims 2**60 offsets froze it too.

So a kernel websocket that does not offer v1 is refused before the upgrade (HTTP 400, with
the reason). Voila's page JavaScript (@jupyterlab/services) always offers v1. The server
picks v1 even if configured to prefer the legacy protocol. A frame from the page that is
not a v1 message, with a sensible number of offsets inside the frame, closes the socket
(1007) before jupyter_server reads it.
"""

from __future__ import annotations

import struct
from typing import Any

from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

V1 = "v1.kernel.websocket.jupyter.org"
REFUSAL = f"A kernel websocket must use the {V1} subprotocol."
BAD_FRAME = 1007  # "invalid frame payload data" (RFC 6455)
# A page's message has 6 offsets (the channel, header, parent header, metadata and content
# parts, and the end) and one more per binary buffer (a FileUpload's file, say). More
# cost time for nothing: jupyter_server took 0.85 s on a 10 MB frame of offsets.
MAX_OFFSETS = 6 + 1024


def is_v1_frame(frame: Any) -> bool:
    """Whether `frame` reads safely as a v1 message: binary data, then a little-endian
    8-byte count n (at least 2: the channel needs two offsets; at most MAX_OFFSETS), then
    n 8-byte offsets that fit in the frame and never go backwards."""
    if not isinstance(frame, bytes) or len(frame) < 8:
        return False
    count = int.from_bytes(frame[:8], "little")
    if not 2 <= count <= MAX_OFFSETS or 8 * (count + 1) > len(frame):
        return False
    offsets = struct.unpack_from(f"<{count}Q", frame, 8)
    return offsets[0] >= 8 * (count + 1) and offsets[-1] <= len(frame) and all(
        a <= b for a, b in zip(offsets, offsets[1:], strict=False))


def offers_v1(header: str | None) -> bool:
    """Whether a Sec-WebSocket-Protocol header offers v1."""
    return V1 in (p.strip() for p in (header or "").split(","))


class V1KernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, for v1 clients and well-formed v1 frames only."""

    async def get(self, kernel_id: str) -> None:
        if not offers_v1(self.request.headers.get("Sec-WebSocket-Protocol")):
            self.log.warning("Refused a kernel websocket without %s (kernel %s)", V1, kernel_id)
            self.set_status(400)
            self.finish(REFUSAL)
            return
        await super().get(kernel_id)

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        return V1 if V1 in subprotocols else None  # (`get` made sure it is)

    def on_message(self, message: str | bytes) -> None:
        if not is_v1_frame(message):
            self.log.warning("Closed a kernel websocket that sent a frame that is not a v1 "
                             "message (kernel %s)", getattr(self, "kernel_id", "?"))
            self.close(BAD_FRAME, "not a v1 kernel message")
            return
        super().on_message(message)


def only_v1(handlers: list[tuple]) -> list[tuple]:
    """`handlers` with every kernel websocket route served by V1KernelWebsocketHandler.
    A Voila with no such route is an error: the guard must not silently go missing."""
    swapped = [(h[0], V1KernelWebsocketHandler, *h[2:])
               if isinstance(h, tuple) and isinstance(h[1], type)
               and issubclass(h[1], KernelWebsocketHandler) else h
               for h in handlers]
    if not any(h[1] is V1KernelWebsocketHandler for h in swapped):
        raise RuntimeError("Voila registers no kernel websocket route to guard")
    return swapped
