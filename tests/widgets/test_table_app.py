"""The generic table app with the Village Pillage adapter, driven by clicking its buttons."""

import json
from urllib.parse import parse_qsl

import pytest

from tests.widgets.table_moves import plan
from village_games import village_pillage
from village_games.village_pillage import Plan
from widgets.kit.apps import load_apps
from widgets.kit.query import page_query
from widgets.table import bot_runs as table_app
from widgets.table.adapter import Variant
from widgets.table.setup import Setup, parse_setup
from widgets.table.view import TableApp
from widgets.village_pillage.adapter import PillageAdapter, make_app


def frame_counts(frame):
    """[stockpile, bank, relics] per seat on a step's table (the engine's trace)."""
    return [[p["stockpile"], p["bank"], p["relics"]] for p in frame.obs["players"]]

def visible(widget) -> bool:
    return widget.layout.display != "none"


def finish_steps(app):
    while app.session.steps.frames:
        app.screen.next_button.click()
        assert app.banner.value == ""


def state(app):
    return json.dumps(app.session.game.to_dict(), sort_keys=True)


# ---------------------------------------------------------------- query string
def test_query_sets_up_the_game():
    setup, errors = parse_setup({"players": "3", "seats": "human,bot,bot", "seed": "7"},
                                PillageAdapter())
    assert errors == []
    assert setup == Setup(3, ["human", "bot", "bot"], 7, ["Ana", "Ben", "Cy"])
    setup, errors = parse_setup({"seats": "person,person", "names": "Mia, Noor"},
                                PillageAdapter())
    assert errors == [] and setup.players == 2 and setup.names == ["Mia", "Noor"]


@pytest.mark.parametrize("params, words", [
    ({"players": "9"}, ["players", "from 2 to 5", "'9'"]),
    ({"players": "three"}, ["players", "from 2 to 5"]),
    ({"seats": "human,robot"}, ["'robot'", "'human', 'remote' or 'bot'"]),
    ({"seats": "human"}, ["from 2 to 5 entries"]),
    ({"players": "4", "seats": "human,bot"}, ["seats lists 2 entries but players=4",
                                             "human, remote or bot"]),
    ({"seed": "-3"}, ["seed", "whole number from 0"]),
    ({"names": "Ann,Bo"}, ["names must list 3"]),
    ({"names": "\u200b,\u200b,\u200b"}, ["names must list 3", "visible"]),  # zero-width
    ({"names": "Ann,\x00,\x1b"}, ["names must list 3", "no control"]),
])
def test_bad_query_values_say_what_is_allowed(params, words):
    setup, errors = parse_setup(params, PillageAdapter())
    assert len(errors) == 1
    for word in words:
        assert word in errors[0]
    assert 2 <= setup.players <= 5 and len(setup.seats) == setup.players


def test_a_link_key_no_part_of_the_app_reads_is_named_and_the_rest_is_used():
    """(A hostile tester's `?player=2&seats=...` opened the defaults without a word.)"""
    app = make_app({"player": "2", "seats": "human,bot,bot", "bot": "random", "seed": "9"})
    assert ("there is no setting &#x27;player&#x27; or &#x27;bot&#x27; (the settings are "
            "players, seats, seed, names, variant, bots, strength, table, key), so they were "
            "ignored.") in app.notice.value
    assert app.session.game.seed == 9 and app.session.game.num_players == 3
    assert make_app({"players": "2", "bots": "random", "strength": "300"}).notice.value == ""


def test_a_prebuilt_page_names_the_link_keys_it_does_not_read(monkeypatch):
    from widgets.table.bot_choice import open_play_page

    monkeypatch.setenv("QUERY_STRING", "players=2&seeds=4")
    app = open_play_page(make_app)
    assert "there is no setting &#x27;seeds&#x27;" in app.notice.value


def test_bad_query_shows_a_notice_in_the_app():
    app = make_app({"players": "8", "seed": "4"})
    assert "from 2 to 5" in app.notice.value and app.setup.players_box.value == 3
    assert app.session.game.seed == 4


