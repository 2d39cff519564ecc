"""One student's visit to a Voila app, replayed without a browser (benchmarks/class_load.py,
shared_tables.py and class_experiment.py).

A real Chromium page costs the machine it runs on 1-2 CPU-seconds to load; thirty of them on
the 2-core server box would measure the browsers, not the server. This client makes the
server do what a student's browser makes it do, at a small cost to the client:

1. GET the page and read it to the end (Voila streams it while the notebook runs); a page
   without a widget view in it is a blank page: the student sees only the intro text;
2. GET the static files a real page load fetched (`assets`: recorded once from Chromium,
   up to 6 at a time as a browser does, accepting gzip as a browser does), unless
   `assets` is empty;
3. open the kernel's websocket (Jupyter's JSON protocol), ask for kernel_info, then the
   widgets' state through ipywidgets' control comm, as the page's widget manager does.
   Interactive = the state has arrived and holds the button to click;
4. click: a button's click event as the front end sends it (a comm message), timed until
   the kernel reports idle for it, i.e. every update it caused has been sent; each click
   must have sent at least one update;
5. leave: close the websocket and POST Voila's kernel shutdown, as the page does on unload.

Not measured: the browser's own work (parsing JavaScript, drawing the widgets), which
happens on the student's machine.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

CONFIG_RE = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*'
                       r"</script>", re.S)
OUTPUT_RE = re.compile(r'<script type="application/vnd.voila.cell-output\+json">\s*(.*?)\s*'
                       r"</script>", re.S)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"  # ipywidgets 8's widget control protocol
# The kernel websocket protocol JupyterLab's front end (and so Voila's page) asks for: the
# server passes messages through as they come from the kernel, where the older JSON
# protocol has it decode and re-encode every one.
WS_V1 = "v1.kernel.websocket.jupyter.org"
BROWSER_CONNECTIONS = 6  # parallel requests per host in Chromium


@dataclass
class Visit:
    """What one student saw; times in seconds from the start of the visit."""

    started: float = 0.0  # monotonic clock, for the load timeline
    html_s: float | None = None  # whole page received
    assets_s: float | None = None  # static files received
    interactive_s: float | None = None  # widget state received
    blank: bool = False  # page complete, but no app in it
    kernel_id: str | None = None
    clicks_ms: list[float] = field(default_factory=list)
    asset_bytes: int = 0
    error: str | None = None

    @property
    def playable(self) -> bool:
        return self.interactive_s is not None and self.error is None


def message(msg_type: str, content: dict[str, Any], session: str, channel: str = "shell",
            metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "student", "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": metadata or {}, "content": content,
        "channel": channel, "buffers": [],
    }


def parse_page(html: str) -> tuple[str, list[str]]:
    """(kernel id, model ids of the widget views) of a complete Voila page."""
    config = CONFIG_RE.search(html)
    if not config:
        raise RuntimeError("the page has no jupyter-config-data (not a notebook page?)")
    views = []
    for raw in OUTPUT_RE.findall(html):
        data = json.loads(raw).get("data", {})
        if WIDGET_VIEW in data:
            views.append(data[WIDGET_VIEW]["model_id"])
    return json.loads(config.group(1))["kernelId"], views


def find_button(states: dict[str, Any], classes: set[str]) -> str:
    """Model id of the Button whose CSS classes include all of `classes`."""
    for model_id, model in states.items():
        state = model.get("state", {})
        if state.get("_model_name") == "ButtonModel" and classes <= set(
                state.get("_dom_classes", ())):
            return model_id
    raise RuntimeError(f"no button with classes {sorted(classes)} in the widget state")


def _pack(part: Any) -> bytes:
    return json.dumps(part).encode()


class KernelChannel:
    """The page's websocket to its kernel, with replies matched by parent: the v1 protocol
    when the server agreed to it (as it does for a browser), else the JSON one."""

    def __init__(self, ws: ClientConnection, session: str) -> None:
        self.ws = ws
        self.session = session
        self.v1 = ws.subprotocol == WS_V1

    async def send(self, msg: dict[str, Any]) -> str:
        if self.v1:
            await self.ws.send(serialize_msg_to_ws_v1(msg, msg.pop("channel"), _pack))
        else:
            await self.ws.send(json.dumps(msg))
        return msg["header"]["msg_id"]

    async def receive(self) -> dict[str, Any]:
        raw = await self.ws.recv()
        if self.v1:
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header, parent, metadata, content = (json.loads(x) for x in parts[:4])
            return {"channel": channel, "header": header, "parent_header": parent,
                    "metadata": metadata, "content": content,
                    "msg_type": header["msg_type"], "buffers": parts[4:]}
        return deserialize_binary_message(raw) if isinstance(raw, bytes) else json.loads(raw)

    async def until(self, parent: str, msg_type: str, **content: Any) -> tuple[dict, list]:
        """Messages up to the first `msg_type` answering `parent` whose content has the
        given values; returns it and the other messages for `parent` before it."""
        seen: list[dict[str, Any]] = []
        while True:
            msg = await self.receive()
            if msg.get("parent_header", {}).get("msg_id") != parent:
                continue
            c = msg["content"]
            if msg["msg_type"] == msg_type and all(c.get(k) == v for k, v in content.items()):
                return msg, seen
            seen.append(msg)

    async def widget_states(self) -> dict[str, Any]:
        comm_id = uuid.uuid4().hex
        await self.send(message("comm_open", {"comm_id": comm_id, "target_name": CONTROL_TARGET,
                                              "data": {}}, self.session,
                                metadata={"version": CONTROL_VERSION}))
        asked = await self.send(message("comm_msg", {"comm_id": comm_id,
                                                     "data": {"method": "request_states"}},
                                        self.session))
        while True:
            reply, _ = await self.until(asked, "comm_msg")
            data = reply["content"]["data"]
            if data.get("method") == "update_states":
                await self.send(message("comm_close", {"comm_id": comm_id, "data": {}},
                                        self.session))
                return data["states"]

    async def click(self, button: str) -> float:
        """ms from sending the click until the kernel is idle again; it must have updated
        at least one widget."""
        t0 = time.perf_counter()
        sent = await self.send(message("comm_msg", {"comm_id": button, "data": {
            "method": "custom", "content": {"event": "click"}}}, self.session))
        _, before = await self.until(sent, "status", execution_state="idle")
        ms = (time.perf_counter() - t0) * 1e3
        if not any(m["msg_type"] == "comm_msg" for m in before):
            raise RuntimeError("a click changed nothing on the page")
        return ms


async def fetch_over(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     head: str, paths: list[str]) -> int:
    """GET `paths` one after another on one kept-alive HTTP/1.1 connection; bytes read.
    A bare client on purpose: httpx spent about 0.3 CPU-seconds per page's worth of files,
    more than the server did to send them."""
    total = 0
    for path in paths:
        writer.write(f"GET {path} HTTP/1.1\r\n{head}\r\n".encode())
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"GET {path}: {status.decode().strip()}")
        length = None
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None:
            raise RuntimeError(f"GET {path}: no Content-Length")
        total += len(await reader.readexactly(length))
    return total


async def fetch_assets(base: str, assets: list[str], cookies: httpx.Cookies,
                       accept_gzip: bool = True) -> int:
    """Fetch `assets` as a browser does: over 6 connections at once, with the page's
    cookies, accepting gzip (unless `accept_gzip` is False); bytes read (as sent:
    unpacking them is work for the student's machine)."""
    url = httpx.URL(base)
    head = f"Host: {url.host}:{url.port}\r\n"
    if accept_gzip:
        head += "Accept-Encoding: gzip, deflate, br\r\n"
    if cookies:
        head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()) + "\r\n"
    shares = [assets[i::BROWSER_CONNECTIONS] for i in range(BROWSER_CONNECTIONS)]

    async def one(paths: list[str]) -> int:
        reader, writer = await asyncio.open_connection(url.host, url.port)
        try:
            return await fetch_over(reader, writer, head, paths)
        finally:
            writer.close()

    return sum(await asyncio.gather(*(one(p) for p in shares if p)))


