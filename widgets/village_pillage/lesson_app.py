"""Classroom lesson: a Village Pillage duel round is a matrix game.

    from widgets.village_pillage.lesson_app import lesson_app
    lesson_app()

One shared position (both villages' stockpile and bank, the bank side, a relic bonus) feeds
four tabs: the payoff table with best responses to an opponent mix, the exact equilibrium
beside fictitious play, a Monte Carlo match of equilibrium against naive play, and whole
games of an equilibrium-mixing bot against a random one. Every number in a table comes from
the real engine (`village_games.village_pillage.payoffs`); the game theory comes from
`village_games.probability`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import ipywidgets as w
import numpy as np

from village_games.bots.equilibrium_bot import play_duels
from village_games.core import words
from village_games.probability import (
    best_responses,
    expected_payoff,
    exploitability,
    fictitious_play,
    sample_matches,
    solve_zero_sum,
)
from village_games.village_pillage.cards import TYPES, standard_deck
from village_games.village_pillage.options import BANK_SIDES, DUEL_SIDE_TITLES, side_title
from village_games.village_pillage.payoffs import (
    STARTERS,
    Position,
    card_type,
    named_mix,
    payoff_matrix,
    payoff_table,
)
from village_games.village_pillage.payoffs import STRATEGIES as STRATEGY_NAMES
from widgets.kit.apps import add_nav
from widgets.kit.charts import chart_image, plain_figure, png_bytes, show_chart
from widgets.kit.markup import esc as _e
from widgets.kit.safe import ErrorBanner, guarded
from widgets.kit.theme import style_tag
from widgets.teach.lesson import Choice, Exact, Lesson, Shared, fmt

TYPE_COLOURS = {"Farmer": "#4e8a2e", "Wall": "#2f5f9e", "Raider": "#a8322a",
                "Merchant": "#b88a14"}
# Darker shades of the same colours for text (at least 4.5:1 on the lesson's parchment).
TYPE_TEXT_COLOURS = {"Farmer": "#3c6e22", "Wall": "#2f5f9e", "Raider": "#a8322a",
                     "Merchant": "#7a5a0a"}
PRESETS = ["Uniform", "Always Farmer", "Always Wall", "Always Raider", "Always Merchant",
           "Equilibrium", "Custom"]
STRATEGIES = list(STRATEGY_NAMES.values())

INTRO = (
    "Like rock–paper–scissors, but with turnips. Every number below comes from playing the "
    "round in the real rules engine and counting the <b>turnip swing</b>: how much further "
    "ahead of your opponent you end up (stockpile plus bank; anything bought counts as the "
    "turnips paid for it). Set the position here; it feeds every tab.")




def _pip(type_name: str) -> str:
    return (f"<span class='vg-pip vg-pip-{type_name.lower()}'>{type_name[0]}</span>")


def fraction(p: float) -> str:
    """0.2222 -> '2/9'; exact enough for a lesson's equilibrium mixes."""
    f = Fraction(p).limit_denominator(60)
    if abs(float(f) - p) > 1e-6:
        return f"{p:.3f}"
    return words.fraction(f)


def _cell_style(value: float, scale: float) -> str:
    """Green for a swing your way, red against you; stronger colour for a bigger swing."""
    if abs(value) < 1e-9:
        return "background:#f4efe4"
    strength = 0.15 + 0.65 * min(1.0, abs(value) / max(scale, 1e-9))
    rgb = "78,138,46" if value > 0 else "192,57,43"
    return f"background:rgba({rgb},{strength:.2f})"


NARROW = {"description_width": "70px"}  # the label width of most controls here
TAB_TITLES = ("1 · Payoff table", "2 · Equilibrium", "3 · Match", "4 · Whole games")
TABLE_HELP = (
    "<div class='vg-note'>Rows: the card you put in front. Columns: the card they put in "
    "front. Each cell is your turnip swing for that round. Pick how you think they play: the "
    "<b>★</b> rows are your best replies.</div>")
EQ_HELP = (
    "<div class='vg-note'>A <b>mixed strategy</b> picks each card with some chance. At an "
    "<b>equilibrium</b> neither player can do better by changing their chances alone. The "
    "numbers come from an exact solver.</div>")
FP_HELP = (
    "<div class='vg-lesson-head'>Learning it by playing: fictitious play</div>"
    "<div class='vg-note'>Two imaginary players meet again and again. Each round, each plays "
    "the card that would have done best against everything the other has played so far. "
    "Their card frequencies drift to the equilibrium (dashed lines), and the amount a clever "
    "opponent could win from them (exploitability) shrinks towards 0.</div>")
