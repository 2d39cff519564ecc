"""No widget is shown again with `layout.display = None`: under Pyodide (the static site)
None reaches the browser as undefined and the widget stays hidden; "" shows it
everywhere. A lint check over the widget layer."""

from __future__ import annotations

import ast
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


def none_displays(tree: ast.AST) -> list[int]:
    """Lines that set a `display` to None: `x.display = None`, a conditional of it, or
    `setattr(x, "display", None ...)`."""
    def is_none(node: ast.AST | None) -> bool:
        if isinstance(node, ast.Constant):
            return node.value is None
        if isinstance(node, ast.IfExp):
            return is_none(node.body) or is_none(node.orelse)
        return False

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and is_none(node.value) and any(
                isinstance(t, ast.Attribute) and t.attr == "display" for t in node.targets):
            found.append(node.lineno)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "setattr" and len(node.args) == 3
                and isinstance(node.args[1], ast.Constant) and node.args[1].value == "display"
                and is_none(node.args[2])):
            found.append(node.lineno)
    return found


def test_no_widget_is_shown_again_with_display_none() -> None:
    found = {str(p.relative_to(WIDGETS)): lines for p in sorted(WIDGETS.rglob("*.py"))
             if (lines := none_displays(ast.parse(p.read_text())))}
    assert found == {}


def test_the_check_finds_each_way_of_writing_it() -> None:
    code = ("a.layout.display = None\nb.display = None if x else 'none'\n"
            "setattr(c.layout, 'display', None)\nd.layout.display = ''\n")
    assert none_displays(ast.parse(code)) == [1, 2, 3]
