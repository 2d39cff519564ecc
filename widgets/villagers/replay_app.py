"""Replay a game of Villagers: the generic replay app with the play app's adapter.

    from widgets.villagers.replay_app import replay_app
    replay_app()        # opens the record in the page link: ?record=...&view=all&step=12
"""

from __future__ import annotations

import ipywidgets as w

from village_games import villagers

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..replay.view import ReplayApp, open_replay
from .adapter import VillagersAdapter

NOTEBOOK = "villagers_replay.ipynb"


def make_app(query: dict[str, str] | None = None) -> ReplayApp:
    """The app object itself (tests drive it through its methods and buttons)."""
    return open_replay(VillagersAdapter(), villagers.new_game, NOTEBOOK, query or {})


def replay_app(query: dict[str, str] | None = None) -> w.Widget:
    """The replay page, opened on the record in the page's query string (or `query`)."""
    params = page_query() if query is None else query
    return add_nav(make_app(params).widget, NOTEBOOK)
