"""Resolving a round: reveal, then Farmer -> Wall -> Raider -> Merchant, and Refresh.

Inside each type: every gain, then every steal (from stockpiles as they stood when the steal
sub-step began), then every bank, then the buys one buyer at a time. Buys can stop the
round for a choice (which market card; which of two buying cards first); `continue_round`
picks up where it stopped, so the whole cursor lives in the game state.

Every event is emitted right after the state it reports has changed (`g.acting` names the
card at work), so a trace shows the table as it was after each step. Texts are templates
formatted only when read, and a quiet copy builds no event at all: `report` (whether anyone
reads this move's events) is worked out once per move and handed down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..core import words
from ..core.events import event
from .cards import TYPES, Card
from .steal_split import split_stockpile
from .table import active_slots, opposite

if TYPE_CHECKING:
    from .game import VillagePillage


def played(g: VillagePillage, seat: int, side: int) -> Card:
    return g.cards.cards[g.players[seat].plan[side]]


# What one card type does this round, worked out once from the plans, sub-step by sub-step
# in seat order, so resolution walks only what actually happens. A plain tuple of
#   gains     [(gainer, amount, owner seat, owner side, card)]
#   claims    {victim: [(thief, amount, reaches the bank, owner seat, owner side)]}
#   banks     {seat: amount}: one player's bank effects add up and share the cap
#   exhausts  [(seat, side exhausted, by seat, by side)]
#   buyers    {seat: [sides that buy]}
#   idle      [(seat, side, facing seat, facing side)]: cards that do nothing this round
class Stage(NamedTuple):
    """One card type's part of a round, from the plans (built once, then only read)."""

    gains: list  # (seat, amount, card's seat, card's side, card name)
    claims: dict  # victim -> [(thief, amount, bank too, card's seat, card's side)]
    banks: dict  # seat -> turnips banked
    exhausts: list  # (seat, side exhausted, by seat, by side)
    buyers: dict  # seat -> the sides that buy
    idle: list  # (seat, side, opponent, opponent's side): cards that do nothing here


def matchups(g: VillagePillage) -> list[Stage | None]:
    """This round's stages by card type (None: no card of that type was played). Derived
    from the plans, so it is cached on the game (never serialised) and dropped at Refresh.
    Stages are read-only once built: clones share them, and duels share them by deck."""
    stages = g.round_pairs
    if stages is None:
        if g.duel:  # two front cards decide the whole round
            ps = g.players
            pair = (ps[0].plan[0], ps[1].plan[0])
            stages = g.cards.duel_matchups.get(pair)
            if stages is None:
                stages = g.cards.duel_matchups[pair] = _build_stages(g)
        else:
            stages = _build_stages(g)
        g.round_pairs = stages
    return stages


def _build_stages(g: VillagePillage) -> list[Stage | None]:
    facing = g.cards.facing
    ps = g.players
    stages: list[Stage | None] = [None, None, None, None]
    for seat, side, oseat, oside in active_slots(g.n, g.duel):
        ctype, buys, effects = facing[ps[seat].plan[side]][ps[oseat].plan[oside]]
        st = stages[ctype]
        if st is None:
            st = stages[ctype] = Stage._make(([], {}, {}, [], {}, []))
        if buys:
            st.buyers.setdefault(seat, []).append(side)
        if effects is None:
            if not buys:
                st.idle.append((seat, side, oseat, oside))
            continue
        (gain, opponent_gains, steal, incl_bank, opponent_steals, bank, exhaust_opponent,
         exhaust_self, name) = effects
        if gain:
            st.gains.append((seat, gain, seat, side, name))
        if opponent_gains:  # Reading 3: in the printing card's phase, gain sub-step
            st.gains.append((oseat, opponent_gains, seat, side, name))
        if steal:
            st.claims.setdefault(oseat, []).append((seat, steal, incl_bank, seat, side))
        if opponent_steals:  # Reading 3: in the printing card's phase, steal sub-step
            st.claims.setdefault(seat, []).append((oseat, opponent_steals, False, seat, side))
        if bank:
            st.banks[seat] = st.banks.get(seat, 0) + bank
        if exhaust_opponent:
            st.exhausts.append((oseat, oside, seat, side))
        if exhaust_self:
            st.exhausts.append((seat, side, seat, side))
    return stages


