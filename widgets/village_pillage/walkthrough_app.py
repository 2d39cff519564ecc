"""The Village Pillage rules walkthrough: the worked examples of rule_examples.toml, live.

    walkthrough_app()   # opens the example the page asks for: ?example=split-odd-turnip
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from village_games.village_pillage.rule_examples import (
    EXAMPLES_FILE,
    Frame,
    load_examples,
    observation_at,
    replay,
)

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..teach.walkthrough import Walkthrough, open_walkthrough
from .render import render_table


def board_html(frame: Frame) -> str:
    """The table as a spectator sees it right after the last event shown (the engine's
    trace), drawn with the example's own card set."""
    return render_table(observation_at(frame), frame.game.cards, highlight=frame.changed())


def walkthrough(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                query: dict[str, str] | None = None) -> Walkthrough:
    """The walkthrough object (its `.widget` is the app).

    `example` picks the first example shown (an unknown id is a ValueError); without it,
    `query`'s `example` does (an unknown id is a notice in the app, and the first example
    is shown).
    """
    return open_walkthrough(lambda: load_examples(path), replay, board_html, example, query)


def walkthrough_app(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                    query: dict[str, str] | None = None) -> w.VBox:
    """Build the app: an example chooser, Back/Next, narration, the live board and log.

    Without `example` or `query`, the page's query string picks the example to open.
    """
    if example is None and query is None:
        query = page_query()
    return add_nav(walkthrough(path, example, query).widget, "village_pillage_rules.ipynb")
