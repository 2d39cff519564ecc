"""What each seat may see, and resampling what it cannot (for search bots).

Seen by all: villages, Village Squares, the Road and its coins, Gold, the suit on the
back of every hidden card (hands; and in a pile, every card that has been on top),
which seats know which face-down card, and the cards drafted face up into a hand.
Seen by its owner only: a hand's cards dealt at setup, and cards they returned.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.rng import Rng
from .cards import SUITS
from .market import agent_options
from .modes import EXPANSIONS, SOLO
from .options import (
    FIRST_MARKET_STACKS,
    MARKETS,
    RETURNS_PER_BUILD_PHASE,
    SECOND_MARKET_STACK,
    UNLOCK_COST,
)
from .padlocks import bank_cost

if TYPE_CHECKING:
    from .game import Villagers
    from .piles import Pile

SUIT_RANK = {s: i for i, s in enumerate(SUITS)}


def _seats(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


def pile_view(g: Villagers, pile: Pile, viewer: int | None, everything: bool) -> dict:
    bit = 0 if viewer is None else 1 << viewer
    suit_of = g.suit_of
    return {
        "size": len(pile.cards),
        "top_suit": suit_of[pile.cards[-1]] if pile.cards else None,
        "suits": [suit_of[c] if everything or pile.suit_seen(k) else None
                  for k, c in enumerate(pile.cards)],
        "known": [[k, c] for k, (c, m) in enumerate(zip(pile.cards, pile.known, strict=True))
                  if everything or m & bit],
        "known_to": [[k, _seats(m, g.n)] for k, m in enumerate(pile.known) if m],
    }


def observe(g: Villagers, viewer: int | None, everything: bool = False) -> dict[str, Any]:
    """JSON view for `viewer` (None = a spectator). `everything`: every card face up (a
    referee or the replay of a finished game)."""
    cards = g.cards
    bit = 0 if viewer is None else 1 << viewer
    players = []
    for i, p in enumerate(g.players):
        mine = everything or i == viewer
        s = p.summary(cards)
        players.append({
            "seat": i, "name": p.name, "gold": p.gold, "food": s.food,
            "builders": s.builders, "printed_gold": s.gold, "coins": s.coins,
            "draft_limit": p.draft_limit, "drafting": p.drafting, "square": p.square[:],
            "hand": sorted(p.hand(), key=g.order.__getitem__) if mine else None,
            "hand_size": len(p.hand_pub) + len(p.hand_sec),
            "hand_known": p.hand_pub[:],
            "hand_hidden_suits": sorted((g.suit_of[c] for c in p.hand_sec),
                                        key=SUIT_RANK.__getitem__),
            "village": [{"card": sl.card, "role": sl.role,
                         "on": None if sl.parent < 0 else sl.parent, "kids": sl.kids,
                         "coins": sl.coins, "flipped": sl.flipped} for sl in p.village],
            "villagers": len(p.village),
        })
    empty = [not pile.cards for pile in g.stacks]
    build = None
    if g.phase == "build":
        build = {"seat": g.turn, "limit": g.limit, "used": g.used, "returns": g.returns,
                 "returns_limit": RETURNS_PER_BUILD_PHASE, "tinner": g.tinner,
                 "cover": g.cover}
    agent = None
    if g.phase == "agent" and g.agent_queue:
        seat, k = g.agent_queue[0]
        agent = {"seat": seat, "agent_slot": k, "options": list(agent_options(g, seat))}
    # (to the others, the Courier's holder deciding looks like the drafter choosing)
    to_act = g.to_act() if g.ext is None else EXPANSIONS.seen_to_act(g, viewer, everything)
    return {
        "game": g.game_name, "viewer": None if everything else viewer,
        "all_cards": everything, "round": g.round, "phase": g.phase,
        "first_player": g.first, "to_act": to_act,
        "deck_name": cards.name,
        "road": [None if c is None else {"card": c, "coins": g.road_coins[i]}
                 for i, c in enumerate(g.road)],
        "stacks": [pile_view(g, pile, viewer, everything) for pile in g.stacks],
        "reserve": pile_view(g, g.reserve, viewer, everything),
        "discard": [{"card": c if everything or m & bit else None, "suit": g.suit_of[c]}
                    for c, m in zip(g.discard, g.discard_known, strict=True)],
        "basics": dict(g.basics), "bank": g.bank,
        # what opening a padlock costs now (a solo event may raise the Bank's price), so
        # that a display prints the engine's number
        "unlock_cost": {"bank": bank_cost(g), "villager": UNLOCK_COST},
        "markets": {"done": g.markets, "count": MARKETS,
                    "first_under_stack": FIRST_MARKET_STACKS[-1],
                    "second_under_stack": SECOND_MARKET_STACK,
                    "first_due": g.markets == 0 and all(empty[j] for j in FIRST_MARKET_STACKS),
                    "second_due": all(empty)},
        "build": build, "coin_queue": g.coin_queue[:], "agent": agent,
        "players": players, "winners": g.final_winners[:], "result": g.result,
        **({"expansions": EXPANSIONS.view(g, viewer, everything)} if g.ext is not None else {}),
        **({"solo": SOLO.view(g, everything)} if g.solo is not None else {}),
    }


def determinize(g: Villagers, observer: int, rng: random.Random) -> Villagers:
    """A quiet copy where every card `observer` cannot identify is dealt again.

    Fair: it depends only on what `observer` sees and on `rng`. The unknown cards are
    gathered and sorted in card-file order; the places they fill are walked in a fixed
    order (other hands by seat, their suits sorted; the stacks, the Reserve and the
    discard pile by position). Places whose suit shows get a card of that suit (each
    suit's cards shuffled with `rng`), the rest share what is left, shuffled again.
    """
    w = g.clone(keep_log=False)
    w._legal = None
    seen = None
    if w.ext is not None:
        EXPANSIONS.hide_moment(w, observer)  # whether the Courier's holder is deciding is
        # theirs to know; a hand the observer is looking through (Noble)
        seen = EXPANSIONS.seen_hand(w, observer)
    w.rng = Rng(rng.getrandbits(64))
    bit = 1 << observer
    suit_of = w.suit_of
    order = w.order.__getitem__
    pool: list[str] = []
    places: list[tuple[Any, int, str | None]] = []  # (container, index, suit shown)
    for i, p in enumerate(w.players):
        if i == observer or not p.hand_sec or i == seen:
            continue
        pool += p.hand_sec
        suits = sorted((suit_of[c] for c in p.hand_sec), key=SUIT_RANK.__getitem__)
        places += [(p.hand_sec, k, s) for k, s in enumerate(suits)]
    for pile in (*w.stacks, w.reserve):
        for k, (c, m) in enumerate(zip(pile.cards, pile.known, strict=True)):
            if not m & bit:
                pool.append(c)
                places.append((pile.cards, k, suit_of[c] if pile.suit_seen(k) else None))
    for k, (c, m) in enumerate(zip(w.discard, w.discard_known, strict=True)):
        if not m & bit:
            pool.append(c)
            places.append((w.discard, k, suit_of[c]))
    if w.ext is not None and EXPANSIONS.boxed_cards(w):  # Saints and Scoundrels nobody was
        pool = EXPANSIONS.rebox(w, pool, rng)  # dealt: as unseen as the rest
    if w.solo is not None:
        SOLO.reshuffle_events(w, rng)  # the event decks' order is hidden from the player
    if not pool:
        return w
    pool.sort(key=order)
    by_suit: dict[str, list[str]] = {}
    for c in pool:
        by_suit.setdefault(suit_of[c], []).append(c)
    for suit in SUITS:
        if suit in by_suit:
            rng.shuffle(by_suit[suit])
    dealt: list[str | None] = [by_suit[s].pop() if s is not None else None
                               for _, _, s in places]
    rest = sorted((c for cs in by_suit.values() for c in cs), key=order)
    rng.shuffle(rest)
    for (target, k, _), card in zip(places, dealt, strict=True):
        target[k] = card if card is not None else rest.pop()
    for i, p in enumerate(w.players):
        if i != observer:
            p.hand_sec.sort(key=order)
            p.hand_changed()
    return w
