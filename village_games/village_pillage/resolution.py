"""Resolving a round: reveal, then Farmer -> Wall -> Raider -> Merchant, and Refresh.

Inside each type: every gain, then every steal (from stockpiles as they stood when the steal
sub-step began), then every bank, then the buys one buyer at a time. Buys can stop the
round for a choice (which market card; which of two buying cards first); `continue_round`
picks up where it stopped, so the whole cursor lives in the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..core.events import Event
from .cards import NO_EFFECT, TYPES, Card, Effect
from .steal_split import split_stockpile
from .table import active_slots, opposite

if TYPE_CHECKING:
    from .game import VillagePillage


def _ev(kind: str, text: str, delta: list[list[int]] | None = None, **data) -> Event:
    """An event; `delta` rows are [seat, stockpile change, bank change] for the count timeline."""
    if delta:
        data["delta"] = delta
    return Event(kind, text, data)


def played(g: VillagePillage, seat: int, side: int) -> Card:
    return g.cards[g.players[seat].plan[side]]


class Matchup(NamedTuple):
    """One resolving card, the card it faces, and what it does against that card's type."""

    seat: int
    side: int
    oseat: int
    oside: int
    card: Card
    eff: Effect
    buys: bool  # acts in its phase's buy sub-step
    acts: bool  # has any effect against the card it faces


def matchups(g: VillagePillage) -> tuple[list[Matchup], ...]:
    """This round's pairs grouped by the acting card's type. Derived from the plans, so it is
    cached on the game (never serialised) and dropped at Refresh."""
    pairs = g.round_pairs
    if pairs is None:
        pairs = ([], [], [], [])
        cards = g.cards.cards
        ps = g.players
        for seat, side in active_slots(g.n, g.duel):
            oseat, oside = opposite(seat, side, g.n, g.duel)
            card = cards[ps[seat].plan[side]]
            eff = card.effects[cards[ps[oseat].plan[oside]].type]
            pairs[card.type].append(Matchup(seat, side, oseat, oside, card, eff,
                                            card.buy_relic or eff.buy_card is not None,
                                            eff != NO_EFFECT))
        g.round_pairs = pairs
    return pairs


def reveal(g: VillagePillage) -> list[Event]:
    """Turn every resolving card face up; secret (drawn) cards become public."""
    g.phase = "resolve"
    g.stage = 0
    g.buy_queue = None
    g.marked = []
    g.round_pairs = None
    ps = g.players
    lines = []
    cards = []  # rows [seat, side, card, facing seat, facing side]: views need no seating
    for seat, side in active_slots(g.n, g.duel):
        v = ps[seat]
        card = v.plan[side]
        if v.secret and card in v.secret:
            v.secret.remove(card)
        oseat, oside = opposite(seat, side, g.n, g.duel)
        cards.append([seat, side, card, oseat, oside])
        lines.append(f"{v.name}: {card}" if g.duel
                     else f"{v.name} plays {card} at {ps[oseat].name}")
    return [_ev("reveal", "Cards revealed: " + "; ".join(lines) + ".", cards=cards,
                round=g.round)]


def continue_round(g: VillagePillage) -> list[Event]:
    """Run the resolution from the cursor until a choice is needed or the round ends."""
    events: list[Event] = []
    pairs = matchups(g)
    while g.stage < 4:
        if g.buy_queue is None:
            present = pairs[g.stage]
            if present:
                _simple_steps(g, g.stage, present, events)
            g.buy_queue = _buy_order(g, present, events) if present else []
        if g.buy_queue and not _run_buys(g, events):
            return events  # waiting for a player's choice
        g.stage += 1
        g.buy_queue = None
    _end_of_round(g, events)
    return events


