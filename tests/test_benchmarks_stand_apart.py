"""Benchmarks never import the tests: what both need lives in harness/.

Benchmarks used to import `tests.pg_server` and tests/browser/conftest.py (through a
sys.path entry for tests/browser), so tidying the tests could break a benchmark that no CI
run notices. Every benchmarks/*.py is read as Python (never run) and must not import
`tests` or a `conftest`, nor put a tests folder on sys.path, nor name a path into tests/
at all (a path kept in a variable first would slip past the sys.path check).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))
FORBIDDEN_MODULES = {"tests", "conftest"}
PATH_CHANGES = {"insert", "append", "extend", "__setitem__", "__iadd__"}


def is_sys_path(node: ast.AST) -> bool:
    """`sys.path` itself (or `sys.path[...]`)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return (isinstance(node, ast.Attribute) and node.attr == "path"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def names_tests(node: ast.AST) -> bool:
    """Whether an expression spells a tests folder: a string "tests" or one with a
    tests/ path component."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            parts = sub.value.replace("\\", "/").split("/")
            if "tests" in parts or sub.value.startswith("tests."):
                return True
    return False


def offences(source: str) -> list[str]:
    """What in `source` imports the tests or puts them on the path, one line each."""
    found = []
    for node in ast.walk(ast.parse(source)):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"{where}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"{where}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in PATH_CHANGES
                    and is_sys_path(func.value) and names_tests(node)):
                found.append(f"{where}: sys.path.{func.attr}(... tests ...)")
            elif (isinstance(func, ast.Attribute | ast.Name)
                  and getattr(func, "attr", getattr(func, "id", "")) in
                  {"import_module", "__import__", "addsitedir"} and names_tests(node)):
                found.append(f"{where}: a dynamic import of the tests")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and (node.value == "tests" or node.value.startswith("tests/"))):
            found.append(f"{where}: a path into tests/ ({node.value!r})")
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(is_sys_path(t) for t in targets) and names_tests(node.value):
                found.append(f"{where}: sys.path gets a tests folder")
    return found


def test_there_are_benchmarks_to_check():
    assert len(BENCHMARKS) > 10


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_neither_imports_the_tests_nor_puts_them_on_the_path(path):
    assert offences(path.read_text()) == [], (
        f"{path.name} reaches into tests/: move what it needs to harness/ instead")


@pytest.mark.parametrize("source", [
    "from tests.pg_server import postgres_server",
    "import tests.browser.conftest",
    "from conftest import running_voila",
    "def f():\n    from tests import pg_server",
    'sys.path.insert(0, str(ROOT / "tests" / "browser"))',
    'sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests" / "browser")]',
    'sys.path.append("/repo/tests")',
    'sys.path += ["tests/browser"]',
    'importlib.import_module("tests.pg_server")',
    'TESTS = ROOT / "tests"\nsys.path.insert(0, str(TESTS / "browser"))',
])
def test_the_check_catches_each_way_of_reaching_the_tests(source):
    assert offences(source), source


@pytest.mark.parametrize("source", [
    "from harness.postgres import postgres_server",
    'sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]',
    '"""what the tests assert is measured here"""',
    'print("the tests pass")',
    '"""see tests/browser/conftest.py for why"""',
])
def test_the_check_lets_the_harness_and_plain_words_through(source):
    assert offences(source) == []
