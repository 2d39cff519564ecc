"""A student's page without a browser: what the page makes the server do, at a small cost
to the client (benchmarks/class_load.py, shared_tables.py, class_experiment.py).

A real Chromium page costs the machine it runs on 1-2 CPU-seconds to load; thirty of them on
the 2-core server box would measure the browsers, not the server. A visit (`visit`):

1. GET the page and read it to the end (Voila streams it while the notebook runs); a page
   without a widget view in it is a blank page: the student sees only the intro text;
2. GET the static files a real page load fetched (`assets`: recorded once from Chromium,
   up to 6 at a time as a browser does, accepting gzip as a browser does), unless
   `assets` is empty;
3. open the kernel's websocket in the v1 protocol (`v1.kernel.websocket.jupyter.org`, as
   the page's JavaScript does; the server refuses any other, scripts/kernel_websockets.py),
   ask for kernel_info, then the widgets' state through ipywidgets' control comm, as the
   page's widget manager does. Interactive = the state has arrived and holds the button to
   click;
4. click: a button's click event as the front end sends it (a comm message), timed until
   the kernel reports idle for it, i.e. every update it caused has been sent; each click
   must have sent at least one update;
5. leave: close the websocket and POST Voila's kernel shutdown, as the page does on unload.

A page that stays open and follows its widgets as they change (`LivePage`) does 1 and 3,
then keeps every widget's state up to date from the kernel's messages.

Only the widgets the page shows count (`shown_models`): those its widget views reach. The
kernel's widget state holds every widget the notebook made, also ones no view shows (an
app a pre-heated kernel built before the page's address said to open another); a client
that looked widgets up among all of them played on an app nobody saw.

Not measured: the browser's own work (parsing JavaScript, drawing the widgets), which
happens on the student's machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import httpx
from jupyter_server.services.kernels.connection.base import (
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
# server passes messages through as they come from the kernel (the older JSON protocol had
# it decode and re-encode every one), and refuses a websocket that does not ask for it.
WS_V1 = "v1.kernel.websocket.jupyter.org"
MODEL_REF = "IPY_MODEL_"  # how one widget's state names another (children, layout...)
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


def references(state: dict[str, Any]) -> Iterator[str]:
    """Model ids a widget's state names: "IPY_MODEL_<id>", alone or in a list."""
    for value in state.values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, str) and item.startswith(MODEL_REF):
                yield item[len(MODEL_REF):]


def shown_models(states: dict[str, dict[str, Any]], views: list[str]) -> dict[str, Any]:
    """The widgets (model id: state) the page's `views` show: the views and every widget
    they reach through their children, layouts and other references, in the order of
    `states`. Widgets that no view reaches are left out: the page never draws them."""
    seen: set[str] = set()
    todo = [v for v in views if v in states]
    while todo:
        mid = todo.pop()
        if mid in seen:
            continue
        seen.add(mid)
        todo.extend(r for r in references(states[mid]) if r in states and r not in seen)
    return {mid: state for mid, state in states.items() if mid in seen}


def find_button(states: dict[str, Any], classes: set[str], views: list[str]) -> str:
    """Model id of the Button the page's `views` show whose CSS classes include all of
    `classes` (`states` as the control comm sends them: id -> {"state": ...})."""
    plain = {mid: model.get("state", {}) for mid, model in states.items()}
    for model_id, state in shown_models(plain, views).items():
        if state.get("_model_name") == "ButtonModel" and classes <= set(
                state.get("_dom_classes", ())):
            return model_id
    raise RuntimeError(f"no button with classes {sorted(classes)} on the page")


def _pack(part: Any) -> bytes:
    return json.dumps(part).encode()


class KernelChannel:
    """The page's websocket to its kernel in the v1 protocol, with replies matched by
    parent. A websocket the server opened in another protocol is an error: the server
    would read this client's frames as something they are not."""

    def __init__(self, ws: ClientConnection, session: str) -> None:
        if ws.subprotocol != WS_V1:
            raise RuntimeError(f"the kernel websocket is not in the {WS_V1} protocol "
                               f"(the server chose {ws.subprotocol!r})")
        self.ws = ws
        self.session = session

    async def send(self, msg: dict[str, Any]) -> str:
        msg = dict(msg)
        await self.ws.send(serialize_msg_to_ws_v1(msg, msg.pop("channel"), _pack))
        return msg["header"]["msg_id"]

    async def receive(self) -> dict[str, Any]:
        raw = await self.ws.recv()
        if not isinstance(raw, bytes):
            raise RuntimeError("a text frame on a v1 kernel websocket")
        channel, parts = deserialize_msg_from_ws_v1(raw)
        header, parent, metadata, content = (json.loads(x) for x in parts[:4])
        return {"channel": channel, "header": header, "parent_header": parent,
                "metadata": metadata, "content": content,
                "msg_type": header["msg_type"], "buffers": parts[4:]}

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
                async with connect(ws_url, max_size=None,
                                   subprotocols=[Subprotocol(WS_V1)]) as ws:
                    kernel = KernelChannel(ws, session)
                    asked = await kernel.send(message("kernel_info_request", {}, session))
                    await kernel.until(asked, "kernel_info_reply")
                    states = await kernel.widget_states()
                    if not set(views) <= set(states):
                        raise RuntimeError("the page's widget is missing from the kernel")
                    button = find_button(states, button_classes, views)
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


