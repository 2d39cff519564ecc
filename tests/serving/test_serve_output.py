"""What `scripts/serve` (`make serve`) prints: the links a person needs, plain to see once
the server listens and again last, once every app is warm; not the sixty-odd routine
warnings (each notebook "not trusted", each kernel's plain-TCP note, a traitlets
deprecation) that used to bury them."""

from __future__ import annotations

import time

from harness.voila import running_voila
from tests.serving.test_class_serving import write_notebook
from village_games.tables import DATA_ENV, PUBLIC_URL_ENV, STORE_ENV

ROUTINE = ("WARNING", "Warning", "not trusted", "without encryption", "deprecated")


def test_serve_prints_its_links_last_and_no_routine_warnings(tmp_path, monkeypatch):
    root = tmp_path / "notebooks"
    root.mkdir()
    for name in ("index.ipynb", "play.ipynb", "lesson.ipynb"):
        write_notebook(root / name)
    for name in (STORE_ENV, PUBLIC_URL_ENV):
        monkeypatch.setenv(name, "")  # (the server's own defaults)
    log = tmp_path / "serve.log"
    with running_voila(root, log, env={DATA_ENV: str(tmp_path / "data")}) as url:
        deadline = time.monotonic() + 300
        while "Every app has a warm kernel" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        lines = [line for line in log.read_text().splitlines() if line.strip()]
    noisy = [line for line in lines if any(word in line for word in ROUTINE)]
    assert not noisy, "\n".join(noisy)
    ready = next(i for i, line in enumerate(lines) if "Every app has a warm kernel (3)" in line)
    last = lines[ready:]
    assert [line.split(":", 1)[0] for line in last[2:-1]] == [
        "Gallery (every app)", "Teacher's lobby", " " * 22 + "(keep this link to yourself",
        "Tables are kept in"]
    assert f"{url}/voila/render/index.ipynb" in last[2]
    assert f"{url}/voila/render/lobby.ipynb?key=" in last[3]
    assert str(tmp_path / "data") in last[5]
    listening = next(i for i, line in enumerate(lines) if "is running at" in line)
    first = next(i for i, line in enumerate(lines) if line.startswith("Gallery (every app)"))
    assert listening < first < ready  # said once the server listens, and again last
