"""The Saints (one dealt to each player): Benefactor, Nun, Pigeoneer, Prophet, Recruiter.

Benefactor (Draft Phase, discarded): build a non-Special villager from hand at once, by
the usual chain and padlock rules (a Basic Villager trade is a Build Phase thing only).
Prophet (Draft Phase, discarded): search one stack and draft from it; that is the turn's
draft. Recruiter (stays): on each of your draft turns you may pay 1 Gold to draft twice.
Pigeoneer (Build Phase, discarded): look at the Reserve's top six, keep one. Nun (stays):
at the end, the Silver value of a villager you have exactly one of.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING

from ...core.events import event
from ..choices import Product, product
from ..hands import distinct_hand, in_hand, play_from_hand
from ..options import STACKS
from ..padlocks import NO_PADLOCK, pay_unlock, unlock_options, why_not_unlocked
from ..specials import _discard
from ..village import place, why_not_target
from .actions import PlayBenefactor, PlayProphet, Recruit
from .pending import start_pick

if TYPE_CHECKING:
    from ..game import Villagers

NEW_CHAIN: tuple[None] = (None,)
PIGEONEER_LOOK = 6  # cards of the Reserve the Pigeoneer looks at
STACK_NUMBERS = tuple(range(STACKS))
_cards_of = attrgetter("cards")


def effect_card(g: Villagers, effect: str) -> str:
    return g.tables.by_effect[effect]


# ------------------------------------------------------------------ Benefactor
def benefactor_choices(g: Villagers, seat: int) -> list[Product]:
    p = g.players[seat]
    open_by_role = (p._summary or p.summary(g.cards)).open_by_role  # (the method if none)
    tables = g.tables
    builds, specials = tables.builds, tables.specials
    out = []
    paid: dict[str, tuple[str | None, ...]] = {}  # unlocker -> options, for this call
    for name in distinct_hand(g, seat):
        if name in specials:
            continue
        _, on, lock, card, _ = builds[name]
        targets = NEW_CHAIN if on is None else open_by_role.get(on, ())
        if not targets:  # (no place: its padlock options are not asked for)
            continue
        opts: tuple[str | None, ...] | None
        if lock is None:
            opts = NO_PADLOCK
        else:  # (the options depend on the unlocking villager only, as in `build_choices`)
            opts = paid.get(lock)
            if opts is None:
                opts = paid[lock] = unlock_options(g, seat, name)
            if not opts:
                continue
        out.append(product(PlayBenefactor, (card, targets, opts), len(targets) * len(opts)))
    return out


def why_not_benefactor(g: Villagers, seat: int, action: PlayBenefactor) -> str | None:

    name = action.card
    card = g.cards.cards.get(name)
    if card is None or not in_hand(g, seat, name):
        return f"{name} is not in your hand"
    if card.suit == "Special":
        return "the Benefactor builds an ordinary villager, not a Special one"
    problem = why_not_target(g, seat, name, action.on)
    if problem:
        return problem
    if action.unlock not in unlock_options(g, seat, name):
        return why_not_unlocked(g, seat, name, action.unlock)
    return None


def apply_benefactor(g: Villagers, seat: int, action: PlayBenefactor) -> None:

    benefactor = effect_card(g, "benefactor")
    shown = play_from_hand(g, seat, benefactor)
    _discard(g, benefactor)
    pay_unlock(g, seat, action.card, action.unlock)
    secret = play_from_hand(g, seat, action.card)
    k = place(g, seat, action.card, action.on)
    if g.loud:
        where = "" if action.on is None else f" on slot {action.on}"
        g.emit(event("benefactor", "{} plays the {} and builds the {}{} during the draft.",
                     {"seat": seat, "card": action.card, "on": action.on, "slot": k,
                      "shown": shown or secret},
                     (g.player_name(seat), benefactor, action.card, where)))


# ------------------------------------------------------------------ Prophet
def prophet_choices(g: Villagers) -> list[Product]:
    # (compress/map: the stacks with cards found without a Python-level loop)
    stacks = tuple(compress(STACK_NUMBERS, map(_cards_of, g.stacks)))
    return [Product(PlayProphet, (stacks,))] if stacks else []


def why_not_prophet(g: Villagers, action: PlayProphet) -> str | None:
    j = action.stack
    if type(j) is not int or not 0 <= j < STACKS or not g.stacks[j].cards:
        return "the Prophet searches a face-down stack that still has cards"
    return None


def apply_prophet(g: Villagers, seat: int, action: PlayProphet) -> None:
    prophet = effect_card(g, "prophet")
    shown = play_from_hand(g, seat, prophet)
    _discard(g, prophet)
    pile = g.stacks[action.stack]
    bit = 1 << seat
    pile.known = [m | bit for m in pile.known]  # the searcher now knows the whole stack
    if g.loud:
        g.emit(event("prophet", "{} plays the {} and searches stack {}.",
                     {"seat": seat, "stack": action.stack, "shown": shown},
                     (g.player_name(seat), prophet, action.stack + 1),
                     reveals=True))  # hidden cards seen: no undo past this
    start_pick(g, seat, "prophet", sorted(set(pile.cards), key=g.order.__getitem__),
               source=action.stack)


# ------------------------------------------------------------------ Recruiter
def in_village(g: Villagers, seat: int, effect: str) -> bool:
    """Whether `seat`'s village holds a villager with `effect` (covered or not): read from
    the village's counts, so no slot is looked at."""
    names = g.tables.with_effect(effect)
    p = g.players[seat]
    return not names.isdisjoint((p._summary or p.summary(g.cards)).by_card)