def test_page_query_reads_the_environment_outside_preheating(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=4&seats=human,bot,bot,human&seed=12")
    assert page_query() == {"players": "4", "seats": "human,bot,bot,human", "seed": "12"}


def test_the_app_is_built_before_the_link_is_read_and_then_follows_it(monkeypatch):
    """A pre-heated kernel builds the app while it waits for the page; the link's setup then
    starts its game in the same widgets, bad values noted as usual."""
    from widgets.table.page import open_table
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=4&seats=bot,human,bot,bot&seed=12&names=A,B,C,D")
    app = open_table(PillageAdapter())
    g = app.session.game
    assert (g.num_players, g.seed, app.setup.players_box.value) == (4, 12, 4)
    assert [t.value for t, _ in app.setup.seat_boxes] == ["bot", "human", "bot", "bot"]
    assert app.session.game.player_name(1) == "B" and app.setup.seed_box.value == 12
    assert app.session.mine_to_act() == 1 and "Your turn" in app.screen.prompt.value
    monkeypatch.setenv("QUERY_STRING", "players=3&seed=x")
    app = open_table(PillageAdapter())
    assert "seed" in app.notice.value and app.session.game.num_players == 3


def live_models_refer_only_to_live_models() -> list[str]:
    """Every open widget's references (children, layout, style) point at open widgets: a
    page that opens later loads every live model, and one dangling reference stops the
    whole app from drawing ("Loading widget...")."""
    from ipywidgets.widgets.widget import _instances
    bad = []
    for model_id, widget in list(_instances.items()):
        refs = [*getattr(widget, "children", ()), getattr(widget, "layout", None),
                getattr(widget, "style", None)]
        bad += [f"{type(widget).__name__} {model_id} -> {type(r).__name__}"
                for r in refs if r is not None and r.comm is None]
    return bad


@pytest.mark.parametrize("adapter", ["pillage", "villagers"])
def test_a_link_with_another_seat_count_leaves_no_dangling_model(monkeypatch, adapter):
    from widgets.table.page import open_table
    from widgets.villagers.adapter import VillagersAdapter
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=2&seats=human,bot&seed=3")
    app = open_table(PillageAdapter() if adapter == "pillage" else VillagersAdapter())
    assert app.session.game.num_players == 2
    app.setup.players_box.value = 5  # and a change made in the page
    assert live_models_refer_only_to_live_models() == []


def test_the_same_seat_count_reuses_the_seat_controls(sent):
    app = make_app({"players": "3", "seed": "2"})
    toggles = [t for t, _ in app.setup.seat_boxes]
    app.apply_setup(parse_setup({"players": "3", "seats": "human,human,bot", "seed": "5"},
                                app.adapter)[0])
    assert [t for t, _ in app.setup.seat_boxes] == toggles
    assert [t.value for t in toggles] == ["human", "human", "bot"] and app.session.game.seed == 5


# ---------------------------------------------------------------- variants
def bank_and_relics(app):
    obs = app.session.game.observation(None)
    return obs["bank_cap"], obs["relic_costs"]


def test_the_variant_dropdown_shows_only_for_two_players():
    app = make_app({"players": "3", "seed": "2"})
    assert not visible(app.setup.variant_box)
    app.setup.players_box.value = 2
    assert visible(app.setup.variant_box) and app.setup.variant_box.value == "duel"
    assert [label for label, _ in app.setup.variant_box.options] == [
        "Duel (bank 4, relics 6/7/8)", "Long duel (bank 5, relics 8/9/10)"]
    for n in (3, 4, 5):
        app.setup.players_box.value = n
        assert not visible(app.setup.variant_box)


def test_picking_long_duel_gives_bank_5_and_relics_8_9_10():
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3"})
    assert bank_and_relics(app) == (4, [6, 7, 8])  # the duel is the default
    app.setup.variant_box.value = "long"
    app.setup.new_button.click()
    assert app.banner.value == ""
    assert bank_and_relics(app) == (5, [8, 9, 10])
    assert "bank cap 5" in app.screen.board.html and "relics 8/9/10" in app.screen.board.html
    app.setup.players_box.value = 3  # no variants: the standard game
    app.setup.new_button.click()
    assert app.banner.value == "" and bank_and_relics(app) == (5, [8, 9, 10])
    app.setup.players_box.value = 2
    app.setup.new_button.click()
    assert bank_and_relics(app) == (4, [6, 7, 8])


def test_the_query_string_picks_the_variant():
    setup, errors = parse_setup({"players": "2", "variant": "Long"}, PillageAdapter())
    assert errors == [] and setup.variant == "long"
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3", "variant": "long"})
    assert app.notice.value == "" and app.setup.variant_box.value == "long"
    assert visible(app.setup.variant_box)
    assert bank_and_relics(app) == (5, [8, 9, 10])
    app.setup.new_button.click()  # a new game keeps the variant the link chose
    assert bank_and_relics(app) == (5, [8, 9, 10])


@pytest.mark.parametrize("params, words", [
    ({"players": "2", "variant": "longer"}, ["'duel' or 'long'", "'longer'", "uses 'duel'"]),
    ({"players": "3", "variant": "long"}, ["does not apply", "3 players",
                                           "with 2 players: 'duel' or 'long'"]),
])
def test_a_bad_variant_gives_a_notice_naming_the_allowed_values(params, words):
    app = make_app(params)
    for word in words:
        assert word.replace("'", "&#x27;") in app.notice.value
    assert bank_and_relics(app) == ((4, [6, 7, 8]) if params["players"] == "2"
                                    else (5, [8, 9, 10]))


def test_save_and_load_keep_the_variant():
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3", "variant": "long"})
    app.tools.save_button.click()
    other = make_app({"players": "2", "seats": "human,bot", "seed": "3"})
    assert bank_and_relics(other) == (4, [6, 7, 8])
    other.tools.load_text.value = app.tools.save_text.value
    other.tools.load_button.click()
    assert other.banner.value == ""
    assert bank_and_relics(other) == (5, [8, 9, 10]) and state(other) == state(app)
    assert other.setup.variant_box.value == "long" and visible(other.setup.variant_box)
    other.setup.new_button.click()  # the dropdown followed the save, so a new game does too
    assert bank_and_relics(other) == (5, [8, 9, 10])


def test_an_adapter_without_variants_has_no_dropdown():
    class Plain(PillageAdapter):
        variants = None  # as if the adapter never declared any

        def new_game(self, players, seed, names):  # no keyword options either
            return super().new_game(players, seed, names)

    app = TableApp(Plain(), Setup(2, ["human", "bot"], 1, ["Ana", "Ben"]))
    assert not visible(app.setup.variant_box) and app.setup.variant_box.value is None
    app.setup.new_button.click()
    assert app.banner.value == "" and bank_and_relics(app) == (4, [6, 7, 8])
    assert parse_setup({"players": "2", "variant": "long"}, Plain())[1] == [
        "variant 'long' does not apply: 2 players have one way to play."]


def test_variants_are_named_by_the_adapter():
    assert [v.key for v in PillageAdapter().variants(2)] == ["duel", "long"]
    assert all(isinstance(v, Variant) for v in PillageAdapter().variants(2))
    assert PillageAdapter().variants(4) == []


def test_the_gallery_play_links_open_without_notices():
    play = next(a for a in load_apps() if a.notebook == "village_pillage_play.ipynb")
    for label, query in play.examples:
        setup, errors = parse_setup(dict(parse_qsl(query)), PillageAdapter())
        assert errors == [], (label, errors)
        if "Long duel" in label:
            assert setup.variant == "long"


# ---------------------------------------------------------------- playing
def test_bots_play_a_whole_game_step_by_step():
    app = make_app({"seats": "bot,bot,bot", "seed": "3"})
    rounds = 0
    while app.session.steps.frames or not app.session.game.is_over():
        assert app.session.steps.frames and visible(app.screen.step_bar)
        app.screen.all_button.click()
        rounds += 1
        assert app.banner.value == "" and rounds < 200
    assert "Game over" in app.screen.prompt.value and "vg-winner-banner" in app.screen.board.html
    assert app.session.game.winners()


def test_bots_without_steps_finish_at_once():
    app = make_app({"seats": "bot,bot", "seed": "8"}, step_by_step=False)
    assert app.session.game.is_over() and not app.session.steps.frames


class FakeLoop:
    """Stands in for the kernel's event loop: keeps what is scheduled until run."""

    def __init__(self):
        self.pending = []
        self.delays = []

    def call_later(self, delay, fn, *args):
        self.delays.append(delay)
        self.pending.append((fn, args))

    def run_one(self):
        fn, args = self.pending.pop(0)
        fn(*args)


def bursting(monkeypatch):
    """Two bots (seed 8, step-by-step off) with a stand-in kernel loop, one move a burst."""
    app = make_app({"seats": "bot,bot", "seed": "8"}, step_by_step=False)
    loop = FakeLoop()
    app.loop = lambda: loop
    monkeypatch.setattr(table_app, "BOT_BURST_S", 0.0)
    return app, loop


def test_in_a_live_kernel_a_bot_run_goes_in_bursts_with_the_table_shown_between(monkeypatch):
    finished = make_app({"seats": "bot,bot", "seed": "8"}, step_by_step=False)
    app, loop = bursting(monkeypatch)
    app.setup.new_button.click()
    assert app.bot_runs.playing and not app.session.game.is_over() and len(loop.pending) == 1
    assert "The bots are playing: 1 move so far" in app.screen.prompt.value
    assert app.screen.board.html and not app.screen.picker.buttons
    seen = []
    while loop.pending:
        loop.run_one()
        seen.append(app.screen.prompt.value)
        assert app.banner.value == ""
    assert "The bots are playing: 2 moves so far" in seen[0]
    assert not app.bot_runs.playing and "Game over" in app.screen.prompt.value
    assert state(app) == state(finished)  # the same game as in one call


def test_a_burst_that_overran_is_followed_by_a_longer_pause(monkeypatch):
    """A search bot's one move may take seconds: the pause after it grows with the overrun,
    so the page still gets the kernel between moves (a 0.3 s burst keeps the short one)."""
    app, loop = bursting(monkeypatch)
    monkeypatch.setattr(table_app, "BOT_BURST_S", 0.3)
    clock = iter([0.0, 0.1, 10.0, 12.3])  # a burst of 0.1 s, then one of 2.3 s
    monkeypatch.setattr(table_app.time, "monotonic", lambda: next(clock))
    session = app.session
    monkeypatch.setattr(session, "run_bots", lambda deadline: True)
    app.bot_runs._burst(session, app.bot_runs.run, loop)
    app.bot_runs._burst(session, app.bot_runs.run, loop)
    assert loop.delays == [table_app.BOT_PAUSE_S, pytest.approx(table_app.BOT_OVERRUN_PAUSE * 2.0)]


def test_a_loop_running_outside_a_kernel_leaves_bots_playing_in_one_call(monkeypatch):
    """A library may keep an event loop running in the thread (Playwright's sync API does
    in browser tests): only a live kernel's loop makes bots play in bursts."""
    loop = FakeLoop()
    monkeypatch.setattr(table_app.asyncio, "get_running_loop", lambda: loop)
    monkeypatch.setattr(table_app, "BOT_BURST_S", 0.0)
    app = make_app({"seats": "bot,bot", "seed": "8"}, step_by_step=False)
    assert app.session.game.is_over() and not app.bot_runs.playing and not loop.pending


def test_a_new_game_ends_the_bot_run_under_way(monkeypatch):
    app, loop = bursting(monkeypatch)
    app.setup.new_button.click()
    loop.run_one()
    moves = len(app.session.game.history)
    app.setup.seed_box.value = 9
    app.setup.new_button.click()  # the first game's next burst is already scheduled
    assert len(loop.pending) == 2
    loop.run_one()  # the stale burst: nothing happens
    assert len(app.session.game.history) == 1 and app.session.game.seed == 9 and moves == 2
    while loop.pending:
        loop.run_one()
    assert app.session.game.is_over() and app.session.game.seed == 9
    assert state(app) == state(make_app({"seats": "bot,bot", "seed": "9"},
                                        step_by_step=False))


def test_bots_playing_on_leave_the_message_of_a_refused_click_in_place(monkeypatch):
    app, loop = bursting(monkeypatch)
    app.setup.new_button.click()
    app.screen.undo_button.click()  # refused: nothing to undo
    message = app.banner.value
    assert message
    loop.run_one()
    assert app.banner.value == message and app.bot_runs.playing


def test_a_person_plans_and_the_round_resolves_step_by_step():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    assert "Your turn" in app.screen.prompt.value and "Ana" in app.screen.prompt.value
    assert "vg-to-act" in app.screen.board.html
    before = app.session.game.observation(0)
    plan(app, "Farmer", "Raider")
    assert app.session.steps.frames and visible(app.screen.step_bar)
    assert app.screen.picker.children == ()
    assert app.session.steps.frames[0].text.startswith("Cards revealed")
    # the first frame shows the cards face up, with the counts from before the round
    assert 'data-card="Farmer"' in app.screen.board.html
    assert "vg-phase\">Resolve" in app.screen.board.html
    assert frame_counts(app.session.steps.frames[0])[0][:2] == [before["players"][0]["stockpile"],
                                           before["players"][0]["bank"]]
    seen = []
    while app.session.steps.frames:
        seen.append(frame_counts(app.session.steps.frames[app.session.steps.index]))
        assert "Step" in app.screen.step_text.value
        app.screen.next_button.click()
    assert "Ana&#x27;s Farmer gains 3" in app.screen.log_view.value
    final = app.session.game.observation(0)["players"]
    shown_last = seen[-1]
    assert [[p["stockpile"], p["bank"], p["relics"]] for p in final] == shown_last
    assert "Your turn" in app.screen.prompt.value


def test_illegal_or_stale_clicks_show_an_error_and_change_nothing():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    before = state(app)
    app.screen.picker.set_actions([Plan("Farmer", "Farmer")])  # a stale picker offering a bad plan
    app.screen.picker.button("left", "Farmer").click()
    app.screen.picker.button("right", "Farmer").click()
    app.screen.picker.confirm.click()
    assert "cannot be played twice" in app.banner.value
    assert state(app) == before
    app.screen.next_button.click()  # nothing to step through
    assert "no resolution" in app.banner.value


def test_hot_seat_hands_over_without_showing_the_others_cards():
    app = make_app({"seats": "human,human,bot", "seed": "2"})
    assert visible(app.screen.handover) and not visible(app.screen.board)
    assert app.screen.board.html == ""
    assert "Pass to Ana" in app.screen.handover_text.value and app.screen.picker.children == ()
    app.screen.handover_button.click()
    assert visible(app.screen.board) and "Your hand" in app.screen.board.html
    plan(app, "Wall", "Merchant")
    # still Ana's view
    assert "Your hand" in app.screen.board.html and visible(app.screen.pass_button)
    app.screen.pass_button.click()
    # Ben's turn: the table is hidden until Ben says he is ready
    assert visible(app.screen.handover) and "Pass to Ben" in app.screen.handover_text.value
    assert app.screen.board.html == "" and "places" not in app.screen.log_view.value
    app.screen.handover_button.click()
    board = app.screen.board.html
    assert "vg-viewer vg-to-act" in board and 'data-seat="1"' in board
    ana = board[board.index('data-seat="0"'):board.index('data-seat="2"')]
    assert "data-card" not in ana.split("vg-plan-area")[1]  # Ana's cards face down
    assert "places" not in app.screen.log_view.value  # Ana's secret log line is not shown
    plan(app, "Farmer", "Raider")
    finish_steps(app)
    assert visible(app.screen.handover) and "Pass to Ana" in app.screen.handover_text.value


def test_undo_takes_back_an_unrevealed_plan_only_before_the_screen_passes_on():
    app = make_app({"seats": "human,human,bot", "seed": "2"})
    app.screen.handover_button.click()
    assert app.screen.undo_button.disabled
    start = state(app)
    plan(app, "Wall", "Merchant")
    assert visible(app.screen.pass_button)
    assert "pass the screen to <b>Ben</b>" in app.screen.prompt.value
    assert not app.screen.undo_button.disabled
    app.screen.undo_button.click()
    assert state(app) == start and app.banner.value == ""
    assert not visible(app.screen.handover) and "Your turn" in app.screen.prompt.value  # Ana again
    assert app.screen.undo_button.disabled
    plan(app, "Wall", "Merchant")
    app.screen.pass_button.click()
    assert visible(app.screen.handover) and "Pass to Ben" in app.screen.handover_text.value
    assert app.screen.undo_button.disabled  # Ben cannot take Ana's move back
    app.screen.handover_button.click()
    plan(app, "Farmer", "Raider")  # the bot plans last: cards are revealed
    assert app.screen.undo_button.disabled
    finish_steps(app)
    assert app.screen.undo_button.disabled and "reveal" in app.screen.undo_button.tooltip


def test_save_and_load_round_trip():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    plan(app, "Farmer", "Raider")
    finish_steps(app)
    app.tools.save_button.click()
    saved = app.tools.save_text.value
    assert "data:application/json;base64," in app.tools.save_link.value
    other = make_app({"players": "4", "seats": "bot,human,bot,bot", "seed": "1"})
    other.tools.load_text.value = saved
    other.tools.load_button.click()
    assert other.banner.value == ""
    assert state(other) == state(app)
    assert other.session.kinds == ["human", "bot", "bot"] and other.setup.players_box.value == 3
    assert [t.value for _, t in other.setup.seat_boxes] == ["Ana", "Ben", "Cy"]
    assert "Your turn" in other.screen.prompt.value
    # and play goes on from there
    plan(other, "Wall", "Merchant")
    assert other.banner.value == ""


def _three_relics_mid_game():
    g = village_pillage.new_game(players=3, seed=5)
    d = g.to_dict()
    d["players"][1]["relics"] = 3
    return json.dumps({"format": "village-games-table", "game": "village_pillage", "state": d})


@pytest.mark.parametrize("text, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"format": "village-games-table", "game": "villages", "state": {}}', "for &#x27;villages"),
    ('{"format": "village-games-table", "game": "village_pillage", "seats": ["human"]}',
     "no game in it: its &#x27;state&#x27; part is missing"),
    ('{"players": [{}, {}]}', "does not say which game"),
    ('{"game": "village_pillage", "version": 2, "players": [{"hand": ["Dragon"]}, {}]}',
     "Dragon"),
    ('{"game": "village_pillage", "version": 2, "players": [{}, {}, {}, {}, {}, {}]}',
     "2 to 5 players"),
    ('{"game": "village_pillage", "version": 99, "players": [{}, {}]}', "format version 99"),
    ('{"game": "village_pillage", "players": [{}, {}]}', "incomplete"),
    (_three_relics_mid_game(), "impossible position: Player 2 already holds three relics"),
    ("", "paste a saved game"),
    ("[" * 100_000 + "]" * 100_000, "nested far too deeply"),
    ('{"game": ' + "[" * 200 + "]" * 200 + "}", "nested more than 32 levels"),
    ('{"game": 1' + "0" * 5000 + "}", "number far too long"),
])
def test_bad_load_is_refused_beside_the_load_control_and_changes_nothing(text, words):
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    before, board = state(app), app.screen.board.html
    app.tools.load_text.value = text
    app.tools.load_button.click()
    assert "Not loaded" in app.tools.load_note.value and words in app.tools.load_note.value
    assert state(app) == before and app.screen.board.html == board
    assert app.session.kinds == ["human", "bot", "bot"]


