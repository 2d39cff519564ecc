"""The strategy lab driven from Python: its controls, a run, Stop, the CSV, the link."""

from __future__ import annotations

import base64
import csv
import io

import pytest

from village_games.bots.tournament import run_matches
from widgets.lab import results as R
from widgets.lab.app import LabApp, make_app
from widgets.lab.setup import Entry, LabSetup, parse_lab

QUICK = {"game": "village_pillage", "players": "2", "options": "duel",
         "lineup": "heuristic,random", "games": "6", "seed": "3"}


class StandInLoop:
    """A kernel loop that runs the scheduled polls only when told to."""

    def __init__(self) -> None:
        self.calls: list = []

    def call_later(self, delay, fn, *args) -> None:
        self.calls.append((fn, args))

    def run_one(self) -> None:
        fn, args = self.calls.pop(0)
        fn(*args)


def test_a_link_sets_up_the_run() -> None:
    setup, notices = parse_lab(QUICK)
    assert notices == []
    assert setup == LabSetup("village_pillage", 2, "duel",
                             (Entry("heuristic"), Entry("random")), 6, 3)
    app = make_app(QUICK, executor=None)
    assert app.game_box.value == "village_pillage" and app.players_box.value == 2
    assert [k.value for k, _ in app.seat_boxes] == ["heuristic", "random"]
    assert app.setup_from_controls() == setup


def test_a_bad_link_names_what_is_allowed_and_opens_anyway() -> None:
    setup, notices = parse_lab({"game": "chess", "players": "9", "lineup": "genius"})
    assert setup.game == "village_pillage"
    text = " ".join(notices)
    assert "game must be one of" in text and "chess" in text
    assert "players must be a whole number from 2 to 5" in text
    assert "lineup entry is one of random, heuristic, search, equilibrium" in text


def test_the_equilibrium_bot_plays_only_duels() -> None:
    with pytest.raises(ValueError, match="bots for Village Pillage with 3 players are random, "
                                         "heuristic, search; got 'equilibrium'"):
        LabSetup("village_pillage", 3, "standard",
                 (Entry("equilibrium"), Entry("random"), Entry("random"))).check()


def test_a_run_fills_in_shares_intervals_charts_ratings_and_the_csv() -> None:
    app = make_app(QUICK, executor=None)
    app.start_button.click()
    assert app.banner.value == ""
    assert app.progress.value == 6 and app.run.done
    assert "Heuristic" in app.table.value and "95% interval" in app.table.value
    assert app.interval_chart.value[:4] == b"\x89PNG" and app.score_chart.value[:4] == b"\x89PNG"
    assert "OpenSkill" in app.ratings_html.value
    rows = list(csv.DictReader(io.StringIO(app.csv())))
    assert len(rows) == 12 and {r["bot"] for r in rows} == {"Heuristic", "Random"}
    href = app.download.value.split('href="data:text/csv;base64,')[1].split('"')[0]
    assert base64.b64decode(href).decode() == app.csv()
    # the same seed, the same games, as a plain tournament plays them
    expected = run_matches(app.setup.factories(), games=6, players=2, seed=3, executor=None,
                           new_game=app.setup.new_game(), bank_side="duel")
    assert app.run.records == expected.records


def test_stop_keeps_the_games_finished_and_the_intervals_narrow() -> None:
    app = make_app(QUICK | {"games": "40"}, executor=None)
    loop = StandInLoop()
    app.loop = lambda: loop
    app.start_button.click()
    widths = []
    for _ in range(4):  # one block of games per poll in this process
        loop.run_one()
        rows = R.slot_rows(app.run.records, app.setup.names())
        widths.append(rows[0].high - rows[0].low)
    assert 0 < app.progress.value < 40 and not app.stop_button.disabled
    assert widths[-1] < widths[0]
    app.stop_button.click()
    done = app.progress.value
    assert app.run.stopped and app.stop_button.disabled and not app.start_button.disabled
    assert "stopped" in app.status.value
    assert len(list(csv.DictReader(io.StringIO(app.csv())))) == 2 * done
    loop.calls and loop.run_one()  # a poll left over does nothing after Stop
    assert app.progress.value == done


def test_stop_without_a_run_says_so() -> None:
    app = make_app(QUICK, executor=None)
    app.stop_button.disabled = False  # (a page that lagged behind)
    app.stop_button.click()
    assert "no run is going on" in app.banner.value


def test_changing_the_game_offers_its_options_and_bots() -> None:
    app = make_app(QUICK, executor=None)
    app.game_box.value = "villages"
    assert [v for _l, v in app.options_box.options][0] == "to-50"
    kinds = [v for _l, v in app.seat_boxes[0][0].options]
    assert "equilibrium" not in kinds and "search" in kinds
    app.players_box.value = 4
    assert len(app.seat_boxes) == 4


@pytest.mark.parametrize("raw", ["1,2", "1,0,0", "4,,,2", "12,34"])
def test_a_comma_in_a_seed_is_read_only_as_a_thousands_separator(raw: str) -> None:
    """(A hostile tester found `seed=1,2` read as seed 12.)"""
    setup, notices = parse_lab({"seed": raw})
    assert setup.seed == LabSetup().seed
    assert notices == [f"seed must be a whole number from 0 to 2,147,483,647; got {raw!r}."]
    assert parse_lab({"seed": "12,345"})[0].seed == 12345


def test_a_bad_game_count_is_refused_by_name() -> None:
    app = make_app(QUICK, executor=None)
    app.games_box.value = "lots"
    app.start_button.click()
    assert "games must be a whole number from 1 to 10,000" in app.banner.value
    assert app.run is None


def test_an_unreachable_scheduler_is_named() -> None:
    pytest.importorskip("distributed")
    app = make_app(QUICK, executor=None)
    app.scheduler_box.value = "tcp://127.0.0.1:9"
    app.start_button.click()
    assert "could not reach a Dask scheduler at tcp://127.0.0.1:9 (" in app.banner.value


def test_the_local_pool_gives_the_same_games() -> None:
    app = LabApp(parse_lab(QUICK)[0])
    try:
        app.start()
        pooled = app.run.records
    finally:
        app.close()
    plain = make_app(QUICK, executor=None)
    plain.start()
    assert pooled == plain.run.records
