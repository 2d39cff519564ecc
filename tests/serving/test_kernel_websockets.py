"""scripts/kernel_websockets.py: a visitor's kernel websocket cannot freeze the server.

Without it, one message froze `scripts/serve` for good: a legacy-protocol client's
`request_states` (Voila read the binary reply as a v1 frame), or a v1 frame with a forged
header (jupyter_server read it). Every step here has a timeout: an unguarded server fails
these tests instead of hanging them.
"""

import json
import re
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import nbformat
import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from harness.voila import running_voila

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from kernel_websockets import (  # noqa: E402
    BAD_FRAME,
    MAX_OFFSETS,
    V1,
    V1KernelWebsocketHandler,
    is_v1_frame,
    only_v1,
)

# An app whose widget state has binary buffers (an Image's bytes), as the lesson charts do
APP = """\
import ipywidgets as w
w.VBox([w.Label("a chart"), w.Image(value=b"\\x89PNG not really", format="png")])
"""
CONTROL_VERSION = "1.0.0"  # ipywidgets' widget control comm protocol


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("websockets")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [nbformat.v4.new_code_cell(APP)]
    nbformat.write(nb, root / "app.ipynb")
    log = tmp_path_factory.mktemp("websockets-log") / "server.log"
    with running_voila(root, log) as base:
        yield base


def page_kernel(base: str) -> str:
    """The kernel id of a freshly opened page, read from its HTML as the page's JS does."""
    with urllib.request.urlopen(f"{base}/voila/render/app.ipynb", timeout=60) as r:
        html = r.read().decode()
    config = re.search(r'id="jupyter-config-data" type="application/json">\s*(.*?)</script>',
                       html, re.S)
    return json.loads(config.group(1))["kernelId"]


def channels_url(base: str, kernel_id: str) -> str:
    return base.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id=t"


def answers(base: str, within: float = 5) -> bool:
    """Whether the server answers an HTTP request within `within` seconds."""
    try:
        urllib.request.urlopen(f"{base}/voila/static/", timeout=within).close()
    except urllib.error.HTTPError:
        return True  # any answer (a 404 here) will do
    except OSError:
        return False
    return True


def message(msg_type: str, content: dict, metadata: dict | None = None) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "t",
                       "username": "", "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content}


def request_states() -> list[dict]:
    """Open the widget control comm and ask it for every widget's state."""
    comm_id = uuid.uuid4().hex
    return [message("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                  "data": {}}, {"version": CONTROL_VERSION}),
            message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})]


def send_v1(ws: ClientConnection, msg: dict, channel: str = "shell") -> str:
    ws.send(serialize_msg_to_ws_v1(msg, channel, lambda part: json.dumps(part).encode()))
    return msg["header"]["msg_id"]


def reply_to(ws: ClientConnection, msg_id: str, msg_type: str) -> tuple[dict, list]:
    """(content, buffers) of the first `msg_type` message whose parent is `msg_id`."""
    deadline = time.monotonic() + 30
    while True:
        _, parts = deserialize_msg_from_ws_v1(ws.recv(timeout=deadline - time.monotonic()))
        header, parent, _, content = (json.loads(p) for p in parts[:4])
        if parent.get("msg_id") == msg_id and header["msg_type"] == msg_type:
            return content, parts[4:]


def test_a_kernel_websocket_without_the_v1_protocol_cannot_freeze_the_server(server):
    kernel_id = page_kernel(server)
    refusal = None
    try:
        with connect(channels_url(server, kernel_id), open_timeout=10) as ws:  # no protocol
            for msg in request_states():
                ws.send(json.dumps({**msg, "channel": "shell", "buffers": []}))
            time.sleep(1)  # the reply, with the Image's bytes, reaches the server
    except InvalidStatus as exc:
        refusal = exc.response
    assert answers(server), "the server froze"
    assert refusal is not None, "a legacy kernel websocket was accepted"
    assert refusal.status_code == 400
    assert V1.encode() in refusal.body  # the reason, for whoever wrote the client


def test_a_v1_frame_with_a_forged_header_cannot_freeze_the_server(server):
    kernel_id = page_kernel(server)
    with connect(channels_url(server, kernel_id), subprotocols=[V1], open_timeout=10) as ws:
        ws.send((2**60).to_bytes(8, "little") + bytes(16))  # "2**60 offsets follow"
        closed = None
        try:
            while True:
                ws.recv(timeout=5)
        except ConnectionClosed as exc:
            closed = exc
        except TimeoutError:
            pass
    assert answers(server), "the server froze"
    assert closed is not None, "the forged frame was read"
    assert closed.rcvd.code == BAD_FRAME


def test_a_v1_client_still_gets_kernel_info_and_widget_states_with_their_buffers(server):
    kernel_id = page_kernel(server)
    with connect(channels_url(server, kernel_id), subprotocols=[V1], open_timeout=10) as ws:
        assert ws.subprotocol == V1
        info, _ = reply_to(ws, send_v1(ws, message("kernel_info_request", {})),
                           "kernel_info_reply")
        assert info["status"] == "ok"
        opening, asking = request_states()
        send_v1(ws, opening)
        states, buffers = reply_to(ws, send_v1(ws, asking), "comm_msg")
    assert states["data"]["method"] == "update_states"
    assert b"\x89PNG not really" in buffers
    assert answers(server)


def test_only_well_formed_v1_frames_are_read():
    real = serialize_msg_to_ws_v1(message("kernel_info_request", {}), "shell",
                                  lambda part: json.dumps(part).encode())
    assert is_v1_frame(real)
    assert not is_v1_frame(real.decode("latin-1"))  # a text frame
    assert not is_v1_frame(b"\x02\0\0\0")  # shorter than a count
    assert not is_v1_frame((2**60).to_bytes(8, "little") + bytes(16))  # more than fit
    many = MAX_OFFSETS + 1  # offsets that fit, but far more than a page ever sends
    assert not is_v1_frame(many.to_bytes(8, "little") + b"".join(
        (8 * (many + 1)).to_bytes(8, "little") for _ in range(many)))
    assert not is_v1_frame((1).to_bytes(8, "little") + (16).to_bytes(8, "little"))
    past_end = bytearray(real)
    past_end[16:24] = (len(real) + 1).to_bytes(8, "little")  # past the end
    assert not is_v1_frame(bytes(past_end))
    # the legacy frame Voila misread: a big-endian count of 2 and 4-byte offsets
    assert not is_v1_frame(b"\0\0\0\x02\0\0\0\x0c\0\0\0\x10" + b"{}" + b"xx")


def test_every_kernel_websocket_route_is_guarded():
    routes = [("/a", VoilaKernelWebsocketHandler), ("/b", object, {"x": 1})]
    assert only_v1(routes) == [("/a", V1KernelWebsocketHandler), ("/b", object, {"x": 1})]
    with pytest.raises(RuntimeError):
        only_v1([("/b", object)])
