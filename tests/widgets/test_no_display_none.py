"""No widget is shown again with `layout.display = None`: under Pyodide (the static site)
None reaches the browser as undefined and the widget stays hidden; "" shows it
everywhere. A lint check over the widget layer and the engines' package (which never
builds widgets, but a helper there could one day hand a layout its values)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("widgets", "village_games")


def _is_none(node: ast.AST | None) -> bool:
    """None itself, or a conditional one of whose branches is None."""
    if isinstance(node, ast.Constant):
        return node.value is None
    if isinstance(node, ast.IfExp):
        return _is_none(node.body) or _is_none(node.orelse)
    return False


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def none_displays(tree: ast.AST) -> list[int]:
    """Lines that set a `display` to None: `x.display = None` (or a conditional of it),
    `setattr(x, "display", None)`, `Layout(display=None)` or `dict(display=None)`, and a
    dict literal `{"display": None}` (a layout given as a dict)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and _is_none(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == "display" for t in targets):
                found.append(node.lineno)
        elif isinstance(node, ast.Call):
            name = _called_name(node)
            if (name == "setattr" and len(node.args) == 3
                    and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value == "display" and _is_none(node.args[2])):
                found.append(node.lineno)
            elif name in ("Layout", "dict") and any(
                    k.arg == "display" and _is_none(k.value) for k in node.keywords):
                found.append(node.lineno)
        elif isinstance(node, ast.Dict) and any(
                isinstance(k, ast.Constant) and k.value == "display" and _is_none(v)
                for k, v in zip(node.keys, node.values, strict=True)):
            found.append(node.lineno)
    return sorted(found)


def test_no_widget_is_shown_again_with_display_none() -> None:
    found = {str(p.relative_to(ROOT)): lines for folder in CHECKED
             for p in sorted((ROOT / folder).rglob("*.py"))
             if (lines := none_displays(ast.parse(p.read_text())))}
    assert found == {}, "show a widget again with display = \"\", never None"


def test_the_check_finds_each_way_of_writing_it() -> None:
    code = ("a.layout.display = None\n"
            "b.display = None if x else 'none'\n"
            "setattr(c.layout, 'display', None)\n"
            "d.layout.display = ''\n"
            "e = w.Layout(display=None)\n"
            "f = Layout(width='1em', display='none' if y else None)\n"
            "g = w.Box(layout=dict(display=None))\n"
            "h = w.Box(layout={'display': None})\n"
            "i.layout.display: str | None = None\n"
            "j = w.Layout(display='')\n"
            "k = {'display': ''}\n"
            "show(display=None)\n")
    assert none_displays(ast.parse(code)) == [1, 2, 3, 5, 6, 7, 8, 9]
