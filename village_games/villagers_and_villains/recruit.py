"""Phase 1, Recruit: announce a pool card, buy extra rolls, roll; a failure takes the card
in position 1. Challenges go to the town, every other card to the hand.

A recruit ends the mayor's turn: `dispatch` then calls `flow.end_turn`, so the phase
steps never reach back into the round that calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event
from .options import EXTRA_ROLL_PRICE, FAVOR_RECRUIT_BONUS

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def start_recruit(g: VillagersAndVillains, seat: int) -> bool:
    # Reading: with the pool empty (the deck ran out) there is nothing to recruit
    return bool(g.pool)


def announce(g: VillagersAndVillains, seat: int, position: int) -> bool:
    """Announce the pool card at `position`; True when it is taken at once (the turn
    is over)."""
    t = g.turn_state
    t.position = position
    t.rolls = 1
    if position > 1:
        t.step = "declare"
    if g.loud:
        g.emit(event("announce", "{} wants card {} ({}).",
                     {"seat": seat, "position": position, "card": g.pool[position - 1]},
                     (g.names[seat], position, g.pool[position - 1])))
    if position == 1:
        # Reading: position 1 succeeds on any roll, so it is taken without rolling
        take(g, seat, 0)
        return True
    return False


def buy_roll(g: VillagersAndVillains, seat: int) -> None:
    t = g.turn_state
    g.pay_to_bank(seat, EXTRA_ROLL_PRICE)
    t.bought += 1
    t.rolls += 1
    if g.loud:
        g.emit(event("buy_roll", "{} buys an extra roll for 1 gold ({} rolls).",
                     {"seat": seat, "rolls": t.rolls}, (g.names[seat], t.rolls)))


def roll(g: VillagersAndVillains, seat: int) -> None:
    """Roll die after die until one reaches the position (with the declared bonuses);
    either way a card is taken."""
    # Reading: the rolls are rolled one at a time and stop at the first success (the gold
    # for the rest stays spent); a card's recruit bonus (Tower, Castle) adds to every die
    # of this recruit, the King's Favor's +2 to the first die only
    t = g.turn_state
    need = t.position - t.bonus
    first = FAVOR_RECRUIT_BONUS if t.favor else 0  # the first die's extra bonus
    rolls = t.rolls
    # Reading (Pony Express): the sold base roll counts as a 1, bonuses still add to it,
    # and rolls bought on top of it are real dice
    if seat in g.sold:
        g.sold.remove(seat)
        rolls -= 1
        if g.loud:
            g.emit(event("sold_roll", "{}'s sold roll counts as a 1.", {"seat": seat},
                         (g.names[seat],)))
        if 1 + first >= need:
            take(g, seat, t.position - 1)
            return
        first = 0
    for _ in range(rolls):
        plus = (f", +{t.bonus + first}" if t.bonus + first else "") if g.loud else ""
        if g.roll_die(seat, "recruit card {}{}", t.position, plus) + first >= need:
            take(g, seat, t.position - 1)
            return
        first = 0
    if g.loud:
        g.emit(event("fail", "{} misses card {} and must take card 1.", {"seat": seat},
                     (g.names[seat], t.position)))
    take(g, seat, 0)


def take(g: VillagersAndVillains, seat: int, index: int) -> None:
    """Move pool card `index` to the recruiter; the cards beyond it slide forward."""
    card = g.pool.pop(index)
    p = g.players[seat]
    if seat in g.sold:  # a recruit without a roll still uses up the sold roll
        g.sold.remove(seat)
    if card in g.facts.challenges:
        p.town.append(card)
        g.fresh.append(card)
        where = "town"
    else:
        p.hand_pub.append(card)
        where = "hand"
    fp = g.favor_pool
    taken = fp == index
    if taken:
        g.favor_pool = None
        g.favor_seat = seat
    elif fp is not None and fp > index:
        g.favor_pool = fp - 1  # the Favor slides forward with its card
    if g.loud:
        g.emit(event("recruit", "{} recruits {} (to their {}).",
                     {"seat": seat, "card": card, "position": index + 1, "to": where},
                     (g.names[seat], card, where)))
        if taken:
            g.emit(event("favor", "{} takes the King's Favor.", {"seat": seat},
                         (g.names[seat],)))


def ordinance(g: VillagersAndVillains, seat: int, position: int) -> None:
    """The Ordinance variant: the pool card goes back into the deck, which is shuffled, and
    the top card takes its place (Reading: the King's Favor stays on that position)."""
    index = position - 1
    old = g.pool[index]
    g.ordinance_used.append(seat)
    g.deck.append(old)
    g.rng.shuffle(g.deck)
    new = g.deck.pop()
    g.pool[index] = new
    if g.loud:
        g.emit(event("ordinance", "{} uses the Ordinance: the {} goes back into the deck and "
                                  "the {} takes position {}.",
                     {"seat": seat, "position": position, "out": old, "in": new},
                     (g.names[seat], old, new, position), chance=True, reveals=True))


def ask_to_buy_roll(g: VillagersAndVillains, seat: int, seller: int) -> None:
    t = g.turn_state
    t.used.append(f"roll:{seller}")  # Reading: each mayor is asked once per turn
    t.vend = [seller, "roll", t.step]
    t.step = "sell"
    if g.loud:
        g.emit(event("roll_ask", "{} offers {} 1 gold for their recruit roll (Pony Express).",
                     {"seat": seat, "seller": seller}, (g.names[seat], g.names[seller])))


def answer_sale(g: VillagersAndVillains, sell: bool) -> None:
    t = g.turn_state
    assert t.vend is not None
    seller, _, step = t.vend
    t.vend = None
    t.step = step
    buyer = g.order[g.turn_idx]
    if not sell:
        if g.loud:
            g.emit(event("roll_keep", "{} keeps their recruit roll.", {"seat": seller},
                         (g.names[seller],)))
        return
    g.pay_seat(buyer, seller, EXTRA_ROLL_PRICE)
    g.sold.append(seller)
    t.bought += 1
    t.rolls += 1
    if g.loud:
        g.emit(event("roll_sold", "{} sells their recruit roll to {} for 1 gold ({} rolls); "
                                  "theirs will count as a 1.",
                     {"seat": seller, "to": buyer, "rolls": t.rolls},
                     (g.names[seller], g.names[buyer], t.rolls)))
