"""The Villages rules walkthrough: the rulebook's illustrated cases and whole moments of
play (rule_examples.toml in the engine), live on the real engine.

    walkthrough_app()   # opens the example the page asks for: ?example=battle-five-steps

The examples: a Tavern without a Builder, a Builder but only two units, a valid village,
a Wizard against a blue Knight, a battle in five steps with each reward, hired units, the
Archer defending another village, and the end of a round with the High and Low Score
cards; then one example per expansion: a Location card's rule, a Dark village that takes no
animals, a Light unit founding a village, an Ace against a dual-colour card. The cards (and
the expansions' cards) are the project's stand-in designs (the real lists are not public).
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from village_games.villages import Villages
from village_games.villages.rule_examples import (
    EXAMPLES_FILE,
    Frame,
    load_examples,
    replay,
)

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..teach.walkthrough import Walkthrough, open_walkthrough
from .render import render_table

NOTEBOOK = "villages_rules.ipynb"


def board_html(frame: Frame[Villages]) -> str:
    """The table as a spectator sees it after the step, the seats that acted marked."""
    acted = sorted({seat for seat, _ in frame.step.actions}) if frame.step else []
    return render_table(frame.game.observation(None), frame.game.cards, highlight=acted)


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
    return add_nav(walkthrough(path, example, query).widget, NOTEBOOK)