def test_a_save_file_can_be_uploaded_and_the_load_says_so():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    plan(app, "Farmer", "Raider")
    finish_steps(app)
    other = make_app({"players": "2", "seats": "human,bot", "seed": "1"})
    other.tools.load_upload.set_state({"value": [{"name": "game.json", "type": "", "size": 1,
                                            "last_modified": 0,
                                            "content": app.save_json().encode()}]})
    assert state(other) == state(app)
    assert "Loaded: Village Pillage, 3 players, seed 5" in other.tools.load_note.value
    other.tools.load_upload.set_state({"value": [{"name": "photo.json", "type": "", "size": 1,
                                            "last_modified": 0, "content": b"\xff\xfe"}]})
    assert "photo.json is not a text file" in other.tools.load_note.value
    assert state(other) == state(app)


def test_new_game_from_the_setup_controls():
    app = make_app()
    app.setup.players_box.value = 2
    assert len(app.setup.seat_boxes) == 2
    app.setup.seat_boxes[1][0].value = "human"
    app.setup.seat_boxes[1][1].value = "Zoe"
    app.setup.seed_box.value = 99
    app.setup.new_button.click()
    assert app.banner.value == ""
    assert app.session.game.num_players == 2 and app.session.game.seed == 99
    assert app.session.kinds == ["human", "human"] and app.session.game.player_name(1) == "Zoe"
    assert visible(app.screen.handover)  # two people: hand over first
    app.setup.seat_boxes[1][1].value = "Ana"
    app.setup.new_button.click()
    assert "same name" in app.banner.value and app.session.game.player_name(1) == "Zoe"


