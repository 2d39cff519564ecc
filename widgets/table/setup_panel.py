"""The host's controls for the next game: how many players, the variant and options, each
seat (a person at this screen, a person on another device, a bot) and its name, the seed,
step-by-step play, and New game. Reads them as a `Setup`, and shows a setup or a game in
them without starting anything."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from village_games.core import Game
from village_games.tables import REMOTE

from ..kit.safe import Guard
from ..kit.shared_models import Shared
from .adapter import GameAdapter
from .setup import (
    BOT,
    HUMAN,
    MAX_SEED,
    Setup,
    declared_flags,
    flags_of,
    setup_options,
    variant_of,
    variants_for,
)

SECRET_SEED_NOTE = ('<span class="vg-seed-secret-text" title="With the seed anyone could deal '
                    'the game again and see every hand."><b>Seed: secret.</b> A table with a '
                    "remote seat deals from a seed nobody sees.</span>")
SEAT_KINDS = [("Person", HUMAN), ("Remote", REMOTE), ("Bot", BOT)]
SEAT_TIPS = ["a person at this screen", "a person on another device, who joins by a link",
             "a bot"]
# a page that keeps its game in the tab (no table store) has no seat on another device
LOCAL_KINDS = [kind for kind in SEAT_KINDS if kind[1] != REMOTE]
LOCAL_TIPS = [tip for kind, tip in zip(SEAT_KINDS, SEAT_TIPS, strict=True) if kind[1] != REMOTE]
NAME_LIMIT = 20


class SetupPanel:
    """`panel.widget` holds the controls; `read()` is the setup they show. `on_change` is
    called when what the next game would use changes (players, variant, an option), so
    the app can offer the right data files."""

    def __init__(self, adapter: GameAdapter, setup: Setup, shared: Shared,
                 guard: Guard,
                 step_by_step: bool, share: w.Widget,
                 on_new_game: Callable[[Any], None], on_change: Callable[[], None]) -> None:
        self.adapter = adapter
        self.shared = shared
        self.on_change = on_change
        self._quiet = False  # showing a setup: no reaction to the controls' own changes
        make = shared.make
        self.players_box = make(
            w.Dropdown, "vg-players",
            options=list(range(adapter.info.min_players, adapter.info.max_players + 1)),
            value=setup.players, description="Players", layout={"width": "150px"})
        self.players_box.observe(guard(self._on_players), names="value")
        self.variant_box = w.Dropdown(description="Variant", layout=w.Layout(width="340px"))
        self.variant_box.add_class("vg-variant")
        self.set_variants(setup.players, setup.variant)
        self.flag_boxes: list[tuple[Any, w.Checkbox]] = [
            (flag, w.Checkbox(value=False, description=flag.checkbox_label(), indent=False,
                              layout=w.Layout(width="auto")))
            for flag in declared_flags(adapter)[1]]
        for _flag, box in self.flag_boxes:
            box.add_class("vg-flag")
        self.flags_row = make(w.HBox, "vg-flags")
        self.flags_row.children = [box for _f, box in self.flag_boxes]
        self.set_flags(setup.players, setup.flags)
        self.seat_boxes: list[tuple[w.ToggleButtons, w.Text]] = []
        self.remote_offered = True  # (`offer_remote`)
        self.seats_row = make(w.HBox, "vg-seats")
        self.share = share  # (the share line sits beside the seats)
        # the seed box and its dice have their own layouts: a table with a remote seat is
        # dealt from a secret seed, and a note takes their place (`show_seed_rule`)
        self.guard = guard
        self.seed_box = w.BoundedIntText(value=setup.seed, min=0, max=MAX_SEED,
                                         description="Seed", layout=w.Layout(width="170px"),
                                         _dom_classes=("vg-seed",))
        self.dice = w.Button(description="", icon="random", tooltip="Pick a random seed",
                             layout=w.Layout(width="36px"), _dom_classes=("vg-seed-dice",))
        self.dice.on_click(guard(self._on_random_seed))
        self.seed_secret = w.HTML(SECRET_SEED_NOTE, layout=w.Layout(display="none"),
                                  _dom_classes=("vg-seed-secret",))
        self.step_box = w.Checkbox(value=step_by_step,
                                   description=adapter.step_label,
                                   indent=False, layout=w.Layout(width="230px"))
        self.step_box.add_class("vg-step-toggle")
        self.new_button = make(w.Button, "vg-new-game", description="New game",
                               button_style="primary", icon="play")
        self.new_button.on_click(guard(on_new_game))
        self.build_seat_rows(setup.players, setup.seats, setup.names)
        self.variant_box.observe(guard(self._changed), names="value")
        for _flag, box in self.flag_boxes:
            box.observe(guard(self._changed), names="value")
        first_row = shared.hbox([self.players_box, self.variant_box, self.seed_box, self.dice,
                                 self.seed_secret, self.step_box, self.new_button],
                                "vg-setup-row")
        rows = [first_row, self.flags_row] if self.flag_boxes else [first_row]
        self.first_row = first_row
        self.widget = w.VBox([*rows, self.seats_row], _dom_classes=("vg-setup",))

    # ------------------------------------------------------------ a game's own controls
    def add_to_first_row(self, *controls: w.Widget) -> None:
        """A game's own drop-downs (a bot kind, a target) in the first row, before New
        game."""
        row = self.first_row
        row.children = (*row.children[:-1], *controls, row.children[-1])

    def add_row(self, row: w.Widget, last: bool = False) -> None:
        """A game's own row of controls: under the first row, or at the very end."""
        if last:
            self.widget.children = (*self.widget.children, row)
        else:
            first, *rest = self.widget.children
            self.widget.children = (first, row, *rest)

    # ------------------------------------------------------------ the seats
    def build_seat_rows(self, n: int, kinds: Sequence[str], names: Sequence[str]) -> None:
        old = self.seat_boxes
        if len(old) == n:  # same seats: set the values, no new widgets
            for i, (toggle, text) in enumerate(old):
                if i < len(kinds):
                    toggle.value = kinds[i]
                if i < len(names):
                    text.value = names[i]
            return
        rows = []
        self.seat_boxes = []
        for i in range(n):
            kind = kinds[i] if i < len(kinds) else (old[i][0].value if i < len(old) else BOT)
            name = names[i] if i < len(names) else (
                old[i][1].value if i < len(old) else self.adapter.default_names[i])
            make = self.shared.make
            if not self.remote_offered and kind == REMOTE:
                kind = HUMAN
            kinds_offered, tips = self._seat_kinds()
            toggle = make(w.ToggleButtons, f"vg-seat-kind-{i}", value=kind,
                          options=kinds_offered, tooltips=tips, layout={"width": "auto"},
                          style={"button_width": "66px"}, tooltip=f"Who plays seat {i + 1}")
            toggle.observe(self.guard(self._on_seat_kind), names="value")
            text = make(w.Text, f"vg-seat-name-{i}", value=name, layout={"width": "110px"},
                        tooltip=f"The name of seat {i + 1}")
            box = self.shared.hbox([text, toggle], "vg-seat-setup")
            rows.append(box)
            self.seat_boxes.append((toggle, text))
        old_rows = self.seats_row.children[:-1]
        self.seats_row.children = [*rows, self.share]  # the share link fits beside the seats
        # close what left the page, boxes too: a page that opens later loads every live
        # model, and a box whose children were closed would stop the whole app drawing
        for widget in (*old_rows, *(x for pair in old for x in pair)):
            widget.close()
        self.show_seed_rule()

    def _seat_kinds(self) -> tuple[list[tuple[str, str]], list[str]]:
        return (SEAT_KINDS, SEAT_TIPS) if self.remote_offered else (LOCAL_KINDS, LOCAL_TIPS)

    def offer_remote(self, offered: bool) -> None:
        """Offer a seat on another device, or not (a page that keeps its game in the tab
        has no table other devices could join): a seat set to one becomes a person here."""
        self.remote_offered = offered
        kinds, tips = self._seat_kinds()
        for toggle, _text in self.seat_boxes:
            kind = toggle.value if toggle.value in (k for _label, k in kinds) else HUMAN
            toggle.options, toggle.tooltips = kinds, tips
            toggle.value = kind  # (new options select the first one)
        self.show_seed_rule()

    def _on_seat_kind(self, _change: Any = None) -> None:
        self.show_seed_rule()

    def show_seed_rule(self) -> None:
        """The seed box, or, when a seat of the next game is a person on another device,
        a note that such a table deals from a secret seed (the number in the box would
        not be the table's)."""
        secret = any(toggle.value == REMOTE for toggle, _text in self.seat_boxes)
        for part in (self.seed_box, self.dice):
            part.layout.display = "none" if secret else ""
        self.seed_secret.layout.display = "" if secret else "none"

    def _on_players(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self.build_seat_rows(change["new"], [], [])
        self.set_variants(change["new"], "")
        self.set_flags(change["new"], self.chosen_flags())
        self.on_change()

    def _changed(self, _change: object = None) -> None:
        if not self._quiet:
            self.on_change()

    def set_variants(self, players: int, key: str) -> None:
        """Offer the variants of this player count; show the dropdown only for a choice."""
        choices = variants_for(self.adapter, players)
        self.variant_box.options = [(v.label, v.key) for v in choices]
        keys = [v.key for v in choices]
        self.variant_box.value = key if key in keys else (keys[0] if keys else None)
        self.variant_box.layout.display = "" if len(choices) > 1 else "none"

    def set_flags(self, players: int, keys: Sequence[str]) -> None:
        """Tick the flags in `keys`; a flag this player count does not allow is greyed out
        (and unticked)."""
        for flag, box in self.flag_boxes:
            allowed = flag.allows(players)
            box.disabled = not allowed
            box.value = allowed and flag.key in keys

    def chosen_flags(self) -> list[str]:
        return [f.key for f, box in self.flag_boxes if box.value and not box.disabled]

    def _on_random_seed(self, _b: object = None) -> None:
        self.seed_box.value = random.randrange(100_000)

    # ------------------------------------------------------------ reading and showing
    def read(self) -> Setup:
        """The setup the controls show; ValueError naming the seat whose name will not do."""
        names = [t.value.strip() for _, t in self.seat_boxes]
        for i, name in enumerate(names):
            if not name:
                raise ValueError(f"seat {i + 1} needs a name")
            if len(name) > NAME_LIMIT:
                raise ValueError(f"seat {i + 1}'s name is too long ({NAME_LIMIT} letters at "
                                 "most)")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name: give each village its own")
        return Setup(self.players_box.value, [k.value for k, _ in self.seat_boxes],
                     int(self.seed_box.value), names, self.variant_box.value or "",
                     self.chosen_flags())

    def next_options(self) -> tuple[int, dict[str, Any]]:
        """The player count and `new_game` options the next game would have (for the data
        files it would use)."""
        players = self.players_box.value
        draft = Setup(players, [], 0, [], self.variant_box.value or "", self.chosen_flags())
        return players, setup_options(self.adapter, draft)

    def show(self, setup: Setup) -> None:
        """Show `setup` in the controls (a link read after the app was built)."""
        self._quiet = True
        try:
            self.players_box.value = setup.players
            self.set_variants(setup.players, setup.variant)
            self.set_flags(setup.players, setup.flags)
            self.seed_box.value = setup.seed
            self.build_seat_rows(setup.players, setup.seats, setup.names)
        finally:
            self._quiet = False

    def show_game(self, game: Game, kinds: Sequence[str], seed_shown: bool) -> None:
        """Show how `game` was set up (a stored table, a loaded save); its seed only when
        `seed_shown` (a shared table's seed is a secret)."""
        n = game.num_players
        self._quiet = True
        try:
            self.players_box.value = n
            self.set_variants(n, variant_of(self.adapter, game))
            self.set_flags(n, flags_of(self.adapter, game))
            if seed_shown:
                self.seed_box.value = min(game.seed, MAX_SEED)
            self.build_seat_rows(n, kinds, [game.player_name(i) for i in range(n)])
        finally:
            self._quiet = False