def _reveal_text(rows: tuple, names: tuple[str, ...], duel: bool) -> str:
    if duel:
        lines = (f"{names[seat]}: {card}" for seat, _side, card, _o, _os in rows)
    else:
        lines = (f"{names[seat]} plays {card} at {names[oseat]}"
                 for seat, _side, card, oseat, _os in rows)
    return f"Cards revealed: {'; '.join(lines)}."


def reveal(g: VillagePillage, report: bool) -> None:
    """Turn every resolving card face up; secret (drawn) cards become public. `report`:
    whether this move's events are wanted (`g.loud`, worked out once per move)."""
    g.phase = "resolve"
    g.stage = 0
    g.buy_queue = None
    g.marked = []
    g.round_pairs = None
    ps = g.players
    for v in ps:
        if v.secret:
            for card in (v.plan[:1] if g.duel else v.plan):
                if card in v.secret:
                    v.secret.remove(card)
    if report:
        rows = tuple([(seat, side, ps[seat].plan[side], oseat, oside)
                      for seat, side, oseat, oside in active_slots(g.n, g.duel)])
        g.emit(event("reveal", _reveal_text, {"cards": [list(r) for r in rows],
                                              "round": g.round},
                     (rows, tuple([v.name for v in ps]), g.duel), reveals=True))


def continue_round(g: VillagePillage, report: bool) -> None:
    """Run the resolution from the cursor until a choice is needed or the round ends."""
    stages = matchups(g)
    # `g.stage` is the cursor: stored only where the round stops (a choice, or its end)
    for ctype in range(g.stage, 4):
        if g.buy_queue is None:  # this type's gains, steals and banks have not run yet
            stage = stages[ctype]
            if stage is None:  # no card of this type was played
                continue
            g.acting = None
            if report or stage.gains or stage.claims or stage.banks or stage.exhausts:
                _simple_steps(g, ctype, stage, report)
            if not stage.buyers:
                continue
            g.buy_queue = _buy_order(g, stage.buyers, report)
        if not _run_buys(g, report):
            g.stage = ctype
            return  # waiting for a player's choice
        g.buy_queue = None
    g.stage = 4
    g.acting = None
    _end_of_round(g, report)


# ---------------------------------------------------------------- gain, steal, bank
def _simple_steps(g: VillagePillage, ctype: int, stage: Stage, report: bool) -> None:
    """Gains, steals, banks and exhausts of one type (the caller has cleared `g.acting`)."""
    if report:
        g.emit(event("phase", "{} phase.", {"phase": TYPES[ctype]}, (TYPES[ctype],)))
    ps = g.players
    gains, claims, banks, exhausts, _buyers, idle = stage
    if report:
        for seat, side, oseat, oside in idle:
            g.acting = [seat, side]
            g.emit(event("nothing", "{}'s {} meets {}'s {}: nothing happens.",
                         {"seat": seat, "card": ps[seat].plan[side]},
                         (ps[seat].name, ps[seat].plan[side], ps[oseat].name,
                          ps[oseat].plan[oside])))
    for seat, amount, owner, side, card in gains:
        ps[seat].stockpile += amount
        if report:
            g.acting = [owner, side]
            if seat == owner:
                g.emit(event("gain", "{}'s {} gains {}.",
                             {"delta": [[seat, amount, 0]], "card": card, "seat": seat},
                             (ps[seat].name, card, amount)))
            else:
                g.emit(event("gain", "{}'s {} lets {} gain {}.",
                             {"delta": [[seat, amount, 0]], "card": card, "seat": seat,
                              "owner": owner},
                             (ps[owner].name, card, ps[seat].name, amount)))
    if claims:
        _steals(g, claims, report)
    g.acting = None
    cap = g.bank_cap
    for seat, amount in banks.items():
        v = ps[seat]
        moved = min(amount, v.stockpile, cap - v.bank)
        v.stockpile -= moved
        v.bank += moved
        if report:
            why = "" if moved == amount else (
                " (bank full)" if v.bank == cap else " (stockpile ran out)")
            g.emit(event("bank", "{} banks {} of {}{}.",
                         {"delta": [[seat, -moved, moved]], "cap": cap, "seat": seat},
                         (v.name, moved, amount, why)))
    for seat, side, by_seat, by_side in exhausts:
        _mark(g, seat, side, by_seat, by_side, report)