MATCH_INTRO = (
    "Each trial is one round: both players draw a card from their mix and we look up your "
    "swing in the table. The exact average is <i>x · A · y</i>: every cell of the table "
    "weighted by how often that pairing happens. The simulated average should land close to "
    "it, and closer as the rounds pile up.")
GAMES_INTRO = (
    "Now whole duels, from the first round to three relics. The <b>equilibrium bot</b> builds "
    "this lesson's table for the position in front of it every round and draws its card from "
    "the equilibrium mix; its opponent picks every move at random. A win counts 1, a shared "
    "win ½. With a relic bonus of 0 the bot never sees a reason to buy relics, so it cannot "
    "win: try it. (The position above does not apply here: every game starts from the usual "
    "setup.)")


def _slider(shared: Shared, description: str, value: int, hi: int, who: str) -> w.IntSlider:
    return shared.make(w.IntSlider, "vg-pos-" + description.lower(), f"vg-pos-{who}",
                       value=value, min=0, max=hi, description=description,
                       continuous_update=False, style=NARROW, layout={"width": "260px"})


_VALUES: dict[bytes, float] = {}  # solved payoff tables (the same few come back often)


def _game_value(values: np.ndarray) -> float:
    """The value of the zero-sum game in `values` (rows: my cards, columns: theirs)."""
    key = values.tobytes() + bytes(str(values.shape), "ascii")
    if key not in _VALUES:
        if len(_VALUES) > 256:
            _VALUES.clear()
        _VALUES[key] = float(solve_zero_sum(values).value)
    return _VALUES[key]


class _TabPart:
    """A part of tab `tab`, which is built the first time it is opened, or the first time
    code reaches for one of its parts (tests, scripted demos): `app.match.run()` works on a
    fresh app. The part itself lives in the attribute with a leading underscore."""

    def __init__(self, tab: int) -> None:
        self.tab = tab
        self.attr = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = "_" + name

    def __get__(self, app: LessonApp | None, owner: type | None = None):
        if app is None:
            return self
        app.build_tab(self.tab)
        return getattr(app, self.attr)


