"""The Village Pillage rules walkthrough: the worked examples of rule_examples.toml, live."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from village_games.village_pillage.rule_examples import (
    EXAMPLES_FILE,
    Frame,
    RuleExample,
    load_examples,
    observation_at,
    replay,
)

from ..walkthrough import Walkthrough
from .render import render_table


def board_html(frame: Frame) -> str:
    """The table as a spectator sees it, with the counts as of the last event shown."""
    obs = observation_at(frame, viewer=None)
    return render_table(obs, highlight=frame.changed())


def walkthrough(path: str | Path = EXAMPLES_FILE, example: str | None = None) -> Walkthrough:
    """The walkthrough object (its `.widget` is the app); `example` picks the first shown."""

    def load() -> list[RuleExample]:
        return load_examples(path)

    wt = Walkthrough(load, replay, board_html)  # the notebook's heading is the title
    if example is not None and wt.examples:
        wt.choose(example)
    return wt


def walkthrough_app(path: str | Path = EXAMPLES_FILE, example: str | None = None) -> w.VBox:
    """Build the app: an example chooser, Back/Next, narration, the live board and log."""
    return walkthrough(path, example).widget
