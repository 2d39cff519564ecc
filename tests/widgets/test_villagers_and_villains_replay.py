"""The Villagers & Villains replay: a finished game between bots opens from its link, steps
through to the score sheet, and a running game opened from the play app's link works in
its one person's view."""

from __future__ import annotations

import html
import json
from urllib.parse import parse_qsl, urlsplit

from village_games import villagers_and_villains as vv
from village_games.bots import VillagersAndVillainsBot
from village_games.core import play
from widgets.table.replay_link import replay_query
from widgets.villagers_and_villains.adapter import make_app as make_table
from widgets.villagers_and_villains.replay_app import make_app, replay_app


def link_params(query: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(html.unescape(query)).query or query.lstrip("?")))


def test_a_finished_game_replays_to_its_score_sheet() -> None:
    g = vv.new_game(players=3, seed=4, advanced=True, names=["Ana", "Ben", "Cy"])
    play(g, [VillagersAndVillainsBot(seed=s) for s in range(3)])
    record = json.loads(json.dumps(g.record()))
    app = make_app(link_params(replay_query(record)))
    assert app.banner.value == "" and app.notice.value == ""
    assert "Recruitment Pool" in app.parts["board"]
    app.last()
    assert "Game Score Sheet" in app.parts["board"]
    assert "Latest rolls" not in app.parts["board"]  # each die is a step of its own here


def test_the_play_apps_replay_link_opens_the_game_so_far() -> None:
    table = make_table({"players": "2", "seats": "human,bot", "seed": "3"})
    table.screen.board.click("1", "position")
    link = table.sharing.replay_link(table.session)
    assert "villagers_and_villains_replay.ipynb?" in link
    href = link.split('href="')[1].split('"')[0]
    app = make_app(link_params(href))
    assert app.banner.value == "" and app.timeline.viewer == 0
    assert "vg-nav" in replay_app(link_params(href)).children[0].value
