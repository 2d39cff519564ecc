"""The table store: both backends behave the same (run against SQLite and PostgreSQL)."""

from __future__ import annotations

import threading

import pytest

from village_games.tables import (
    BOT,
    HUMAN,
    REMOTE,
    Conflict,
    Seat,
    UnknownTable,
    new_table,
)
from village_games.tables.model import HOST, SEAT, WATCH

BASE = {"game": "villagers", "version": 1, "options": {"players": 3}, "seed": 7}
SEATS = [Seat(HUMAN, "Ana"), Seat(REMOTE, "Ben"), Seat(BOT, "Cy")]


def make(store):
    return store.create(new_table("villagers", BASE, SEATS, {"bots": "heuristic"},
                                  {"round": 1}))


def test_a_table_comes_back_as_it_was_stored(store):
    t = make(store)
    got = store.get(t.id)
    assert got == t
    assert got.base == BASE and got.names == ["Ana", "Ben", "Cy"]
    assert got.kinds == [HUMAN, REMOTE, BOT] and got.settings == {"bots": "heuristic"}


def test_keys_are_long_unguessable_and_open_only_their_own_seat(store):
    t = make(store)
    ben = t.seats[1].token
    assert len(ben) >= 22 and len(t.host_key) >= 22 and ben != t.host_key  # >= 128 bits
    assert t.seats[0].token == "" and t.seats[2].token == ""
    assert t.access(t.host_key).role == HOST and t.access(t.host_key).seats == (0,)
    assert t.access(ben).role == SEAT and t.access(ben).seats == (1,)
    assert t.access(None).role == WATCH and t.access("").seats == ()
    wrong = ben[:-1] + ("y" if ben[-1] == "x" else "x")
    assert t.access(wrong) is None and t.access("x" * 24) is None


def test_moves_append_in_order_and_each_write_raises_the_version(store):
    t = make(store)
    v, moves = store.append(t.id, 0, [(0, {"type": "A"})], {"round": 1, "turn": "Ben"})
    assert v == 1 and [m.index for m in moves] == [0]
    v, moves = store.append(t.id, 1, [(1, {"type": "B"}), (2, {"type": "C"})])
    assert v == 2 and [m.index for m in moves] == [1, 2]
    table, stored = store.load(t.id)
    assert table.version == 2 and table.moves == 3 and table.summary["turn"] == "Ben"
    assert [(m.seat, m.action["type"], m.version) for m in stored] == [
        (0, "A", 1), (1, "B", 2), (2, "C", 2)]
    assert [m.index for m in store.load(t.id, start=2)[1]] == [2]
    assert store.get(t.id).record(stored)["actions"][1] == [1, {"type": "B"}]


def test_a_move_made_on_an_old_version_is_refused_whole_and_names_who_moved_first(store):
    t = make(store)
    store.append(t.id, 0, [(1, {"type": "Ben's"})])
    with pytest.raises(Conflict) as refused:
        store.append(t.id, 0, [(0, {"type": "Ana's"}), (0, {"type": "more"})])
    assert refused.value.by == 1 and refused.value.version == 1
    table, moves = store.load(t.id)
    assert table.moves == 1 and [m.action["type"] for m in moves] == ["Ben's"]


def test_two_devices_moving_at_once_get_exactly_one_move_applied(connect):
    first = connect()
    t = make(first)
    devices = [connect() for _ in range(6)]
    start = threading.Barrier(len(devices))
    won: list[int] = []

    def move(k: int) -> None:
        start.wait()
        try:
            devices[k].append(t.id, 0, [(k % 3, {"type": f"m{k}"})])
            won.append(k)
        except Conflict:
            pass

    threads = [threading.Thread(target=move, args=(k,)) for k in range(len(devices))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    table, moves = first.load(t.id)
    assert len(won) == 1 and table.moves == 1 and table.version == 1
    assert moves[0].action["type"] == f"m{won[0]}"


def test_undo_takes_back_only_the_last_move_of_its_own_seat(store):
    t = make(store)
    v, _ = store.append(t.id, 0, [(0, {"type": "A"})])
    v, _ = store.append(t.id, v, [(1, {"type": "B"})])
    with pytest.raises(Conflict, match="only the seat that made the last move"):
        store.undo(t.id, v, seat=0)
    assert store.load(t.id)[0].moves == 2  # refused whole
    with pytest.raises(Conflict):
        store.undo(t.id, v - 1, seat=1)  # made on an old version
    v2 = store.undo(t.id, v, seat=1)
    table, moves = store.load(t.id)
    assert v2 == v + 1 and table.moves == 1 and [m.action["type"] for m in moves] == ["A"]
    v3, again = store.append(t.id, v2, [(1, {"type": "B2"})])
    assert again[0].index == 1 and again[0].version == v3  # a new version: a rewrite


def test_a_closed_table_takes_no_more_moves_and_leaves_the_open_list(store):
    t, other = make(store), make(store)
    v = store.close_table(t.id, "closed by the teacher")
    assert store.close_table(t.id, "again") == v  # closing twice changes nothing
    with pytest.raises(Conflict, match="closed by the teacher"):
        store.append(t.id, v, [(0, {"type": "A"})])
    assert [x.id for x in store.list_tables()] == [other.id]
    assert {x.id for x in store.list_tables(include_closed=True)} == {t.id, other.id}


def test_an_unknown_table_is_named_in_the_message(store):
    with pytest.raises(UnknownTable, match="no table 'nope'"):
        store.get("nope")
    with pytest.raises(UnknownTable):
        store.append("nope", 0, [(0, {"type": "A"})])


def test_another_device_sees_a_change_through_the_cheap_watermark(connect):
    writer, reader = connect(), connect()
    table = new_table("villagers", BASE, SEATS)
    unknown = reader.watermark(table.id)
    writer.create(table)
    # PostgreSQL's notices arrive a moment late: the create's too, so wait for it first.
    assert _changes_within_a_second(reader, table.id, unknown)
    before = reader.watermark(table.id)
    assert reader.watermark(table.id) == before  # nothing changed: nothing to read
    writer.append(table.id, 0, [(0, {"type": "A"})])
    assert _changes_within_a_second(reader, table.id, before)
    assert reader.get(table.id).version == 1


def _changes_within_a_second(reader, table_id, mark) -> bool:
    for _ in range(50):
        if reader.watermark(table_id) != mark:
            return True
        threading.Event().wait(0.02)
    return False


def test_only_one_device_at_a_time_plays_the_bots(connect):
    a, b = connect(), connect()
    t = make(a)
    assert a.claim_bots(t.id, "device-a", 5)
    assert not b.claim_bots(t.id, "device-b", 5)
    assert a.claim_bots(t.id, "device-a", 5)  # the holder keeps it
    a.release_bots(t.id, "device-a")
    assert b.claim_bots(t.id, "device-b", 5)


def test_the_teacher_key_is_made_once_per_store(connect):
    a, b = connect(), connect()
    key = a.teacher_key()
    assert len(key) >= 22 and b.teacher_key() == key