def test_the_app_works_for_every_player_count():
    for n in range(2, 6):
        app = TableApp(PillageAdapter(), Setup(n, ["human"] + ["bot"] * (n - 1), n,
                                               ["Ana", "Ben", "Cy", "Dee", "Eli"][:n]))
        assert app.screen.board.html.count('class="vg-village ') == n
        first = app.screen.picker.actions[0]
        if n == 2:
            app.screen.picker.button("front", first.front).click()
            app.screen.picker.button("back", first.back).click()
        else:
            app.screen.picker.button("left", first.left).click()
            app.screen.picker.button("right", first.right).click()
        app.screen.picker.confirm.click()
        assert app.banner.value == ""
        finish_steps(app)
        assert app.session.game.round == 2 or app.session.game.phase == "resolve"


def test_clicking_cards_on_the_table_picks_them_like_the_buttons():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    bare = [t for t in app.screen.board.targets if "=" not in t]  # (the cards name no field)
    assert sorted(bare) == ["Farmer", "Merchant", "Raider", "Wall"]
    assert 'data-vg-value="Raider"' in app.screen.board.html
    app.screen.board.click("Raider")
    assert app.screen.picker.chosen == {"left": "Raider"} and "Raider" in app.screen.board.picked
    assert "vg-selected" in app.screen.picker.button("left", "Raider")._dom_classes
    app.screen.board.click("Raider")  # a second click takes the pick back
    assert app.screen.picker.chosen == {} and app.screen.board.picked == []
    app.screen.board.click("Raider")
    app.screen.board.click("Wall")
    assert app.screen.picker.ready() == Plan("Raider", "Wall")
    app.screen.picker.confirm.click()
    # the plan went in and the round resolved
    assert app.session.game.round == 2 or app.session.steps.frames


