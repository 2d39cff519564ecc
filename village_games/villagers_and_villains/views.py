"""What each mayor may see, and resampling what they cannot (for search bots).

Seen by all: towns, gold, the pool and the Favor, the cards out of the game, the deck's
size, the turn so far, and every card that entered a hand face up (the starting hand,
recruits, defeated challenges). Seen by its owner only: cards drawn from the deck by an
ability. Nobody sees the deck's order.

`VVObservation` is the shape of `VillagersAndVillains.observation(seat)`: a plain dict,
typed for readers (widgets, bots, tests), built by `observe`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict

from ..core.observation import Observation
from ..core.rng import Rng
from .build import price_now
from .legal import buildable
from .options import (
    EXTRA_ROLL_PRICE,
    FAVOR_DEFENSE_BONUS,
    FAVOR_EARNING_BONUS,
    FAVOR_RECRUIT_BONUS,
)
from .rulings import ruling_gold
from .scoring import CIVILITY_BONUS, ScoreRow
from .turn import SavedTurn

if TYPE_CHECKING:
    from .game import VillagersAndVillains


class PlayerView(TypedDict):
    """One mayor (`players[i]`), as the viewer sees them."""

    seat: int
    name: str
    gold: int
    town: list[str]
    hand: list[str] | None  # None: not the viewer's
    hand_known: list[str]  # the cards the table saw go into the hand
    hand_hidden: int  # cards drawn face down (by an ability)
    hand_size: int
    angry_mob: bool
    heroes: int
    earnings: int
    pillage_loss: int


class TurnView(SavedTurn):
    """The turn under way: whose it is (None between two phases' turns) and what they
    have done so far (`turn.TurnState`)."""

    seat: int | None


class PoolCard(TypedDict):
    position: int  # 1 to the pool's size
    card: str
    favor: bool  # the King's Favor lies on it


class FavorView(TypedDict, total=False):
    """Where the King's Favor is (advanced game): with a mayor (`seat`), on a pool card
    (`position`) or in the bank."""

    where: str  # "mayor", "pool" or "bank"
    seat: int
    position: int


class FavorBonus(TypedDict):
    recruit: int
    defend: int
    earning: int


class Numbers(TypedDict):
    """The costs and bonuses in force, for a display to print."""

    extra_roll_price: int
    mob_bonus: int
    mob_points: int
    favor_bonus: FavorBonus


class TurnGold(TypedDict):
    """The gold each choice of the acting mayor costs or brings now, by card and by
    ruling (empty for everyone else)."""

    build: dict[str, int]
    rulings: dict[str, int]


class Ordinance(TypedDict):
    used: list[int]  # seats that have used their Ordinance


class PonyExpress(TypedDict):
    sold: list[int]  # seats whose next recruit roll is sold


class VVObservation(Observation):
    stand_in: bool  # the deck is this project's stand-in
    advanced: bool
    marker: int  # the Start Marker's seat
    turn: TurnView | None  # None once the game is over
    pool: list[PoolCard]
    favor: FavorView | None  # None: not the advanced game
    deck_size: int
    deck: list[str] | None  # top card first, only with every card shown
    removed: list[str]
    fresh: list[str]
    bank: int
    ordinance: Ordinance | None  # None: not played with the Ordinance variant
    pony_express: PonyExpress | None
    players: list[PlayerView]
    numbers: Numbers
    turn_gold: TurnGold
    score_sheet: list[ScoreRow] | None  # once the game is over


def favor_view(g: VillagersAndVillains) -> FavorView | None:
    if not g.advanced:
        return None
    if g.favor_seat is not None:
        return {"where": "mayor", "seat": g.favor_seat}
    if g.favor_pool is not None:
        return {"where": "pool", "position": g.favor_pool + 1}
    return {"where": "bank"}


def numbers(g: VillagersAndVillains) -> Numbers:
    """The costs and bonuses in force (the rulebook's, and the deck's Angry Mob), so a
    display prints the engine's numbers and never copies them."""
    return {"extra_roll_price": EXTRA_ROLL_PRICE, "mob_bonus": g.facts.mob_defense,
            "mob_points": CIVILITY_BONUS,
            "favor_bonus": {"recruit": FAVOR_RECRUIT_BONUS, "defend": FAVOR_DEFENSE_BONUS,
                            "earning": FAVOR_EARNING_BONUS}}


def turn_gold(g: VillagersAndVillains, seat: int | None) -> TurnGold:
    """What the acting mayor's choices cost or bring now: each card they may build and
    each ruling still to carry out, in gold (empty for everyone else)."""
    if seat is None or g.phase == "over" or g.turn_idx >= len(g.order) \
            or g.order[g.turn_idx] != seat:
        return {"build": {}, "rulings": {}}
    build = ({c: price_now(g, c) for c in buildable(g, seat)} if g.phase == "build"
             else {})
    rulings = {r: ruling_gold(g, seat, r) for r in g.turn_state.pending}
    return {"build": build, "rulings": rulings}


def observe(g: VillagersAndVillains, viewer: int | None,
            everything: bool = False) -> VVObservation:
    """JSON view for `viewer` (None = a spectator); `everything`: every card face up."""
    card = g.card
    players: list[PlayerView] = []
    for i, p in enumerate(g.players):
        mine = everything or i == viewer
        players.append({
            "seat": i, "name": p.name, "gold": p.gold, "town": p.town[:],
            "hand": p.hand_pub + p.hand_sec if mine else None,
            "hand_known": p.hand_pub[:], "hand_hidden": len(p.hand_sec),
            "hand_size": len(p.hand_pub) + len(p.hand_sec),
            "angry_mob": g.cards.mob.name in p.hand_pub,
            "heroes": sum(1 for c in p.town if card[c].type == "hero"),
            "earnings": sum(card[c].earnings for c in p.town),
            "pillage_loss": sum(card[c].pillage for c in p.town),
        })
    t = g.turn_state
    over = g.phase == "over"
    between = g.turn_idx < len(g.order)  # false only mid-move, as a phase changes hands
    return {
        "game": g.game_name, "viewer": None if everything else viewer,
        "all_cards": everything, "deck_name": g.cards.name, "stand_in": g.cards.stand_in,
        "advanced": g.advanced, "round": g.round, "phase": g.phase, "marker": g.marker,
        "to_act": [] if over or not between else g.to_act(),
        "turn": None if over else {"seat": g.order[g.turn_idx] if between else None,
                                   **t.to_dict()},
        "pool": [{"position": k + 1, "card": c, "favor": g.favor_pool == k}
                 for k, c in enumerate(g.pool)],
        "favor": favor_view(g), "deck_size": len(g.deck),
        "deck": g.deck[::-1] if everything else None,  # top card first
        "removed": g.removed[:], "fresh": g.fresh[:], "bank": g.bank,
        "ordinance": {"used": g.ordinance_used[:]} if g.ordinance else None,
        "pony_express": {"sold": g.sold[:]} if g.pony_express else None,
        "players": players, "numbers": numbers(g),
        "turn_gold": turn_gold(g, None if everything else viewer),
        "score_sheet": g.score_sheet() if over else None,
        "winners": g.final_winners[:], "result": g.result,
    }


def determinize(g: VillagersAndVillains, observer: int,
                rng: random.Random) -> VillagersAndVillains:
    """A quiet copy where the cards `observer` cannot see (the deck, others' face-down
    drawn cards) are dealt again. Fair: the unseen cards are gathered in card-file order,
    shuffled with `rng`, and dealt to other hands by seat, then to the deck; scripted
    dice are dropped (a search must not foresee them)."""
    w = g.clone(keep_log=False)
    w._legal = None
    w._abilities = {}
    w.rng = Rng(rng.getrandbits(64))
    w.dice = []
    order = w.cards.order.__getitem__
    unseen = list(w.deck)
    for i, p in enumerate(w.players):
        if i != observer:
            unseen += p.hand_sec
    unseen.sort(key=order)
    rng.shuffle(unseen)
    k = 0
    for i, p in enumerate(w.players):
        if i != observer and p.hand_sec:
            size = len(p.hand_sec)
            p.hand_sec = sorted(unseen[k:k + size], key=order)
            k += size
    w.deck = unseen[k:]
    return w