async def visit(base: str, path: str, assets: list[str], button_classes: set[str],
                clicks: int, think_s: float, timeout_s: float = 180) -> Visit:
    """One student: open `path`, become interactive, click `clicks` times (`think_s`
    apart), leave. Errors are recorded in the Visit, never raised."""
    v = Visit(started=time.monotonic())
    session = uuid.uuid4().hex
    limits = httpx.Limits(max_connections=BROWSER_CONNECTIONS)
    async with httpx.AsyncClient(timeout=timeout_s, limits=limits) as http:
        try:
            async with asyncio.timeout(timeout_s):
                r = await http.get(base + path)
                r.raise_for_status()
                v.html_s = time.monotonic() - v.started
                v.kernel_id, views = parse_page(r.text)
                if not views:
                    v.blank = True
                    return v
                v.asset_bytes = await fetch_assets(base, assets, http.cookies)
                v.assets_s = time.monotonic() - v.started
                ws_url = (base.replace("http", "ws", 1)
                          + f"/api/kernels/{v.kernel_id}/channels?session_id={session}")
                async with connect(ws_url, max_size=None, subprotocols=[Subprotocol(WS_V1)]) as ws:
                    kernel = KernelChannel(ws, session)
                    asked = await kernel.send(message("kernel_info_request", {}, session))
                    await kernel.until(asked, "kernel_info_reply")
                    states = await kernel.widget_states()
                    if not set(views) <= set(states):
                        raise RuntimeError("the page's widget is missing from the kernel")
                    button = find_button(states, button_classes)
                    v.interactive_s = time.monotonic() - v.started
                    for _ in range(clicks):  # students do not click in step
                        await asyncio.sleep(think_s * random.uniform(0.5, 1.5))
                        v.clicks_ms.append(await kernel.click(button))
        except Exception as exc:  # a failed visit is a result
            v.error = f"{type(exc).__name__}: {exc}"[:300]
        finally:
            if v.kernel_id:  # as the page's unload handler does
                try:
                    await http.post(f"{base}/voila/api/shutdown/{v.kernel_id}")
                except httpx.HTTPError as exc:
                    v.error = v.error or f"shutdown failed: {exc}"
    return v
