"""The coach, for a game whose adapter offers one: a toggle, the opponent model, and the
advice for the decision on screen (worked out by the engine once per decision and model)."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from village_games.core import Game

from ..kit.safe import Guard
from ..kit.shared_models import Shared
from .adapter import GameAdapter
from .coaching import Coaching


class CoachPanel:
    """`panel.row` (toggle and model) goes above the moves, `panel.view` (the advice) under
    them; `on_change` redraws the table when the coach is turned on or off."""

    def __init__(self, adapter: GameAdapter, shared: Shared,
                 guard: Guard,
                 on_change: Callable[[], None]) -> None:
        self.adapter = adapter
        self.on_change = on_change
        self.offered = adapter.coach is not None
        self.box = w.Checkbox(value=False, description="Coach", indent=False,
                              layout=w.Layout(width="90px"))
        self.box.add_class("vg-coach-toggle")
        self.model = w.Dropdown(options=list(adapter.coach_models),
                                layout=w.Layout(width="300px"),
                                description="Opponents", style={"description_width": "auto"})
        self.model.add_class("vg-coach-model")
        self.model.layout.display = "none"
        for control in (self.box, self.model):
            control.observe(guard(self._changed), names="value")
        self.view = shared.make(w.HTML, "vg-coach-view", value="")
        self.row = w.HBox([self.box, self.model])
        self.row.add_class("vg-coach-row")
        self._cache: dict[tuple[int, int, str], Coaching | None] = {}
        self.show(self.offered)

    def show(self, shown: bool) -> None:
        """Offer the coach, or not (a device where nobody makes decisions: a spectator)."""
        self.row.layout.display = "" if shown and self.offered else "none"

    def forget(self) -> None:
        """A new game: no advice of the old one's decisions."""
        self._cache = {}

    def _changed(self, _change: object = None) -> None:
        self.model.layout.display = "" if self.box.value else "none"
        self.on_change()

    def advice(self, game: Game, seat: int) -> Coaching | None:
        """The advice for `seat`'s decision now, when the coach is on."""
        if not self.box.value or not self.offered:
            return None
        key = (len(game.history), seat, self.model.value)
        if key not in self._cache:
            coach = self.adapter.coach
            assert coach is not None  # (`offered`)
            self._cache = {key: coach(game, seat, self.model.value)}
        return self._cache[key]