class LivePage:
    """One page left open: its kernel websocket, the state of every widget kept up to date
    from the kernel's messages, and messages sent as the page's front end sends them.
    Look widgets up with `model` (only those the page shows); `on_update(model id, the
    update, time)` hears every widget update as it arrives."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.session = uuid.uuid4().hex
        self.kernel_id = ""
        self.base = ""
        self.views: list[str] = []
        self.states: dict[str, dict[str, Any]] = {}
        self.on_update: Callable[[str, dict[str, Any], float], None] | None = None
        self.error: str | None = None
        self._idle: dict[str, asyncio.Future[None]] = {}
        self._channel: KernelChannel | None = None
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, http: httpx.AsyncClient, url: str) -> None:
        """Load the page at `url`, open its kernel websocket, read every widget's state."""
        r = await http.get(url)
        r.raise_for_status()
        self.kernel_id, self.views = parse_page(r.text)
        if not self.views:
            raise RuntimeError(f"{self.name}: the page shows no widget (a blank page)")
        parts = urlparse(url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        ws_url = (self.base.replace("http", "ws", 1)
                  + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self._ws = connect(ws_url, max_size=None, subprotocols=[Subprotocol(WS_V1)])
        channel = KernelChannel(await self._ws.__aenter__(), self.session)
        self._channel = channel
        asked = await channel.send(message("kernel_info_request", {}, self.session))
        await channel.until(asked, "kernel_info_reply")
        self.states = {k: v["state"] for k, v in (await channel.widget_states()).items()}
        missing = set(self.views) - set(self.states)
        if missing:
            raise RuntimeError(f"{self.name}: the page's widget {sorted(missing)[0]} is not "
                               "in its kernel")
        self._reader = asyncio.create_task(self._read())

    async def close(self, http: httpx.AsyncClient) -> None:
        """Leave as the page does on unload: close the websocket, ask for the shutdown."""
        if self._reader is not None:
            self._reader.cancel()
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.__aexit__(None, None, None)
        if self.kernel_id:
            with contextlib.suppress(httpx.HTTPError):
                await http.post(f"{self.base}/voila/api/shutdown/{self.kernel_id}")

    async def _read(self) -> None:
        assert self._channel is not None
        while True:
            msg = await self._channel.receive()
            kind, c = msg["msg_type"], msg["content"]
            if kind == "comm_open":
                self.states[c["comm_id"]] = c.get("data", {}).get("state", {})
            elif kind == "comm_close":
                self.states.pop(c["comm_id"], None)
            elif kind == "comm_msg" and c.get("data", {}).get("method") == "update":
                update = c["data"].get("state", {})
                self.states.setdefault(c["comm_id"], {}).update(update)
                if self.on_update is not None:
                    self.on_update(c["comm_id"], update, time.monotonic())
            elif kind == "status" and c.get("execution_state") == "idle":
                waiter = self._idle.pop(msg.get("parent_header", {}).get("msg_id", ""), None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)

    # ------------------------------------------------------------ the page's widgets
    def shown(self) -> dict[str, dict[str, Any]]:
        """The widgets the page shows (model id: state)."""
        return shown_models(self.states, self.views)

    def model(self, test: str | Callable[[dict[str, Any]], bool]) -> str:
        """The first widget the page shows that passes `test` (a CSS class: has it)."""
        if isinstance(test, str):
            css = test

            def test(state: dict[str, Any]) -> bool:
                return css in state.get("_dom_classes", ())
        for mid, state in self.shown().items():
            if test(state):
                return mid
        raise LookupError(f"no such widget on {self.name}'s page")

    def html_of(self, css: str) -> str:
        """The value of the shown widget with CSS class `css` (an HTML widget's markup)."""
        return str(self.states[self.model(css)].get("value", ""))

    def displayed(self, mid: str) -> bool:
        """Whether the widget's layout lets it show (display is not "none")."""
        layout = self.states.get(mid, {}).get("layout", "")
        ref = layout.removeprefix(MODEL_REF) if isinstance(layout, str) else ""
        return self.states.get(ref, {}).get("display") != "none"

    # ------------------------------------------------------------ sending
    async def send(self, comm_id: str, data: dict[str, Any], timeout: float = 60) -> None:
        """A comm message to a widget as the page sends it; returns when the kernel is idle
        again (every update it caused has arrived)."""
        assert self._channel is not None
        msg = message("comm_msg", {"comm_id": comm_id, "data": data}, self.session)
        waiter = asyncio.get_running_loop().create_future()
        self._idle[msg["header"]["msg_id"]] = waiter
        await self._channel.send(msg)
        await asyncio.wait_for(waiter, timeout)

    async def custom(self, comm_id: str, content: dict[str, Any], timeout: float = 60) -> None:
        """A widget's custom message (a button's click: {"event": "click"})."""
        await self.send(comm_id, {"method": "custom", "content": content}, timeout)