def test_a_card_that_is_not_a_choice_cannot_be_clicked_on_the_table():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    before = state(app)
    with pytest.raises(ValueError, match="cannot be picked on the board now"):
        app.screen.board.click(app.session.game.market[0])  # market cards are on show, not on offer
    assert state(app) == before and app.screen.picker.chosen == {}


def test_undo_stops_where_the_engine_reports_a_reveal_or_chance():
    app = make_app({"players": "3", "seats": "human,human,bot", "seed": "5"})
    app.screen.handover_button.click()
    plan(app, "Farmer", "Raider")  # face down: nothing revealed, so a snapshot is kept
    assert app.session.undo_seat == 0
    app.screen.pass_button.click()
    app.screen.handover_button.click()
    plan(app, "Wall", "Farmer")  # the bot then plans and the reveal is flagged by the engine
    assert any(e.kind == "reveal" and e.final for e in app.session.game.log)
    assert app.session.undo_seat is None
    assert "revealed or left to chance" in app.session.undo_reason
    assert app.screen.undo_button.disabled


def test_in_hot_seat_the_next_player_cannot_undo_the_previous_move():
    app = make_app({"players": "3", "seats": "human,human,bot", "seed": "5"})
    app.screen.handover_button.click()
    plan(app, "Farmer", "Raider")
    app.screen.pass_button.click()
    # Ben's hand-over screen
    assert visible(app.screen.handover) and app.screen.undo_button.disabled
    with pytest.raises(ValueError, match="only the one who moved may take it back"):
        app._on_undo()
    app.screen.undo_button.click()  # a stray click changes nothing
    app.screen.handover_button.click()
    assert app.screen.undo_button.disabled
    assert app.session.game.players[0].plan == ["Farmer", "Raider"]


