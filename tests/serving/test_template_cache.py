"""scripts/template_cache.py: page templates compiled once per server, never stale."""

import sys
from pathlib import Path

from jinja2 import DictLoader, Environment
from nbconvert.exporters.templateexporter import TemplateExporter

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from template_cache import MemoryBytecodeCache, install  # noqa: E402


def compiles(cache: MemoryBytecodeCache, source: str, monkeypatch) -> int:
    """How many times a fresh environment on `cache` compiles template `page`."""
    env = Environment(loader=DictLoader({"page": source}), bytecode_cache=cache)
    calls = []
    original = env.compile
    monkeypatch.setattr(env, "compile", lambda *a, **k: calls.append(a) or original(*a, **k))
    assert env.get_template("page").render(x="class") == source.replace("{{ x }}", "class")
    return len(calls)


def test_a_second_environment_reuses_the_compiled_template(monkeypatch):
    cache = MemoryBytecodeCache()
    assert compiles(cache, "Hello {{ x }}", monkeypatch) == 1
    assert compiles(cache, "Hello {{ x }}", monkeypatch) == 0  # a new page, no compiling


def test_an_edited_template_is_compiled_again(monkeypatch):
    cache = MemoryBytecodeCache()
    compiles(cache, "Hello {{ x }}", monkeypatch)
    assert compiles(cache, "Goodbye {{ x }}", monkeypatch) == 1


def test_every_exporter_shares_the_cache_once_installed(monkeypatch):
    monkeypatch.setattr(TemplateExporter, "_create_environment",
                        TemplateExporter._create_environment)  # undone after the test
    install()
    first, second = TemplateExporter().environment, TemplateExporter().environment
    assert first is not second
    assert first.bytecode_cache is second.bytecode_cache is not None
