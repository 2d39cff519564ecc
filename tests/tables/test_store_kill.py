"""A process killed in the middle of writing a move leaves the table whole: the move is in
the store entirely or not at all, and the table takes the next move (run on both backends)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

from tests.tables.test_store import make
from village_games.tables import open_store

WRITER = textwrap.dedent("""
    import sys, time
    from village_games.tables import open_store
    url, table_id, flag = sys.argv[1:4]
    store = open_store(url, shared=False)
    def stall(q, *topics):  # the moves are written, the transaction not yet committed
        open(flag, "w").close()
        time.sleep(600)
    store.announce = stall
    store.append(table_id, 0, [(0, {"type": "A"}), (1, {"type": "B"})])
""")


def test_a_kernel_killed_mid_move_leaves_nothing_half_written(store_url, tmp_path):
    store = open_store(store_url, shared=False)
    t = make(store)
    flag = tmp_path / "inside"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, store_url, t.id, str(flag)],
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not flag.exists():
            assert proc.poll() is None, "the writer ended before it was inside its write"
            assert time.monotonic() < deadline, "the writer never got inside its write"
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    table, moves = store.load(t.id)
    assert table.moves == 0 and table.version == 0 and moves == []
    version, stored = store.append(t.id, 0, [(0, {"type": "after"})])  # nothing is stuck
    assert version == 1 and [m.index for m in stored] == [0]
    store.close()