def _deck_text(old, new):
    from village_games.village_pillage import CARD_FILE
    text = CARD_FILE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def test_a_user_deck_file_starts_a_game_with_those_cards():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    assert "game's own cards" in app.tools.deck.note.value and app.tools.deck.reset.disabled
    app.tools.deck.upload.set_state({"value": [{"name": "house.toml", "type": "", "size": 1,
                                          "last_modified": 0,
                                          "content": _deck_text('Farmer = "gain 3"',
                                                                'Farmer = "gain 4"')}]})
    assert app.session.game.cards.name == "house.toml" and app.session.game.options["deck"]["name"]
    assert "house.toml" in app.tools.deck.note.value and "deck: house.toml" in app.screen.board.html
    app.setup.new_button.click()  # the deck stays for the next games
    assert app.session.game.cards.name == "house.toml"
    app.tools.deck.reset.click()
    assert app.session.game.cards.is_standard and "deck" not in app.session.game.options


def test_a_deck_file_that_is_not_text_is_refused_clearly():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    with pytest.raises(ValueError, match="picture.png is not a text file"):
        app.use_deck(("picture.png", b"\x89PNG\xff\xfe"))
    assert app.session.game.cards.is_standard


def test_a_bad_deck_upload_shows_the_file_card_and_field_and_changes_nothing():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    before = state(app)
    app.tools.deck.upload.set_state({"value": [{"name": "broken.toml", "type": "", "size": 1,
                                          "last_modified": 0,
                                          "content": _deck_text('name = "Wall"\ntype = "Wall"',
                                                                'name = "Wall"\ntype = '
                                                                '"Knight"')}]})
    # the refusal shows next to the deck's buttons, not in the banner
    assert "Not used: broken.toml card 'Wall': field 'type'" in app.tools.deck.note.value
    assert state(app) == before and app.session.game.cards.is_standard and not app.banner.value


