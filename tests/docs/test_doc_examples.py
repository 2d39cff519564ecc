"""The ```python examples of the developer notes run as written: each page's blocks in
order, in one namespace per page (a later block uses what an earlier one made), in a
scratch folder. A block that no longer runs, or whose `assert` no longer holds, fails here
naming the page and the line its block starts on."""

from __future__ import annotations

import re
import traceback
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["architecture.md", "adding_rules.md", "engines.md"]
FENCE = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Each ```python block with the line number (from 1) of its first line of code."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


def run_page(name: str, text: str) -> None:
    namespace: dict = {"__name__": f"docs_{name}"}
    for line, block in python_blocks(text):
        # Blank lines above the block keep the traceback's line numbers the page's own.
        code = compile("\n" * (line - 1) + block, f"docs/{name}", "exec")
        try:
            exec(code, namespace)  # noqa: S102 (the page's own examples)
        except Exception as exc:
            where = [f.lineno for f in traceback.extract_tb(exc.__traceback__)
                     if f.filename == f"docs/{name}"]
            at = f" (its line {where[-1]} of the page)" if where else ""
            raise AssertionError(f"docs/{name}: the python block at line {line} failed{at}: "
                                 f"{type(exc).__name__}: {exc}") from exc


@pytest.mark.parametrize("name", PAGES)
def test_every_python_example_in_the_developer_notes_runs(name: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.chdir(tmp_path)  # (examples write deck and save files)
    text = (DOCS / name).read_text(encoding="utf-8")
    assert len(python_blocks(text)) >= 3, f"docs/{name} lost its examples"
    run_page(name, text)


def test_a_block_that_breaks_fails_naming_the_page_and_its_line() -> None:
    page = "intro\n```python\nx = 1\n```\nmore\n\n```python\nassert x == 2\n```\n"
    assert python_blocks(page) == [(3, "x = 1\n"), (8, "assert x == 2\n")]
    with pytest.raises(AssertionError,
                       match=r"docs/page\.md: the python block at line 8 failed \(its line 8"):
        run_page("page.md", page)


def test_a_sketch_fenced_as_text_is_not_run() -> None:
    assert python_blocks("```text\nraise SystemExit\n```\n") == []
