"""The Villagers rules walkthrough: the rulebook's worked examples (rule_examples.toml), live.

    walkthrough_app()   # opens the example the page asks for: ?example=padlocks
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from village_games.villagers import Villagers
from village_games.villagers.rule_examples import (
    EXAMPLES_FILE,
    Frame,
    load_examples,
    replay,
)

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..teach.walkthrough import Walkthrough, open_walkthrough
from .render import render_table
from .table_view import table_of


def board_html(frame: Frame[Villagers]) -> str:
    """The table as a spectator sees it after the step, the seats that acted marked."""
    acted = sorted({seat for seat, _ in frame.step.actions}) if frame.step else []
    return render_table(table_of(frame.game.observation(None)), frame.game.cards,
                        highlight=acted)


def walkthrough(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                query: dict[str, str] | None = None) -> Walkthrough:
    """The walkthrough object (its `.widget` is the app). `example` picks the first example
    (an unknown id is a ValueError); without it, `query`'s `example` does (an unknown id
    is a notice in the app, and the first example opens)."""
    return open_walkthrough(lambda: load_examples(path), replay, board_html, example, query)


def walkthrough_app(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                    query: dict[str, str] | None = None) -> w.VBox:
    """Build the app: an example chooser, Back/Next, narration, the live table and log.
    Without `example` or `query`, the page's query string picks the example."""
    if example is None and query is None:
        query = page_query()
    return add_nav(walkthrough(path, example, query).widget, "villagers_rules.ipynb")