def _mark(g: VillagePillage, seat: int, side: int, by_seat: int, by_side: int,
          report: bool) -> None:
    """Exhausted cards still resolve this round; Refresh sends them to rest a round."""
    # Reading 4: resolves now, sits out the next round, returns at the Refresh after that
    if [seat, side] not in g.marked:
        g.marked.append([seat, side])
    g.acting = [by_seat, by_side]
    if not report:
        return
    ps = g.players
    name = ps[seat].plan[side]
    by_card = ps[by_seat].plan[by_side]
    if (seat, side) == (by_seat, by_side):
        g.emit(event("exhaust", "{}'s {} is exhausted: it will sit out next round.",
                     {"seat": seat, "card": name}, (ps[seat].name, name)))
    else:
        g.emit(event("exhaust", "{}'s {} exhausts {}'s {}: it will sit out next round.",
                     {"seat": seat, "card": name, "by_seat": by_seat, "by_card": by_card},
                     (ps[by_seat].name, by_card, ps[seat].name, name)))


def _steals(g: VillagePillage, claims: dict[int, list], report: bool) -> None:
    """All steals of one type at once, from the stockpiles as they stood before any of them:
    every share is worked out first, then the thefts are carried out one by one."""
    ps = g.players
    thefts: list[tuple[int, int, int, int, int, int, int]] = []
    for victim, rows in claims.items():
        v = ps[victim]
        if len(rows) == 1:  # one thief: no sharing, so no split to work out or report
            thief, amount, incl_bank, cseat, cside = rows[0]
            got = min(amount, v.stockpile)
            # Reading 2: Toll Bridge / Burglar take the rest from the bank
            from_bank = min(amount - got, v.bank) if incl_bank else 0
            thefts.append((thief, victim, got, from_bank, amount, cseat, cside))
            continue
        taken, flipped = split_stockpile(v.stockpile, [r[1] for r in rows], g.rng)
        if report and len(rows) > 1 and sum(r[1] for r in rows) > v.stockpile:
            how = " (a coin flip gave the odd turnip)" if flipped else ""
            shares = ", ".join(_share_text(g, r, t) for r, t in zip(rows, taken, strict=True))
            g.acting = None
            g.emit(event("split", "{}'s stockpile of {} cannot cover {} steals, so it is "
                                  "shared: {}{}.",
                         {"victim": victim, "shares": taken, "coin": flipped},
                         (v.name, v.stockpile, len(rows), shares, how), chance=flipped))
        bank_left = v.bank
        for (thief, amount, incl_bank, cseat, cside), got in zip(rows, taken, strict=True):
            # Reading 2: Toll Bridge / Burglar take the rest from the bank AFTER the split
            from_bank = min(amount - got, bank_left) if incl_bank else 0
            bank_left -= from_bank
            thefts.append((thief, victim, got, from_bank, amount, cseat, cside))
    for thief, victim, got, from_bank, amount, cseat, cside in thefts:
        ps[victim].stockpile -= got
        ps[victim].bank -= from_bank
        ps[thief].stockpile += got + from_bank
        if not report:
            continue
        g.acting = [cseat, cside]
        card = ps[cseat].plan[cside]
        bank_txt = f" ({from_bank} from the bank)" if from_bank else ""
        data = {"delta": [[thief, got + from_bank, 0], [victim, -got, -from_bank]],
                "thief": thief, "victim": victim, "card": card, "owner": cseat}
        if cseat == thief:
            g.emit(event("steal", "{}'s {} steals {} of {} from {}{}.", data,
                         (ps[thief].name, card, got + from_bank, amount, ps[victim].name,
                          bank_txt)))
        else:  # "opponent steals": the card's owner is the one robbed
            g.emit(event("steal", "{}'s {} lets {} steal {} of {} from {}.", data,
                         (ps[cseat].name, card, ps[thief].name, got, amount,
                          ps[victim].name)))


