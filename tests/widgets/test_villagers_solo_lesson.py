"""The Villagers solo lesson driven in Python: the win-rate run and the next-villager odds."""

from __future__ import annotations

from village_games.villagers.solo.odds import event_count_chances, expected_events
from widgets.villagers.solo_lesson import event_phase_position, play_solo, solo_lesson


def test_playing_games_gives_the_bots_win_share_and_the_gold_margin():
    app = solo_lesson(seed=1)
    app.win_mode.value = "beginner"
    app.win_games.seed_box.value = "3"
    app.win_games.trials.value = 10
    app.win_games.run_button.click()
    assert app.banner.value == ""
    est = app.win_games.last_estimate
    assert est.trials == 10 and 0 <= est.mean <= 1
    assert app.win_games.progress.value == 10
    assert "10 games" in app.margin.value
    # the same seed plays the same games again
    seeds = app.win_games.samples.copy()
    app.win_games.run_button.click()
    assert (app.win_games.samples == seeds).all()


def test_a_played_game_says_who_won_in_words():
    g = play_solo("hard", 4)
    assert g.is_over()
    gold = g.observation(0)["solo"]["gold"]
    won = 0 in g.outcome().winners
    assert won == (gold["you"] > gold["countess"])
    assert "Countess" in g.outcome().reason


def test_next_villager_exact_matches_the_engine_and_the_deals_agree():
    app = solo_lesson(seed=2)
    app.round.value = 2
    assert app.banner.value == ""
    g = event_phase_position("normal", app.game_seed.value, 2)
    assert app.game.to_dict() == g.to_dict()
    exact = float(expected_events(event_count_chances(g)))
    assert app.next_events.last_exact.value == exact
    assert "Reserve" in app.position.value
    app.next_events.seed_box.value = "8"
    est = app.next_events.run(2000)
    assert abs(est.mean - exact) < 4 * est.std_error + 1e-9


def test_a_round_the_game_never_reaches_is_refused_in_the_banner():
    app = solo_lesson(seed=2)
    before = app.game.to_dict()
    assert play_solo("normal", app.game_seed.value).round < 8  # solo games are short
    app.round.value = 8
    assert "choose an earlier round" in app.banner.value
    assert app.game.to_dict() == before  # the lesson keeps the last good position


def test_the_win_share_interval_stays_inside_zero_and_one_when_every_game_is_lost():
    """Hard mode: the bot loses every one of these games. The interval is Wilson's (from
    0 up to a real upper end), not mean ± 1.96 standard errors (zero width here, and
    below zero after a single win)."""
    app = solo_lesson(seed=1)
    app.win_mode.value = "hard"
    app.win_games.seed_box.value = "3"
    app.win_games.trials.value = 10
    app.win_games.run_button.click()
    est = app.win_games.last_estimate
    assert est.mean == 0 and est.ci_low == 0 and 0.2 < est.ci_high < 0.35
    html = app.win_games.sim_html.value
    assert "0 to 0.2" in html and "Wilson" in html and "−" not in html
