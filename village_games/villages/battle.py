"""Battle in five steps: attacker, defender, reveal and compare, reward, regroup."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from ..core.events import event
from .actions import Attack, Defend, Reward, acts
from .battle_state import Battle
from .hands import check_empty, put, take
from .locations import ties_to_attacker
from .options import HAND
from .power import attacker_wins, home_village, power_parts

if TYPE_CHECKING:
    from .game import Villages

_amount = itemgetter(1)  # a (reason, amount) part's amount


def defend_options(g: Villages) -> list[tuple[str, str]]:
    """(unit, source) pairs the defender may send: a unit of the attacked village, a unit
    hired from hand, or an Archer from another of their villages."""
    # Reading: the defender must send a unit whenever one can be sent
    b = g.battle
    assert b is not None
    cards = g.cards
    units, archers = cards.unit_ids, cards.archer_ids
    out: list[tuple[str, str]] = []
    for colour, village in g.villages[b.seat].items():
        fights = units if colour == b.village else archers
        for c in village:
            if c in fights:
                out.append((c, colour))
    for c in g.hands[b.seat]:
        if c in units:
            out.append((c, HAND))
    return out


def reward_options(g: Villages) -> list[tuple[str, str]]:
    """(kind, card) pairs the winning attacker may choose from."""
    # Reading: a winning attacker must take one of the rewards; the defender from the
    # attacked village is offered as "kidnap", not again as "take"
    b = g.battle
    assert b is not None
    buildings = g.cards.building_ids
    out: list[tuple[str, str]] = []
    if b.defender is not None:
        out += [("destroy", b.defender), ("kidnap", b.defender)]
    fighter = b.defender if b.d_source == b.village else None
    for c in g.villages[b.seat].get(b.village, ()):
        if c not in buildings and c != fighter:
            out.append(("take", c))
    return out


def apply_attack(g: Villages, p: int, a: Attack) -> None:
    g.acted = True
    hired = a.source == HAND
    target = g.villages[a.seat][a.village]
    shown = not hired or not g.cards.revealer_ids.isdisjoint(target)
    if hired:
        take(g, p, a.unit)
    b = g.battle = Battle(p, a.unit, a.source, a.seat, a.village, shown)
    if g.loud:  # g.loud, inlined (hot)
        name, foe = g.names[p], g.names[a.seat]
        data = {"seat": p, "target": a.seat, "village": a.village, "source": a.source,
                "hired": hired, "shown": shown}
        if not hired:
            g.emit(event("attack", "{} sends the {} from their {} village against {}'s {} "
                                   "village.", {**data, "unit": a.unit},
                         (name, a.unit, a.source, foe, a.village)))
        elif shown:
            g.emit(event("attack", "{} hires the {} from their hand against {}'s {} village; "
                                   "the Tower there shows it face up.",
                         {**data, "unit": a.unit}, (name, a.unit, foe, a.village),
                         reveals=True))
        else:
            g.emit(event("attack", "{} hires a unit from their hand (face down) against {}'s "
                                   "{} village.", {**data, "_unit": a.unit},
                         (name, foe, a.village),
                         "{} hires the {} (face down) against {}'s {} village.",
                         (name, a.unit, foe, a.village), (p,)))
    if hired:
        check_empty(g, p)
    rows = defend_options(g)
    if rows:
        g.phase = "defend"
        # the defender's legal list, already worked out: legal_actions hands it out as is
        g._legal = (a.seat, acts(Defend, rows))
        return
    # Reading: a player with no unit to send cannot defend; the attacker wins unopposed
    if g.loud:
        g.emit(event("no_defender", "{} has no unit to defend with.", {"seat": a.seat},
                     (g.names[a.seat],)))
    _compare(g, b)


def apply_defend(g: Villages, p: int, d: Defend) -> None:
    b = g.battle
    assert b is not None
    if d.source == HAND:
        take(g, p, d.unit)  # on another's turn: an emptied hand does not end the round
    b.defender, b.d_source = d.unit, d.source
    if g.loud:  # g.loud, inlined (hot)
        name = g.names[p]
        if d.source == HAND:
            g.emit(event("defend", "{} hires a unit from their hand (face down) to defend.",
                         {"seat": p, "source": HAND, "_unit": d.unit}, (name,),
                         "{} hires the {} (face down) to defend.", (name, d.unit), (p,)))
        else:
            g.emit(event("defend", "{} defends with the {} from their {} village.",
                         {"seat": p, "source": d.source, "unit": d.unit},
                         (name, d.unit, d.source)))
    _compare(g, b)


def _compare(g: Villages, b: Battle) -> None:
    """Step 3: turn face-down units up, apply abilities, compare (ties to the attacker)."""
    cards = g.cards
    loc = g.location
    a_parts = power_parts(cards, b.unit, b.defender, True,
                          home_village(g.villages[b.attacker], b.source, None), loc,
                          b.source == HAND)
    a_power = sum(map(_amount, a_parts))  # (map and itemgetter: no generator frames)
    d_parts: list[tuple[str, int]] = []
    d_power = None
    if b.defender is not None:
        d_parts = power_parts(cards, b.defender, b.unit, False,
                              home_village(g.villages[b.seat], b.d_source or HAND, b.village),
                              loc, b.d_source == HAND)
        d_power = sum(map(_amount, d_parts))
    b.shown = b.revealed = True
    b.a_power, b.d_power = a_power, d_power
    b.a_parts = list(map(list, a_parts))
    b.d_parts = list(map(list, d_parts)) if b.defender is not None else None
    to_attacker = ties_to_attacker(loc)
    won = attacker_wins(a_power, d_power, to_attacker)
    if g.loud:  # g.loud, inlined (hot)
        # the line is written only when somebody reads it (a template that is a function)
        g.emit(event("reveal", _describe, {"attacker": b.unit, "defender": b.defender,
                                           "a_power": a_power, "d_power": d_power,
                                           "a_parts": [list(x) for x in a_parts],
                                           "d_parts": [list(x) for x in d_parts],
                                           "winner": "attacker" if won else "defender"},
                     (b.unit, b.defender, a_parts, d_parts, won, to_attacker), reveals=True))
    if won:
        g.phase = "reward"
        return
    _to_grave(g, b.attacker, b.unit, b.source)  # a losing attacker is destroyed
    if g.loud:
        g.emit(event("destroy", "The {} is destroyed and goes to {}'s graveyard.",
                     {"seat": b.attacker, "card": b.unit}, (b.unit, g.names[b.attacker])))
    _regroup(g, b, attacker_left=True, defender_left=False)


def _describe(unit: str, defender: str | None, a_parts: list[tuple[str, int]],
              d_parts: list[tuple[str, int]], won: bool, to_attacker: bool = True) -> str:
    """The reveal's line: each side's power, part by part, and who wins."""
    def fmt(unit: str, parts: list[tuple[str, int]]) -> str:
        extra = " ".join(f"{x:+d} {why}" for why, x in parts[1:])
        total = sum(x for _, x in parts)
        return f"{unit} {parts[0][1]}" + (f" {extra} = {total}" if extra else "")

    if defender is None:
        return f"{fmt(unit, a_parts)} meets no defender: the attacker wins."
    verdict = "the attacker wins" if won else "the defender wins"
    level = sum(x for _, x in a_parts) == sum(x for _, x in d_parts)
    tie = ""
    if level:
        tie = " (a tie goes to the attacker)" if to_attacker else (
            " (a tie goes to the defender here)")
    return f"{fmt(unit, a_parts)} against {fmt(defender, d_parts)}: {verdict}{tie}."


def apply_reward(g: Villages, p: int, r: Reward) -> None:
    b = g.battle
    assert b is not None
    defender_left = r.choice != "take"
    if r.choice == "destroy":
        _to_grave(g, b.seat, r.card, b.d_source or HAND)
    elif r.choice == "kidnap":
        _leave(g, b.seat, r.card, b.d_source or HAND)
        put(g, p, r.card, True)  # Reading: a kidnapped card is known to be in that hand
    else:
        _leave(g, b.seat, r.card, b.village)
        put(g, p, r.card, True)
    if g.loud:  # g.loud, inlined (hot)
        name = g.names[p]
        args: tuple[str, ...]
        if r.choice == "destroy":
            text, args = "{} destroys the {}: it goes to {}'s graveyard.", (
                name, r.card, g.names[b.seat])
        elif r.choice == "kidnap":
            text, args = "{} kidnaps the defending {} into their hand.", (name, r.card)
        else:
            text, args = "{} kidnaps the {} from {}'s {} village into their hand.", (
                name, r.card, g.names[b.seat], b.village)
        g.emit(event("reward", text, {"seat": p, "kind": r.choice, "card": r.card,
                                      "from": b.seat}, args))
    _regroup(g, b, attacker_left=False, defender_left=defender_left)


def _leave(g: Villages, seat: int, card: str, source: str) -> None:
    """Take a fighting or kidnapped card away from its village (a hired one is already
    out of the hand, on the battlefield)."""
    if source == HAND:
        return
    village = g.villages[seat][source]
    village.remove(card)
    if not village:  # Reading: a village with no cards left is gone
        del g.villages[seat][source]


def _to_grave(g: Villages, seat: int, card: str, source: str) -> None:
    _leave(g, seat, card, source)
    g.graves[seat].append(card)


def _regroup(g: Villages, b: Battle, attacker_left: bool, defender_left: bool) -> None:
    """Step 5: village units go home (they never left); hired units are paid: destroyed.
    A stand-in Tavern sends a unit hired to defend its village back to its owner's hand."""
    if b.source == HAND and not attacker_left:
        g.graves[b.attacker].append(b.unit)
        if g.loud:
            g.emit(event("paid", "The hired {} is paid off: it goes to {}'s graveyard.",
                         {"seat": b.attacker, "card": b.unit},
                         (b.unit, g.names[b.attacker])))
    if b.d_source == HAND and not defender_left and b.defender is not None:
        village = g.villages[b.seat].get(b.village, ())
        tavern = next((c for c in village if g.cards.cards[c].keeps_hired), None)
        if tavern is not None:
            put(g, b.seat, b.defender, True)
            text = "The hired {} stays at the " + tavern + " and goes back to {}'s hand."
        else:
            g.graves[b.seat].append(b.defender)
            text = "The hired {} is paid off: it goes to {}'s graveyard."
        if g.loud:
            g.emit(event("paid", text, {"seat": b.seat, "card": b.defender,
                                        "kept": tavern is not None},
                         (b.defender, g.names[b.seat])))
    g.battle = None
    g.phase = "main"