# ---------------------------------------------------------------- gain, steal, bank
def _simple_steps(g: VillagePillage, ctype: int, present: list[Matchup],
                  events: list[Event]) -> None:
    acting = [m for m in present if m.acts]
    events.append(_ev("phase", f"{TYPES[ctype]} phase.", phase=TYPES[ctype]))
    ps = g.players
    for seat, _side, oseat, _oside, card, eff, _buys, _acts in acting:  # gains
        if eff.gain:
            ps[seat].stockpile += eff.gain
            events.append(_ev("gain", f"{ps[seat].name}'s {card.name} gains {eff.gain}.",
                              [[seat, eff.gain, 0]], card=card.name))
        if eff.opponent_gains:  # Reading 3: in the printing card's phase, gain sub-step
            ps[oseat].stockpile += eff.opponent_gains
            events.append(_ev("gain", f"{card.name} lets {ps[oseat].name} gain "
                                      f"{eff.opponent_gains}.",
                              [[oseat, eff.opponent_gains, 0]], card=card.name))
    _steals(g, acting, events)
    banked: dict[int, int] = {}
    for seat, _side, _o, _os, _card, eff, _buys, _acts in acting:
        if eff.bank:
            banked[seat] = banked.get(seat, 0) + eff.bank
    for seat, amount in banked.items():  # two bank effects of one player share the cap
        v = ps[seat]
        moved = min(amount, v.stockpile, g.bank_cap - v.bank)
        v.stockpile -= moved
        v.bank += moved
        why = "" if moved == amount else (
            " (bank full)" if v.bank == g.bank_cap else " (stockpile ran out)")
        events.append(_ev("bank", f"{v.name} banks {moved} of {amount}{why}.",
                          [[seat, -moved, moved]], cap=g.bank_cap))
    for seat, side, oseat, oside, card, eff, _buys, _acts in acting:
        if eff.exhaust_opponent:
            _mark(g, oseat, oside, seat, card.name, events)
        if eff.exhaust_self:
            _mark(g, seat, side, seat, card.name, events)


def _mark(g: VillagePillage, seat: int, side: int, by_seat: int, by_card: str,
          events: list[Event]) -> None:
    """Exhausted cards still resolve this round; Refresh sends them to rest a round."""
    # Reading 4: resolves now, sits out the next round, returns at the Refresh after that
    if [seat, side] not in g.marked:
        g.marked.append([seat, side])
    name = g.players[seat].plan[side]
    owner = g.players[seat].name
    if (seat, name) == (by_seat, by_card):
        text = f"{owner}'s {name} is exhausted: it will sit out next round."
    else:
        text = (f"{g.players[by_seat].name}'s {by_card} exhausts {owner}'s {name}: "
                "it will sit out next round.")
    events.append(_ev("exhaust", text, seat=seat, card=name))


def _steals(g: VillagePillage, acting: list, events: list[Event]) -> None:
    """All steals of one type at once, from the stockpiles as they stood before any of them."""
    claims: dict[int, list[tuple[int, int, bool, str]]] = {}  # victim -> (thief, n, bank, card)
    for seat, _side, oseat, _oside, card, eff, _buys, _acts in acting:
        if eff.steal:
            claims.setdefault(oseat, []).append((seat, eff.steal, eff.steal_incl_bank, card.name))
        if eff.opponent_steals:  # Reading 3: in the printing card's phase, steal sub-step
            claims.setdefault(seat, []).append((oseat, eff.opponent_steals, False, card.name))
    if not claims:
        return
    ps = g.players
    thefts: list[tuple[int, int, int, int]] = []  # thief, victim, from stockpile, from bank
    for victim, rows in claims.items():
        v = ps[victim]
        taken, flipped = split_stockpile(v.stockpile, [r[1] for r in rows], g.rng)
        if len(rows) > 1 and sum(r[1] for r in rows) > v.stockpile:
            how = " (a coin flip gave the odd turnip)" if flipped else ""
            shares = ", ".join(f"{ps[r[0]].name}'s {r[3]} takes {t}"
                               for r, t in zip(rows, taken, strict=True))
            events.append(_ev("split", f"{v.name}'s stockpile of {v.stockpile} cannot cover "
                                       f"{len(rows)} steals, so it is shared: {shares}{how}.",
                              victim=victim, shares=taken, coin=flipped))
        bank_left = v.bank
        for (thief, amount, incl_bank, card), got in zip(rows, taken, strict=True):
            # Reading 2: Toll Bridge / Burglar take the rest from the bank AFTER the split
            from_bank = min(amount - got, bank_left) if incl_bank else 0
            bank_left -= from_bank
            thefts.append((thief, victim, got, from_bank))
            bank_txt = f" ({from_bank} from the bank)" if from_bank else ""
            events.append(_ev("steal", f"{ps[thief].name}'s {card} steals {got + from_bank} "
                                       f"of {amount} from {v.name}{bank_txt}.",
                              [[thief, got + from_bank, 0], [victim, -got, -from_bank]],
                              thief=thief, victim=victim, card=card))
    for thief, victim, got, from_bank in thefts:  # apply only now: simultaneous
        ps[victim].stockpile -= got
        ps[victim].bank -= from_bank
        ps[thief].stockpile += got + from_bank


