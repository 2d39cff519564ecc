"""The Villagers & Villains rules walkthrough: the engine's worked examples
(rule_examples.toml, with scripted dice), live.

    walkthrough_app()   # opens the example the page asks for: ?example=recruit-card-four

Each step draws the table as everyone sees it (the examples hold no secret cards), with the
live odds of the mayor to act next (or of the last to act) beside the pool or their
challenges, the dice the step rolled, and the mayors who acted marked.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from village_games.villagers_and_villains import VillagersAndVillains
from village_games.villagers_and_villains.rule_examples import (
    EXAMPLES_FILE,
    Frame,
    load_examples,
    replay,
)

from ..kit.apps import add_nav
from ..kit.query import page_query
from ..teach.walkthrough import Walkthrough, open_walkthrough
from .adapter import with_odds
from .render import render_table

NOTEBOOK = "villagers_and_villains_rules.ipynb"


def board_viewer(frame: Frame[VillagersAndVillains]) -> int | None:
    """Whose view the step shows: the mayor to act now, else the last to act."""
    g = frame.game
    waiting = g.to_act()
    if waiting:
        return waiting[0]
    acted = [seat for seat, _ in frame.step.actions] if frame.step else []
    return acted[-1] if acted else None


def board_html(frame: Frame[VillagersAndVillains]) -> str:
    """The table after the step, with its dice and odds, the mayors who acted marked."""
    g = frame.game
    acted = sorted({seat for seat, _ in frame.step.actions}) if frame.step else []
    obs = with_odds(g.observation(None), g.cards, board_viewer(frame))
    obs["dice"] = [{"seat": e.data["seat"], "name": g.names[e.data["seat"]],
                    "die": e.data["die"], "for": e.data["for"]}
                   for e in frame.new_events if e.kind == "die"]
    return render_table(obs, g.cards, highlight=acted)


def walkthrough(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                query: dict[str, str] | None = None) -> Walkthrough:
    """The walkthrough object (its `.widget` is the app). `example` picks the first example
    (an unknown id is a ValueError); without it, `query`'s `example` does (an unknown id
    is a notice in the app, and the first example opens)."""
    return open_walkthrough(lambda: load_examples(path), replay, board_html, example, query,
                            title="Villagers & Villains: the rules, step by step")


def walkthrough_app(path: str | Path = EXAMPLES_FILE, example: str | None = None,
                    query: dict[str, str] | None = None) -> w.VBox:
    """Build the app: an example chooser, Back/Next, narration, the live table and log.
    Without `example` or `query`, the page's query string picks the example."""
    if example is None and query is None:
        query = page_query()
    return add_nav(walkthrough(path, example, query).widget, NOTEBOOK)
