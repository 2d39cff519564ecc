"""The pages a static site would publish (the gallery, the rules walkthroughs, the play and
replay apps) load nothing server-only and nothing heavy: the browser's Python (Pyodide)
has no Voila, JupyterLab, psycopg, Dask or sqlite3 (nor the rest of the `server` extra),
and numpy, SciPy and matplotlib come only with the whole Pyodide distribution. Each page's
notebook is run in a fresh Python with the table store turned off (as on a static site),
and the modules it loaded are read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from village_games.tables import STORE_ENV

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
STATIC_PAGES = sorted(
    [NOTEBOOKS / "index.ipynb"]
    + [p for kind in ("play", "rules", "replay") for p in NOTEBOOKS.glob(f"*_{kind}.ipynb")])
SERVER_ONLY = ("voila", "jupyterlab", "jupyter_server", "psycopg", "distributed", "dask",
               "sqlite3", "websockets", "segno", "openskill")  # (the `server` extra's)
HEAVY = ("numpy", "scipy", "matplotlib")

# runs a notebook's code cells as its page does, then prints which of the modules asked
# about were loaded
PROBE = """
import json, sys
for cell in json.load(open(sys.argv[1]))["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), {"__name__": "__main__"})
print(json.dumps(sorted(m for m in sys.argv[2:] if m in sys.modules)))
"""


def loaded_by(notebook: Path) -> list[str]:
    """The server-only and heavy modules that running `notebook` loads."""
    env = {**os.environ, STORE_ENV: "none", "QUERY_STRING": ""}
    done = subprocess.run([sys.executable, "-c", PROBE, str(notebook), *SERVER_ONLY, *HEAVY],
                          cwd=NOTEBOOKS, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_page_of_the_static_site_is_checked():
    names = {p.name for p in STATIC_PAGES}
    assert len(names) == 13 and "index.ipynb" in names  # the gallery and 4 games x 3 apps


@pytest.mark.parametrize("notebook", STATIC_PAGES, ids=lambda p: p.stem)
def test_a_static_sites_page_loads_nothing_server_only_or_heavy(notebook):
    assert loaded_by(notebook) == []


def test_the_check_sees_a_heavy_import(tmp_path):
    page = tmp_path / "heavy.ipynb"
    page.write_text(json.dumps({"cells": [
        {"cell_type": "markdown", "source": ["# import scipy"]},
        {"cell_type": "code", "source": ["import numpy\n", "import sqlite3"]}]}))
    assert loaded_by(page) == ["numpy", "sqlite3"]