def _share_text(g: VillagePillage, row: tuple[int, int, bool, int, int], got: int) -> str:
    thief, _amount, _bank, cseat, cside = row
    ps = g.players
    card = ps[cseat].plan[cside]
    if cseat == thief:
        return f"{ps[thief].name}'s {card} takes {got}"
    return f"{ps[thief].name} takes {got} (through {ps[cseat].name}'s {card})"


# ---------------------------------------------------------------- buys
def _buy_order(g: VillagePillage, buyers: dict[int, list[int]], report: bool) -> list[list]:
    """Buyers from fewest to most turnips; coin flips between equal counts."""
    if len(buyers) == 1:
        [(seat, sides)] = buyers.items()
        return [[seat, sides[:], False]]
    ps = g.players
    counts = {s: ps[s].stockpile + ps[s].bank for s in buyers}
    tie = len(set(counts.values())) < len(counts)
    if tie:  # one flip per buyer, in seat order, breaks the ties
        keys = {s: g.rng.next64() for s in buyers}
        order = sorted(buyers, key=lambda s: (counts[s], keys[s]))
    else:
        order = sorted(buyers, key=counts.__getitem__)
    g.acting = None
    if report:
        note = " (a coin flip settled equal counts)" if tie else ""
        g.emit(event("order", "Buying order, fewest turnips first: {}{}.",
                     {"order": order, "coin": tie},
                     (", ".join(f"{ps[s].name} ({counts[s]})" for s in order), note),
                     chance=tie))
    return [[s, buyers[s][:], False] for s in order]


def _run_buys(g: VillagePillage, report: bool) -> bool:
    """Work through the buy queue; False when a player must choose something first."""
    queue = g.buy_queue
    while queue:
        seat, sides, ordered = queue[0]
        if len(sides) > 1 and not ordered:  # Reading 6: two buying cards: owner picks order
            g.acting = None
            cards = [g.players[seat].plan[s] for s in sides]
            g.awaiting = {"player": seat, "kind": "order", "cards": cards}
            if report:
                g.emit(event("awaiting", "{} has two buying cards ({}) and chooses which goes "
                                         "first.", {"seat": seat, "cards": cards},
                             (g.players[seat].name, words.and_list(cards))))
            return False
        if not _buy(g, seat, sides[0], report):
            return False
        sides.pop(0)  # finish_buy, written out
        if not sides:
            queue.pop(0)
    return True


def finish_buy(g: VillagePillage) -> None:
    """Drop the card that just finished buying from the head of the queue."""
    queue = g.buy_queue
    assert queue is not None  # (a buy is under way)
    head = queue[0]
    head[1].pop(0)
    if not head[1]:
        queue.pop(0)


def relic_cost(g: VillagePillage, seat: int) -> int | None:
    """Cost of this village's next relic; None once it holds all three."""
    r = g.players[seat].relics
    return g.relic_costs[r] if r < len(g.relic_costs) else None


