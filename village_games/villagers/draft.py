"""The Draft Phase: each player in turn drafts one villager into their Village Square
until they hold their drafting limit (2 + Food, at most 5), then takes them into hand."""

from __future__ import annotations

from functools import partial
from itertools import compress
from operator import attrgetter, is_not
from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .actions import DraftReserve, DraftRoad, DraftStack
from .choices import Choices, Product
from .modes import EXPANSIONS, SOLO
from .options import BASE_LIMIT, MAX_LIMIT, STACKS
from .road import pile_name, refill_slot

if TYPE_CHECKING:
    from ..core.actions import Action
    from .game import Villagers


def drafting_limit(food: int) -> int:
    return min(MAX_LIMIT, BASE_LIMIT + food)


RESERVE = Product(DraftReserve, ())


def draft_choices(g: Villagers, seat: int | None = None) -> Choices:
    """The drafter's legal list (`seat`: unused, the same for every drafter; taken so that
    the game calls every phase's list maker alike)."""
    road, piles = g.road, g.stacks
    if len(road) == 6 and None not in road and len(piles) == 6:
        # The usual case, a full Road: the key is one small int, the bits of the stacks
        # with cards (64: none has, the Reserve has), cheaper to make and hash than tuples
        # (written out for the six stacks: quicker than compress/map here)
        s0, s1, s2, s3, s4, s5 = piles
        key = ((1 if s0.cards else 0) + (2 if s1.cards else 0) + (4 if s2.cards else 0)
               + (8 if s3.cards else 0) + (16 if s4.cards else 0)
               + (32 if s5.cards else 0)) or (64 if g.reserve.cards else 0)
        legal = _FULL_ROAD.get(key)
        if legal is None:
            legal = _FULL_ROAD[key] = _draft_choices(
                _ALL_SLOTS[6], tuple(compress(_STACK_NUMBERS, map(_cards_of, g.stacks))),
                bool(g.reserve.cards))
        return legal
    # (compress/map: the filled slots and stacks found without a Python-level loop)
    slots = (tuple(compress(range(len(road)), map(_filled, road))) if None in road
             else _ALL_SLOTS.get(len(road)) or tuple(range(len(road))))
    stacks = tuple(compress(_STACK_NUMBERS, map(_cards_of, g.stacks)))
    tkey = (slots, stacks or bool(g.reserve.cards))
    legal = _DRAFTS.get(tkey)
    if legal is None:
        legal = _DRAFTS[tkey] = _draft_choices(slots, stacks, bool(g.reserve.cards))
    return legal


def _draft_choices(slots: tuple[int, ...], stacks: tuple[int, ...], reserve: bool) -> Choices:
    parts = [Product(DraftRoad, (slots,))]
    if stacks:
        parts.append(Product(DraftStack, (stacks,)))
    elif reserve:
        parts.append(RESERVE)
    return Choices.shared(parts)


# The draft's legal list depends only on which Road slots and piles hold cards, so each
# such list is made once (a Choices is read-only to its users and holds only legal moves).
_DRAFTS: dict[tuple, Choices] = {}
_FULL_ROAD: dict[int, Choices] = {}  # the same with all 6 slots filled, by `draft_choices`'s bits
_ALL_SLOTS = {6: tuple(range(6))}
_STACK_NUMBERS = tuple(range(STACKS))
_cards_of = attrgetter("cards")
_filled = partial(is_not, None)  # (a card name, never an empty string, or None)


def anything_to_draft(g: Villagers) -> bool:
    return (g.road.count(None) < len(g.road) or bool(g.reserve.cards)
            or any(s.cards for s in g.stacks))


def why_not_draft(g: Villagers, action: Action) -> str | None:
    """None when `action` is a legal draft now, else the rule that forbids it."""
    if type(action) is DraftRoad:
        i = action.slot
        if not 0 <= i < len(g.road):
            return f"the Road has slots 1 to {len(g.road)} (slot=0..{len(g.road) - 1})"
        if g.road[i] is None:
            return f"Road slot {i} is empty: nothing is left to deal into it"
        return None
    if type(action) is DraftStack:
        j = action.stack
        if not 0 <= j < STACKS:
            return f"there are {STACKS} stacks (stack=0..{STACKS - 1}); the Market cards " \
                   "under them are never drafted"
        if not g.stacks[j].cards:
            return f"stack {j + 1} is empty: an emptied stack is out of the game"
        return None
    if type(action) is DraftReserve:
        if any(s.cards for s in g.stacks):
            return "the Reserve may be drafted from only when all six stacks are empty"
        if not g.reserve.cards:
            return "the Reserve is empty"
        return None
    return ("it is the Draft Phase: draft a face-up villager (DraftRoad) or a face-down "
            "card (DraftStack, or DraftReserve once the stacks are empty)")


