"""Fixtures of the serving tests."""

import importlib.machinery
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "scripts") not in sys.path:  # scripts/serve imports its neighbours
    sys.path.insert(0, str(ROOT / "scripts"))


@pytest.fixture(scope="module")
def serve():
    """scripts/serve as a module (it has no .py suffix); it sets JUPYTER_PATH on import."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUPYTER_PATH", "")
        loader = importlib.machinery.SourceFileLoader("serve", str(ROOT / "scripts" / "serve"))
        spec = importlib.util.spec_from_loader("serve", loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        yield module
