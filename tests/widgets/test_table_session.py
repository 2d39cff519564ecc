"""The session is pure Python: the table, its store, bots and undo, without any widget."""

import subprocess
import sys

from widgets.table.session import TableSession
from widgets.village_pillage.adapter import PillageAdapter


def test_the_session_imports_no_widgets():
    code = ("import sys, widgets.table.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'anywidget', 'IPython')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_a_session_without_a_store_plays_in_memory():
    adapter = PillageAdapter()
    game = adapter.new_game(3, 5, ["Ana", "Ben", "Cy"])
    session = TableSession.create(adapter, game, ["human", "bot", "bot"], store=None)
    assert session.role == "host" and session.mine == (0,) and session.table is None
    session.play(0, game.legal_actions(0)[0])
    session.run_bots()
    assert len(session.game.history) >= 3 and not session.sync()