@pytest.mark.parametrize("key", ["players", "seed"])
@pytest.mark.parametrize("raw", ["9" * 5000, "²", "１２"])
def test_an_unusable_number_in_the_link_gets_a_short_notice_not_a_crash(key, raw):
    setup, errors = parse_setup({key: raw}, PillageAdapter())
    assert len(errors) == 1 and "must be a whole number" in errors[0]
    assert len(errors[0]) < 200  # the value is echoed cut short
    default = parse_setup({}, PillageAdapter())[0]
    assert setup.players == default.players


def test_long_bad_values_are_echoed_cut_short_everywhere():
    long = "x" * 3000
    _setup, errors = parse_setup({"seats": long, "variant": long, "players": "3"},
                                 PillageAdapter())
    assert len(errors) == 2 and all(len(e) < 300 for e in errors)
    app = make_app({"players": "9" * 5000, "seed": "9" * 5000})  # the app still opens
    assert app.session.game is not None and len(app.notice.value) < 1000


def test_the_duels_one_card_queue_waits_for_confirm_and_a_pick_can_be_taken_back():
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3"})
    app.screen.picker.button("front", "Farmer").click()
    app.screen.picker.button("back", "Wall").click()
    app.screen.picker.confirm.click()
    finish_steps(app)
    assert app.session.game.round == 2 and type(app.screen.picker.actions[0]).__name__ == "Queue"
    card = app.screen.picker.actions[0].card
    app.screen.picker.button("card", card).click()  # one click only picks it
    assert app.session.game.players[0].plan == ["Wall"]
    assert app.screen.picker.chosen == {"card": card}
    assert not app.screen.picker.confirm.disabled and "Ready" in app.screen.picker.summary.value
    app.screen.picker.button("card", card).click()  # and a second click takes it back
    assert app.screen.picker.chosen == {} and app.screen.picker.confirm.disabled
    app.screen.board.click(card)
    app.screen.picker.confirm.click()
    finish_steps(app)
    assert app.session.game.round == 3 and app.session.game.players[0].plan[:1] == [card]


