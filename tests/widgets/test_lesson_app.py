"""The lesson app and the generic lesson widget, driven like a student would (no browser)."""

from __future__ import annotations

import ipywidgets
import numpy as np
import pytest

from widgets.teach.lesson import Choice, Exact, Lesson, Shared, fmt
from widgets.village_pillage.lesson_app import STRATEGIES, LessonApp, fraction, lesson_app

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def app() -> LessonApp:
    return lesson_app(seed=3)


def test_builds_with_the_default_equilibrium(app):
    assert app.banner.value == ""
    assert app.labels == ["Farmer", "Wall", "Raider", "Merchant"]
    np.testing.assert_allclose(app.equilibrium.row, [2 / 9, 5 / 9, 2 / 9, 0], atol=1e-9)
    assert "2/9" in app.eq_html.value and "5/9" in app.eq_html.value
    assert "vg-payoff-table" in app.table_html.value
    assert app.tabs.titles[2] == "3 · Match"


def test_payoff_table_best_reply_follows_the_preset(app):
    app.preset.value = "Always Raider"
    assert "<b>Wall</b>" in app.table_html.value  # only a Wall gains against a Raider
    assert app.table_html.value.count("★") == 1
    app.preset.value = "Equilibrium"
    # Against the equilibrium mix Farmer, Wall and Raider all tie.
    assert app.table_html.value.count("★") == 3
    app.preset.value = "Uniform"
    assert "<b>Raider</b>" in app.table_html.value


def test_payoff_note_says_a_tied_best_reply_can_still_be_exploited(app):
    app.preset.value = "Always Raider"
    note = app.table_html.value.split("vg-table-note")[1]
    assert "can be exploited" in note and "nothing to exploit" not in note
    app.market_rows.value = True  # with market cards, several replies tie, all above 0
    note = app.table_html.value.split("vg-table-note")[1]
    assert app.table_html.value.count("★") > 1 and "can be exploited" in note
    app.market_rows.value = False
    app.preset.value = "Equilibrium"
    note = app.table_html.value.split("vg-table-note")[1]
    assert "cannot be exploited" in note


def test_moving_a_weight_makes_a_custom_mix(app):
    app.preset.value = "Uniform"
    app.weights["Farmer"].value = 1.0
    assert app.preset.value == "Custom"
    mix = app.opponent_mix
    assert mix.sum() == pytest.approx(1) and mix[0] == pytest.approx(1 / 1.75)
    app.preset.value = "Uniform"
    assert app.weights["Farmer"].value == 0.25


def test_market_rows_add_twenty_cards(app):
    app.market_rows.value = True
    assert app.table_html.value.count("<tr") == 1 + 24
    assert "Florist" in app.table_html.value
    app.market_rows.value = False
    assert app.table_html.value.count("<tr") == 1 + 4


def test_position_sliders_change_the_matrix(app):
    before = app.matrix.copy()
    app.my_stockpile.value = 5
    app.relic_bonus.value = 4
    assert app.banner.value == ""
    assert not np.array_equal(before, app.matrix)
    assert app.equilibrium.row[3] > 0  # a valued, affordable relic brings the Merchant in
    assert app.position.my_stockpile == 5
    app.bank_side.value = "standard"
    assert app.my_bank.max == 5 and app.position.bank_side == "standard"
    app.my_bank.value = 5
    app.bank_side.value = "duel"
    assert app.my_bank.value == 4 and app.position.my_bank == 4
    assert app.banner.value == ""
    app.my_stockpile.value, app.my_bank.value, app.relic_bonus.value = 1, 1, 0
    np.testing.assert_array_equal(before, app.matrix)


def test_fictitious_play_chart_is_drawn_when_its_tab_opens(app):
    app.tabs.selected_index = 1
    assert bytes(app.fp_chart.value).startswith(PNG)
    assert "After 5,000 rounds" in app.fp_html.value
    app.fp_iterations.value = 1_000
    assert "After 1,000 rounds" in app.fp_html.value
    app.tabs.selected_index = 0