def _buy(g: VillagePillage, seat: int, side: int, report: bool) -> bool:
    v = g.players[seat]
    card = g.cards.cards[v.plan[side]]
    g.acting = [seat, side]
    if not card.buy_relic:  # Innkeeper/Cathedral/Outlaw: gain/steal/bank ran earlier
        oseat, oside = opposite(seat, side, g.n, g.duel)
        price = card.effects[played(g, oseat, oside).type].buy_card
        return _buy_market(g, seat, price, card.name, report)
    costs = g.relic_costs
    cost = costs[v.relics] if v.relics < len(costs) else None  # relic_cost, written out
    # Reading 11: a village holding every relic (cost None) counts as unable to buy one
    if cost is not None and v.stockpile + v.bank >= cost:  # compulsory when affordable
        fs, fb = v.pay(cost)
        v.relics += 1
        if report:
            g.emit(event("relic", "{}'s {} buys relic {} for {}.",
                         {"delta": [[seat, -fs, -fb]], "seat": seat, "relics": v.relics,
                          "cost": cost, "card": card.name},
                         (v.name, card.name, v.relics, cost)))
        return True
    if report:
        why = "no relic left to buy" if cost is None else f"{v.turnips} of {cost} turnips"
        g.emit(event("unable", "{}'s {} cannot buy a relic ({}).",
                     {"seat": seat, "card": card.name}, (v.name, card.name, why)))
    eff = card.if_unable
    if eff.gain:
        v.stockpile += eff.gain
        if report:
            g.emit(event("gain", "{}'s {} gains {}.",
                         {"delta": [[seat, eff.gain, 0]], "card": card.name, "seat": seat},
                         (v.name, card.name, eff.gain)))
    if eff.draw:
        _draw(g, seat, card.name, report)
    if eff.exhaust_opponent:
        oseat, oside = opposite(seat, side, g.n, g.duel)
        _mark(g, oseat, oside, seat, side, report)
    if eff.buy_card is not None:
        return _buy_market(g, seat, eff.buy_card, card.name, report)
    return True


def _draw(g: VillagePillage, seat: int, source: str, report: bool) -> None:
    v = g.players[seat]
    if not g.deck:  # Reading 7: deck empty: the draw does nothing (the gain still happened)
        if report:
            g.emit(event("draw", "{}'s {} finds the deck empty: nothing drawn.", {"seat": seat},
                         (v.name, source)))
        return
    drawn = g.deck.pop()
    v.hand.append(drawn)
    v.hand.sort(key=g.card_order)
    v.secret.append(drawn)  # Reading 10: hidden from others (observation, event text)
    if report:
        g.emit(event("draw", "{}'s {} draws a card face down.", {"seat": seat, "_card": drawn},
                     (v.name, source), "{}'s {} draws {} (only you can see it).",
                     (v.name, source, drawn), (seat,), chance=True))


def _buy_market(g: VillagePillage, seat: int, price: int, source: str, report: bool) -> bool:
    v = g.players[seat]
    # Reading 7: with the deck empty, buys still take market cards while any remain
    choices = [c for c in g.market if c] if None in g.market else g.market
    if not choices:
        if report:
            g.emit(event("nobuy", "{}'s {} finds the market empty.", {"seat": seat},
                         (v.name, source)))
        return True
    if v.stockpile + v.bank < price:
        if report:
            g.emit(event("nobuy", "{}'s {} cannot pay {} for a card.", {"seat": seat},
                         (v.name, source, price)))
        return True
    if len(choices) == 1:
        card = choices[0]
        assert card is not None  # (the empty slots are left out)
        take_market_card(g, seat, card, price, source)
        return True
    g.awaiting = {"player": seat, "kind": "market", "price": price, "source": source}
    if report:
        g.emit(event("awaiting", "{}'s {} buys a market card {}: {} chooses which.",
                     {"seat": seat, "price": price},
                     (v.name, source, "for free" if price == 0 else f"for {price}", v.name)))
    return False


def take_market_card(g: VillagePillage, seat: int, name: str, price: int,
                     source: str) -> None:
    v = g.players[seat]
    fs, fb = v.pay(price)
    slot = g.market.index(name)
    v.hand.append(name)
    v.hand.sort(key=g.card_order)
    g.market[slot] = g.deck.pop() if g.deck else None  # refill at once, before the next buyer
    if g.loud:
        refill = (f" {g.market[slot]} refills the market." if g.market[slot]
                  else " The deck is empty, so the slot stays empty.")
        cost = "for free" if price == 0 else f"for {price}"
        g.emit(event("buy", "{}'s {} buys {} {}.{}",
                     {"delta": [[seat, -fs, -fb]] if price else [], "seat": seat, "card": name,
                      "price": price, "refill": g.market[slot]},
                     (v.name, source, name, cost, refill), chance=g.market[slot] is not None))


