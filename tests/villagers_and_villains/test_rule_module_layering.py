"""Villagers & Villains' rule modules import each other in one direction, at their top.

The layering (each imports only from the layers below it):
    game <- dispatch <- flow <- the phase modules (recruit, defend, rulings, build, favor)
    <- legal.
A phase module carries out its rule and returns; `dispatch` then asks `flow` whether the
turn goes on or ends. An import cycle, or an import hidden in a function to dodge one,
would mean a module that cannot be read without the ones above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import village_games.villagers_and_villains as vv

PACKAGE = Path(vv.__file__).parent
NAME = "village_games.villagers_and_villains"
MODULES = {p.stem: p for p in PACKAGE.glob("*.py")}
# lowest first; the layers the knot of five (build, flow, legal, recruit, rulings) sat in
LAYERS = (("legal",), ("recruit", "defend", "rulings", "build", "favor"), ("flow",),
          ("dispatch",), ("game",))


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:` (never run: types only)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            ids.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return ids


def package_imports(tree: ast.Module) -> set[str]:
    """The package's modules a module imports when it runs (types-only imports left out):
    `from . import x`, `from .x import y` and the absolute forms."""
    skip = _type_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 1:
                module = f"{NAME}.{module}" if module else NAME
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(n[len(NAME) + 1:] for n in names if n.startswith(NAME + "."))
    return {m.split(".")[0] for m in found} & MODULES.keys()


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    return {name: package_imports(ast.parse(text)) - {name} for name, text in sources.items()}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph (its modules, the first repeated at the end), or
    None."""
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        for other in sorted(graph.get(name, ())):
            found = walk(other, path + [name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = walk(name, [])
        if found:
            return found
    return None


def imports_inside_functions(tree: ast.Module) -> list[str]:
    """'function: line' for every import statement inside a function body."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out += [f"{node.name}: line {sub.lineno}" for sub in ast.walk(node)
                    if isinstance(sub, (ast.Import, ast.ImportFrom))]
    return out


def _sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()
            if name != "__init__"}


def test_the_rule_modules_import_each_other_in_one_direction():
    graph = import_graph(_sources())
    assert cycle(graph) is None, f"an import cycle: {' -> '.join(cycle(graph) or [])}"
    layer = {name: k for k, names in enumerate(LAYERS) for name in names}
    upward = [f"{name} imports {other}" for name in layer for other in sorted(graph[name])
              if layer.get(other, -1) >= layer[name]]
    assert not upward, f"imports from the same or a higher layer: {upward}"


def test_no_rule_module_imports_inside_a_function():
    hidden = {name: found for name, text in _sources().items()
              if (found := imports_inside_functions(ast.parse(text)))}
    assert not hidden, f"imports inside functions (a cycle dodged?): {hidden}"


def test_every_layered_module_exists():
    assert {name for names in LAYERS for name in names} <= MODULES.keys()


def test_the_checks_see_a_cycle_a_late_import_and_skip_types_only_imports():
    graph = import_graph({
        "build": "from . import legal\n",
        "legal": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                 "    from .game import VillagersAndVillains\nfrom .rulings import settle\n",
        "rulings": f"from {NAME} import build\n",
        "game": "from . import build\n"})
    assert cycle(graph) == ["build", "legal", "rulings", "build"]
    assert graph["legal"] == {"rulings"}  # (game only for a type)
    late = ast.parse("def settle(g):\n    from . import flow\n    flow.end_turn(g)\n")
    assert imports_inside_functions(late) == ["settle: line 2"]
