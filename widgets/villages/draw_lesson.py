"""Villages lesson 1, drawing a set: will the next cards give me three of a colour?

A village needs three units of one colour. From a real position (a seeded game, some
moves in, seen by the first seat) the lesson asks: with the units of a colour already in
hand, what is the chance that this turn's two draws (and any later deck draws) complete
the three? The deck is a random part of the cards this seat has not seen, so the count is
hypergeometric (exact, in `village_games.villages.odds`); the discard pile is public, so
taking its top card is a sure thing; the simulation shuffles the unseen cards with numpy.
With the Dark and Light cards switched on, Light units are wild: the count then has two
kinds of useful card, and a set still needs one unit truly of the colour.

A second tab (`going_out_tab`) prices the bonus for emptying your hand first: go out now,
or wait a turn for the draws to build a village?

    from widgets.villages.draw_lesson import draw_lesson
    draw_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.core import words
from village_games.villages import Villages
from village_games.villages.odds import (
    DRAW_PLANS,
    PLAN_LABELS,
    SetQuestion,
    seen_counts,
    set_question,
    simulate_set,
    villages_position,
)
from village_games.villages.options import EMPTY_BONUS, SET_SIZE
from village_games.villages.views import VillagesObservation

from ..kit.apps import add_nav
from ..kit.charts import chart_image, figure, png_bytes, show_chart
from ..kit.markup import esc
from ..kit.safe import ErrorBanner, guarded
from ..kit.shared_models import Shared
from ..kit.theme import style_tag
from ..teach.lesson import Exact, Lesson
from .going_out_tab import GoingOutTab

NOTEBOOK = "villages_draw_lesson.ipynb"
SEAT = 0
MAX_LATER = 10  # later deck draws the slider offers
STYLE = {"description_width": "initial"}
SHORT = {"deck-deck": "deck + deck", "discard-deck": "discard + deck",
         "discard-discard": "discard + discard"}
TABS = ("Drawing a set", "Going out first")
INTRO = (
    f"In Villages a new village needs <b>{SET_SIZE} units of one colour</b>. Each turn "
    "starts "
    "with two draws: from the deck (a card you cannot see) or from the discard pile (its "
    "cards are face up, so you know what you get). Which gives the better chance of "
    "completing a set? Count: the deck is a random part of the cards you have <i>not</i> "
    "seen, so what matters is how many unseen units share your colour. Speed counts too: "
    f"the second tab weighs the {EMPTY_BONUS} gold for emptying your hand first against "
    "waiting to "
    "build. The cards are this project's stand-in deck; the Dark and Light cards are "
    "stand-ins too: Dark is a seventh colour, and Light cards are <b>wild</b>, one of "
    "the three of any colour, but never three on their own.")


def advance(players: int, seed: int, moves: int, dark_light: bool = False) -> Villages:
    """A real game after `moves` seeded random legal actions (stops early at the end);
    `dark_light` adds the stand-in Dark and Light cards."""
    return villages_position(players, seed, moves, dark_light)


class DrawLesson(w.VBox):
    """A position and a colour, shared by two tabs: drawing a set (a colour, a draw plan
    and later draws, exact beside simulated) and going out first (`GoingOutTab`)."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        shared = Shared()
        self._syncing = False  # the colour list is being rebuilt: no refresh per change
        self.players = w.Dropdown(options=[2, 3, 4, 5], value=3, description="Players",
                                  style=STYLE, layout={"width": "140px"})
        self.game_seed = w.BoundedIntText(value=4, min=0, max=10**9, description="Game",
                                          style=STYLE, layout={"width": "140px"})
        self.moves = w.IntSlider(value=0, min=0, max=60, step=1, description="Moves played",
                                 continuous_update=False, style=STYLE,
                                 layout={"width": "300px"})
        self.expansion = w.Checkbox(value=False, indent=False,
                                    description="Dark and Light cards (stand-in)",
                                    layout={"width": "260px"})
        self.expansion.add_class("vg-vl-lesson-expansion")
        self.colour = w.Dropdown(description="Colour", style=STYLE, layout={"width": "320px"})
        self.colour.add_class("vg-vl-lesson-colour")
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
        self._set_position()
        # the table and curve sit outside the lesson's controls: their changes are answers
        self.lesson = Lesson([w.HBox([self.plan, self.later])], self.exact, self.sample,
                             quantity="share completing", seed=seed, banner=self.banner,
                             run_label="Draw again", unit="deals",
                             trials=(100, 1_000, 10_000, 100_000), default_trials=10_000,
                             shared=shared, share=True, experiment=self.class_experiment)
        self.going_out = GoingOutTab(self._seat_and_colour,
                                     seed=None if seed is None else seed + 1,
                                     banner=self.banner, shared=shared,
                                     experiment=self.going_out_experiment)
        odds_row = w.HBox([self.table, self.curve])
        odds_row.add_class("vg-vl-lesson-odds")  # style.css: the chart wraps below, narrow
        draw_tab = w.VBox([self.lesson, odds_row])
        self.tabs = w.Tab(children=[draw_tab, self.going_out], titles=TABS)
        self.tabs.add_class("vg-lesson-tabs")
        # a new game starts at its most promising colour; moving on keeps the colour
        for control in (self.players, self.game_seed, self.expansion):
            control.observe(guard(lambda _c: self.new_position(new_game=True)),
                            names="value")
        self.moves.observe(guard(lambda _c: self.new_position()), names="value")
        self.colour.observe(guard(lambda _c: self._colour_changed()), names="value")
        self.tabs.observe(guard(lambda c: self.going_out.show() if c["new"] == 1 else None),
                          names="selected_index")
        controls = w.VBox([w.HBox([self.players, self.game_seed, self.moves, self.expansion]),
                           self.position, self.colour])
        controls.add_class("vg-lesson-controls")
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), controls,
                          self.tabs])
        self.add_class("vg-app")
        self.add_class("vg-vl-draw-lesson")

    # ------------------------------------------------------------------ the position
    def _obs(self) -> VillagesObservation:
        return self.game.observation(SEAT)

    def _seat_and_colour(self) -> tuple[Villages, int, str]:
        return self.game, SEAT, self._colour()

    def _colour(self) -> str:
        colour = self.colour.value
        if colour not in self.game.cards.village_colours:
            raise ValueError("choose a colour")
        return colour

    def new_position(self, new_game: bool = False) -> None:
        """Deal the position the controls ask for; both tabs answer for it. A new game
        (`new_game`) picks its most promising colour; otherwise the colour stays."""
        self._set_position(new_game)
        self.lesson.refresh()
        self.going_out.lesson.refresh()

    def _colour_changed(self) -> None:
        if not self._syncing:
            self.lesson.refresh()
            self.going_out.lesson.refresh()

    def _set_position(self, new_game: bool = False) -> None:
        self.game = advance(self.players.value, self.game_seed.value, self.moves.value,
                            self.expansion.value)
        obs = self._obs()
        cards = self.game.cards
        colours = cards.village_colours
        questions = {c: set_question(obs, cards, c) for c in colours}
        keep = None if new_game else self.colour.value
        self._syncing = True
        try:
            self.colour.options = [
                (f"{c}: {q.have} in hand, {q.colour_unseen} unseen", c)
                for c, q in questions.items()]
            if keep in colours:
                self.colour.value = keep
            else:  # the colour closest to a set: most in hand, then most unseen
                self.colour.value = max(colours, key=lambda c: (
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
        finally:
            self._syncing = False
        me = obs["players"][SEAT]
        own = me["hand"]
        assert own is not None  # (the lesson's seat's own view)
        hand = ", ".join(own) or "no cards"
        # the whole pile: every card of it is face up, and the counts treat all as seen
        pile = ", ".join(_wild_mark(c, cards.wild_ids) for c in reversed(obs["discard"]))
        turn = obs["players"][obs["turn"]]["name"]
        light = ""
        q = next(iter(questions.values()))
        if cards.wild_ids:
            light = (f" Light (wild) cards: {q.wild_have} in your hand, {q.wild_unseen} "
                     "unseen.")
        n = seen_counts(obs)
        where = [f"your {words.count(n['hand'], 'hand card')}",
                 f"the discard pile's {n['discard']}",
                 f"{n['villages']} in villages", f"{n['graveyards']} in graveyards"]
        if n["known"]:
            where.append(f"{n['known']} you know in other hands")
        if n["battle"]:
            where.append(f"{n['battle']} on the battlefield")
        self.position.value = (
            f"<div class='vg-note'>Round {obs['round']}, {esc(turn)} to play. "
            f"{esc(me['name'])}'s hand: {esc(hand)}. "
            + (f"Discard pile ({words.count(len(obs['discard']), 'card')}, all face up), "
               f"top first: {esc(pile)}. " if obs["discard"] else "Discard pile: empty. ")
            + f"Deck: {obs['deck_size']} cards. Counted as seen: "
            f"{esc(words.and_list(where))}; the other {q.unseen} cards are unseen (the "
            f"deck and the hands you cannot see).{light}</div>")

    def _position_settings(self) -> dict[str, object]:
        return {"players": self.players.value, "game": self.game_seed.value,
                "moves": self.moves.value, "dark_light": int(self.expansion.value),
                "colour": self._colour()}

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        if self.plan.value is None:
            raise ValueError("neither pile can give two cards in this position")
        return "villages-draw", {**self._position_settings(), "plan": self.plan.value,
                                 "later": self.later.value}

    def going_out_experiment(self) -> tuple[str, dict[str, object]]:
        return "villages-going-out", self._position_settings()

    def question(self) -> SetQuestion:
        return set_question(self._obs(), self.game.cards, self._colour())

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
        show_chart(self.curve, self._draw_curve(q),
                   "Chart of the chance to go out as the rounds go by; the table beside it "
                   "gives the numbers.")
        take = DRAW_PLANS[plan].count("discard")
        known = q.known_from_discard(cards, take)
        wild_known = q.known_from_discard(cards, take, wild=True)
        deck_draws = DRAW_PLANS[plan].count("deck") + later
        if q.wild_have or q.wild_unseen or wild_known:
            note = _wild_note(q, known, wild_known, deck_draws)
        else:
            note = _plain_note(q, known, deck_draws)
        return Exact(float(p), "Chance of three of the colour", esc(note))

    def sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        q = self.question()
        take = DRAW_PLANS[self.plan.value].count("discard")
        cards = self.game.cards
        return simulate_set(q.have, q.colour_unseen, q.unseen,
                            DRAW_PLANS[self.plan.value].count("deck") + self.later.value,
                            q.known_from_discard(cards, take), n, rng, q.wild_have,
                            q.wild_unseen, q.known_from_discard(cards, take, wild=True))

    # ------------------------------------------------------------------ the decision
    def _draw_table(self, q: SetQuestion, later: int) -> None:
        """Every colour under each plan: deck versus discard as a decision."""
        obs = self._obs()
        cards = self.game.cards
        plans = [k for _, k in self.plan.options]
        heads = "".join(f"<th title='{esc(PLAN_LABELS[k])}'>{esc(SHORT[k])}</th>"
                        for k in plans)
        rows = []
        for colour in cards.village_colours:
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
        extra = f" and {words.count(later, 'later deck draw')}" if later else ""
        wild = ""
        if cards.wild_ids:
            wild = (f" Light cards count for every colour: {q.wild_have} in your hand, "
                    f"{q.wild_unseen} unseen.")
        self.table.value = (
            f"<div class='vg-note'>Chance of three of each colour by this turn's draws{extra} "
            f"(the best plan per colour in bold).{wild}</div><table class='vg-eq-table'>"
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


def _wild_mark(card: str, wild: frozenset[str]) -> str:
    return f"{card} (wild)" if card in wild else card


def _plain_note(q: SetQuestion, known: int, deck_draws: int) -> str:
    """The count in words, without wild cards: one hypergeometric tail."""
    need = max(0, 3 - q.have - known)
    held = f"You hold {words.count(q.have, q.colour + ' unit')}"
    if need == 0:
        return (held + (f" and the discard pile gives {known} more" if known else "")
                + ": the set is already sure.")
    return (held + (f"; the discard pile gives {known} more for sure" if known else "")
            + f". You need {need} more among {words.count(deck_draws, 'deck draw')}. Of "
            f"the {q.unseen} cards you have not seen, {q.colour_unseen} are {q.colour} "
            f"units: the chance of at least {need} of them in {deck_draws} draws without "
            f"replacement is the sum of C({q.colour_unseen}, k)·C("
            f"{q.unseen - q.colour_unseen}, {deck_draws} − k) / C({q.unseen}, {deck_draws}) "
            f"for k ≥ {need}.")


def _wild_note(q: SetQuestion, known: int, wild_known: int, deck_draws: int) -> str:
    """The count in words with Light cards: two kinds of useful card, and the rule that
    Light cards never make a village alone."""
    true0, wild0 = q.have + known, q.wild_have + wild_known
    sure = (f"You hold {words.count(q.have, q.colour + ' unit')} and "
            f"{words.count(q.wild_have, 'Light card')}")
    if known or wild_known:
        sure += (f"; the discard pile gives {known} {q.colour} and {wild_known} Light for "
                 "sure")
    rule = (" A set is three units with at least one truly of the colour: a Light card "
            "fills a place, but Light cards never make a village alone.")
    if true0 >= 1 and true0 + wild0 >= 3:
        return sure + "." + rule + " You have that already: the set is sure."
    other = q.unseen - q.colour_unseen - q.wild_unseen
    short = 3 - true0 - wild0  # places still empty
    need = max(short, 1 if true0 == 0 else 0)
    real = f" (at least one of them {words.a(q.colour)} unit)" if true0 == 0 else ""
    terms = [f"k + j ≥ {short}"] if short > 0 else []
    terms += ["k ≥ 1"] if true0 == 0 else []
    return (sure + "." + rule + f" You need {need} more{real} among {deck_draws} deck "
            f"{words.plural(deck_draws, 'draw')}. Of the {q.unseen} cards you have not seen, "
            f"{q.colour_unseen} are {q.colour} units, {q.wild_unseen} are Light and {other} "
            f"are neither. The exact chance adds C({q.colour_unseen}, k)·C({q.wild_unseen}, "
            f"j)·C({other}, {deck_draws} − k − j) / C({q.unseen}, {deck_draws}) over every "
            f"k {q.colour} and j Light cards among the draws with {' and '.join(terms)}.")


def draw_lesson(seed: int | None = None) -> DrawLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = DrawLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
