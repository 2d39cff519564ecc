"""A move names the table version it was chosen on: one made on a table that has moved
on since is refused, whichever device of whichever seat made it; and a move the store
did not take is sent again until it does (or the table moved on without it)."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from village_games import villages
from village_games.tables import open_store
from village_games.tables.sqlite import SQLiteStore
from widgets.table.session import MovedFirst
from widgets.village_pillage.adapter import PillageAdapter
from widgets.villagers.adapter import VillagersAdapter
from widgets.villages.adapter import VillagesAdapter

from .test_shared_tables import address, device, first_draft, links, plan, state

DECK = villages.Draw("deck")


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


def stored_moves(url: str, app) -> list:
    return open_store(url, shared=False).load(address(app)["table"])[1]


def race(pages, action) -> list[str]:
    """Each page plays `action` for seat 0 at the same moment, each on the table version it
    shows: "made", or the refusal's message."""
    made_on = [p.session.version for p in pages]
    start = threading.Barrier(len(pages))
    outcomes: list[str] = []

    def click(page, version) -> None:
        start.wait()
        try:
            page.session.play(0, action, version)
            outcomes.append("made")
        except MovedFirst as refused:
            outcomes.append(str(refused))

    threads = [threading.Thread(target=click, args=pv) for pv in zip(pages, made_on, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_one_seat_drawing_on_two_devices_at_once_stores_one_draw(store_url):
    """The hostile tester's race: the same click on a phone and a laptop within a moment
    (on both backends)."""
    url = store_url
    host = device(url, VillagesAdapter(), {"seats": "remote,human", "seed": "3"})
    key = links(host, "vg-seat-link")["1"]
    phone, laptop = device(url, VillagesAdapter(), key), device(url, VillagesAdapter(), key)
    rounds = 0
    while rounds < 12 and not phone.session.game.is_over():
        for page in (phone, laptop):
            page.poll()
        seat = phone.session.mine_to_act()
        if seat != 0 or DECK not in phone.session.game.legal_actions(0):
            break
        before = len(stored_moves(url, phone))
        outcomes = race([phone, laptop], DECK)
        assert outcomes.count("made") == 1, outcomes
        assert "already made on another device" in next(o for o in outcomes if o != "made")
        assert len(stored_moves(url, phone)) == before + 1
        for page in (phone, laptop):
            page.poll()
        assert state(phone) == state(laptop)
        rounds += 1
        # the rest of the turn: whatever the seat is asked next, made on one device
        while phone.session.mine_to_act() == 0 and DECK not in phone.session.game.legal_actions(0):
            phone.session.play(0, phone.session.game.legal_actions(0)[0])
            laptop.poll()
    assert rounds >= 1


def test_a_draw_chosen_on_a_table_this_seat_has_left_is_refused_in_the_app(url):
    host = device(url, VillagesAdapter(), {"seats": "remote,human", "seed": "3"})
    key = links(host, "vg-seat-link")["1"]
    phone, laptop = device(url, VillagesAdapter(), key), device(url, VillagesAdapter(), key)
    phone._on_choose(DECK)  # the laptop still shows the table before it
    laptop._on_choose(DECK)  # (its page has not polled yet)
    assert "already made on another device" in laptop.screen.table_notice.value
    assert laptop.banner.value == "" and len(stored_moves(url, phone)) == 1
    assert state(laptop) == state(phone)


def test_a_half_made_plan_does_not_survive_this_seats_plan_from_another_device(url):
    host = device(url, PillageAdapter(), {"seats": "human,remote,bot", "seed": "6"})
    key = links(host, "vg-seat-link")["2"]
    phone, laptop = device(url, PillageAdapter(), key), device(url, PillageAdapter(), key)
    laptop.screen.picker.button("left", "Wall").click()  # half a plan on the laptop...
    plan(phone, "Farmer", "Raider")  # ...when the phone plans for the same seat
    assert laptop.poll()
    assert laptop.screen.picker.chosen == {} and laptop.session.mine_to_act() is None


def test_a_move_the_store_did_not_take_is_sent_again_and_reaches_the_others(tmp_path):
    """The deadlock a locked store made: Ben's move stayed on his page, Ana waited."""
    path = tmp_path / "tables.sqlite3"
    url = f"sqlite:///{path}"

    def page(params):
        from widgets.table.page import open_table
        return open_table(VillagersAdapter(), dict(params), False,
                          store=SQLiteStore(path, busy_timeout=0.05))

    ana = page({"seats": "human,remote", "seed": "4"})
    ben = page(links(ana, "vg-seat-link")["2"])
    first_draft(ana)
    assert ben.poll() and ben.session.mine_to_act() == 1
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    first_draft(ben)  # the store is locked past its busy timeout
    assert "Not saved on the server yet" in ben.screen.store_status.value
    assert not ana.poll() and "Waiting for <b>Ben</b>" in ana.screen.prompt.value
    lock.execute("ROLLBACK")
    lock.close()
    ben.session.stored._retry_at = 0  # (the wait before the next try is over)
    ben.poll()  # the page's own tick sends it again
    assert not ben.session.unsaved and ben.screen.store_status.value == ""
    assert "Saved on the server again" in ben.screen.table_notice.value
    assert ana.poll() and ana.session.mine_to_act() == 0 and state(ana) == state(ben)
    assert len(stored_moves(url, ana)) == 2


def test_a_retry_waits_longer_each_time_and_gives_up_nothing(tmp_path):
    path = tmp_path / "tables.sqlite3"
    from widgets.table.page import open_table
    host = open_table(VillagersAdapter(), {"seats": "human,remote", "seed": "4"}, False,
                      store=SQLiteStore(path, busy_timeout=0.01))
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    first_draft(host)
    s = host.session
    link = s.stored
    waits = []
    for _ in range(6):
        waits.append(link._retry_wait)
        assert s.retry_unsaved(now=link._retry_at) is False and s.unsaved
    assert waits == sorted(waits) and waits[-1] == 8.0  # 0.5 s doubling, at most 8 s
    assert not s.retry_unsaved(now=link._retry_at - 0.01)  # not before its time
    lock.execute("ROLLBACK")
    assert s.retry_unsaved(now=link._retry_at) and not s.unsaved


def test_an_unsaved_move_is_dropped_with_a_notice_when_the_table_moved_on(url, monkeypatch):
    host = device(url, VillagersAdapter(), {"seats": "remote,human", "seed": "4"})
    key = links(host, "vg-seat-link")["1"]
    phone, laptop = device(url, VillagersAdapter(), key), device(url, VillagersAdapter(), key)
    from village_games.tables import StoreUnavailable

    real = laptop.session.store.append

    def busy(*args, **kw):
        raise StoreUnavailable("the table store is busy (another program holds it locked)")

    monkeypatch.setattr(laptop.session.store, "append", busy)
    first_draft(laptop)  # kept on the laptop only
    assert laptop.session.unsaved
    first_draft(phone)  # the phone's draft is stored
    monkeypatch.setattr(laptop.session.store, "append", real)
    laptop.session.stored._retry_at = 0
    assert laptop.poll()
    assert "that move was not kept" in laptop.screen.table_notice.value
    assert state(laptop) == state(phone) and not laptop.session.unsaved
    assert laptop.screen.store_status.value == ""


def test_a_store_damaged_while_a_table_runs_is_said_once_in_words(url, tmp_path):
    host = device(url, VillagersAdapter(), {"seats": "human,remote", "seed": "4"})
    ben = device(url, VillagersAdapter(), links(host, "vg-seat-link")["2"])
    first_draft(host)
    path = tmp_path / "tables.sqlite3"
    store = ben.session.store
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = store.conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    data[page:] = b"\x5a" * (len(data) - page)
    path.write_bytes(bytes(data))
    store.conn.execute("PRAGMA cache_size = 0")
    ben.session.stored.mark = None  # (as if the file changed under it)
    for _ in range(3):
        ben.poll()
    assert ben.banner.value == ""
    status = ben.screen.store_status.value
    assert status.count("damaged") == 1 and "cannot read the table now" in status
    assert str(tmp_path) not in status + ben.screen.table_notice.value
