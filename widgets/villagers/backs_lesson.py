"""Villagers lesson 1, card backs and counting: what is under the suit you can see?

Every face-down stack shows the suit of its top card. Counting the cards of that suit you
have not seen anywhere gives the exact chance that the top card is the villager you need
(`village_games.villagers.odds`); the simulation deals the hidden cards again with the
engine (`determinize`, from the seat's view) and looks at the top of the stack.

    from widgets.villagers.backs_lesson import backs_lesson
    backs_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.villagers import Villagers
from village_games.villagers.odds import chance_as_cards_leave, simulate_top, top_card_chances
from village_games.villagers.table_notes import unseen_by_suit

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson
from .position import STYLE, PositionControls, advance

__all__ = ["BacksLesson", "advance", "backs_lesson"]

NOTEBOOK = "villagers_backs_lesson.ipynb"
SEAT = 0
INTRO = (
    "In Villagers the backs of the cards show their suit. When you need, say, a "
    "<b>Jeweler</b> (an Ore villager), a stack with Ore on top might hold it. How likely is "
    "that? Count the Ore cards you have <i>not</i> seen anywhere (villages, the Road, your "
    "hand, cards drafted face up): each of them is equally likely to be the one on top. "
    "Play the game forward to see the chance grow as cards leave the hidden pool.")


class BacksLesson(w.VBox):
    """Choose a game position, a stack and the villager you need: exact beside simulated."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        self.position = PositionControls(0, self._new_position, guard)
        self.players, self.game_seed, self.moves = (
            self.position.players, self.position.game_seed, self.position.moves)
        self.stack = w.Dropdown(description="Stack", style=STYLE, layout={"width": "230px"})
        self.villager = w.Dropdown(description="Villager you need", style=STYLE,
                                   layout={"width": "300px"})
        self.table = w.HTML("")
        self.table.add_class("vg-backs-table")
        self.curve = w.HTML("")
        self.curve.add_class("vg-backs-curve")
        self.game: Villagers = advance(3, 5, 0)
        self.stack.observe(guard(lambda _c: self._new_stack()), names="value")
        self._new_position()
        controls = [self.position.row, w.HBox([self.stack, self.villager]), self.table,
                    self.curve]
        self.lesson = Lesson(controls, self.exact, self.sample, quantity="share on top", seed=seed,
                             banner=self.banner, run_label="Deal again", unit="deals",
                             trials=(100, 1_000, 10_000), default_trials=1_000, share=True,
                             experiment=self.class_experiment)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-backs-lesson")

    # ------------------------------------------------------------------ the position
    def _new_position(self) -> None:
        self.game = self.position.game()
        obs = self.game.observation(SEAT)
        options = [(f"{j + 1}: {p['top_suit']} on top, {p['size']} cards", j)
                   for j, p in enumerate(obs["stacks"]) if p["size"]]
        keep = self.stack.value
        self.stack.options = options
        values = [v for _, v in options]
        if values:
            self.stack.value = keep if keep in values else values[0]
        self._new_stack()

    def _new_stack(self) -> None:
        chances = self._chances()
        keep = self.villager.value
        self.villager.options = list(chances)
        if chances:
            self.villager.value = keep if keep in chances else max(chances, key=chances.__getitem__)
        self._draw_table()

    def _chances(self) -> dict:
        if self.stack.value is None:
            return {}
        obs = self.game.observation(SEAT)
        return top_card_chances(obs, self.game.cards)[self.stack.value]

    def _draw_table(self) -> None:
        chances = self._chances()
        heads = "".join(f"<th>{esc(n)}</th>" for n in chances)
        cells = "".join(f"<td title='{float(p):.1%}'>{p}</td>"
                        for p in chances.values())
        self.table.value = ("<table class='vg-eq-table'><tr><th>could be on top</th>"
                            f"{heads}</tr><tr><th>chance</th>{cells}</tr></table>")

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        if self.stack.value is None or self.villager.value is None:
            raise ValueError("choose a stack and a villager of its suit")
        return "villagers-backs", {"players": self.players.value, "game": self.game_seed.value,
                                   "moves": self.moves.value, "stack": self.stack.value + 1,
                                   "villager": self.villager.value}

    # ------------------------------------------------------------------ exact and simulated
    def exact(self) -> Exact:
        """Unseen copies of the villager over unseen cards of the suit, and how that grows
        as other cards of the suit leave."""
        name, chances = self.villager.value, self._chances()
        if name is None or name not in chances:
            raise ValueError("choose a stack and a villager of its suit")
        p = chances[name]
        suit = self.game.cards[name].suit
        unseen = unseen_by_suit(self.game.observation(SEAT), self.game.cards).get(suit, {})
        copies, total = unseen.get(name, 0), sum(unseen.values())
        if (p == 1 and copies == 0) or total == 0:
            note = f"You put this {name} there yourself: you know it is on top."
            self.curve.value = ""
            return Exact(1.0, "Chance the top card is the one you need", esc(note))
        steps = chance_as_cards_leave(copies, total)
        cells = "".join(f"<td>{float(q):.0%}</td>" for q in steps[:12])
        heads = "".join(f"<th>{m}</th>" for m in range(min(len(steps), 12)))
        self.curve.value = (
            f"<table class='vg-eq-table'><tr><th>other {esc(suit)} cards seen later</th>"
            f"{heads}</tr><tr><th>chance</th>{cells}</tr></table>")
        note = (f"You have not seen {total} {suit} cards; {copies} of them "
                f"{'is a' if copies == 1 else 'are'} {name}. Each unseen {suit} card is "
                f"equally likely to be on top, so the chance is {copies}/{total}.")
        return Exact(float(p), "Chance the top card is the one you need", esc(note))

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` fresh deals of every card this seat cannot see: 1 when the villager is on top."""
        return simulate_top(self.game, SEAT, self.stack.value, self.villager.value, n,
                            seed=int(rng.integers(0, 2**63))).astype(float)


def backs_lesson(seed: int | None = None) -> BacksLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = BacksLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
