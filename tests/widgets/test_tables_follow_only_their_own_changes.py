"""Each device follows its own table's change mark: moves at one table make no reads on
the devices of another (on both backends). Before, a move anywhere moved SQLite's mark
for the whole database and every device of every table read its table again."""

from __future__ import annotations

import time

from village_games.tables import open_store
from widgets.table.page import open_table
from widgets.villagers.adapter import VillagersAdapter

from .test_shared_tables import first_draft, links


def counted(app) -> dict[str, int]:
    """Count the reads of a table (its row, its moves, the list) by this device."""
    counts = {"reads": 0}
    store = app.session.store
    for name in ("load", "get", "version", "list_tables"):
        real = getattr(store, name)

        def counting(*args, _real=real, **kw):
            counts["reads"] += 1
            return _real(*args, **kw)

        setattr(store, name, counting)
    return counts


def seen(page, seconds: float = 5.0) -> bool:
    """Whether the page takes in a change within `seconds`, polling as its kernel does."""
    deadline = time.monotonic() + seconds
    while not page.poll():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def device(url: str, params: dict[str, str]):
    return open_table(VillagersAdapter(), dict(params), False,
                      store=open_store(url, shared=False))


def test_moves_at_one_table_make_no_reads_on_the_devices_of_another(store_url):
    ana = device(store_url, {"seats": "human,remote", "seed": "4"})
    ben = device(store_url, links(ana, "vg-seat-link")["2"])
    cy = device(store_url, {"seats": "human,remote", "seed": "5"})
    dee = device(store_url, links(cy, "vg-seat-link")["2"])
    for page in (ben, cy, dee):
        page.poll()
    at_a = counted(ben)
    at_b = [counted(cy), counted(dee)]
    for _ in range(6):  # table A: whoever is to act there moves
        mover, other = (ana, ben) if ana.session.mine_to_act() is not None else (ben, ana)
        first_draft(mover)
        assert seen(other)  # (PostgreSQL's notice takes a moment to arrive)
        for page in (cy, dee):
            assert not page.poll()
    assert [c["reads"] for c in at_b] == [0, 0]
    assert at_a["reads"] >= 3  # (Ben's device read Ana's moves)
