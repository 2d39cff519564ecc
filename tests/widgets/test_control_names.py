"""Every control of every page has a name a screen reader can say (WCAG 4.1.2): a
description, else a tooltip or a placeholder (the page names the widget library's bare
controls from these: share/jupyter/voila/templates/village/static/control_names.js).
And every page has a title of its own, not its file name."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
CONTROLS = (w.Dropdown, w.Select, w.SelectMultiple, w.SelectionSlider,
            w.SelectionRangeSlider, w.IntSlider, w.FloatSlider, w.IntRangeSlider,
            w.FloatRangeSlider, w.Text, w.Textarea, w.IntText, w.FloatText,
            w.BoundedIntText, w.BoundedFloatText, w.Checkbox, w.ToggleButton,
            w.ToggleButtons, w.RadioButtons, w.Combobox, w.Password)


def build(notebook: Path) -> w.Widget:
    """The app a notebook's code builds (its last expression), as Voila would show it."""
    code = "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]
                     if c["cell_type"] == "code")
    tree = ast.parse(code)
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), f"{notebook.name} does not end with its app"
    scope: dict[str, object] = {}
    exec(compile(tree, notebook.name, "exec"), scope)  # noqa: S102 - the project's own code
    return eval(compile(ast.Expression(last.value), notebook.name, "eval"), scope)  # noqa: S307


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, w.Widget):
            yield from walk(child)


def name_of(control: w.Widget) -> str:
    return " ".join(str(getattr(control, attr, "") or "") for attr in
                    ("description", "tooltip", "placeholder")).strip()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_control_of_a_page_has_a_name(notebook: Path) -> None:
    app = build(notebook)
    nameless = [f"{type(c).__name__} {c._dom_classes}" for c in walk(app)
                if isinstance(c, CONTROLS) and not name_of(c)]
    assert nameless == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_page_has_its_own_title(notebook: Path) -> None:
    """The page title is the notebook's metadata title: its first heading, and the site."""
    nb = json.loads(notebook.read_text())
    heading = next("".join(c["source"]).splitlines()[0].lstrip("# ").strip()
                   for c in nb["cells"] if c["cell_type"] == "markdown")
    title = nb["metadata"].get("title", "")
    assert title in (heading, f"{heading} · Village games")
    assert title.endswith("Village games") and "_" not in title and ".ipynb" not in title
