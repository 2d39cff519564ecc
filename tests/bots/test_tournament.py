"""Tournaments on any executor: one process, the local process pool and a Dask cluster
play the same seeded games and tally them the same way."""

from __future__ import annotations

import functools
from concurrent.futures import ThreadPoolExecutor

import pytest

from village_games import villages
from village_games.bots import BeginnerBot, RandomBot, SearchBot
from village_games.bots.tournament import (
    GameRecord,
    MatchRun,
    local_pool,
    run_matches,
    slot_names,
)

LINEUP = [RandomBot, BeginnerBot, functools.partial(SearchBot, iterations=8)]


def _same(a, b) -> None:
    assert a.records == b.records
    assert a.to_dict() | {"seconds": 0} == b.to_dict() | {"seconds": 0}
    assert a.ratings() == b.ratings()


@pytest.fixture(scope="module")
def in_process():
    return run_matches(LINEUP, games=6, players=3, seed=4, executor=None)


def test_the_pool_plays_the_same_games_as_one_process(in_process) -> None:
    with local_pool(2) as pool:
        _same(in_process, run_matches(LINEUP, games=6, players=3, seed=4, executor=pool))
    _same(in_process, run_matches(LINEUP, games=6, players=3, seed=4))  # the default pool


def test_a_dask_cluster_plays_the_same_games_as_one_process(in_process) -> None:
    import distributed  # a dependency: CI proves the cluster, it never skips it
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        _same(in_process, run_matches(LINEUP, games=6, players=3, seed=4, executor=client))


def test_any_concurrent_futures_executor_will_do(in_process) -> None:
    with ThreadPoolExecutor(2) as threads:
        _same(in_process, run_matches(LINEUP, games=6, players=3, seed=4, executor=threads))


def test_another_seed_deals_other_games(in_process) -> None:
    other = run_matches(LINEUP, games=6, players=3, seed=5, executor=None)
    assert [r.deal for r in other.records] != [r.deal for r in in_process.records]


def test_every_lineup_slot_sits_in_every_seat_on_each_deal(in_process) -> None:
    recs = in_process.records
    assert [r.index for r in recs] == list(range(6))
    for block in (recs[:3], recs[3:]):
        assert len({r.deal for r in block}) == 1
        for seat in range(3):
            assert sorted(r.slots[seat] for r in block) == [0, 1, 2]
    assert slot_names(recs) == ["Random", "Beginner", "Search"]
    assert set(in_process.ratings()) == {"Random", "Beginner", "Search"}


def test_win_shares_come_with_wilson_or_exact_intervals(in_process) -> None:
    low, high = in_process.interval("Search")
    assert low <= in_process.win_rate("Search") <= high
    assert (low, high) == in_process.types["Search"].interval
    exact = in_process.interval("Search", method="exact")
    assert exact != (low, high)
    assert exact[0] <= in_process.win_rate("Search") <= exact[1]
    assert "95% interval" in in_process.table()


def test_a_lambda_cannot_leave_this_process_and_says_so() -> None:
    with pytest.raises(ValueError, match="must pickle.*executor=None"):
        run_matches([lambda s: RandomBot(s), RandomBot], games=2, players=2)


def test_an_executor_of_another_kind_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="concurrent.futures.Executor, a Dask"):
        run_matches([RandomBot, RandomBot], games=2, players=2, executor="cluster")


def test_a_run_can_stop_early_and_keeps_the_games_it_finished() -> None:
    with MatchRun([RandomBot, RandomBot], games=40, players=2, seed=1, executor=None,
                  new_game=villages.new_game) as run:
        first = run.collect()
        assert [r.index for r in first] == [0, 1] and not run.done
        run.stop()
        assert run.done and run.collect() == []
        res = run.results()
    assert res.games == 2 and all(isinstance(r, GameRecord) for r in res.records)


def test_a_run_on_a_pool_streams_its_games() -> None:
    with local_pool(2) as pool, MatchRun([RandomBot, BeginnerBot], games=8, players=2,
                                         seed=2, executor=pool) as run:
        seen = []
        while not run.done:
            seen.extend(run.collect(timeout=5))
        assert sorted(r.index for r in seen) == list(range(8))
        assert run.results().records == run_matches(
            [RandomBot, BeginnerBot], games=8, players=2, seed=2, executor=None).records
