"""`scripts/serve --class-size`: its flags, and pools that warm one kernel at a time."""

import json
import re
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import nbformat
import psutil
import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from websockets.sync.client import connect

from harness.voila import running_voila

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from kernel_websockets import V1 as WS_V1  # noqa: E402
from voila_pools import notebooks_in, pool_config, pool_sizes  # noqa: E402


def write_notebook(path: Path, code: str = "1") -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, path)


@pytest.fixture
def two_apps(tmp_path) -> Path:
    write_notebook(tmp_path / "play.ipynb")
    write_notebook(tmp_path / "other.ipynb")
    return tmp_path


def test_a_class_size_fills_the_named_apps_and_one_kernel_for_the_rest(two_apps):
    config = pool_config(30, ["play.ipynb"])
    assert pool_sizes(config, notebooks_in(two_apps)) == {"other.ipynb": 1, "play.ipynb": 30}
    assert pool_sizes(pool_config(5, None), notebooks_in(two_apps)) == {
        "other.ipynb": 5, "play.ipynb": 5}
    with pytest.raises(ValueError, match="at least 1"):
        pool_config(0, None)


def test_serve_turns_a_class_size_into_voila_pools(serve, two_apps):
    flags = serve.class_flags("30", "play.ipynb", two_apps)
    pools = next(f for f in flags if f.startswith("--VoilaKernelManager.kernel_pools_config="))
    assert json.loads(pools.split("=", 1)[1]) == {"default": {"pool_size": 1},
                                                  "play.ipynb": {"pool_size": 30}}
    assert f"--VoilaKernelManager.fill_delay={serve.CLASS_FILL_DELAY_S}" in flags
    assert serve.class_flags(None, None, two_apps) == []


@pytest.mark.parametrize("size, apps, message", [
    ("0", None, "at least 1"),
    ("many", None, "invalid literal"),
    ("10", "nowhere.ipynb", "not in"),
    (None, "play.ipynb", "needs --class-size"),
])
def test_serve_refuses_a_class_it_cannot_set_up(serve, two_apps, size, apps, message):
    with pytest.raises(SystemExit, match=message):
        serve.class_flags(size, apps, two_apps)


def test_serve_keeps_the_page_guard_and_waits_for_late_output(serve):
    assert "--template=village" in serve.FLAGS
    timeout = next(f for f in serve.FLAGS if f.startswith("--VoilaExecutor.iopub_timeout="))
    assert int(timeout.split("=")[1]) >= 60  # nbclient's own 4 s left pages blank
    assert (ROOT / "share/jupyter/voila/templates/village/static/page_guard.js").is_file()


def test_a_flag_given_on_the_command_line_replaces_the_default(serve):
    argv = serve.merged(["--pool_size=1", "--no-browser"], ["--pool_size=3", "dir"])
    assert argv == ["--no-browser", "--pool_size=3", "dir"]


def test_pool_kernels_warm_one_at_a_time(two_apps, tmp_path_factory):
    """Voila alone starts a whole pool at the same moment; paced, each kernel starts once
    the one before has run its notebook (a python start alone takes longer than 0.3 s)."""
    log = tmp_path_factory.mktemp("paced") / "server.log"
    with running_voila(two_apps, log, "--class-size=4", "--class-apps=play.ipynb") as base:
        server = next(p for p in psutil.process_iter(["cmdline"])
                      if f"--port={base.rsplit(':', 1)[1]}" in (p.info["cmdline"] or ()))
        deadline = time.monotonic() + 120
        while len(kernels := [c for c in server.children()
                              if "ipykernel_launcher" in " ".join(c.cmdline())]) < 5:
            assert time.monotonic() < deadline, f"{len(kernels)} of 5 pool kernels started"
            time.sleep(0.2)
        starts = sorted(k.create_time() for k in kernels)
        assert min(b - a for a, b in zip(starts, starts[1:], strict=False)) >= 0.3, starts
        while log.read_text().count("warm after") < 5:  # and every one gets warm
            assert time.monotonic() < deadline, "a pool kernel never got warm"
            time.sleep(0.2)


OUTPUTS = """\
import ipywidgets as widgets
from IPython.display import HTML, display

print("printed text")
display(HTML("<b class='shown-html'>html</b>"))
sliders = [widgets.IntSlider(value=i) for i in range(50)]  # widget traffic to skip
widgets.VBox(sliders)
"""