def test_match_run_fills_progress_and_shows_both_numbers(app):
    app.tabs.selected_index = 2
    app.you_play.value = "Equilibrium mix"
    app.they_play.value = "Uniform random"
    exact = app.match.last_exact
    assert exact.value == pytest.approx(5 / 12)  # (5/9)(1/4) + (2/9)(5/4)
    app.match.trials.value = 1_000
    seen = []
    assert app.match.chart.layout.visibility == "hidden"  # no empty image before a run
    assert "Press <b>Play rounds</b>" in app.match.sim_html.value  # names the real button
    app.match.progress.observe(lambda c: seen.append(c["new"]), names="value")
    app.match.run_button.click()
    assert app.banner.value == ""
    assert app.match.progress.value == app.match.progress.max == 1_000
    assert len(seen) >= 10 and seen == sorted(seen)  # moved in batches
    assert "0.4167" in app.match.exact_html.value
    est = app.match.last_estimate
    assert est.trials == 1_000
    assert fmt(est.mean, 4) in app.match.sim_html.value and "±" in app.match.sim_html.value
    assert bytes(app.match.chart.value).startswith(PNG)
    assert app.match.chart.layout.visibility == "visible"


def test_changing_strategy_marks_the_simulation_stale(app):
    app.match.run(200)
    app.they_play.value = "Always Raider"
    assert "press <b>Play rounds</b> again" in app.match.sim_html.value
    # The equilibrium mix makes a Raider earn them nothing: -5(2/9) + 2(5/9) = 0.
    assert app.match.last_exact.value == pytest.approx(0, abs=1e-12)
    app.they_play.value = "Uniform random"


def test_whole_games_tab_runs_real_duels(app):
    est = app.games.run(10)
    assert app.games.progress.value == 10
    assert 0 <= est.mean <= 1
    assert "No formula here" in app.games.exact_html.value
    assert bytes(app.games.chart.value).startswith(PNG)


def _models() -> int:
    return len(ipywidgets.Widget.get_manager_state()["state"])


def test_starts_light_and_builds_each_tab_when_first_opened():
    before = _models()
    fresh = lesson_app(seed=5)
    assert _models() - before <= 60  # it was 182 when every tab was built at start
    lazy = fresh.tabs.children[1:]
    assert [box.children for box in lazy] == [(), (), ()]
    fresh.tabs.selected_index = 2
    assert lazy[1].children == (fresh.match,) and lazy[0].children == ()
    assert fresh.match.last_exact.value == pytest.approx(5 / 12)
    # A built tab follows the position; the others wait until they are opened.
    fresh.my_stockpile.value, fresh.relic_bonus.value = 5, 4
    assert fresh.match.last_exact.value != pytest.approx(5 / 12)
    assert lazy[0].children == () and lazy[2].children == ()
    fresh.tabs.selected_index = 1
    assert "Value of the round" in fresh.eq_html.value
    assert bytes(fresh.fp_chart.value).startswith(PNG)
    assert fresh.banner.value == ""


def test_a_they_play_choice_in_the_page_sends_one_message(monkeypatch):
    fresh = lesson_app(seed=5)
    they = fresh.they_play
    assert isinstance(they, Choice)
    sent = []
    monkeypatch.setattr(ipywidgets.Widget, "_send",
                        lambda self, msg, buffers=None: sent.append((self, msg)))
    they.set_state({"index": STRATEGIES.index("Always Merchant")})  # as the page sends it
    assert [(widget, msg["method"]) for widget, msg in sent] == [
        (fresh.match.exact_html, "update")]  # no echo of the choice, one HTML update
    assert they.value == "Always Merchant" and "Merchant" in fresh.match.exact_html.value
    sent.clear()
    they.value = "Uniform random"  # a change made in Python still reaches the page
    assert (they, "update") in [(widget, msg["method"]) for widget, msg in sent]


def test_shared_hands_out_one_layout_and_style_per_setting():
    shared = Shared()
    a = shared.make(ipywidgets.IntSlider, "x", style={"description_width": "70px"},
                    layout={"width": "260px"})
    b = shared.make(ipywidgets.FloatSlider, style={"description_width": "70px"},
                    layout={"width": "260px"})
    c = shared.make(ipywidgets.IntSlider, layout={"width": "200px"})
    assert a.layout is b.layout and a.style is b.style
    assert c.layout is not a.layout and c.style is not a.style
    assert "x" in a._dom_classes and shared.html("<b>hi</b>").layout is shared.layout()


