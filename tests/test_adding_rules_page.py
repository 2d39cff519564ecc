"""The code on docs/adding_rules.md runs: its ```python blocks, in order, in one namespace
(a later block uses what an earlier one made), in a scratch folder. A block that no longer
runs, or whose `assert` no longer holds, fails here with its number and first line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "docs" / "adding_rules.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def python_blocks(text: str) -> list[str]:
    return BLOCK.findall(text)


def test_the_page_has_examples_to_run() -> None:
    assert len(python_blocks(PAGE.read_text())) >= 4


def test_every_example_on_the_adding_rules_page_runs(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # (the examples write deck files)
    namespace: dict = {"__name__": "adding_rules_page"}
    for k, block in enumerate(python_blocks(PAGE.read_text()), start=1):
        code = compile(block, f"{PAGE.name} block {k}", "exec")
        try:
            exec(code, namespace)  # noqa: S102 (the page's own examples)
        except Exception as exc:
            first = block.strip().splitlines()[0]
            raise AssertionError(f"block {k} of {PAGE.name} (starting {first!r}) failed: "
                                 f"{type(exc).__name__}: {exc}") from exc


def test_a_block_that_no_longer_holds_fails(tmp_path: Path) -> None:
    """(The extractor finds blocks and an assert in one is checked: the test can fail.)"""
    page = "text\n```python\nx = 1\n```\nmore\n```python\nassert x == 2\n```\n"
    blocks = python_blocks(page)
    assert blocks == ["x = 1\n", "assert x == 2\n"]
    namespace: dict = {}
    exec(blocks[0], namespace)  # noqa: S102
    with pytest.raises(AssertionError):
        exec(blocks[1], namespace)  # noqa: S102
