"""The tournament example of docs/engines.md (once in the README) runs as the script it
says it is (`python tournament.py`): its pool's workers start by forkserver and import the
script, so without `if __name__ == "__main__":` each of them started a tournament of its
own and the pool broke (issue item 26). The test plays 2 games of heuristic bots instead
of 30 with a search bot, to stay quick; what it checks is the script's shape."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def test_the_tournament_example_runs_as_a_script(tmp_path):
    page = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    code = next(b for b in BLOCK.findall(page) if "import run_matches" in b)
    quick = code.replace("games=30", "games=2").replace("[SearchBot, ", "[VillagesBot, ")
    assert quick != code
    script = tmp_path / "tournament.py"
    script.write_text(quick, encoding="utf-8")
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                         if p)}
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "| bot | seats | win rate" in done.stdout and "RuntimeError" not in done.stderr
    assert code.startswith("# tournament.py") and 'if __name__ == "__main__":' in code
