"""What each seat may see, and resampling what it cannot (for search bots).

`PillageObservation` is the shape of `VillagePillage.observation(seat)`: a plain dict,
typed for readers (widgets, bots, tests), built by `observe`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..core.observation import Observation
from ..core.rng import Rng
from .table import active_slots, left_of, right_of

if TYPE_CHECKING:
    from .game import VillagePillage

HIDDEN = "?"  # a face-down card in an observation


class PlayerView(TypedDict):
    """One village (`players[i]`), as the viewer sees it."""

    seat: int
    name: str
    stockpile: int
    bank: int
    turnips: int
    relics: int
    next_relic_cost: int | None  # None: every relic is bought
    hand: list[str] | None  # None: not the viewer's
    hand_size: int
    cards_known: list[str]  # the village's cards the viewer knows, in card-file order
    secret_count: int  # cards only the village has seen (drawn face down)
    market_cards: list[str]  # the known cards bought from the market (no starters)
    exhausted: list[str]
    plan: list[str]  # this round's planned cards, HIDDEN where face down to the viewer
    planned: bool
    left: int  # the seats of the neighbours
    right: int


class PlayedCard(TypedDict):
    """A planned card turned face up, as the round resolves (`played`)."""

    seat: int
    side: int
    card: str
    type: str  # the card's type name (Farmer, Raider, Wall, Merchant)
    faces: list[int]  # [seat, side] of the card it faces
    exhausting: bool
    acting: bool  # resolving now


class Awaiting(TypedDict):
    """A decision mid-round: a market purchase (`price`, `source`) or a card choice
    (`cards`)."""

    player: int
    kind: str
    price: NotRequired[int]
    source: NotRequired[str]
    cards: NotRequired[list[str]]


class LastPlayed(TypedDict):
    seat: int
    side: int
    card: str


class PillageObservation(Observation):
    duel: bool
    bank_cap: int
    relic_costs: list[int]
    awaiting: Awaiting | None
    market: list[str | None]  # None: a slot the deck could not refill
    deck_size: int
    players: list[PlayerView]
    played: list[PlayedCard]  # the face-up cards of the round resolving ([] otherwise)
    last_round: list[LastPlayed]  # the cards played last round


def revealed(g: VillagePillage) -> bool:
    """Planned cards are face up from the reveal until Refresh (or the end)."""
    return g.phase in ("resolve", "over")


def face_up(g: VillagePillage, side: int) -> bool:
    """Whether the planned card at `side` is on show to everyone (the duel's back card is
    never, until it moves to the front)."""
    return revealed(g) and (side == 0 or not g.duel)


def observe(g: VillagePillage, viewer: int | None,
            everything: bool = False) -> PillageObservation:
    """JSON view for `viewer` (None = a spectator who sees only public facts).

    `everything` shows every village's hand, face-down plan and drawn cards as if each
    were the viewer's own (`viewer` is then None, `all_cards` True): the referee's view,
    for replays of finished games. The deck's order stays out of it: nobody holds it.
    """
    starters = set(g.cards.starters)
    players: list[PlayerView] = []
    for i, v in enumerate(g.players):
        mine = everything or i == viewer
        public_plan = [card if mine or face_up(g, side) else HIDDEN
                       for side, card in enumerate(v.plan)]
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
    played: list[PlayedCard] = []
    if revealed(g):
        acting = g.acting
        for seat, side, oseat, oside in active_slots(g.n, g.duel):
            card = g.cards[g.players[seat].plan[side]]
            played.append({"seat": seat, "side": side, "card": card.name,
                           "type": card.type_name, "faces": [oseat, oside],
                           "exhausting": [seat, side] in g.marked,
                           "acting": acting == [seat, side]})
    aw = g.awaiting
    awaiting: Awaiting | None = None
    if aw:
        awaiting = {"player": aw["player"], "kind": aw["kind"]}
        if aw["kind"] == "market":
            awaiting["price"], awaiting["source"] = aw["price"], aw["source"]
        else:
            awaiting["cards"] = list(aw["cards"])
    return {
        "game": g.game_name, "viewer": None if everything else viewer,
        "all_cards": everything, "round": g.round, "phase": g.phase,
        "duel": g.duel, "bank_cap": g.bank_cap, "relic_costs": list(g.relic_costs),
        "to_act": g.to_act(), "awaiting": awaiting, "market": g.market[:],
        "deck_size": len(g.deck), "deck_name": g.cards.name, "players": players,
        "played": played, "winners": g.final_winners[:], "result": g.result,
        "last_round": [{"seat": seat, "side": side, "card": card}
                       for seat, side, card in g.last_played],
    }


def determinize(g: VillagePillage, observer: int, rng: random.Random) -> VillagePillage:
    """A quiet copy where everything `observer` cannot see is resampled consistently.

    Fair: the copy depends only on what `observer` can see and on `rng`. The cards the
    observer has not seen (the deck and others' face-down drawn cards) are gathered in
    card-file order, shuffled with `rng`, and dealt back: to each other village's drawn
    cards (in seat order, in the order they were drawn, which is public), the rest to the
    deck. Then each other village's unrevealed planned cards are drawn again from its
    hidden cards, taken in card-file order. The copy's generator is reseeded from `rng`.
    """
    w = g.clone(keep_log=False)
    w.rng = Rng(rng.getrandbits(64))
    w.round_pairs = None
    order = w.card_order
    others = [i for i in range(w.n) if i != observer]
    unseen = w.deck[:]
    for i in others:
        unseen += w.players[i].secret
    unseen.sort(key=order)
    rng.shuffle(unseen)
    for i in others:
        v = w.players[i]
        swap = {old: unseen.pop() for old in v.secret}  # by draw position, not identity
        v.hand = [swap.get(c, c) for c in v.hand]
        v.plan = [swap.get(c, c) for c in v.plan]
        v.secret = [swap[c] for c in v.secret]
        v.pools = [sorted((swap.get(c, c) for c in p), key=order) for p in v.pools]
    w.deck = unseen
    for i in others:
        v = w.players[i]
        hidden_sides = [s for s in range(len(v.plan)) if not face_up(w, s)]
        free = sorted(v.hand + [v.plan[s] for s in hidden_sides], key=order)
        for s in hidden_sides:
            v.plan[s] = free.pop(_pick(free, v.pools, s, rng))
        v.hand = free
    return w


def _pick(free: list[str], pools: list[list[str]], side: int, rng: random.Random) -> int:
    """Index in `free` of a card that could really sit face down at `side`: in the duel, a
    queued card came from the cards its owner could have chosen then (`pools[side]`)."""
    if side < len(pools) and pools[side]:
        fits = [i for i, c in enumerate(free) if c in pools[side]]
        if fits:
            return rng.choice(fits)
    return rng.randrange(len(free))
