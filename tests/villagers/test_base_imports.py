"""Villagers' base rules import neither the solo mode nor the expansions: the modes
register hooks with the base (modes.py), so a new expansion needs no edit of the base."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import village_games.villagers as villagers
from village_games.villagers import modes

PACKAGE = Path(villagers.__file__).parent
# The package's face (__init__) assembles the base and the modes; every other module
# directly in the package is base
BASE_MODULES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
MODES = ("village_games.villagers.solo", "village_games.villagers.expansions")


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under `if TYPE_CHECKING:` (never run: types only)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            ids.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return ids


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import the module runs: at its top, inside a
    function or class, late or conditional; `from . import x` counts as importing `.x`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_only(tree)
    here = "village_games.villagers"  # (a base module's package)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def test_every_base_module_is_found():
    names = {p.stem for p in BASE_MODULES}
    assert {"build", "draft", "flow", "padlocks", "specials", "market", "game", "views",
            "state_io", "modes"} <= names


@pytest.mark.parametrize("path", BASE_MODULES, ids=lambda p: p.name)
def test_base_module_imports_no_mode(path):
    bad = [f"line {line}: {module}" for line, module in imported_modules(path)
           if module.startswith(MODES)]
    assert not bad, f"{path.name} imports the solo mode or an expansion: {bad}"


def test_the_walk_sees_imports_inside_functions_and_relative_forms(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from .solo.state import SoloState\n"
                      "def f():\n    from .expansions.saints import nun_value\n"
                      "from . import solo\n")
    modules = [m for _, m in imported_modules(source)]
    assert "village_games.villagers.expansions.saints" in modules
    assert "village_games.villagers.solo" in modules
    assert "village_games.villagers.solo.state" not in modules  # (types only)


@pytest.mark.parametrize("hooks, table", [(modes.SOLO, modes.SOLO_HOOKS),
                                          (modes.EXPANSIONS, modes.EXPANSION_HOOKS)],
                         ids=["solo", "expansions"])
def test_each_mode_registers_every_hook_the_base_calls(hooks, table):
    assert sorted(name for name in table if name not in vars(hooks)) == []


def test_a_hook_that_is_not_in_the_table_is_refused():
    with pytest.raises(ValueError, match="has no hook fly"):
        modes.Hooks("solo", ["check"]).register({"fly": print})


def test_every_mode_action_reads_from_a_save():
    for kind in modes.RULES:
        assert villagers.game.CODEC.kind(kind.__name__) is kind
