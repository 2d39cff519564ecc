"""A pre-heated kernel gets its page's request without importing Voila (widgets.kit.voila_request),
and a kernel's first screen does not load what it does not show."""

import json
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.server import ServerConnection, serve

from widgets.kit.voila_request import request_url, wait_for_request

KERNEL_ID = "0f1e2d3c-aaaa-bbbb-cccc-000000000000"


@pytest.fixture
def fake_voila() -> Iterator[tuple[int, list[str]]]:
    """A websocket server that answers like Voila's /voila/query/<kernel id> handler;
    yields its port and the paths that were asked for."""
    asked: list[str] = []

    def handler(ws: ServerConnection) -> None:
        asked.append(ws.request.path)
        ws.send(json.dumps({"QUERY_STRING": "players=4&seed=9", "SERVER_PORT": "1234"}))

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield server.socket.getsockname()[1], asked
        server.shutdown()


def preheated_env(port: int) -> dict[str, str]:
    return {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
            "VOILA_SERVER_URL": "/base/", "VOILA_KERNEL_ID": KERNEL_ID}


def test_a_preheated_kernel_receives_the_request_it_was_taken_for(fake_voila):
    port, asked = fake_voila
    env = preheated_env(port)
    wait_for_request(env)
    assert asked == [f"/base/voila/query/{KERNEL_ID}"]
    assert env["QUERY_STRING"] == "players=4&seed=9" and env["SERVER_PORT"] == "1234"


def test_outside_preheating_nothing_is_waited_for():
    env = {"VOILA_PREHEAT": "False", "VOILA_APP_PORT": "1"}  # no server on port 1
    wait_for_request(env)
    assert env == {"VOILA_PREHEAT": "False", "VOILA_APP_PORT": "1"}


def test_a_missing_server_is_a_warning_not_a_hang():
    env = preheated_env(1)  # nothing listens on port 1
    with pytest.warns(UserWarning, match="link is ignored"):
        wait_for_request(env)
    assert "QUERY_STRING" not in env


def test_the_address_follows_voilas_variables():
    env = {"VOILA_WS_PROTOCOL": "wss", "VOILA_APP_IP": "10.0.0.2", "VOILA_APP_PORT": "9",
           "VOILA_SERVER_URL": "/a/", "VOILA_WS_BASE_URL": "/b/", "VOILA_KERNEL_ID": "k"}
    assert request_url(env) == "wss://10.0.0.2:9/b/voila/query/k"


# A first screen must not pay for modules it does not show: importing voila in a kernel
# cost 5-8 CPU-seconds per kernel (its server stack); matplotlib (half a CPU-second) is for
# charts, drawn only when asked for; the play and rules apps need no numpy either.
SERVER_STACK = ("voila", "jupyter_server", "jsonschema")
FIRST_SCREENS = {
    "widgets.village_pillage.adapter:play_app": (*SERVER_STACK, "numpy", "matplotlib"),
    "widgets.village_pillage.walkthrough_app:walkthrough_app": (
        *SERVER_STACK, "numpy", "matplotlib"),
    "widgets.server.gallery:gallery": (*SERVER_STACK, "numpy", "matplotlib"),
    "widgets.village_pillage.lesson_app:lesson_app": (*SERVER_STACK, "matplotlib"),
    "widgets.village_pillage.market_lesson:market_lesson": (*SERVER_STACK, "matplotlib"),
}


@pytest.mark.parametrize("app", sorted(FIRST_SCREENS))
def test_a_first_screen_loads_no_server_stack_nor_charts(app):
    module, function = app.split(":")
    unwanted = FIRST_SCREENS[app]
    code = (f"import sys\nfrom {module} import {function} as app\napp()\n"
            f"print(sorted(m for m in {unwanted!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"QUERY_STRING": "players=3&seats=human,bot,bot&seed=7",
                              "PATH": "/usr/bin:/bin"}, check=True, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "[]"
