"""What the static site's build does to its pages, without building it (the browser test,
tests/browser/test_static_site.py, builds and opens it): it publishes exactly the pages
its links name, each installs the project first, and each built page gets the script
that hands the page's address to its Python."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from site_fixups import PAGE_ADDRESS_SCRIPT, fix_page  # noqa: E402
from site_pages import published, static_variant  # noqa: E402

from widgets.kit.page_names import on_static_site  # noqa: E402

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"


def test_the_site_publishes_the_gallery_and_each_games_play_rules_and_replay_pages():
    names = {p.name for p in published(ROOT / "notebooks")}
    assert "index.ipynb" in names and "village_pillage_rules.ipynb" in names
    assert len(names) == 1 + 4 * 3
    assert not {n for n in names if "lesson" in n or n in ("lobby.ipynb",
                                                           "class_experiment.ipynb")}
    assert all(on_static_site(n) for n in names)


def test_a_page_installs_the_project_before_its_own_cells():
    notebook = json.loads((ROOT / "notebooks" / "village_pillage_play.ipynb").read_text())
    variant = static_variant(notebook)
    assert "piplite.install('village-games')" in "".join(variant["cells"][0]["source"])
    assert variant["cells"][1:] == notebook["cells"]


def page(config: dict) -> str:
    return ('<html><head><script id="jupyter-config-data" type="application/json">'
            f"{json.dumps(config)}</script></head><body></body></html>")


def test_each_built_page_gets_the_address_script_once_and_relative_kernel_addresses():
    config = {"baseUrl": "../../", "litePluginSettings": {KERNEL: {
        "pyodideUrl": "./static/pyodide/pyodide.js", "pipliteUrls": ["./pypi/all.json"]}}}
    fixed = fix_page(page(config))
    assert fixed.count(f'<script src="../../{PAGE_ADDRESS_SCRIPT}"></script>') == 1
    assert fix_page(fixed) == fixed  # (a page fixed twice stays right)
    assert '"pyodideUrl": "../../static/pyodide/pyodide.js"' in fixed
    assert '"../../pypi/all.json"' in fixed
    assert (ROOT / "scripts" / "site-static" / Path(PAGE_ADDRESS_SCRIPT).name).exists()
