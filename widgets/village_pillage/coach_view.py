"""The Village Pillage coach in words: the engine's advice as a panel and button notes."""

from __future__ import annotations

from importlib.util import find_spec

from village_games.core import words
from village_games.core.actions import Action
from village_games.village_pillage import VillagePillage
from village_games.village_pillage.coach import (
    MODELS,
    Z95,
    Advice,
    CardAdvice,
    PlanAdvice,
    advise,
)

from ..kit.markup import esc
from ..table.choices import action_fields
from ..table.coaching import Coaching, NoteKey

COACH_MODELS = [("Others plan at random", "uniform"),
                ("Others mix like the lesson's equilibrium", "equilibrium")]


def coach_models_here() -> list[tuple[str, str]]:
    """The coach's models this Python can run: the equilibrium one solves the lesson's duel
    with numpy, which comes with the `lessons` extra (and is missing from a browser's
    Python without the Pyodide distribution)."""
    if find_spec("numpy") is not None:
        return list(COACH_MODELS)
    return [model for model in COACH_MODELS if model[1] != "equilibrium"]

_POSITION_WORDS = {"left": "to the left", "right": "to the right", "front": "in front",
                   "back": "behind", "card": "queued"}


def signed(x: float) -> str:
    if round(x, 1) == 0:
        return "0.0"  # not "−0.0" for a tiny loss
    return f"{x:+.1f}".replace("-", "−")


def percent(p: float) -> str:
    return f"{round(p * 100)}%"


def coaching(game: VillagePillage, seat: int, model: str) -> Coaching | None:
    """Advice for the seat's plan now (None outside planning), seeded by the position so
    the same table always gets the same numbers."""
    advice = advise(game, seat, model, seed=game.seed * 1009 + game.round * 7 + seat)
    if advice is None:
        return None
    kind = type(advice.plans[0].action).__name__
    notes: dict[NoteKey, str] = {
        (kind, c.position, c.card): f"{signed(c.swing)}, relic {percent(c.relic_chance)}"
        for c in advice.cards}
    return Coaching(coach_html(advice, game), notes)


def _plan_words(action: Action) -> str:
    fields = action_fields(action)
    return " and ".join(f"{esc(getattr(action, f))} {_POSITION_WORDS[f]}" for f in fields)


def _relic(c: CardAdvice | PlanAdvice, sampled: bool) -> str:
    if not sampled:
        return percent(c.relic_chance)
    return (f"{percent(c.relic_chance)} <span class='vg-note'>({percent(c.relic_low)}–"
            f"{percent(c.relic_high)})</span>")


def coach_html(advice: Advice, game: VillagePillage) -> str:
    best = advice.best
    sampled = not advice.enumerated
    if advice.exact:
        how = (f"exact: all {advice.playouts} combinations of the others' choices played "
               "out, and every outcome of the coin flips on the way")
    elif advice.enumerated:
        how = (f"all {advice.playouts} combinations of the others' choices played out once; "
               "the coin flips on the way (buying order, an odd turnip) were too many to go "
               "through, so one drawn outcome stands in")
    else:
        how = (f"estimated from {advice.playouts} sampled rounds: ± is half the 95% "
               "interval of the swing (1.96 standard errors), and the relic chance's 95% "
               "interval (Wilson's) is in brackets; a plan is named best only when the same "
               "rounds put it clearly ahead of every other")
    horizon = ("this round and the next (your queued card resolves next round)"
               if game.duel else "this round")
    top = set(advice.contenders) or {best.action}
    marked = {(getattr(a, f), f) for a in top for f in action_fields(a)}
    rows = []
    for c in sorted(advice.cards, key=lambda c: (-c.swing, c.card, c.position)):
        partner = f" with {esc(c.partner)}" if c.partner else ""
        err = f" ± {Z95 * c.error:.1f}" if sampled and c.error else ""
        cls = ' class="vg-coach-best"' if (c.card, c.position) in marked else ""
        rows.append(f"<tr{cls}><td>{esc(c.card)} {_POSITION_WORDS[c.position]}{partner}</td>"
                    f'<td class="vg-num">{signed(c.swing)}{err}</td>'
                    f'<td class="vg-num">{_relic(c, sampled)}</td></tr>')
    numbers = f"{signed(best.swing)} turnips, relic {percent(best.relic_chance)}"
    if advice.best_is_clear:
        head = f"Coach: best is <b>{_plan_words(best.action)}</b> ({numbers})"
    elif sampled:
        others = [a for a in advice.contenders if a != best.action]
        head = (f"Coach: no plan is clearly best: <b>{_plan_words(best.action)}</b> "
                f"({numbers}) and {words.count(len(others), 'other plan')} are within the "
                "sampling error of each other (marked)")
    else:
        others = [a for a in advice.contenders if a != best.action]
        head = (f"Coach: best is <b>{_plan_words(best.action)}</b> ({numbers}); as good: "
                f"{words.and_list(_plan_words(a) for a in others)}")
    mix = ""
    if advice.slot_mix:
        names = {s: game.players[s].name for s, _ in advice.slot_mix}
        parts = [f"{esc(names[s])}: " + ", ".join(
            f"{t} {percent(x)}" for t, x in shares if x > 0) for s, shares in advice.slot_mix]
        texts = {p.split(": ", 1)[1] for p in parts}
        if len(parts) == 1:
            who = esc(names[advice.slot_mix[0][0]])
            mix = f" For {who}'s hand that is {texts.pop()} in each slot."
        elif len(texts) == 1:
            mix = f" For each of their hands that is {texts.pop()} in each slot."
        else:
            mix = f" In each slot that is, by hand: {'; '.join(parts)}."
    return (
        '<div class="vg-coach">'
        f'<div class="vg-coach-head">{head}</div>'
        '<table class="vg-coach-table"><tr><th>Card (best plan with it)</th>'
        "<th>Turnip swing</th><th>Relic</th></tr>" + "".join(rows) + "</table>"
        f'<div class="vg-note">Swing: your turnips gained over {horizon} minus the others\' '
        f"average, purchases counted at their price. Others: {esc(MODELS[advice.model])}."
        f"{mix} {esc(how[0].upper() + how[1:])}.</div></div>")
