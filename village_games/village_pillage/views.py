"""What each seat may see, and resampling what it cannot (for search bots)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.rng import Rng
from .table import active_slots, left_of, opposite, right_of

if TYPE_CHECKING:
    from .game import VillagePillage

HIDDEN = "?"


def _revealed(g: VillagePillage) -> bool:
    """Planned cards are face up from the reveal until Refresh (or the end)."""
    return g.phase in ("resolve", "over")


def observe(g: VillagePillage, viewer: int | None) -> dict[str, Any]:
    """JSON view for `viewer` (None = a spectator who sees only public facts)."""
    starters = set(g.cards.starters)
    players = []
    for i, v in enumerate(g.players):
        mine = i == viewer
        public_plan = []
        for side, card in enumerate(v.plan):
            face_up = _revealed(g) and (side == 0 or not g.duel)
            public_plan.append(card if mine or face_up else HIDDEN)
        known = sorted((c for c in v.owned() if mine or c not in v.secret), key=g.card_order)
        cost = g.relic_cost(i)
        players.append({
            "seat": i, "name": v.name, "stockpile": v.stockpile, "bank": v.bank,
            "turnips": v.turnips, "relics": v.relics, "next_relic_cost": cost,
            "hand": v.hand[:] if mine else None, "hand_size": len(v.hand),
            "cards_known": known, "secret_count": len(v.secret),
            "market_cards": [c for c in known if c not in starters],
            "exhausted": v.exhausted[:], "plan": public_plan,
            "planned": len(v.plan) == 2,
            "left": left_of(i, g.n), "right": right_of(i, g.n),
        })
    played = []
    if _revealed(g):
        for seat, side in active_slots(g.n, g.duel):
            oseat, oside = opposite(seat, side, g.n, g.duel)
            card = g.cards[g.players[seat].plan[side]]
            played.append({"seat": seat, "side": side, "card": card.name,
                           "type": card.type_name, "faces": [oseat, oside],
                           "exhausting": [seat, side] in g.marked})
    aw = g.awaiting
    awaiting = None
    if aw:
        awaiting = {"player": aw["player"], "kind": aw["kind"]}
        if aw["kind"] == "market":
            awaiting.update(price=aw["price"], source=aw["source"])
        else:
            awaiting["cards"] = list(aw["cards"])
    return {
        "game": g.game_name, "viewer": viewer, "round": g.round, "phase": g.phase,
        "duel": g.duel, "bank_cap": g.bank_cap, "relic_costs": list(g.relic_costs),
        "to_act": g.to_act(), "awaiting": awaiting, "market": g.market[:],
        "deck_size": len(g.deck), "players": players, "played": played,
        "winners": g.final_winners[:], "result": g.result,
    }


def determinize(g: VillagePillage, observer: int, rng: random.Random) -> VillagePillage:
    """A clone where everything `observer` cannot see is reshuffled consistently.

    Resampled: the deck order, other villages' face-down drawn cards (from the cards the
    observer has not seen), and which of their unrevealed cards sit in hand or in the plan.
    The clone's generator is reseeded from `rng`, never from the real game's.
    """
    w = g.clone()
    w.rng = Rng(rng.getrandbits(64))
    others = [i for i in range(w.n) if i != observer]
    pool = w.deck[:]
    for i in others:
        pool += w.players[i].secret
    rng.shuffle(pool)
    for i in others:
        v = w.players[i]
        swap = {old: pool.pop() for old in v.secret}
        v.hand = [swap.get(c, c) for c in v.hand]
        v.plan = [swap.get(c, c) for c in v.plan]
        v.secret = [swap[c] for c in v.secret]
        v.pools = [[swap.get(c, c) for c in pool] for pool in v.pools]
    w.deck = pool
    rng.shuffle(w.deck)
    for i in others:
        v = w.players[i]
        hidden_sides = [s for s in range(len(v.plan))
                        if not (_revealed(w) and (s == 0 or not w.duel))]
        free = v.hand + [v.plan[s] for s in hidden_sides]
        for s in hidden_sides:
            v.plan[s] = free.pop(_pick(free, v.pools, s, rng))
        v.hand = sorted(free, key=w.card_order)
    return w


def _pick(free: list[str], pools: list[list[str]], side: int, rng: random.Random) -> int:
    """Index in `free` of a card that could really sit face down at `side`.

    Duel: a queued card came from the hand of its round (`pools[side]`), and the card in
    front was already on the table when the card behind it was chosen.
    """
    if side < len(pools) and pools[side]:
        later = {c for pool in pools[side + 1:] for c in pool}
        fits = [i for i, c in enumerate(free) if c in pools[side] and c not in later]
        if fits:
            return rng.choice(fits)
    return rng.randrange(len(free))