# ---------------------------------------------------------------- buys
def _buy_order(g: VillagePillage, present: list[Matchup], events: list[Event]) -> list[list]:
    """Buyers from fewest to most turnips; coin flips between equal counts."""
    buyers: dict[int, list[int]] = {}
    for m in present:
        if m.buys:
            buyers.setdefault(m.seat, []).append(m.side)
    if not buyers:
        return []
    ps = g.players
    counts = [ps[s].turnips for s in buyers]
    tie = len(set(counts)) < len(counts)
    keys = {s: g.rng.next64() if tie else 0 for s in buyers}
    order = sorted(buyers, key=lambda s: (ps[s].turnips, keys[s]))
    if len(order) > 1:
        note = " (a coin flip settled equal counts)" if tie else ""
        events.append(_ev("order", "Buying order, fewest turnips first: "
                                   + ", ".join(f"{ps[s].name} ({ps[s].turnips})" for s in order)
                                   + note + ".", order=order, coin=tie))
    return [[s, buyers[s], False] for s in order]


def _run_buys(g: VillagePillage, events: list[Event]) -> bool:
    """Work through the buy queue; False when a player must choose something first."""
    while g.buy_queue:
        seat, sides, ordered = g.buy_queue[0]
        if len(sides) > 1 and not ordered:  # Reading 6: two buying cards: owner picks order
            g.awaiting = {"player": seat, "kind": "order",
                          "cards": [g.players[seat].plan[s] for s in sides]}
            return False
        if not _buy(g, seat, sides[0], events):
            return False
        finish_buy(g)
    return True


def finish_buy(g: VillagePillage) -> None:
    """Drop the card that just finished buying from the head of the queue."""
    head = g.buy_queue[0]
    head[1].pop(0)
    if not head[1]:
        g.buy_queue.pop(0)


def relic_cost(g: VillagePillage, seat: int) -> int | None:
    """Cost of this village's next relic; None once it holds all three."""
    r = g.players[seat].relics
    return g.relic_costs[r] if r < len(g.relic_costs) else None


def _buy(g: VillagePillage, seat: int, side: int, events: list[Event]) -> bool:
    v = g.players[seat]
    card = played(g, seat, side)
    oseat, oside = opposite(seat, side, g.n, g.duel)
    if card.buy_relic:
        cost = relic_cost(g, seat)
        if cost is not None and v.turnips >= cost:  # buying is compulsory when affordable
            fs, fb = v.pay(cost)
            v.relics += 1
            events.append(_ev("relic", f"{v.name}'s {card.name} buys relic {v.relics} for "
                                       f"{cost}.", [[seat, -fs, -fb]], seat=seat,
                              relics=v.relics, cost=cost))
            return True
        why = "no relic left to buy" if cost is None else f"{v.turnips} of {cost} turnips"
        events.append(_ev("unable", f"{v.name}'s {card.name} cannot buy a relic ({why}).",
                          seat=seat, card=card.name))
        eff = card.if_unable
    else:  # Innkeeper/Cathedral/Outlaw: their gain/steal/bank ran in the earlier sub-steps
        price = card.effects[played(g, oseat, oside).type].buy_card
        return _buy_market(g, seat, price, card.name, events)  # type: ignore[arg-type]
    if eff.gain:
        v.stockpile += eff.gain
        events.append(_ev("gain", f"{v.name}'s {card.name} gains {eff.gain}.",
                          [[seat, eff.gain, 0]], card=card.name))
    if eff.draw:
        _draw(g, seat, card.name, events)
    if eff.exhaust_opponent:
        _mark(g, oseat, oside, seat, card.name, events)
    if eff.buy_card is not None:
        return _buy_market(g, seat, eff.buy_card, card.name, events)
    return True


def _draw(g: VillagePillage, seat: int, source: str, events: list[Event]) -> None:
    v = g.players[seat]
    if not g.deck:  # Reading 7: deck empty: the draw does nothing (the gain still happened)
        events.append(_ev("draw", f"{v.name}'s {source} finds the deck empty: nothing drawn.",
                          seat=seat))
        return
    drawn = g.deck.pop()
    v.hand.append(drawn)
    v.hand.sort(key=g.card_order)
    v.secret.append(drawn)  # Reading 10: hidden from others (observation, event text)
    events.append(Event("draw", f"{v.name}'s {source} draws a card face down.",
                        {"seat": seat, "_card": drawn},
                        secret_text=f"{v.name}'s {source} draws {drawn} (only you can see it).",
                        secret_for=(seat,)))


