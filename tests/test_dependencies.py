"""What installing the project brings: the engines and the static site's pages need only
pure-Python packages the browser's Python can install (pyproject's `dependencies`); the
lessons' numbers and serving come as extras, which `make install` and the conda
environment both take."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
SERVER_ONLY = {"voila", "jupyterlab", "psycopg", "distributed", "dask", "websockets", "segno",
               "openskill"}
NEEDS_PYODIDE = {"numpy", "scipy", "matplotlib"}  # not on the package index for the browser


def name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0].lower()


def test_the_base_install_brings_nothing_server_only_or_from_pyodide():
    base = {name(r) for r in PROJECT["dependencies"]}
    assert base == {"ipywidgets", "anywidget"}
    assert not base & (SERVER_ONLY | NEEDS_PYODIDE)


def test_serving_takes_the_lessons_and_every_server_library():
    extras = PROJECT["optional-dependencies"]
    assert {name(r) for r in extras["lessons"]} == NEEDS_PYODIDE
    server = {name(r) for r in extras["server"]}
    assert SERVER_ONLY - {"dask"} <= server and "village-games[lessons]" in extras["server"]


def test_make_install_and_the_conda_environment_take_every_extra():
    assert "-e '.[server,dev]'" in (ROOT / "Makefile").read_text()
    conda = (ROOT / "environment.yml").read_text()
    listed = {name(m.group(1)) for m in re.finditer(r"^  - ([A-Za-z][^\s#]*)", conda, re.M)}
    runtime = {name(r) for r in PROJECT["dependencies"]}
    runtime |= {name(r) for key in ("lessons", "server")
                for r in PROJECT["optional-dependencies"][key]} - {"village-games"}
    assert runtime <= listed, runtime - listed
    assert "- -e .[server,dev]" in conda
