"""Villages lesson 1, drawing a set: will the next cards give me three of a colour?

A village needs three units of one colour. From a real position (a seeded game, some
moves in, seen by the first seat) the lesson asks: with the units of a colour already in
hand, what is the chance that this turn's two draws (and any later deck draws) complete
the three? The deck is a random part of the cards this seat has not seen, so the count is
hypergeometric (exact, in `village_games.villages.odds`); the discard pile is public, so
taking its top card is a sure thing; the simulation shuffles the unseen cards with numpy.

    from widgets.villages.draw_lesson import draw_lesson
    draw_lesson()
"""

from __future__ import annotations

import random

import ipywidgets as w
import numpy as np

from village_games.villages import COLOURS, Villages, new_game
from village_games.villages.odds import (
    DRAW_PLANS,
    PLAN_LABELS,
    SetQuestion,
    set_question,
    simulate_set,
)

from ..charts import chart_image, figure, png_bytes
from ..gallery import add_nav
from ..lesson import Exact, Lesson
from ..markup import esc
from ..safe import ErrorBanner, guarded
from ..theme import style_tag

NOTEBOOK = "villages_draw_lesson.ipynb"
SEAT = 0
MAX_LATER = 10  # later deck draws the slider offers
STYLE = {"description_width": "initial"}
SHORT = {"deck-deck": "deck + deck", "discard-deck": "discard + deck",
         "discard-discard": "discard + discard"}
INTRO = (
    "In Villages a new village needs <b>three units of one colour</b>. Each turn starts "
    "with two draws: from the deck (a card you cannot see) or from the discard pile (its "
    "cards are face up, so you know what you get). Which gives the better chance of "
    "completing a set? Count: the deck is a random part of the cards you have <i>not</i> "
    "seen, so what matters is how many unseen units share your colour. Speed counts too: "
    "every card still in your hand when the round ends costs its gold, and the first "
    "player to empty their hand scores 10 more. The cards are this project's stand-in deck.")


