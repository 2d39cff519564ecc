"""Replay a game of Village Pillage: the generic replay app with the play app's adapter.

    from widgets.village_pillage.replay_app import replay_app
    replay_app()        # opens the record in the page link: ?record=...&view=all&step=12
"""

from __future__ import annotations

import ipywidgets as w

from village_games import village_pillage

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..replay.view import ReplayApp, open_replay
from .adapter import PillageAdapter

NOTEBOOK = "village_pillage_replay.ipynb"


def make_app(query: dict[str, str] | None = None) -> ReplayApp:
    """The app object itself (tests drive it through its methods and buttons)."""
    return open_replay(PillageAdapter(), village_pillage.new_game, NOTEBOOK, query or {})


def replay_app(query: dict[str, str] | None = None) -> w.Widget:
    """The replay page, opened on the record in the page's query string (or `query`)."""
    params = page_query() if query is None else query
    return add_nav(make_app(params).widget, NOTEBOOK)
