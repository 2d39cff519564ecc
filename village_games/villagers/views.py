"""What each seat may see, and resampling what it cannot (for search bots).

Seen by all: villages, Village Squares, the Road and its coins, Gold, the suit on the
back of every hidden card (hands; and in a pile, every card that has been on top),
which seats know which face-down card, and the cards drafted face up into a hand.
Seen by its owner only: a hand's cards dealt at setup, and cards they returned.

`VillagersObservation` is the shape of `Villagers.observation(seat)`: a plain dict, typed
for readers (widgets, bots, tests), built by `observe`; the solo mode and the expansions
fill their own parts (`SoloView`, `ExpansionsView`, declared here so that the base game's
readers know them without importing either mode).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ..core.observation import Observation
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


class SlotView(TypedDict):
    """One villager of a village (`players[i]["village"][k]`)."""

    card: str
    role: str  # the card it plays in its chain (a Special may stand for another)
    on: int | None  # the slot it is built on; None: a chain's first card
    kids: int  # villagers built on it
    coins: int
    flipped: bool  # Founders only: the Food side is up


class PlayerView(TypedDict):
    """One seat (`players[i]`), as the viewer sees it."""

    seat: int
    name: str
    gold: int
    food: int
    builders: int
    printed_gold: int  # the Gold the village's cards print (scored at the Markets)
    coins: int  # coins lying on the village's villagers
    draft_limit: int
    drafting: bool
    square: list[str]  # this Draft Phase's cards, face up
    hand: list[str] | None  # None: not the viewer's
    hand_size: int
    hand_known: list[str]  # the hand's cards the table saw arrive
    hand_hidden_suits: list[str]  # the suits on the backs of the rest
    village: list[SlotView]
    villagers: int


class RoadSlot(TypedDict):
    card: str
    coins: int


class PileView(TypedDict):
    """A face-down stack (or the Reserve): its size, the suits the viewer sees on the
    backs (None where unseen) and the cards they know, by position (top last)."""

    size: int
    top_suit: str | None
    suits: list[str | None]
    known: list[list[Any]]  # [position, card] the viewer knows
    known_to: list[list[Any]]  # [position, [seats]] for each card a seat knows


class DiscardView(TypedDict):
    card: str | None  # None: the viewer does not know it
    suit: str


class UnlockCost(TypedDict):
    bank: int  # opening a padlock through the Bank (a solo event may raise it)
    villager: int  # through a villager


class Markets(TypedDict):
    done: int
    count: int
    first_under_stack: int
    second_under_stack: int
    first_due: bool  # the stacks above the First Market's marker are empty
    second_due: bool


class BuildView(TypedDict):
    """The Build Phase turn under way."""

    seat: int
    limit: int
    used: int
    returns: int
    returns_limit: int
    tinner: bool
    cover: int | None


class AgentView(TypedDict):
    """An Agent reading a village: whose turn and which of their villagers it may read."""

    seat: int
    agent_slot: int
    options: list[int]


class DevelopmentView(TypedDict):
    """A Development on the table, everyone's count and who would win it now."""

    name: str
    suit: str
    token: str
    condition: str
    reward: str
    counts: list[int]
    leader: int | None  # None: a tie
    holder: int | None


# The Food and Builders a seat's Development tokens add to its limits, and the
# Developments they come from (`from`: a Python keyword, so the functional form)
TokenBonusView = TypedDict("TokenBonusView", {"seat": int, "food": int, "builders": int,
                                              "from": list[str]})


class BronzeView(TypedDict):
    seat: int
    slots: list[list[int]]  # [slot, what its Bronze symbol earns now]
    scored_this_round: bool


class PendingView(TypedDict):
    """A card choice under way (Prophet, Pigeoneer, Noble); its cards only to the chooser."""

    kind: str
    seat: int
    source: int
    options: list[str] | None
    hand: list[str] | None


class CourierView(TypedDict):
    seat: int
    before: int  # the drafter whose turn the Courier's moment comes before


class ExpansionsView(TypedDict):
    """What the Kickstarter expansions add (`observation["expansions"]`)."""

    names: list[str]
    developments: list[DevelopmentView]
    token_bonus: list[TokenBonusView]
    bronze: list[BronzeView]
    bronze_pick: int | None
    recruited: bool
    thieves_used: list[int]
    freelancers_paid: list[list[int]]
    pending: PendingView | None
    rewards: list[list[Any]]  # [seat, Development name] still to choose
    courier: CourierView | None  # only to its holder


class EventView(TypedDict):
    """A solo event card, face up."""

    name: str
    season: str
    kind: str
    effect: str
    count: str
    gold: int
    help: str
    begun: bool


class SoloGold(TypedDict):
    you: int
    countess: int


class SoloView(TypedDict):
    """What the solo mode adds (`observation["solo"]`)."""

    mode: str
    countess_seat: int
    season: str
    events_name: str
    face_up: list[EventView]
    current: EventView | None
    decks: dict[str, int]  # each season's deck's size (the order is hidden)
    deck_order: dict[str, list[str]] | None  # only with every card shown
    discards: dict[str, list[str]]
    jester: bool
    jester_targets: list[str]
    gold: SoloGold


class VillagersObservation(Observation):
    first_player: int
    road: list[RoadSlot | None]
    stacks: list[PileView]
    reserve: PileView
    discard: list[DiscardView]
    basics: dict[str, int]  # Basic Villagers left in the supply
    bank: int
    unlock_cost: UnlockCost
    markets: Markets
    build: BuildView | None  # the Build Phase turn under way
    coin_queue: list[int]
    agent: AgentView | None
    players: list[PlayerView]
    expansions: NotRequired[ExpansionsView]  # a game with the Kickstarter expansions
    solo: NotRequired[SoloView]  # a solo game


def _seats(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


def pile_view(g: Villagers, pile: Pile, viewer: int | None, everything: bool) -> PileView:
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


def observe(g: Villagers, viewer: int | None, everything: bool = False) -> VillagersObservation:
    """JSON view for `viewer` (None = a spectator). `everything`: every card face up (a
    referee or the replay of a finished game)."""
    cards = g.cards
    bit = 0 if viewer is None else 1 << viewer
    players: list[PlayerView] = []
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
    build: BuildView | None = None
    if g.phase == "build":
        build = {"seat": g.turn, "limit": g.limit, "used": g.used, "returns": g.returns,
                 "returns_limit": RETURNS_PER_BUILD_PHASE, "tinner": g.tinner,
                 "cover": g.cover}
    agent: AgentView | None = None
    if g.phase == "agent" and g.agent_queue:
        seat, k = g.agent_queue[0]
        agent = {"seat": seat, "agent_slot": k, "options": list(agent_options(g, seat))}
    # (to the others, the Courier's holder deciding looks like the drafter choosing)
    to_act = g.to_act() if g.ext is None else EXPANSIONS.seen_to_act(g, viewer, everything)
    obs: VillagersObservation = {
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
    }
    # (the modes' parts last, in this order, only in a game of that mode)
    if g.ext is not None:
        obs["expansions"] = EXPANSIONS.view(g, viewer, everything)
    if g.solo is not None:
        obs["solo"] = SOLO.view(g, everything)
    return obs


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