def test_generic_lesson_with_a_die():
    faces = __import__("ipywidgets").IntSlider(value=6, min=2, max=20)
    lesson = Lesson([faces], lambda: Exact((faces.value + 1) / 2, "Mean of one roll"),
                    lambda n, rng: rng.integers(1, faces.value + 1, size=n),
                    quantity="roll", trials=(100, 5_000), default_trials=5_000, seed=1)
    est = lesson.run()
    assert lesson.progress.value == 5_000
    assert abs(est.mean - 3.5) < 5 * est.std_error
    faces.value = 20
    assert lesson.last_exact.value == 10.5 and lesson.samples is None


def test_generic_lesson_shows_callback_errors():
    def broken(n, rng):
        raise RuntimeError("dice fell off the table")

    lesson = Lesson([], lambda: None, broken, trials=(10,), default_trials=10)
    lesson.run_button.click()
    assert "dice fell off the table" in lesson.banner.value
    assert not lesson.run_button.disabled


def test_fraction_formatting():
    assert fraction(2 / 9) == "2/9" and fraction(1.0) == "1" and fraction(0.0) == "0"
    assert fmt(-1.0) == "\u22121" and fmt(0.25) == "0.25"
    assert fmt(-180, 0) == "\u2212180" and fmt(100.0, 1) == "100"  # whole numbers keep 0s


def test_each_run_draws_a_fresh_seed_and_a_typed_seed_repeats_a_run():
    faces = __import__("ipywidgets").IntSlider(value=6, min=2, max=20)
    lesson = Lesson([faces], lambda: Exact((faces.value + 1) / 2, "Mean of one roll"),
                    lambda n, rng: rng.integers(1, faces.value + 1, size=n),
                    trials=(100, 1_000), default_trials=100)  # no seed: as in the page
    first = lesson.run()
    seed = lesson.last_seed
    second = lesson.run()
    assert lesson.last_seed != seed and f"seed {lesson.last_seed}" in lesson.sim_html.value
    lesson.seed_box.value = str(seed)
    again = lesson.run()
    # (a mean alone repeats across seeds one time in forty: compare its spread too)
    def drawn(e):
        return e.mean, e.std_error
    assert lesson.last_seed == seed and drawn(again) == drawn(first) != drawn(second)
    lesson.seed_box.value = "12x"
    lesson.run_button.click()
    assert "whole number from 0 to 2**64 - 1" in lesson.banner.value


def test_market_lesson_exact_answer_and_dealt_games_agree():
    from widgets.village_pillage.market_lesson import market_lesson
    app = market_lesson(seed=3)
    assert app.lesson.last_exact.value == 0.4  # one card, 4 + 4 of 20 seen
    assert "vg-now" in app.curve.value and "40%" in app.curve.value
    est = app.lesson.run(2_000)
    assert est.covers(0.4) or abs(est.mean - 0.4) < 4 * est.std_error
    app.wanted.value = ("Bard", "Doctor")
    app.purchases.value = 0
    assert abs(app.lesson.last_exact.value - 7 / 19) < 1e-12
    app.wanted.value = ()
    assert "choose at least one card" in app.banner.value


def test_a_share_lesson_gives_an_interval_inside_zero_and_one_even_when_all_fail():
    """A share's interval is Wilson's: every trial failing still gives a real interval
    (never below 0, never of zero width), and no "±" pretends it is centred."""
    lesson = Lesson([], lambda: Exact(0.01, "Chance"), lambda n, rng: np.zeros(n),
                    trials=(50,), default_trials=50, share=True, seed=1)
    est = lesson.run()
    assert est.ci_low == 0.0 and 0 < est.ci_high < 0.1 and est.covers(0.01)
    html = lesson.sim_html.value
    assert "Wilson" in html and "−" not in html and "±" not in html
    assert "says nothing yet" not in html and "inside the interval" in html
    assert lesson.chart.value[:4] == b"\x89PNG"
    one = Lesson([], lambda: None, lambda n, rng: (np.arange(n) == 0).astype(float),
                 trials=(60,), default_trials=60, share=True, seed=1).run()
    assert one.ci_low >= 0.0  # mean ± 1.96 standard errors went down to −0.016 here


def test_the_plus_or_minus_of_a_mean_says_it_is_half_the_95_percent_interval():
    lesson = Lesson([], lambda: None, lambda n, rng: rng.integers(1, 7, n).astype(float),
                    trials=(100,), default_trials=100, seed=2)
    lesson.run()
    assert "the ± is half its width" in lesson.sim_html.value
    assert "half the width of the 95% interval" in lesson.sim_html.value
