"""The page's request in a Voila pre-heated kernel, without importing Voila in the kernel.

A pre-heated kernel runs its notebook before anyone asks for the page; Voila hands the
request (query string, headers) to the kernel over a websocket once a page takes it.
`voila.utils.wait_for_request` does this, but importing anything from `voila` loads Voila's
server stack (jupyter_server, jsonschema and the URI grammars it compiles at import): 5 to
8 CPU-seconds per kernel on a 2-core machine, most of what a kernel start cost. This speaks
the same small protocol (Voila 0.5, `voila/query/<kernel id>`) with `websockets` alone.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import MutableMapping

OPEN_TIMEOUT_S = 5  # as Voila's own helper: a server that is gone is not waited for


def request_url(env: MutableMapping[str, str]) -> str:
    """The websocket address Voila gives this kernel its request on (Voila's defaults)."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID')}"


def wait_for_request(env: MutableMapping[str, str] | None = None) -> None:
    """In a pre-heated kernel, block until a page takes it, then put the request's
    variables (QUERY_STRING, ...) into `env` (default: os.environ). Returns at once
    anywhere else (JupyterLab, nbval, Voila without pre-heating)."""
    env = os.environ if env is None else env
    if env.get("VOILA_PREHEAT", "False") == "False":
        return
    from websockets.exceptions import WebSocketException  # only pre-heated kernels
    from websockets.sync.client import connect

    try:
        with connect(request_url(env), open_timeout=OPEN_TIMEOUT_S) as ws:
            info = ws.recv()
    except (OSError, TimeoutError, WebSocketException) as exc:
        warnings.warn(f"no request info from Voila ({exc}): the page's link is ignored",
                      stacklevel=2)
        return
    env.update({k: str(v) for k, v in json.loads(info).items()})