def start_draft(g: Villagers) -> None:
    g.phase = "draft"
    cards, e = g.cards, g.ext
    devs = e is not None and bool(e.devs)
    for seat in range(g.n):  # (a solo game's Countess never drafts)
        p = g.players[seat]
        p.square = []
        food = (p._summary or p.summary(cards)).food  # (the method only if none yet)
        if devs:
            food += EXPANSIONS.dev_bonus(g, seat, "food")
        p.draft_limit = drafting_limit(food)
        p.drafting = True
    if g.loud:
        g.emit(event("phase", "Round {}: the Draft Phase begins; drafting limits {}.",
                     {"round": g.round, "phase": "draft",
                      "limits": [p.draft_limit for p in g.players[:g.n]]},
                     (g.round, ", ".join(f"{p.name} {p.draft_limit}"
                                         for p in g.players[:g.n]))))
    g.turn = g.first
    if g.solo is not None and SOLO.start_toll(g, "fewer_drafts", "draft"):
        return  # Rats: the player first chooses to pay or to draft less
    settle_draft(g)


def apply_draft(g: Villagers, seat: int, action: Action) -> None:
    p = g.players[seat]
    kind = type(action)
    if type(action) is DraftRoad:
        i = action.slot
        card = g.road[i]
        assert card is not None
        coins = g.road_coins[i]
        g.road[i] = None
        g.road_coins[i] = 0
        p.gold += coins
        p.square.append(card)
        if g.loud:
            g.emit(event("draft", "{} drafts the {} from Road slot {}{}.",
                         {"seat": seat, "card": card, "slot": i, "coins": coins},
                         (p.name, card, i + 1, f" and takes its {coins} Gold" if coins else "")))
        if g.solo is not None:
            g.solo.refill.append(i)  # dealt again after the Countess's pick
        else:
            refill_slot(g, i, False)  # (not the Reserve first)
    else:
        j = action.stack if type(action) is DraftStack else None
        pile = g.stacks[j] if j is not None else g.reserve
        card = pile.draw()
        p.square.append(card)
        if g.loud:
            g.emit(event("draft", _drafted_face_down, {"seat": seat, "card": card, "stack": j},
                         (p.name, j, card), reveals=True, chance=True))
    if g.solo is not None and SOLO.after_draft(g, kind is not DraftReserve):
        return  # the player now picks a villager for the Countess
    finish_draft(g, seat)


def _drafted_face_down(name: str, stack: int | None, card: str) -> str:
    """The text of a draft from a stack or the Reserve (written only when read)."""
    return f"{name} drafts face down from {pile_name(stack)}: it is {words.a(card)}."


def finish_draft(g: Villagers, seat: int) -> None:
    """After a draft: the square goes to hand at the limit, and the turn moves on."""
    p = g.players[seat]
    if len(p.square) >= p.draft_limit:
        _to_hand(g, seat)
    e = g.ext
    if e is not None:
        if e.extra and p.drafting and anything_to_draft(g):
            e.extra -= 1  # the Recruiter's second draft of this turn
            return
        e.reset_turn()
    g.turn = (seat + 1) % g.n
    settle_draft(g)


def _to_hand(g: Villagers, seat: int) -> None:
    p = g.players[seat]
    p.hand_pub = sorted(p.hand_pub + p.square, key=g.order.__getitem__)
    p.hand_changed()
    taken, p.square, p.drafting = p.square, [], False
    if g.loud:
        g.emit(event("hand", "{} takes {} into hand.", {"seat": seat, "cards": taken},
                     (p.name, ", ".join(taken) if taken else "nothing")))


def settle_draft(g: Villagers) -> None:
    """Move the turn to the next player still drafting; end the phase when none is."""
    road = g.road  # (a card in Road slot 1: something is left, the usual case)
    if (not road or road[0] is None) and road.count(None) == len(road) \
            and not anything_to_draft(g):
        # Reading: with nothing left anywhere, everyone still drafting stops with what they have
        for seat, p in enumerate(g.players):
            if p.drafting:
                _to_hand(g, seat)
    players, n, turn = g.players, g.n, g.turn
    seat = turn % n
    if not players[seat].drafting:  # (else the usual case: the seat whose turn it is drafts)
        for k in range(1, n):
            seat = (turn + k) % n
            if players[seat].drafting:
                break
        else:
            g.end_draft()  # (the order of play, flow.py, goes on from here)
            return
    g.turn = seat
    if g.ext is not None:
        EXPANSIONS.open_moment(g)  # the Courier's holder may act before this turn begins
