"""A save taken in the middle of a round's resolution: its cursor (the stage, the buy
queue and the awaited choice) must be one the rules could have stopped at, or the next
move would break half-way through.

A round stops only for a choice, so a saved resolve phase always awaits one: which of two
buying cards goes first, or which market card a buyer takes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import short_repr
from .cards import TYPES
from .resolution import matchups, played
from .table import opposite

if TYPE_CHECKING:
    from .game import VillagePillage


def check_saved_round(g: VillagePillage) -> None:
    """ValueError naming the field when the saved cursor is not one play could reach."""
    if g.phase != "resolve":
        if g.awaiting is not None or g.buy_queue:
            raise ValueError(f"awaiting and buy_queue belong to the resolve phase; this save "
                             f"is in the {g.phase} phase")
        return
    for v in g.players:
        if len(v.plan) < (1 if g.duel else 2):
            need = "a card at the front of the queue" if g.duel else "two planned cards"
            raise ValueError(f"in the resolve phase {v.name} needs {need} (plan), got "
                             f"{short_repr(v.plan)}")
    aw = g.awaiting
    if aw is None:
        raise ValueError("a round is saved in the resolve phase only while it waits for a "
                         "choice: awaiting must say whose and which")
    if not 0 <= g.stage < len(TYPES):
        raise ValueError(f"stage must be the card type being resolved (0 to 3: "
                         f"{', '.join(TYPES)}) while a choice is awaited, got {g.stage}")
    stage = matchups(g)[g.stage]
    buyers = {} if stage is None else stage.buyers
    queue = g.buy_queue
    if not queue:
        raise ValueError(f"a choice is awaited, so buy_queue must list the {TYPES[g.stage]}"
                         " stage's buyers still to buy, the awaited one first")
    seen: set[int] = set()
    for row in queue:
        seat, sides, _ordered = row
        if (not sides or seat in seen or len(set(sides)) != len(sides)
                or any(side not in buyers.get(seat, ()) for side in sides)):
            can = "; ".join(f"{g.players[s].name}: {short_repr(b)}" for s, b in buyers.items())
            raise ValueError(f"buy_queue rows are [seat, its buying sides, ordered], once per "
                             f"seat, for the cards that buy in the {TYPES[g.stage]} stage "
                             f"({can or 'none'}); got {short_repr(row)}")
        seen.add(seat)
    seat, sides, ordered = queue[0]
    if aw["player"] != seat:
        raise ValueError(f"awaiting.player must be {seat}, the seat at the head of buy_queue, "
                         f"got {aw['player']}")
    v = g.players[seat]
    if aw["kind"] == "order":
        cards = [v.plan[side] for side in sides]
        if len(sides) != 2 or ordered or aw["cards"] != cards:
            raise ValueError(f"awaiting an order: {v.name} must have two buying cards not yet "
                             f"ordered at the head of buy_queue, and awaiting.cards must name "
                             f"them ({short_repr(cards)})")
        return
    card = g.cards.cards[v.plan[sides[0]]]
    if card.buy_relic:
        price = card.if_unable.buy_card
    else:
        price = card.effects[played(g, *opposite(seat, sides[0], g.n, g.duel)).type].buy_card
    if price is None or aw["price"] != price or aw["source"] != card.name:
        raise ValueError(f"awaiting a market buy: {v.name}'s {card.name} "
                         + ("buys no market card now" if price is None
                            else f"buys one for {price}, so awaiting.price must be {price} "
                                 f"and awaiting.source {card.name!r}"))
    if v.stockpile + v.bank < price:
        raise ValueError(f"awaiting a market buy for {price}, but {v.name} holds only "
                         f"{v.stockpile + v.bank} turnips")
    if sum(1 for c in g.market if c) < 2:
        raise ValueError("awaiting a market buy, but the market holds fewer than two cards "
                         "to choose from")
