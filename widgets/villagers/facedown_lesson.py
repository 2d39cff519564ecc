"""Villagers lesson 2, face up or face down? The gamble of drafting blind.

A face-up Road villager is a sure thing; a face-down stack shows only a suit. Which of
the unseen cards of that suit would fit your village (by the chain rules, now or on a
Basic Villager you can still take) is a count, so the chance that a blind draft fits is
exact (`village_games.villagers.odds`); the simulation deals the hidden cards again with
the engine and looks at the top card. The village, hand and Basic Villagers the count
reads are shown above the table.

    from widgets.villagers.facedown_lesson import facedown_lesson
    facedown_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.core import words
from village_games.villagers import Villagers
from village_games.villagers.odds import (
    chance_top_fits,
    fits_after_basic,
    fits_now,
    simulate_top,
)

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson
from .backs_lesson import SEAT
from .position import STYLE, PositionControls, advance
from .render import hand_html, panel_html, village_html
from .table_view import VillagersTable, table_of

NOTEBOOK = "villagers_facedown_lesson.ipynb"
INTRO = (
    "Every draft you choose between a face-up villager you can see and the top card of a "
    "face-down stack, of which you see only the suit. A blind draft is worth it when it is "
    "likely to fit your village. Which unseen cards would fit is something you can count: "
    "here is the exact chance for each stack, for the first player, at any point of a real "
    "game.")


class FacedownLesson(w.VBox):
    """A game position and a stack: the chance a blind draft fits, exact beside simulated."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        self.position = PositionControls(20, self._new_position, guard)
        self.players, self.game_seed, self.moves = (
            self.position.players, self.position.game_seed, self.position.moves)
        self.stack = w.Dropdown(description="Draft blind from stack", style=STYLE,
                                layout={"width": "330px"})
        self.village = w.HTML("")
        self.village.add_class("vg-facedown-village")
        self.table = w.HTML("")
        self.table.add_class("vg-facedown-table")
        self.game: Villagers = advance(3, 5, 0)
        self.fitting: set[str] = set()
        self.on_basic: set[str] = set()  # the part of `fitting` that needs a Basic first
        self._new_position()
        controls = [self.position.row, self.village, self.stack, self.table]
        self.lesson = Lesson(controls, self.exact, self.sample, quantity="share that fits",
                             seed=seed, banner=self.banner, run_label="Deal again",
                             unit="deals", trials=(100, 1_000, 10_000), default_trials=1_000,
                             share=True, experiment=self.class_experiment)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-facedown-lesson")

    def _new_position(self) -> None:
        self.game = self.position.game()
        self.on_basic = fits_after_basic(self.game, SEAT)
        self.fitting = fits_now(self.game, SEAT) | self.on_basic
        obs = self.game.observation(SEAT)
        self.village.value = self._village(table_of(obs))
        chances = {j: chance_top_fits(obs, self.game.cards, j, self.fitting)
                   for j, p in enumerate(obs["stacks"]) if p["size"]}
        options = [(f"{j + 1}: {obs['stacks'][j]['top_suit']} on top", j) for j in chances]
        keep = self.stack.value
        self.stack.options = options
        if chances:
            # open on the stack whose answer is least obvious (nearest one half)
            self.stack.value = keep if keep in chances else min(
                chances, key=lambda j: abs(float(chances[j]) - 0.5))
        now_only = self.fitting - self.on_basic
        road = [s["card"] for s in obs["road"] if s]
        sure = sorted(n for n in road if n in self.fitting)
        heads = "".join(f"<th>{j + 1}</th>" for j in chances)
        cells = "".join(f"<td>{p}</td>" for p in chances.values())
        direct = "".join(f"<td>{chance_top_fits(obs, self.game.cards, j, now_only)}</td>"
                         for j in chances)
        self.table.value = (
            f"<table class='vg-eq-table'><tr><th>stack</th>{heads}</tr>"
            f"<tr><th>chance a blind draft fits</th>{cells}</tr>"
            f"<tr><th>of which on your village as it is</th>{direct}</tr></table>"
            f"<div class='vg-note'>A villager fits if it can go on your village as it is, "
            "or straight on a Basic Villager (Lumberjack, Miner, Hayer) still in the "
            "supply, which you take in the Build Phase by returning a hand card. Face up on "
            f"the Road and fitting: {esc(', '.join(sure)) if sure else 'nothing'}.</div>")

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        if self.stack.value is None:
            raise ValueError("every stack is empty at this point: choose fewer moves")
        return "villagers-facedown", {"players": self.players.value,
                                      "game": self.game_seed.value, "moves": self.moves.value,
                                      "stack": self.stack.value + 1}

    def exact(self) -> Exact:
        """The fitting unseen cards of the stack's suit over all its unseen cards."""
        if self.stack.value is None:
            raise ValueError("every stack is empty at this point: choose fewer moves")
        obs = self.game.observation(SEAT)
        p = chance_top_fits(obs, self.game.cards, self.stack.value, self.fitting)
        suit = obs["stacks"][self.stack.value]["top_suit"]
        note = (f"Of the {suit} cards you have not seen, the share that would fit your "
                f"village (by the chain rules, now or on a Basic Villager you can still "
                f"take; Special villagers aside) is {words.fraction(p)}.")
        return Exact(float(p), "Chance a blind draft fits", esc(note))

    def _village(self, obs: VillagersTable) -> str:
        """The village, hand and Basic Villagers the count reads: the first player's."""
        me = obs["players"][SEAT]
        cards = self.game.cards
        basics = ", ".join(f"{name} {left}" for name, left in self.game.basics.items())
        return (f"<div class='vg-note'>Round {obs['round']}, {obs['phase']} phase. The "
                f"village the count reads, {esc(me['name'])}'s "
                f"({words.count(len(me['village']), 'card')}), with the hand; Basic "
                f"Villagers left in the supply: {esc(basics)}.</div>"
                f"{panel_html(obs, me)}{village_html(me, cards)}"
                f"{hand_html(obs, me, cards)}")

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` fresh deals of the hidden cards: 1 when the top card fits."""
        return simulate_top(self.game, SEAT, self.stack.value, self.fitting, n,
                            seed=int(rng.integers(0, 2**63))).astype(float)


def facedown_lesson(seed: int | None = None) -> FacedownLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = FacedownLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
