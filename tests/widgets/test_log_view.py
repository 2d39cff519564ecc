"""The log box holds the newest lines of a long game, grouped by round, and says how many
earlier lines it leaves out (a five-bot Villages game logs 40,000 events and more)."""

from __future__ import annotations

import re

from village_games.core import SeatView
from widgets.table.log_view import LOG_LINES, first_shown, game_log_html, log_html
from widgets.villages.adapter import make_app


def test_a_short_log_is_shown_whole_in_reading_order_setup_first() -> None:
    html = log_html([(None, "setup", "Cards dealt."), (1, "draw", "Ana draws."),
                     (1, "add", "Ana adds a Pig."), (2, "draw", "Ben draws <&>.")])
    assert "earlier" not in html
    # the markup reads as the game went: a screen reader or a copy never meets round 1's
    # moves before the setup (the box's CSS holds it against its bottom edge)
    order = [html.index(t) for t in ("Cards dealt.", "Round 1", "Ana draws.",
                                     "Ana adds a Pig.", "Round 2", "Ben draws &lt;")]
    assert order == sorted(order)
    assert "Ben draws &lt;&amp;&gt;." in html and html.count("vg-log-round-head") == 2


def test_a_long_log_shows_its_newest_lines_and_counts_the_rest() -> None:
    lines = [(k // 100 + 1, "draw", f"line {k}") for k in range(2_000)]
    first = first_shown(len(lines))
    html = log_html(lines[first:], first, mark_newest=True)
    assert first == 2_000 - LOG_LINES
    assert html.count("vg-log-line") == LOG_LINES and ">line 1999<" in html
    assert ">line 1499<" not in html and ">line 1500<" in html
    assert "1,500 earlier lines are not shown here" in html
    assert html.count("vg-log-now") == 1


def test_the_play_app_log_of_a_long_game_stays_small_and_names_its_round() -> None:
    app = make_app({"players": "5", "seats": "human,bot,bot,bot,bot", "seed": "1"})
    g = app.session.game
    bots = [app.adapter.make_bot(s, s) for s in range(5)]
    while len(g.log) < 3 * LOG_LINES:  # the bots play on for a while
        p = g.to_act()[0]
        g.apply(p, bots[p].act(SeatView(g, p)))
    html = game_log_html(g.log, 0)
    assert html.count("vg-log-line") == LOG_LINES
    assert f"{len(g.log) - LOG_LINES:,} earlier lines are not shown" in html
    heads = [int(r) for r in re.findall(r"Round (\d+)</div>", html)]
    assert heads == sorted(heads) and heads[-1] == g.round
    assert len(html) < 150_000  # the whole log would be several times this


def test_the_replay_log_of_a_long_game_says_to_step_back_for_its_earlier_lines() -> None:
    from widgets.villages.replay_app import make_app as make_replay

    app = make_app({"players": "5", "seats": "bot,bot,bot,bot,bot", "seed": "1"})
    g = app.session.game
    bots = [app.adapter.make_bot(s, s) for s in range(5)]
    while len(g.log) < 2 * LOG_LINES:
        p = g.to_act()[0]
        g.apply(p, bots[p].act(SeatView(g, p)))
    replay = make_replay()
    replay.open_record(g.record())
    replay.last()
    html = replay._log_html()
    assert html.count("vg-log-line") == LOG_LINES
    assert "earlier lines are not shown here; step back to an earlier round" in html
    assert "a save or the replay" not in html  # (that is the play app's wording)
