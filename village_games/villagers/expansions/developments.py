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

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.events import Event
from ..market import count_symbol, turn_order
from .counts import best_silver, chains, coined
from .deck import DEV_SUITS, DEV_SYMBOLS, TOKENS, by_suit, developments

if TYPE_CHECKING:
    from ..game import Villagers


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
        suit_of = g.suit_of
        found = 0
        for hand in (p.hand_pub, p.hand_sec):  # (`p.hand()`, without joining the lists)
            for c in hand:
                if suit_of[c] == "Special":
                    found += 1
        return found
    if condition == "coined":
        return coined(p.village)
    if condition == "best_silver":
        return best_silver(g, seat)
    if condition == "chains":
        return chains(p.village)
    return count_symbol(p.summary(g.cards), condition)


def leaders(g: Villagers) -> list[dict]:
    """Each Development with everyone's count and who would win it now (None on a tie):
    what a table shows beside the Road."""
    e = g.ext
    assert e is not None
    out = []
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
    seats = range(g.n)
    players, cards = g.players, g.cards
    for name in e.devs:
        condition = devs[name].condition
        if condition in DEV_SYMBOLS:  # (`count_for`'s last case, asked first: most are)
            counts = [count_symbol(players[s]._summary or players[s].summary(cards), condition)
                      for s in seats]
        elif condition == "villagers":  # (`count_for`'s cases on the village alone, written
            counts = [len(players[s].village) for s in seats]  # out: no call per seat)
        elif condition == "coined":
            counts = [coined(players[s].village) for s in seats]
        elif condition == "chains":
            counts = [chains(players[s].village) for s in seats]
        else:
            counts = [count_for(g, s, condition) for s in seats]
        best = max(counts)
        out.append((counts, counts.index(best) if counts.count(best) == 1 else None))
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
    loud = g.reporting()  # (asked once: nothing here changes who reads the events)
    if loud:
        g.emit(Event("phase", "Round {}: the Development Phase.",
                     {"round": g.round, "phase": "development"}, (g.round,)))
    devs = developments()
    for i, (counts, leader) in enumerate(standings(g)):
        e.holders[i] = leader
        if loud:
            name = e.devs[i]
            if leader is None:
                text, args = "Nobody wins the {} (a tie): its token goes back.", (name,)
            else:
                text, args = "{} wins the {} and takes the {}.", (
                    g.player_name(leader), name, TOKENS[devs[name].suit])
            g.emit(Event("development", text, {"development": name, "winner": leader,
                                               "counts": counts}, args))
    e.rewards = []
    holders = e.holders
    for seat in turn_order(g):
        if seat not in holders:
            continue  # (no token: nothing to take)
        for name, holder in zip(e.devs, holders, strict=True):
            if holder != seat:
                continue
            dev = devs[name]
            p = g.players[seat]
            g.bank -= dev.gold
            p.gold += dev.gold
            if loud:
                g.emit(Event("dev_reward", "{} takes {} Gold from the {}.",
                             {"seat": seat, "development": name, "gold": dev.gold},
                             (p.name, dev.gold, name)))
            if dev.draw:
                e.rewards.append([seat, "draw"])
            if dev.basic:
                e.rewards.append([seat, "basic"])
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
    (_FINISH_ROUND or _finish_round())(g)


# flow.finish_round, imported on first use (flow imports this module at its top; an
# import statement in `settle_rewards` would go through the import system every round)
_FINISH_ROUND: Callable[[Villagers], None] | None = None


def _finish_round() -> Callable[[Villagers], None]:
    global _FINISH_ROUND
    from ..flow import finish_round

    _FINISH_ROUND = finish_round
    return finish_round
