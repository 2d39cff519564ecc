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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# which pages the site publishes, as the apps' links know it (that module needs only the
# standard library, so the builder imports it without ipywidgets)
from widgets.kit.page_names import on_static_site  # noqa: E402

INSTALL_SOURCE = (
    "# (static site only: install the project in the browser's Python, keep games in the tab)\n"
    "import os\n"
    "os.environ['VILLAGE_GAMES_STORE'] = 'none'\n"
    "import piplite\n"
    "await piplite.install('village-games')"
)


def published(notebooks: Path) -> list[Path]:
    """The gallery and each game's play, rules and replay notebooks, sorted
    (`widgets.kit.page_names.on_static_site`)."""
    return sorted(p for p in notebooks.glob("*.ipynb") if on_static_site(p.name))


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