def has_recruiter(g: Villagers, seat: int) -> bool:
    return in_village(g, seat, "recruiter")  # (every draft decision of its owner asks)


def why_not_recruit(g: Villagers, seat: int) -> str | None:
    e = g.ext
    assert e is not None
    p = g.players[seat]
    if not has_recruiter(g, seat):
        return "only a player with the Recruiter in their village may draft twice"
    if e.recruited:
        return "the Recruiter has been paid this turn already"
    if p.gold < Recruit.gold:
        return f"the Recruiter costs {Recruit.gold} Gold from your Supply"
    # Reading: paid at the start of a draft turn, with room left for two villagers
    if p.draft_limit - len(p.square) < 2:
        return "your drafting limit leaves room for only one more villager"
    return None


def apply_recruit(g: Villagers, seat: int) -> None:
    e = g.ext
    assert e is not None
    p = g.players[seat]
    p.gold -= Recruit.gold
    g.bank += Recruit.gold
    e.recruited, e.extra = True, 1
    if g.loud:
        g.emit(event("recruit", "{} pays the Recruiter {} Gold to draft twice this turn.",
                     {"seat": seat}, (p.name, Recruit.gold)))


# ------------------------------------------------------------------ Pigeoneer
def why_not_pigeoneer(g: Villagers) -> str | None:
    if not g.reserve.cards:
        return "the Reserve is empty: the Pigeoneer has nothing to look at"
    return None


def apply_pigeoneer(g: Villagers, seat: int) -> None:
    pigeoneer = effect_card(g, "pigeoneer")
    shown = play_from_hand(g, seat, pigeoneer)
    _discard(g, pigeoneer)
    pile = g.reserve
    look = len(pile.cards) - min(PIGEONEER_LOOK, len(pile.cards))
    bit = 1 << seat
    for k in range(look, len(pile.cards)):
        pile.known[k] |= bit
    if g.loud:
        g.emit(event("pigeoneer", "{} plays the {} and looks at the top {} cards of the "
                                  "Reserve.", {"seat": seat, "shown": shown},
                     (g.player_name(seat), pigeoneer, len(pile.cards) - look),
                     reveals=True))  # hidden cards seen: no undo past this
    start_pick(g, seat, "pigeoneer",
               sorted(set(pile.cards[look:]), key=g.order.__getitem__), source=look)


# ------------------------------------------------------------------ Nun
def nun_value(g: Villagers, seat: int, values: dict[int, int]) -> int:
    """The best Silver value (`values`: slot -> value) among villagers of which the
    village holds exactly one copy; 0 without a Nun."""
    village = g.players[seat].village
    if not in_village(g, seat, "nun"):
        return 0
    count = Counter(s.card for s in village)
    # Reading: the best value is taken, as on Yucata
    return max((v for k, v in values.items() if count[village[k].card] == 1), default=0)
