"""The class experiments in the teacher's lobby: where to start one, and every experiment
on the server with the teacher's link to reopen it."""

from __future__ import annotations

from urllib.parse import quote

from village_games.experiments.store import ExperimentStore
from village_games.tables import TableStore

from ..kit.markup import esc
from ..kit.page_names import page_name
from ..kit.pages import CLASS_EXPERIMENT
from .teacher import listing


def experiments_section(store: TableStore, key: str) -> str:
    start = esc(f"{page_name(CLASS_EXPERIMENT)}?key={quote(key)}")
    return ("<div class='vg-lobby-head vg-xp-lobby-head'><b>Class experiments</b>: every "
            "lesson has a <i>Run this as a class experiment</i> link; "
            f"<a class='vg-xp-start' href='{start}' target='_blank'>start one</a>, or open "
            "one to see it again or go on with it.</div>"
            + listing(ExperimentStore(store), key))
