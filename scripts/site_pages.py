"""The notebooks the static site publishes, each with a first cell that installs the project.

A page on the static site runs in the visitor's browser, in a Python (Pyodide) that starts
with nothing of ours: the page must install the project from the wheels the site carries
before its app can be imported. The notebooks under notebooks/ stay as Voila serves them;
the build writes a copy of each published one with that cell in front, only for the site.
The cell also turns the table store off ($VILLAGE_GAMES_STORE=none): a static page keeps
its game in its tab, and says so.
"""

from __future__ import annotations

import json
from pathlib import Path

GALLERY = "index.ipynb"
# the apps a static site publishes beside the gallery: every game's play, rules and replay
# app (the lessons need numpy, SciPy and matplotlib, which come only with the whole Pyodide
# distribution; the lobby, the lab and class experiments need a server)
KINDS = ("play", "rules", "replay")
INSTALL_SOURCE = (
    "# (static site only: install the project in the browser's Python, keep games in the tab)\n"
    "import os\n"
    "os.environ['VILLAGE_GAMES_STORE'] = 'none'\n"
    "import piplite\n"
    "await piplite.install('village-games')"
)


def published(notebooks: Path) -> list[Path]:
    """The gallery and each game's play, rules and replay notebooks, sorted."""
    pages = [notebooks / GALLERY]
    pages += [p for kind in KINDS for p in notebooks.glob(f"*_{kind}.ipynb")]
    return sorted(pages)


def install_cell() -> dict:
    """The code cell that installs the project from the site's wheels (hidden on the page:
    it prints nothing, and the site's pages show no code)."""
    return {"cell_type": "code", "execution_count": None, "id": "static-site-install",
            "metadata": {"tags": ["static-site"]}, "outputs": [],
            "source": INSTALL_SOURCE.splitlines(keepends=True)}


def static_variant(notebook: dict) -> dict:
    """`notebook` with the install cell first; its kernel is the site's (Pyodide) Python."""
    metadata = {**notebook.get("metadata", {}),
                "kernelspec": {"display_name": "Python (Pyodide)", "language": "python",
                               "name": "python"}}
    return {**notebook, "metadata": metadata, "cells": [install_cell(), *notebook["cells"]]}


def write_static_notebooks(notebooks: Path, dest: Path) -> list[str]:
    """The published notebooks' static variants in `dest`; returns their names."""
    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for page in published(notebooks):
        variant = static_variant(json.loads(page.read_text()))
        (dest / page.name).write_text(json.dumps(variant, indent=1) + "\n")
        names.append(page.name)
    return names