class LessonApp(w.VBox):
    """The whole lesson; `lesson_app()` builds one. Attributes are the parts tests poke.

    Only the position and the first tab are built at start; each other tab is built when
    it is first opened (see `_TabPart`), so the page starts with a fraction of the widget
    models. Widgets share Layout and Style models (`Shared`) and are sized by style.css.
    """

    eq_html = _TabPart(1)
    fp_iterations = _TabPart(1)
    fp_html = _TabPart(1)
    fp_chart = _TabPart(1)
    you_play = _TabPart(2)
    they_play = _TabPart(2)
    match = _TabPart(2)
    bot_bonus = _TabPart(3)
    games = _TabPart(3)

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        self._guard = guard = guarded(self.banner)
        self.shared = shared = Shared()
        self._seed = seed
        self._syncing = False
        self._built = {0}
        self._fp_dirty = True  # drawn when its tab is shown: it is the slow chart
        self.position = Position()
        self.labels, self.their_labels, self.matrix = payoff_matrix(self.position)
        self.equilibrium = solve_zero_sum(self.matrix)

        # ---------------------------------------------------------- shared position
        cap = BANK_SIDES["duel"][0]
        self.my_stockpile = _slider(shared, "Stockpile", 1, 12, "me")
        self.my_bank = _slider(shared, "Bank", 1, cap, "me")
        self.their_stockpile = _slider(shared, "Stockpile", 1, 12, "them")
        self.their_bank = _slider(shared, "Bank", 1, cap, "them")
        self.bank_side = shared.make(
            w.ToggleButtons, "vg-pos-side",
            options=[(side_title(side), side) for side in DUEL_SIDE_TITLES],
            value="duel", style={"button_width": "210px"}, tooltip="The rules of the duel")
        self.relic_bonus = shared.make(
            w.IntSlider, "vg-pos-relic-bonus", value=0, min=0, max=10,
            description="Relic bonus", continuous_update=False,
            style={"description_width": "80px"}, layout={"width": "280px"})
        position_box = shared.hbox([
            shared.vbox([shared.html("<div class='vg-lesson-head'>Your village</div>"),
                         self.my_stockpile, self.my_bank], "vg-lesson-pos-column"),
            shared.vbox([shared.html("<div class='vg-lesson-head'>Their village</div>"),
                         self.their_stockpile, self.their_bank], "vg-lesson-pos-column"),
            shared.vbox([shared.html("<div class='vg-lesson-head'>Rules and values</div>"),
                         self.bank_side, self.relic_bonus,
                         shared.html("<div class='vg-note'>Relic bonus: turnips a relic is "
                                     "worth <i>on top of</i> its price (0 = just its "
                                     "price).</div>")]),
        ], "vg-panel", "vg-lesson-position")

        # ---------------------------------------------------------- 1. payoff table
        self.market_rows = shared.make(w.Checkbox, "vg-lesson-market-rows", value=False,
                                       description="Also show market cards", indent=False)
        self.preset = shared.make(Choice, "vg-lesson-preset", options=PRESETS, value="Uniform",
                                  description="They play", style=NARROW,
                                  layout={"width": "240px"})
        self.weights = {t: shared.make(w.FloatSlider, value=0.25, min=0, max=1, step=0.01,
                                       description=t, continuous_update=False,
                                       readout_format=".2f", style=NARROW,
                                       layout={"width": "250px"}) for t in TYPES}
        self._mix = np.full(4, 0.25)
        self.table_html = shared.html("", "vg-payoff-table-box")  # the table and its note
        table_tab = shared.vbox([
            shared.html(TABLE_HELP),
            shared.hbox([shared.vbox([self.preset, *self.weights.values(), self.market_rows],
                                     "vg-lesson-table-controls"),
                         self.table_html]),
        ])

        # ---------------------------------------------------------- tabs 2-4: on demand
        self._tab_boxes = [table_tab] + [shared.vbox([], "vg-lesson-lazy") for _ in range(3)]
        self.tabs = shared.make(w.Tab, "vg-lesson-tabs", children=self._tab_boxes,
                                titles=TAB_TITLES)

        super().__init__([
            style_tag(), self.banner,
            shared.html(f"<div class='vg-lesson-intro'>{INTRO}</div>"),
            position_box, self.tabs,
        ], layout=shared.layout())
        self.add_class("vg-app")
        self.add_class("vg-lesson-app")

        # ---------------------------------------------------------- wiring
        on_position = guard(lambda _c: self.update_position())
        for s in (self.my_stockpile, self.my_bank, self.their_stockpile, self.their_bank,
                  self.relic_bonus):
            s.observe(on_position, names="value")
        self.bank_side.observe(guard(lambda _c: self._change_side()), names="value")
        self.market_rows.observe(guard(lambda _c: self.draw_table()), names="value")
        self.preset.observe(guard(lambda _c: self._apply_preset()), names="value")
        for s in self.weights.values():
            s.observe(guard(lambda _c: self._weights_moved()), names="value")
        self.tabs.observe(guard(lambda _c: self._tab_shown()), names="selected_index")
        guard(self.update_position)()

    # ------------------------------------------------------------------ tabs on demand
    def build_tab(self, index: int | None) -> None:
        """Build tab `index` (0-3) unless it is built already; the first tab always is."""
        if index is None or index in self._built:
            return
        self._built.add(index)  # first: a tab's own callbacks reach for its parts
        try:
            build = (self._build_equilibrium, self._build_match, self._build_games)[index - 1]
            self._tab_boxes[index].children = build()
        except BaseException:
            self._built.discard(index)
            raise

    def _build_equilibrium(self) -> list[w.Widget]:
        shared = self.shared
        self._eq_html = shared.html("", "vg-lesson-equilibrium")
        self._fp_iterations = shared.make(
            w.SelectionSlider, "vg-lesson-fp-iterations",
            options=[(f"{n:,}", n) for n in (100, 1_000, 5_000, 20_000, 100_000)],
            value=5_000, description="Rounds of fictitious play", continuous_update=False,
            style={"description_width": "initial"}, layout={"width": "420px"})
        self._fp_chart = chart_image()  # its own layout: the chart's width
        self._fp_chart.add_class("vg-lesson-fp-chart")
        self._fp_chart.layout.width = "900px"
        self._fp_html = shared.html("", "vg-lesson-fp")
        self._fp_iterations.observe(self._guard(lambda _c: self.draw_fictitious_play()),
                                    names="value")
        self.draw_equilibrium()
        return [self._eq_html, shared.html(FP_HELP), self._fp_iterations, self._fp_html,
                self._fp_chart]

    def _build_match(self) -> list[w.Widget]:
        shared = self.shared
        self._you_play = shared.make(Choice, "vg-lesson-you", options=STRATEGIES,
                                     value="Equilibrium mix", description="You play",
                                     style=NARROW, layout={"width": "260px"})
        self._they_play = shared.make(Choice, "vg-lesson-they", options=STRATEGIES,
                                      value="Uniform random", description="They play",
                                      style=NARROW, layout={"width": "260px"})
        self._match = Lesson(
            [shared.hbox([self._you_play, self._they_play])], self._match_exact,
            self._match_sample, quantity="turnip swing per round", default_trials=10_000,
            seed=self._seed, banner=self.banner, run_label="Play rounds", unit="rounds",
            intro=MATCH_INTRO, shared=shared, experiment=self.class_experiment)
        self._match.add_class("vg-lesson-match")
        return [self._match]

    def _build_games(self) -> list[w.Widget]:
        shared = self.shared
        self._bot_bonus = shared.make(
            w.IntSlider, "vg-lesson-bot-bonus", value=6, min=0, max=12,
            description="Bot's relic bonus", continuous_update=False,
            style={"description_width": "initial"}, layout={"width": "320px"})
        self._games = Lesson(
            [self._bot_bonus], lambda: None, self._games_sample,
            quantity="bot's share of wins", trials=(10, 20, 50, 100, 200), default_trials=20,
            batches=20, seed=None if self._seed is None else self._seed + 1,
            banner=self.banner, run_label="Play games", unit="games", intro=GAMES_INTRO,
            shared=shared, share=True)
        self._games.add_class("vg-lesson-games")
        return [self._games]

    # ------------------------------------------------------------------ position
    def _change_side(self) -> None:
        cap = BANK_SIDES[self.bank_side.value][0]
        with self._quietly():  # one redraw after both caps move, not three
            self.my_bank.max = cap
            self.their_bank.max = cap
        self.update_position()

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Set controls from code without each change redrawing: the caller redraws once."""
        self._syncing = True
        try:
            yield
        finally:
            self._syncing = False

    def update_position(self) -> None:
        if self._syncing:
            return
        self.position = Position(
            my_stockpile=self.my_stockpile.value, my_bank=self.my_bank.value,
            their_stockpile=self.their_stockpile.value, their_bank=self.their_bank.value,
            bank_side=self.bank_side.value)
        self.labels, self.their_labels, self.matrix = payoff_matrix(
            self.position, self.relic_bonus.value)
        self.equilibrium = solve_zero_sum(self.matrix)
        if self.preset.value == "Equilibrium":
            self._apply_preset()
        else:
            self.draw_table()
        self._fp_dirty = True
        if 1 in self._built:  # a tab not built yet draws itself when it is
            self.draw_equilibrium()
            self._tab_shown()
        if 2 in self._built:
            self._match.refresh()

    def _tab_shown(self) -> None:
        index = self.tabs.selected_index
        self.build_tab(index)
        if index == 1 and self._fp_dirty:
            self.draw_fictitious_play()

    # ------------------------------------------------------------------ 1. payoff table
    def _apply_preset(self) -> None:
        name = self.preset.value
        if name == "Custom":
            return
        mix = (self.equilibrium.col if name == "Equilibrium"
               else named_mix("Uniform random" if name == "Uniform" else name,
                              list(TYPES), self.equilibrium.col))
        self._mix = np.asarray(mix, dtype=float)
        with self._quietly():
            for t, p in zip(TYPES, self._mix, strict=True):
                self.weights[t].value = round(float(p), 2)
        self.draw_table()

    def _weights_moved(self) -> None:
        if self._syncing:
            return
        raw = np.array([self.weights[t].value for t in TYPES], dtype=float)
        if raw.sum() <= 0:
            raise ValueError("give at least one of their cards a weight above 0")
        self._mix = raw / raw.sum()
        with self._quietly():
            self.preset.value = "Custom"
        self.draw_table()

    def table_rows(self) -> tuple[list[str], np.ndarray]:
        """The cards shown as rows and their swings against each opposing starter."""
        rows = list(STARTERS)
        if self.market_rows.value:
            rows += list(standard_deck().market)
        bonus = self.relic_bonus.value
        values = np.array([list(payoff_table(c, self.position, bonus).values()) for c in rows])
        return rows, values

    @property
    def opponent_mix(self) -> np.ndarray:
        return self._mix.copy()

    def draw_table(self) -> None:
        if self._syncing:
            return
        rows, values = self.table_rows()
        mix = self._mix
        expected = values @ mix
        best = set(best_responses(values, mix).tolist())
        scale = float(np.abs(values).max()) or 1.0
        head = "".join(
            f"<th style='color:{TYPE_TEXT_COLOURS[t]}'>{_pip(t)} vs {t}<div class='vg-mixp'>"
            f"{mix[i]:.0%}</div></th>" for i, t in enumerate(TYPES))
        body = []
        for r, card in enumerate(rows):
            ctype = card_type(card)
            cells = "".join(f"<td class='vg-swing' style='{_cell_style(v, scale)}'>{fmt(v)}</td>"
                            for v in values[r])
            star = " ★" if r in best else ""
            cls = "vg-best" if r in best else ""
            tag = "" if card in STARTERS else " <span class='vg-market-tag'>market</span>"
            body.append(
                f"<tr class='{cls}'><th class='vg-rowcard'>{_pip(ctype)} {_e(card)}{tag}</th>"
                f"{cells}<td class='vg-expected'>{fmt(expected[r], 2)}{star}</td></tr>")
        names = words.and_list(rows[i] for i in sorted(best))
        many = len(best) > 1
        reply = float(expected[min(best)])
        value = _game_value(values)
        gap = reply - value  # the exploitability of their mix, for these rows
        note = (f"Against this mix your best {'replies are' if many else 'reply is'} "
                f"<b>{_e(names)}</b>, worth {fmt(reply, 2)} turnips a round on average. "
                f"The value of this game (what your equilibrium mix guarantees whatever "
                f"they do) is {fmt(value, 2)}, so ")
        if gap > 1e-9:
            note += (f"their mix can be exploited: you gain <b>{fmt(gap, 2)}</b> turnips a "
                     "round more than the game's value.")
        else:
            note += ("their mix cannot be exploited: no reply earns more than the game's "
                     "value (an equilibrium mix does exactly this).")
        self.table_html.value = (  # one message for the table and its note
            "<table class='vg-payoff-table'><thead><tr><th>Your card</th>" + head
            + "<th>Average vs their mix</th></tr></thead><tbody>" + "".join(body)
            + f"</tbody></table><div class='vg-note vg-table-note'>{note}</div>")

    # ------------------------------------------------------------------ 2. equilibrium
    def draw_equilibrium(self) -> None:
        eq = self.equilibrium
        rows = []
        for i, card in enumerate(self.labels):
            mine, theirs = float(eq.row[i]), float(eq.col[i])
            bar = (f"<span class='vg-bar' style='width:{mine * 120:.0f}px;"
                   f"background:{TYPE_COLOURS[card]}'></span>")
            rows.append(f"<tr><th>{_pip(card)} {card}</th><td>{fraction(mine)}</td>"
                        f"<td>{mine:.1%}</td><td class='vg-bar-cell'>{bar}</td>"
                        f"<td>{fraction(theirs)}</td><td>{theirs:.1%}</td></tr>")
        gap = exploitability(self.matrix, eq.row, eq.col)
        gap_txt = "0 (up to rounding)" if gap < 1e-9 else f"{gap:.2g}"
        unused = [c for i, c in enumerate(self.labels) if eq.row[i] == 0]
        why = ""
        if "Merchant" in unused and self.relic_bonus.value == 0:
            why = ("<div class='vg-note'>The Merchant gets no weight: in a turnip-swing "
                   "count a relic is only worth what it cost, so buying one never puts you "
                   "ahead this round. Raise the <b>relic bonus</b> (and give yourself enough "
                   "turnips to afford a relic) to see that change.</div>")
        self._eq_html.value = (
            EQ_HELP + "<table class='vg-eq-table'><thead><tr><th>Card</th><th colspan='3'>You</th>"
            "<th colspan='2'>Them</th></tr></thead><tbody>" + "".join(rows) + "</tbody>"
            "</table>"
            f"<div class='vg-lesson-number vg-eq-value'>Value of the round: "
            f"{fmt(eq.value, 4)} turnips for you</div>"
            f"<div class='vg-note'>If you both play these mixes, you gain {fmt(eq.value, 4)} "
            "turnips a round on average, and nothing the opponent does can push you below "
            f"that. Exploitability of the pair: {gap_txt}.</div>" + why)

    def draw_fictitious_play(self) -> None:
        n = int(self._fp_iterations.value)
        trace = fictitious_play(self.matrix, n)
        eq = self.equilibrium
        idx = np.unique(np.geomspace(1, trace.steps.size, num=min(400, trace.steps.size))
                        .astype(int)) - 1
        steps = trace.steps[idx]
        fig = plain_figure(9.0, 3.0)
        left, right = fig.subplots(1, 2)
        for i, card in enumerate(self.labels):
            colour = TYPE_COLOURS.get(card, None)
            left.plot(steps, trace.row_mix[idx, i], color=colour, linewidth=1.5, label=card)
            left.axhline(eq.row[i], color=colour, linestyle="--", linewidth=1, alpha=0.8)
        left.set_xscale("log")
        left.set_ylim(-0.03, 1.03)
        left.set_xlabel("rounds of fictitious play (log scale)")
        left.set_ylabel("how often you played it")
        left.set_title("Your card frequencies (dashed: exact)", fontsize=10)
        left.legend(fontsize=8, loc="upper right", ncol=2)
        left.grid(alpha=0.3)
        gaps = np.maximum(trace.exploitability[idx], 1e-6)
        right.plot(steps, gaps, color="#5b4a3a", linewidth=1.5)
        right.set_xscale("log")
        right.set_yscale("log")
        right.set_xlabel("rounds of fictitious play (log scale)")
        right.set_ylabel("exploitability (turnips)")
        right.set_title("How much a clever opponent could win", fontsize=10)
        right.grid(alpha=0.3, which="both")
        show_chart(self._fp_chart, png_bytes(fig),
                   "Charts of fictitious play: each card's share of your plans as the rounds "
                   "go by, and how much a clever opponent could win (falling as the plans "
                   "settle); the numbers are written under them.")
        self._fp_dirty = False
        final_row = trace.row_mix[-1]
        dist = float(np.abs(final_row - eq.row).max())
        mix_txt = ", ".join(f"{c} {p:.3f}" for c, p in zip(self.labels, final_row, strict=True))
        extra = ""
        if dist > 0.05 and trace.exploitability[-1] < 0.05:
            extra = (" Its mix sits away from the solver's even though exploitability is "
                     "small: this position has more than one equilibrium, and both are "
                     "equally safe.")
        self._fp_html.value = (
            f"<div class='vg-note'>After {n:,} rounds your frequencies are {mix_txt} "
            f"(largest gap to the exact mix: {dist:.3f}); the pair's value is "
            f"{fmt(float(trace.value[-1]), 3)} against the exact {fmt(eq.value, 3)}, and "
            f"exploitability is {float(trace.exploitability[-1]):.3g}.{extra}</div>")

    # ------------------------------------------------------------------ 3. match
    def strategies(self) -> tuple[np.ndarray, np.ndarray]:
        x = named_mix(self._you_play.value, self.labels, self.equilibrium.row)
        y = named_mix(self._they_play.value, self.their_labels, self.equilibrium.col)
        return x, y

    def _match_exact(self) -> Exact:
        x, y = self.strategies()
        value = expected_payoff(self.matrix, x, y)
        replies = self.matrix @ y
        best = int(np.argmax(replies))
        note = (f"Best single card against “{_e(self._they_play.value)}”: "
                f"<b>{self.labels[best]}</b>, worth {fmt(float(replies[best]), 3)} a round. "
                f"The equilibrium mix guarantees at least {fmt(self.equilibrium.value, 3)} "
                "whatever they do, but it does not hunt for their mistakes.")
        return Exact(value, "Exact average  x · A · y", note)

    def class_experiment(self) -> tuple[str, dict[str, object]]:
        """The match as a class experiment: this position, both strategies."""
        keys = {name: key for key, name in STRATEGY_NAMES.items()}
        p = self.position
        return "vp-round", {
            "my_stockpile": p.my_stockpile, "my_bank": p.my_bank,
            "their_stockpile": p.their_stockpile, "their_bank": p.their_bank,
            "side": p.bank_side, "relic_bonus": self.relic_bonus.value,
            "you": keys[self._you_play.value], "they": keys[self._they_play.value]}

    def _match_sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        x, y = self.strategies()
        return sample_matches(self.matrix, x, y, n, rng)

    # ------------------------------------------------------------------ 4. games
    def _games_sample(self, n: int, rng: np.random.Generator) -> np.ndarray:
        seed = int(rng.integers(0, 2**31))
        return play_duels(n, seed=seed, relic_bonus=float(self._bot_bonus.value))


def lesson_app(seed: int | None = None) -> LessonApp:
    """Build the lesson; `seed` makes every Monte Carlo run replayable."""
    app = LessonApp(seed)
    add_nav(app, "village_pillage_lesson.ipynb")
    return app