def _buy_market(g: VillagePillage, seat: int, price: int, source: str,
                events: list[Event]) -> bool:
    v = g.players[seat]
    # Reading 7: with the deck empty, buys still take market cards while any remain
    choices = [c for c in g.market if c]
    if not choices:
        events.append(_ev("nobuy", f"{v.name}'s {source} finds the market empty.", seat=seat))
        return True
    if v.turnips < price:
        events.append(_ev("nobuy", f"{v.name}'s {source} cannot pay {price} for a card.",
                          seat=seat))
        return True
    if len(choices) == 1:
        events.extend(take_market_card(g, seat, choices[0], price, source))
        return True
    g.awaiting = {"player": seat, "kind": "market", "price": price, "source": source}
    return False


def take_market_card(g: VillagePillage, seat: int, name: str, price: int,
                     source: str) -> list[Event]:
    v = g.players[seat]
    fs, fb = v.pay(price)
    slot = g.market.index(name)
    v.hand.append(name)
    v.hand.sort(key=g.card_order)
    g.market[slot] = g.deck.pop() if g.deck else None  # refill at once, before the next buyer
    refill = (f" {g.market[slot]} refills the market." if g.market[slot]
              else " The deck is empty, so the slot stays empty.")
    cost = "for free" if price == 0 else f"for {price}"
    return [_ev("buy", f"{v.name}'s {source} buys {name} {cost}.{refill}",
                [[seat, -fs, -fb]] if price else None, seat=seat, card=name, price=price)]


# ---------------------------------------------------------------- end of round
def _end_of_round(g: VillagePillage, events: list[Event]) -> None:
    done = [s for s, v in enumerate(g.players) if v.relics >= 3]
    if done:
        g.phase = "over"
        g.awaiting = None
        g.final_winners, g.result = decide_winners(g, done)
        events.append(_ev("win", g.result, winners=g.final_winners))
        return
    _refresh(g, events)


def decide_winners(g: VillagePillage, done: list[int]) -> tuple[list[int], str]:
    """Third relics bought in the same phase: most turnips, then most cards, else all win."""
    # Reading 8: "cards" = every card owned (hand + planned + exhausted), as at game end
    ps = g.players
    names = lambda seats: " and ".join(ps[s].name for s in seats)  # noqa: E731
    every = lambda seats: "both" if len(seats) == 2 else "all"  # noqa: E731
    if len(done) == 1:
        return done, f"{ps[done[0]].name} buys a third relic and wins!"
    best = max(ps[s].turnips for s in done)
    richest = [s for s in done if ps[s].turnips == best]
    if len(richest) == 1:
        return richest, (f"{names(done)} {every(done)} buy a third relic; "
                         f"{ps[richest[0]].name} wins with the most turnips left ({best}).")
    most = max(len(ps[s].owned()) for s in richest)
    carded = [s for s in richest if len(ps[s].owned()) == most]
    if len(carded) == 1:
        return carded, (f"{names(done)} {every(done)} buy a third relic and {names(richest)} "
                        f"tie on turnips ({best}); {ps[carded[0]].name} wins with the most "
                        f"cards ({most}).")
    return carded, (f"{names(done)} {every(done)} buy a third relic; {names(carded)} tie on "
                    f"turnips ({best}) and cards ({most}), so they {every(carded)} win "
                    "together.")


def _refresh(g: VillagePillage, events: list[Event]) -> None:
    """Resolved cards return to hand; exhausted ones rest a round; the duel queue moves up."""
    resting = []
    for seat, v in enumerate(g.players):
        v.hand.extend(v.exhausted)
        v.exhausted = []
        for side in ((0,) if g.duel else (0, 1)):
            card = v.plan[side]
            if [seat, side] in g.marked:
                v.exhausted.append(card)
                resting.append(f"{v.name}'s {card}")
            else:
                v.hand.append(card)
        v.plan = v.plan[1:] if g.duel else []
        v.pools = v.pools[1:] if g.duel else []
        v.hand.sort(key=g.card_order)
    g.marked = []
    g.round_pairs = None
    g.round += 1
    g.phase = "plan"
    g.stage = 0
    g.buy_queue = None
    rest = f" Resting this round: {', '.join(resting)}." if resting else ""
    events.append(_ev("refresh", f"Refresh: round {g.round} begins.{rest}", round=g.round))