# ---------------------------------------------------------------- end of round
def _end_of_round(g: VillagePillage, report: bool) -> None:
    for v in g.players:
        if v.relics >= 3:
            break
    else:
        _refresh(g, report)
        return
    done = [s for s, v in enumerate(g.players) if v.relics >= 3]
    g.phase = "over"
    g.awaiting = None
    g.final_winners, g.result, g.tiebreak = decide_winners(g, done)
    if report:
        g.emit(event("win", g.result, {"winners": g.final_winners}))


def decide_winners(g: VillagePillage, done: list[int]) -> tuple[list[int], str, str]:
    """Third relics bought in the same phase: most turnips, then most cards, else all win."""
    # Reading 8: "cards" = every card owned (hand + planned + exhausted), as at game end
    ps = g.players
    names = lambda seats: words.and_list(ps[s].name for s in seats)  # noqa: E731
    every = lambda seats: "both" if len(seats) == 2 else "all"  # noqa: E731
    if len(done) == 1:
        return done, f"{ps[done[0]].name} buys a third relic and wins!", ""
    best = max(ps[s].turnips for s in done)
    richest = [s for s in done if ps[s].turnips == best]
    if len(richest) == 1:
        return richest, (f"{names(done)} {every(done)} buy a third relic; "
                         f"{ps[richest[0]].name} wins with the most turnips left ({best})."
                         ), "most turnips"
    most = max(len(ps[s].owned()) for s in richest)
    carded = [s for s in richest if len(ps[s].owned()) == most]
    if len(carded) == 1:
        return carded, (f"{names(done)} {every(done)} buy a third relic and {names(richest)} "
                        f"tie on turnips ({best}); {ps[carded[0]].name} wins with the most "
                        f"cards ({most})."), "most cards"
    return carded, (f"{names(done)} {every(done)} buy a third relic; {names(carded)} tie on "
                    f"turnips ({best}) and cards ({most}), so they {every(carded)} win "
                    "together."), "shared"


def _refresh(g: VillagePillage, report: bool) -> None:
    """Resolved cards return to hand; exhausted ones rest a round; the duel queue moves up."""
    resting: list[str] = []
    key = g.card_order
    marked = g.marked
    duel = g.duel
    # What was face up this round stays on show until the next reveal: rows (seat, side,
    # card), never changed once made, so copies of the game share them.
    shown: list[tuple[int, int, str]] = []
    for seat, v in enumerate(g.players):
        hand = v.hand
        plan = v.plan
        if duel:
            shown.append((seat, 0, plan[0]))
        else:
            shown += ((seat, 0, plan[0]), (seat, 1, plan[1]))
        if v.exhausted:
            hand += v.exhausted
            v.exhausted = []
        if not marked:  # nothing rests: every resolved card goes straight back
            if duel:
                hand.append(plan[0])
            else:
                hand += plan
        else:
            for side in ((0,) if duel else (0, 1)):
                card = plan[side]
                if [seat, side] in marked:
                    v.exhausted.append(card)
                    if report:
                        resting.append(f"{v.name}'s {card}")
                else:
                    hand.append(card)
        if duel:
            v.plan = plan[1:]
            v.pools = v.pools[1:]
        else:
            v.plan = []
        hand.sort(key=key)
    g.last_played = tuple(shown)
    g.marked = []
    g.round_pairs = None
    g.round += 1
    g.phase = "plan"
    g.planning = list(range(g.n))  # every plan is one card or none again
    g.stage = 0
    g.buy_queue = None
    if report:
        rest = f" Resting this round: {', '.join(resting)}." if resting else ""
        g.emit(event("refresh", "Refresh: round {} begins.{}", {"round": g.round},
                     (g.round, rest)))