def advance(players: int, seed: int, moves: int) -> Villages:
    """A real game after `moves` seeded random legal actions (stops early at the end)."""
    g = new_game(players=players, seed=seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        seat = g.to_act()[0]
        g.apply(seat, pick.choice(list(g.legal_actions(seat))))
    return g


class DrawLesson(w.VBox):
    """A position, a colour, a draw plan and later draws: exact beside simulated."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        self.players = w.Dropdown(options=[2, 3, 4, 5], value=3, description="Players",
                                  style=STYLE, layout={"width": "140px"})
        self.game_seed = w.BoundedIntText(value=4, min=0, max=10**9, description="Game",
                                          style=STYLE, layout={"width": "140px"})
        self.moves = w.IntSlider(value=0, min=0, max=60, step=1, description="Moves played",
                                 continuous_update=False, style=STYLE,
                                 layout={"width": "300px"})
        self.colour = w.Dropdown(description="Colour", style=STYLE, layout={"width": "320px"})
        self.plan = w.Dropdown(description="This turn's two draws", style=STYLE,
                               layout={"width": "430px"})
        self.later = w.IntSlider(value=0, min=0, max=MAX_LATER, description="Later deck draws",
                                 continuous_update=False, style=STYLE,
                                 layout={"width": "330px"})
        self.position = w.HTML("")
        self.position.add_class("vg-vl-lesson-position")
        self.table = w.HTML("")
        self.table.add_class("vg-vl-lesson-table")
        self.curve = chart_image()
        self.curve.add_class("vg-vl-lesson-curve")
        self.curve.layout.width = "460px"
        self.game: Villages = advance(3, 4, 0)
        for control in (self.players, self.game_seed, self.moves):
            control.observe(guard(lambda _c: self._new_position()), names="value")
        self._new_position()
        controls = [w.HBox([self.players, self.game_seed, self.moves]), self.position,
                    w.HBox([self.colour, self.plan]), self.later, self.table, self.curve]
        self.lesson = Lesson(controls, self.exact, self.sample, quantity="share completing",
                             seed=seed, banner=self.banner, run_label="Draw again",
                             unit="deals", trials=(100, 1_000, 10_000, 100_000),
                             default_trials=10_000)
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.lesson])
        self.add_class("vg-app")
        self.add_class("vg-vl-draw-lesson")

    # ------------------------------------------------------------------ the position
    def _obs(self) -> dict:
        return self.game.observation(SEAT)

    def _new_position(self) -> None:
        self.game = advance(self.players.value, self.game_seed.value, self.moves.value)
        obs = self._obs()
        questions = {c: set_question(obs, self.game.cards, c) for c in COLOURS}
        keep = self.colour.value
        self.colour.options = [
            (f"{c}: {q.have} in hand, {q.colour_unseen} unseen", c)
            for c, q in questions.items()]
        if keep in COLOURS:
            self.colour.value = keep
        else:  # the colour closest to a set: most in hand, then most unseen
            self.colour.value = max(COLOURS, key=lambda c: (
                min(questions[c].have, 2), questions[c].colour_unseen))
        plans = [(PLAN_LABELS[k], k) for k in DRAW_PLANS
                 if DRAW_PLANS[k].count("discard") <= len(obs["discard"])
                 and DRAW_PLANS[k].count("deck") <= obs["deck_size"]]
        keep_plan = self.plan.value
        self.plan.options = plans
        values = [v for _, v in plans]
        if values:
            self.plan.value = keep_plan if keep_plan in values else values[0]
        self.later.max = max(0, min(MAX_LATER, obs["deck_size"] - 2))
        me = obs["players"][SEAT]
        hand = ", ".join(me["hand"]) or "no cards"
        top = ", ".join(reversed(obs["discard"][-2:])) or "empty"
        turn = obs["players"][obs["turn"]]["name"]
        self.position.value = (
            f"<div class='vg-note'>Round {obs['round']}, {esc(turn)} to play. "
            f"{esc(me['name'])}'s hand: {esc(hand)}. Discard pile, top first: {esc(top)}. "
            f"Deck: {obs['deck_size']} cards.</div>")

    def question(self) -> SetQuestion:
        colour = self.colour.value
        if colour not in COLOURS:
            raise ValueError("choose a colour")
        return set_question(self._obs(), self.game.cards, colour)

    # ------------------------------------------------------------------ exact and simulated
    def exact(self) -> Exact:
        q = self.question()
        cards = self.game.cards
        plan = self.plan.value
        if plan is None:
            raise ValueError("neither pile can give two cards in this position")
        later = self.later.value
        p = q.plan_chance(cards, plan, later)
        if p is None:
            raise ValueError("the piles hold too few cards for these draws: draw fewer later")
        self._draw_table(q, later)
        self.curve.value = self._draw_curve(q)
        known = q.known_from_discard(cards, DRAW_PLANS[plan].count("discard"))
        deck_draws = DRAW_PLANS[plan].count("deck") + later
        need = max(0, 3 - q.have - known)
        if need == 0:
            note = (f"You hold {q.have} {q.colour} unit{'s' if q.have != 1 else ''}"
                    + (f" and the discard pile gives {known} more" if known else "")
                    + ": the set is already sure.")
        else:
            note = (f"You hold {q.have} {q.colour} unit{'s' if q.have != 1 else ''}"
                    + (f"; the discard pile gives {known} more for sure" if known else "")
                    + f". You need {need} more among {deck_draws} deck draw"
                    f"{'s' if deck_draws != 1 else ''}. Of the {q.unseen} cards you have not "
                    f"seen, {q.colour_unseen} are {q.colour} units: the chance of at least "
                    f"{need} of them in {deck_draws} draws without replacement is the sum of "
                    f"C({q.colour_unseen}, k)·C({q.unseen - q.colour_unseen}, "
                    f"{deck_draws} − k) / C({q.unseen}, {deck_draws}) for k ≥ {need}.")
        return Exact(float(p), "Chance of three of the colour", esc(note))

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        q = self.question()
        plan = DRAW_PLANS[self.plan.value]
        known = q.known_from_discard(self.game.cards, plan.count("discard"))
        return simulate_set(q.have, q.colour_unseen, q.unseen,
                            plan.count("deck") + self.later.value, known, n, rng)

    # ------------------------------------------------------------------ the decision
    def _draw_table(self, q: SetQuestion, later: int) -> None:
        """Every colour under each plan: deck versus discard as a decision."""
        obs = self._obs()
        cards = self.game.cards
        plans = [k for _, k in self.plan.options]
        heads = "".join(f"<th title='{esc(PLAN_LABELS[k])}'>{esc(SHORT[k])}</th>"
                        for k in plans)
        rows = []
        for colour in COLOURS:
            cq = set_question(obs, cards, colour)
            chances = [cq.plan_chance(cards, k, later) for k in plans]
            best = max((c for c in chances if c is not None), default=None)
            cells = "".join(
                "<td>–</td>" if c is None else
                f"<td class='{'vg-vl-best' if c == best and best else ''}'>{float(c):.1%}</td>"
                for c in chances)
            mark = " class='vg-vl-chosen'" if colour == q.colour else ""
            rows.append(f"<tr{mark}><th>{esc(colour)}</th><td>{cq.have}</td>"
                        f"<td>{cq.colour_unseen}</td>{cells}</tr>")
        extra = f" and {later} later deck draw{'s' if later != 1 else ''}" if later else ""
        self.table.value = (
            f"<div class='vg-note'>Chance of three of each colour by this turn's draws{extra} "
            "(the best plan per colour in bold):</div><table class='vg-eq-table'>"
            "<tr><th>colour</th><th>in hand</th><th>unseen</th>"
            f"{heads}</tr>{''.join(rows)}</table>")

    def _draw_curve(self, q: SetQuestion) -> bytes:
        """The chance against the number of later deck draws, one line per plan."""
        cards = self.game.cards
        fig, ax = figure(4.6, 2.6)
        xs = list(range(0, self.later.max + 1))
        for k in [k for _, k in self.plan.options]:
            ys = [q.plan_chance(cards, k, x) for x in xs]
            pts = [(x, float(y)) for x, y in zip(xs, ys, strict=True) if y is not None]
            if pts:
                ax.plot([x for x, _ in pts], [y for _, y in pts], marker="o", markersize=3,
                        label=SHORT[k])
        p = q.plan_chance(cards, self.plan.value, self.later.value)
        if p is not None:
            ax.plot([self.later.value], [float(p)], "o", color="#a8322a", markersize=9,
                    fillstyle="none", label="your choice")
        ax.set_xlabel("later deck draws")
        ax.set_ylabel(f"chance of three {q.colour}")
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
        ax.legend(loc="lower right", fontsize=7, framealpha=0.85)
        return png_bytes(fig)


def draw_lesson(seed: int | None = None) -> DrawLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = DrawLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