def test_the_log_keeps_the_whole_game_grouped_by_round():
    app = make_app({"seats": "bot,bot,bot", "seed": "8"}, step_by_step=False)
    assert app.session.game.is_over() and len(app.session.game.log) > 80
    log = app.screen.log_view.value
    assert log.count('class="vg-log-line') == len(app.session.game.log)
    rounds = app.session.game.round
    assert log.count("vg-log-round-head") == rounds
    assert "Round 1<" in log and f"Round {rounds}<" in log
    from html import escape
    assert escape(app.session.game.log[1].text_for(None)) in log  # the earliest lines are kept


def test_the_bar_above_the_table_confirms_a_pick_made_on_the_table():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    assert visible(app.screen.turn_confirm) and app.screen.turn_confirm.disabled
    app.screen.board.click("Farmer")
    assert app.screen.turn_confirm.disabled
    with pytest.raises(ValueError, match="pick a card for every choice"):
        app.screen.confirm_turn()
    app.screen.board.click("Wall")
    assert not app.screen.turn_confirm.disabled
    app.screen.turn_confirm.click()
    assert app.session.game.history[0] == (0, Plan("Farmer", "Wall"))
    assert not visible(app.screen.turn_confirm)  # stepping through the round: nothing to confirm


def test_share_this_table_gives_a_link_that_opens_the_same_game():
    from urllib.parse import parse_qsl
    app = make_app({"players": "2", "seats": "human,bot", "seed": "11", "variant": "long",
                    "names": "Mia,Noor"})
    query = app.sharing.share_query(app.session)
    assert query == "?players=2&seats=human,bot&seed=11&names=Mia,Noor&variant=long"
    assert query.replace("&", "&amp;") in app.sharing.share.value
    again = make_app(dict(parse_qsl(query[1:])))
    assert state(again) == state(make_app({"players": "2", "seats": "human,bot", "seed": "11",
                                           "variant": "long", "names": "Mia,Noor"}))
    assert again.session.game.to_dict()["options"] == app.session.game.to_dict()["options"]
    plain = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    # (defaults left out)
    assert plain.sharing.share_query(plain.session) == "?players=3&seats=human,bot,bot&seed=5"


@pytest.mark.parametrize("number", ["9" * 5000, "9" * 200])
def test_a_save_with_an_absurd_number_is_refused_with_a_short_message(number):
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    before = state(app)
    app.tools.load_text.value = ('{"game": "village_pillage", "version": 2, "players": '
                           f'[{{"stockpile": {number}}}, {{}}, {{}}]}}')
    app.tools.load_button.click()
    assert "Not loaded" in app.tools.load_note.value and len(app.tools.load_note.value) < 300
    assert state(app) == before


def test_an_empty_save_file_upload_says_so():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    app.tools.load_upload.set_state({"value": [{"name": "blank.json", "type": "", "size": 0,
                                          "last_modified": 0, "content": b"  \n"}]})
    assert "blank.json is empty" in app.tools.load_note.value


def test_a_double_click_on_confirm_makes_one_move_and_shows_no_error():
    """The second click of a double click reaches the kernel after the first made the
    move: the Confirm it was sent to is disabled by then."""
    app = make_app({"players": "3", "seats": "human,human,bot", "seed": "5"})
    app.screen.handover_button.click()
    app.screen.board.click("Farmer")
    app.screen.board.click("Wall")
    confirm = app.screen.picker.confirm
    confirm.click()
    moves = len(app.session.game.history)
    confirm.click()  # (sent before the page learnt the button was disabled)
    app.screen.turn_confirm.click()
    assert app.banner.value == "" and len(app.session.game.history) == moves