FAREWELL = """\
import atexit
from pathlib import Path

atexit.register(Path({marker!r}).write_text, "a polite exit ran its hooks")
"""


@pytest.fixture(scope="module")
def outputs_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("outputs")
    write_notebook(root / "outputs.ipynb", OUTPUTS)
    write_notebook(root / "farewell.ipynb", FAREWELL.format(marker=str(root / "farewell.txt")))
    return root


@pytest.fixture(scope="module")
def outputs_server(outputs_root, tmp_path_factory):
    log = tmp_path_factory.mktemp("outputs-log") / "server.log"
    with running_voila(outputs_root, log) as base:
        yield base


def rendered(base: str, notebook: str = "outputs.ipynb") -> tuple[str, str]:
    """(page HTML, kernel id) of `notebook`."""
    with urllib.request.urlopen(f"{base}/voila/render/{notebook}", timeout=60) as r:
        html = r.read().decode()
    config = re.search(r'id="jupyter-config-data" type="application/json">\s*(.*?)</script>',
                       html, re.S)
    return html, json.loads(config.group(1))["kernelId"]


def test_the_executor_still_collects_every_output_but_not_widget_traffic(outputs_server):
    html, _ = rendered(outputs_server)
    assert "printed text" in html and "shown-html" in html
    assert "application/vnd.jupyter.widget-view+json" in html  # the app arrived


def kernel_model(base: str, kernel_id: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=10) as r:
        return json.loads(r.read())


def test_kernel_activity_is_still_seen_for_idle_culling(outputs_server):
    """The lighter activity watcher still updates last_activity and execution_state."""
    _, kernel_id = rendered(outputs_server)
    before = kernel_model(outputs_server, kernel_id)
    time.sleep(1.1)
    ws_url = outputs_server.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels"
    with connect(ws_url, subprotocols=[WS_V1]) as ws:  # as a page does (the only way)
        msg_id = uuid.uuid4().hex
        ws.send(serialize_msg_to_ws_v1({
            "header": {"msg_id": msg_id, "msg_type": "comm_msg", "session": "s",
                       "username": "", "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {},
            "content": {"comm_id": "no-such-comm", "data": {}}}, "shell",
            lambda part: json.dumps(part).encode()))
        while True:  # until the kernel reports idle for our message
            _, parts = deserialize_msg_from_ws_v1(ws.recv(timeout=30))
            header, parent, _, content = (json.loads(p) for p in parts[:4])
            if (parent.get("msg_id") == msg_id and header["msg_type"] == "status"
                    and content["execution_state"] == "idle"):
                break
    time.sleep(0.5)
    after = kernel_model(outputs_server, kernel_id)
    assert after["last_activity"] > before["last_activity"]
    assert after["execution_state"] == "idle"


def test_a_closed_page_ends_its_kernel_at_once_without_a_polite_exit(outputs_server,
                                                                     outputs_root):
    """The page's unload POST kills the kernel: no exit hooks run, so none of the ~0.4
    CPU-seconds of a clean exit are spent (a polite exit would write the marker)."""
    _, kernel_id = rendered(outputs_server, "farewell.ipynb")
    server = next(p for p in psutil.process_iter(["cmdline"]) if
                  f"--port={outputs_server.rsplit(':', 1)[1]}" in (p.info["cmdline"] or ()))
    kernel = next(c for c in server.children() if kernel_id in " ".join(c.cmdline()))
    request = urllib.request.Request(f"{outputs_server}/voila/api/shutdown/{kernel_id}",
                                     method="POST")
    urllib.request.urlopen(request, timeout=30).close()
    kernel.wait(timeout=30)
    assert not (outputs_root / "farewell.txt").exists()
    with pytest.raises(urllib.error.HTTPError):  # and the server has let it go
        kernel_model(outputs_server, kernel_id)


def test_make_serve_passes_the_class_size_on():
    out = subprocess.run(["make", "-n", "serve", "CLASS=30",
                          "CLASS_APPS=village_pillage_play.ipynb"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "--class-size=30" in out and "--class-apps=village_pillage_play.ipynb" in out
    plain = subprocess.run(["make", "-n", "serve"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout
    assert "--class-size" not in plain
