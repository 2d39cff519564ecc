"""The Village Pillage coach in words: the engine's advice as a panel and button notes."""

from __future__ import annotations

from village_games.village_pillage import VillagePillage
from village_games.village_pillage.coach import MODELS, Advice, advise

from ..action_picker import action_fields
from ..coaching import Coaching
from ..markup import esc

COACH_MODELS = [("Others plan at random", "uniform"),
                ("Others mix like the lesson's equilibrium", "equilibrium")]

_POSITION_WORDS = {"left": "to the left", "right": "to the right", "front": "in front",
                   "back": "behind", "card": "queued"}


def signed(x: float) -> str:
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
    notes = {(kind, c.position, c.card): f"{signed(c.swing)}, relic {percent(c.relic_chance)}"
             for c in advice.cards}
    return Coaching(coach_html(advice, game), notes)


def coach_html(advice: Advice, game: VillagePillage) -> str:
    best = advice.best
    fields = action_fields(best.action)
    best_cards = " and ".join(
        f"{esc(getattr(best.action, f))} {_POSITION_WORDS[f]}" for f in fields)
    if advice.exact:
        how = f"exact: all {advice.playouts} combinations of the others' choices played out"
    elif advice.enumerated:
        how = (f"all {advice.playouts} combinations of the others' choices played out once; "
               "coin flips on the way (buying order, an odd turnip) were drawn at random")
    else:
        how = f"estimated from {advice.playouts} sampled rounds; ± is one standard error"
    horizon = ("this round and the next (your queued card resolves next round)"
               if game.duel else "this round")
    rows = []
    for c in sorted(advice.cards, key=lambda c: (-c.swing, c.card, c.position)):
        partner = f" with {esc(c.partner)}" if c.partner else ""
        err = f" ± {c.error:.1f}" if c.error else ""
        is_best = (c.card, c.position) in {(getattr(best.action, f), f) for f in fields}
        cls = ' class="vg-coach-best"' if is_best else ""
        rows.append(f"<tr{cls}><td>{esc(c.card)} {_POSITION_WORDS[c.position]}{partner}</td>"
                    f'<td class="vg-num">{signed(c.swing)}{err}</td>'
                    f'<td class="vg-num">{percent(c.relic_chance)}</td></tr>')
    return (
        '<div class="vg-coach">'
        f'<div class="vg-coach-head">Coach: best is <b>{best_cards}</b> '
        f"({signed(best.swing)} turnips, relic {percent(best.relic_chance)})</div>"
        '<table class="vg-coach-table"><tr><th>Card (best plan with it)</th>'
        "<th>Turnip swing</th><th>Relic</th></tr>" + "".join(rows) + "</table>"
        f'<div class="vg-note">Swing: your turnips gained over {horizon} minus the others\' '
        "average, purchases counted at their price. Others: "
        f"{esc(MODELS[advice.model])}. {esc(how[0].upper() + how[1:])}.</div></div>")
