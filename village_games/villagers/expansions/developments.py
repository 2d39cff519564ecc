"""The Developments: one per suit beside the Road, and the Development Phase after every
Build Phase (before any Market).

First every Development's winner is found (the most of what it counts; a tie: nobody, and
its token goes back to the card); then winners take their rewards in turn order. Gold is
paid at once, a drawn card or a Basic Villager too (a choice stops the game); a token's
Food or Builder counts for the holder's limits from the next round until the token moves
(never past 5). Covered Food, Builders and Gold do not count; padlocks and suit symbols
do; nothing on a Development counts for anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import short_repr
from ...core.events import event
from ..flow import finish_round
from ..market import count_symbol
from .counts import best_silver, chains, coined
from .deck import DEV_SUITS, DEV_SYMBOLS, TOKENS, by_suit, developments

if TYPE_CHECKING:
    from ..game import Villagers
    from ..views import DevelopmentView
    from .state import ExpansionState


def _turn_place(seat: int | None, first: int, n: int) -> int:
    """A seat's place in turn order counted from `first` (-1 for None: nobody)."""
    return -1 if seat is None else (seat - first) % n


def deal_developments(g: Villagers) -> list[str]:
    """One random Development of each suit (the suits in DEV_SUITS order)."""
    suits = by_suit()
    return [g.rng.choice(suits[s]) for s in DEV_SUITS]


def count_for(g: Villagers, seat: int, condition: str) -> int:
    """What a Development counts for `seat` now."""
    p = g.players[seat]
    if condition == "villagers":
        return len(p.village)
    if condition == "specials_in_hand":
        specials = g.tables.specials  # (the deck's Special villagers, as a set)
        found = 0
        for hand in (p.hand_pub, p.hand_sec):  # (`p.hand()`, without joining the lists)
            for c in hand:
                if c in specials:
                    found += 1
        return found
    if condition == "coined":
        return coined(p.village)
    if condition == "best_silver":
        return best_silver(g, seat)
    if condition == "chains":
        return chains(p.village)
    return count_symbol(p._summary or p.summary(g.cards), condition)  # (method if none)


def leaders(g: Villagers) -> list[DevelopmentView]:
    """Each Development with everyone's count and who would win it now (None on a tie):
    what a table shows beside the Road."""
    e = g.ext
    assert e is not None
    out: list[DevelopmentView] = []
    devs = developments()
    for (name, holder), (counts, leader) in zip(zip(e.devs, e.holders, strict=True),
                                                standings(g), strict=True):
        dev = devs[name]
        out.append({"name": name, "suit": dev.suit, "token": TOKENS[dev.suit],
                    "condition": dev.condition_text(), "reward": dev.reward_text(),
                    "counts": counts, "leader": leader, "holder": holder})
    return out


def standings(g: Villagers) -> list[tuple[list[int], int | None]]:
    """Per Development on the table: everyone's count, and who would win it now (None on
    a tie); `leaders` without the words (the Development Phase needs only these)."""
    e = g.ext
    assert e is not None
    out = []
    devs = developments()
    players, cards, seats = g.players, g.cards, range(g.n)
    # (plain loops below, no comprehensions: with three or four seats, building a list by
    # appends costs less than a comprehension's function call)
    summaries = []  # every village's counts, read once for all the Developments
    for seat in seats:
        p = players[seat]
        summaries.append(p._summary or p.summary(cards))  # (the method only if none yet)
    for name in e.devs:
        condition = devs[name].condition
        counts: list[int] = []
        if condition in DEV_SYMBOLS:  # (most Developments count a symbol: the kept counts)
            for s in summaries:
                counts.append(count_symbol(s, condition))
        else:
            for seat in seats:
                counts.append(count_for(g, seat, condition))
        # the winner: the one seat with the most (`counts.index(max(counts))` when the
        # most is there once), found in one pass; counts are never negative
        best, leader, k = -1, None, 0
        for c in counts:
            if c > best:
                best, leader = c, k
            elif c == best:
                leader = None
            k += 1
        out.append((counts, leader))
    return out


def bonus(g: Villagers, seat: int, what: str) -> int:
    """Food or Builders (`what`) the Development tokens `seat` holds give its limits."""
    e = g.ext
    if e is None or not e.devs:
        return 0
    holders = e.holders
    if seat not in holders:  # (every turn asks; most seats hold no token for it)
        return 0
    # Reading: a token's Food/Builder counts for limits only, while it is held
    devs = developments()
    if holders.count(seat) == 1:  # (one token: no loop)
        return getattr(devs[e.devs[holders.index(seat)]], what)
    total = 0
    for n, h in zip(e.devs, holders, strict=True):
        if h == seat:
            total += getattr(devs[n], what)
    return total


def development_phase(g: Villagers) -> None:
    """Winners first, then gold rewards in turn order; choices queue up in `rewards`."""
    e = g.ext
    assert e is not None
    loud = g.loud
    if loud:
        g.emit(event("phase", "Round {}: the Development Phase.",
                     {"round": g.round, "phase": "development"}, (g.round,)))
    devs = developments()
    holders = e.holders
    for i, (counts, leader) in enumerate(standings(g)):
        holders[i] = leader
        if loud:
            name = e.devs[i]
            args: tuple[object, ...]
            if leader is None:
                text, args = "Nobody wins the {} (a tie): its token goes back.", (name,)
            else:
                text, args = "{} wins the {} and takes the {}.", (
                    g.player_name(leader), name, TOKENS[devs[name].suit])
            g.emit(event("development", text, {"development": name, "winner": leader,
                                               "counts": counts}, args))
    rewards: list[list] = []
    e.rewards = rewards
    names, players = e.devs, g.players
    first, n = g.first, g.n
    # in turn order (by the holder's place after the first player), each holder's tokens
    # in the Developments' order (the sort is stable)
    taken = sorted(range(len(names)), key=lambda i: _turn_place(holders[i], first, n))
    for i in taken:
        seat = holders[i]
        if seat is None:
            continue  # (nobody took its token)
        name = names[i]
        dev = devs[name]
        p = players[seat]
        g.bank -= dev.gold
        p.gold += dev.gold
        if loud:
            g.emit(event("dev_reward", "{} takes {} Gold from the {}.",
                         {"seat": seat, "development": name, "gold": dev.gold},
                         (p.name, dev.gold, name)))
        if dev.draw:
            rewards.append([seat, "draw"])
        if dev.basic:
            rewards.append([seat, "basic"])
    settle_rewards(g)


def _possible(g: Villagers, what: str) -> bool:
    if what == "draw":
        return bool(g.reserve.cards) or any(s.cards for s in g.stacks)
    return any(v > 0 for v in g.basics.values())


def settle_rewards(g: Villagers) -> None:
    """Stop at the next reward that needs a choice; when none is left, the round goes on."""
    e = g.ext
    assert e is not None
    while e.rewards:
        seat, what = e.rewards[0]
        if _possible(g, what):
            g.phase = "reward"
            g.turn = seat
            return
        e.rewards.pop(0)  # Reading: nothing left to take, the reward lapses
    finish_round(g)


def check_developments(e: ExpansionState) -> None:
    """A saved game's Developments: known ones, and only with the Developments expansion."""
    known = developments()
    for name in e.devs:
        if name not in known:
            raise ValueError(f"expansion_state: no Development called {short_repr(name)} "
                             f"({', '.join(known)})")
    if e.devs and not e.has("developments"):
        raise ValueError("expansion_state lists Developments, but the Developments "
                         "expansion is not in options.expansions")
