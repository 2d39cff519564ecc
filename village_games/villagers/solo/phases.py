"""The solo mode's steps in the round: the Countess's pick after each draft, the tolls of
phase events (Rats, Arson), the Event Phase and its end (her Reserve card, new events),
and the Jester. `legal`, `why_not` and `apply` serve the game's protocol."""

from __future__ import annotations

from functools import partial
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING

from ...core import words
from ...core.events import event
from .. import draft as _draft
from .. import flow as _flow
from ..choices import Choices, Product, product
from ..road import refill_slot
from .actions import (
    Conscript,
    GiveCountess,
    PayToll,
    PickHandCard,
    PickVillager,
    PlayJester,
    ResolveEvent,
)
from .countess import COUNTESS, countess_draws, give
from .dealing import deal_events, discard_event, events_to_deal, season
from .effects import CHOICE_KIND, carry_out, options
from .state import solo_of
from .values import gold_value

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..game import Villagers
    from .state import SoloState

SOLO_PHASES = ("countess", "toll", "events", "event")
NEXT_TEXT = {"countess": "{} chooses a villager for the Countess.",
             "toll": "{} decides how to meet a phase event.",
             "events": "{} resolves the face-up events.",
             "event": "{} makes the choice the event asks for."}
CHOICE_ACTION = {"villager": PickVillager, "hand": PickHandCard, "stack": Conscript}
CHOICE_FIELD = {PickVillager: "slot", PickHandCard: "card", Conscript: "stack"}


# ------------------------------------------------------------------ the Countess's pick
def after_draft(g: Villagers, from_road: bool) -> bool:
    """After the player's draft: True when the Countess's pick waits (phase "countess");
    else the emptied Road slot is dealt again at once."""
    # Reading: every draft from the Road, face up or from a stack, gives her a villager;
    # a draft from the Reserve (once the stacks are gone) does not, as it is not on the Road
    # (`any`: a card on the Road, as a card's name is never empty; no Python loop, and
    # quicker than comparing each slot with None)
    if from_road and any(g.road):
        g.phase = "countess"
        return True
    _refill(g)
    return False


def _refill(g: Villagers) -> None:
    s = solo_of(g)
    refill = s.refill
    if len(refill) == 1:  # (after each draft and pick: one slot, nothing to sort)
        refill_slot(g, refill[0], False)  # (not the Reserve first; positional: quicker)
    else:
        for i in sorted(refill):
            refill_slot(g, i, False)
    s.refill = []


def apply_give(g: Villagers, slot: int) -> None:
    road, road_coins = g.road, g.road_coins
    card, coins = road[slot], road_coins[slot]
    assert card is not None
    road[slot] = None
    road_coins[slot] = 0
    give(g, card, coins)
    if g.loud:
        g.emit(event("countess", "The {} from Road slot {} joins the Countess's village{}.",
                     {"seat": COUNTESS, "card": card, "slot": slot, "coins": coins},
                     (card, slot + 1, f" with its {coins} Gold" if coins else "")))
    solo_of(g).refill.append(slot)
    _refill(g)
    g.phase = "draft"
    _draft.finish_draft(g, 0)


# ------------------------------------------------------------------ tolls (Rats, Arson)
def start_toll(g: Villagers, effect: str, after: str) -> bool:
    """If a face-up `effect` card is in force for this phase and not met yet, ask the
    player (phase "toll"); True when the game now waits."""
    s = solo_of(g)
    if in_force(g, effect) is None:  # (no card of it face up: the usual case)
        return False
    events = s.events.events  # (the dict itself: face-up names are always in the deck)
    for name in s.face_up:
        card = events[name]
        if card.effect != effect or name in s.begun:
            continue
        s.begun.append(name)
        me = g.players[0]
        if g.loud:
            g.emit(event("event_phase", "{} is in force: {}", {"event": name},
                         (name, card.help)))
        # Reading: paying to escape is a choice, open only to a player who has the Gold
        if me.gold >= card.gold:
            s.current, s.after = name, after
            g.phase = "toll"
            g.turn = 0
            return True
        _lose(g, name)
    return False


def _lose(g: Villagers, name: str) -> None:
    s = solo_of(g)
    me = g.players[0]
    if s.events[name].effect == "fewer_drafts":
        me.draft_limit = max(1, me.draft_limit - 1)
        what = f"drafting limit {me.draft_limit}"
    else:
        g.limit = max(0, g.limit - 1)
        what = f"build limit {g.limit}"
    if g.loud:
        g.emit(event("toll", "{}: {} gives up an action ({}).",
                     {"event": name, "pay": False}, (name, me.name, what)))


def apply_toll(g: Villagers, pay: bool) -> None:
    s = solo_of(g)
    name = s.current
    assert name is not None
    card = s.events[name]
    if pay:
        g.players[0].gold -= card.gold
        g.bank += card.gold
        if g.loud:
            g.emit(event("toll", "{}: {} pays {} Gold to the Bank.",
                         {"event": name, "pay": True}, (name, g.players[0].name, card.gold)))
    else:
        _lose(g, name)
    s.current = None
    g.phase = s.after
    if s.after == "draft":
        if not start_toll(g, "fewer_drafts", "draft"):
            _draft.settle_draft(g)
    elif not start_toll(g, "fewer_builds", "build"):
        g.phase = "build"


def in_force(g: Villagers, effect: str) -> int | None:
    """The number of a build-phase card of `effect` that is face up (None: none is)."""
    s = g.solo
    if s is None:
        return None
    # (every build decision and padlock asks, for Serfdom and the Countess Bank: the
    # effects of the face-up cards are worked out again only when `face_up` differs from
    # the copy they were worked out for)
    known, force = s._force
    if known != s.face_up:
        force = _work_out(s)
    return force.get(effect)


def _work_out(s: SoloState) -> dict[str, int]:
    """{effect: the Gold of the first face-up card with it} (read-only), kept in
    `s._force` with the face-up list it is for."""
    face_up = s.face_up
    events = s.events.events  # (the dict itself: face-up names are in the deck)
    force: dict[str, int] = {}
    for name in face_up:
        card = events[name]
        force.setdefault(card.effect, card.gold)  # (the first card of each effect)
    s._force = (face_up[:], force)
    return force


def start_build_phase(g: Villagers) -> None:
    """The Build Phase's cards (Serfdom, the Countess Bank) are in force from now on."""
    s = solo_of(g)
    events = s.events.events
    for name in s.face_up:
        card = events[name]
        if card.kind == "build_phase" and card.effect != "fewer_builds" and name not in s.begun:
            s.begun.append(name)


# ------------------------------------------------------------------ the Event Phase
def start_event_phase(g: Villagers) -> None:
    g.phase = "events"
    g.turn = 0
    if g.loud:
        g.emit(event("phase", "Round {}: the Event Phase begins.",
                     {"round": g.round, "phase": "events"}, (g.round,)))
    _continue(g)


def _continue(g: Villagers) -> None:
    s = solo_of(g)
    if s.face_up:
        g.phase = "events"
        return
    _end_event_phase(g)


def _end_event_phase(g: Villagers) -> None:
    s = solo_of(g)
    for pile in g.stacks:  # (a plain loop: quicker than a generator or map for six piles)
        if pile.cards:
            break
    else:
        if g.loud:  # Rulebook: the final round
            g.emit(event("event_end", "The final round: the Countess takes no card from the "
                                      "Reserve and no event is dealt.", {}))
        _flow.finish_round(g)
        return
    card = countess_draws(g, None, "End of the Event Phase")
    if s.mode == "beginner":
        count = events_to_deal(0, s.mode)
    else:
        value = gold_value(g, COUNTESS, len(g.players[COUNTESS].village) - 1) if card else 0
        count = events_to_deal(value, s.mode)
        if g.loud:
            g.emit(event("event_count", "The {} is worth {} Gold to her: {}.",
                         {"card": card, "value": value, "deal": count},
                         (card or "no villager", value, words.count(count, "new event"))))
    deal_events(g, season(g), count)
    _flow.finish_round(g)


def resolve(g: Villagers, name: str) -> None:
    s = solo_of(g)
    card = s.events.events[name]  # (the dict itself: a face-up name is in the deck)
    s.face_up.remove(name)
    if name in s.begun:
        s.begun.remove(name)
    if g.loud:
        g.emit(event("event", "{} resolves {}: {}", {"event": name, "effect": card.effect},
                     (g.players[0].name, name, card.help)))
    _resolve_card(g, name)


def _resolve_card(g: Villagers, name: str) -> None:
    s = solo_of(g)
    card = s.events.events[name]
    if card.kind != "event":
        # Rulebook: a phase card did its work in its phase; it is only discarded here
        discard_event(g, name)
        _continue(g)
        return
    if card.effect == "redeal":
        discard_event(g, name)
        dealt = deal_events(g, card.season, card.deal)
        fresh = [n for n in dealt if s.events[n].kind == "event"]
        for n in dealt:
            if n not in fresh:  # Reading: resolving a phase card now only discards it
                s.face_up.remove(n)
                discard_event(g, n)
        for n in fresh:
            s.face_up.remove(n)
        _chain(g, fresh)
        return
    _start_effect(g, name)


def _chain(g: Villagers, names: list[str]) -> None:
    """Resolve `names` at once, one after another (a Mood Swing's replacement)."""
    s = solo_of(g)
    if not names:
        _continue(g)
        return
    first, rest = names[0], names[1:]
    # the rest wait face up (begun) until this one is done
    for n in rest:
        s.face_up.append(n)
        s.begun.append(n)
    if g.loud:
        g.emit(event("event", "{} is resolved at once: {}", {"event": first},
                     (first, s.events[first].help)))
    _resolve_card(g, first)


def _start_effect(g: Villagers, name: str) -> None:
    s = solo_of(g)
    card = s.events.events[name]
    opts = options(g, card) if card.effect in CHOICE_KIND else ()
    if card.effect in CHOICE_KIND and len(opts) > 1:
        s.current = name
        s.waits_on = (name, opts)  # (for `legal`: nothing changes them while it waits)
        g.phase = "event"
        return
    if card.effect in CHOICE_KIND and not opts:
        if g.loud:
            g.emit(event("event_none", "{} finds nothing to act on.", {"event": name},
                         (name,)))
    else:
        carry_out(g, card, opts[0] if opts else None)
    discard_event(g, name)
    _continue(g)


def apply_choice(g: Villagers, value: object) -> None:
    s = solo_of(g)
    name = s.current
    assert name is not None
    s.current = None
    s.waits_on = (None, ())
    carry_out(g, s.events.events[name], value)
    discard_event(g, name)
    _continue(g)


def apply_jester(g: Villagers, name: str) -> None:
    s = solo_of(g)
    s.face_up.remove(name)
    s.jester = False
    if g.loud:  # the Jester first, then the event's way to the discard pile
        g.emit(event("jester", "{} plays the Jester: {} is discarded unresolved.",
                     {"event": name}, (g.players[0].name, name)))
    discard_event(g, name)
    if g.phase == "events":
        _continue(g)


# ------------------------------------------------------------------ protocol
def jester_targets(g: Villagers) -> tuple[str, ...]:
    s = g.solo
    if s is None or not s.jester or g.phase in ("agent", "over"):
        return ()
    return tuple(s.unbegun())


def with_jester(g: Villagers, legal: Choices) -> Choices:
    # (every decision of a solo game asks: `jester_targets`, written out)
    s = g.solo
    if s is None or not s.jester or g.phase in ("agent", "over"):
        return legal
    face_up = s.face_up
    if not face_up:
        return legal
    # (`s.unbegun()`: all face-up events while none has begun, the usual case)
    targets = tuple(s.unbegun()) if s.begun else tuple(face_up)
    if not targets:
        return legal
    # (the draft's and the Countess's lists are shared, so the same list comes again
    # and again while the same events are face up: the joined list is made once for it)
    known = s._jester
    if known[0] is legal and known[1] == targets:
        return known[2]
    n = len(targets)  # (`legal`'s parts are non-empty, as a Choices' parts always are)
    joined = Choices.of([*legal.parts, product(PlayJester, (targets,), n)], legal._n + n)
    s._jester = (legal, targets, joined)
    return joined


_filled = partial(is_not, None)  # (a Road slot with a card)
PAY_TOLL = Product(PayToll, ((True, False),))  # (a part is never changed once made)


# The Countess's legal list by the Road's filled slots (a Choices is read-only to its
# users and holds only legal moves); `_GIVE` by (Road length, its one empty slot or -1)
_GIVE_ANY: dict[tuple[int, ...], Choices] = {}
_GIVE: dict[tuple[int, ...], Choices] = {}
_RESOLVE: dict[tuple[str, ...], Choices] = {}  # the Event Phase's, by the face-up events
TOLL = Choices.shared([PAY_TOLL])


def _one(kind: type, axis: tuple) -> Choices:
    """`Choices([Product(kind, (axis,))])`, made directly (each solo decision has one)."""
    n = len(axis)
    return Choices.of([product(kind, (axis,), n)], n) if n else Choices([])


def legal(g: Villagers) -> Choices:
    s = solo_of(g)
    phase = g.phase
    if phase == "countess":  # (the most common solo decision)
        # (the list depends only on the filled slots: made once for each, and shared. The
        # key of the usual Road, full after a face-down draft or with the one slot just
        # drafted from empty, is found by C-level list methods, not a pass over it)
        road = g.road
        empty = road.count(None)
        key: tuple[int, ...] = ((len(road), road.index(None)) if empty == 1
                                else (len(road), -1) if not empty else ())
        choices = _GIVE.get(key) if key else None
        if choices is None:
            slots = tuple(compress(range(len(road)), map(_filled, road)))
            choices = _GIVE_ANY.get(slots)
            if choices is None:
                choices = _GIVE_ANY[slots] = Choices.shared([Product(GiveCountess, (slots,))])
            if key:
                _GIVE[key] = choices
    elif phase == "events":
        if s.jester and _deadline_blocks(g):
            choices = _one(ResolveEvent, ())  # every face-up event is blocked
        else:
            # (the list depends only on the face-up events: made once for each, and shared)
            names = tuple(s.face_up)
            choices = _RESOLVE.get(names)
            if choices is None:
                choices = _RESOLVE[names] = Choices.shared([Product(ResolveEvent, (names,))])
    elif phase == "toll":
        choices = TOLL
    else:
        name = s.current
        card = s.events[name] if name else None
        assert card is not None
        known, opts = s.waits_on  # (the options worked out when it began to wait, if known)
        choices = _one(CHOICE_ACTION[CHOICE_KIND[card.effect]],
                       opts if known == name else options(g, card))
    # (`with_jester`'s first tests, written out: in a solo phase only these can fail)
    return with_jester(g, choices) if s.jester and s.face_up else choices


def _deadline_blocks(g: Villagers) -> tuple[str, ...]:
    """With a Jester deadline face up and the Jester unused, no event may be resolved
    before the Jester is played (it must be played before the round ends)."""
    s = solo_of(g)
    if s.jester and any(s.events.events[n].kind == "jester_deadline" for n in s.face_up):
        return tuple(s.face_up)
    return ()


def why_not(g: Villagers, action: Action) -> str | None:
    s = solo_of(g)
    kind = type(action)
    if type(action) is PlayJester:
        return why_not_jester(g, action.event)
    phase = g.phase
    if phase == "countess":
        if type(action) is not GiveCountess:
            return ("after your draft the Countess gets a face-up villager of your choice "
                    "from the Road (GiveCountess(slot))")
        i = action.slot
        if not 0 <= i < len(g.road) or g.road[i] is None:
            return f"Road slot {i} holds no face-up villager to give the Countess"
        return None
    if phase == "toll":
        if kind is not PayToll:
            return (f"{s.current} is in force: pay the Gold (PayToll(True)) or give up an "
                    "action (PayToll(False))")
        return None
    if phase == "events":
        if type(action) is not ResolveEvent:
            return ("it is the Event Phase: resolve a face-up event (ResolveEvent) or play "
                    "the Jester (PlayJester)")
        name = action.event
        if name not in s.face_up:
            return f"{name!r} is not a face-up event (face up: {', '.join(s.face_up)})"
        if _deadline_blocks(g):
            return ("-It Was You! is face up: the Jester must be played before the round "
                    "ends, so play him (PlayJester) before resolving any event")
        return None
    card = s.events[s.current] if s.current else None
    assert card is not None
    want = CHOICE_ACTION[CHOICE_KIND[card.effect]]
    if kind is not want:
        return f"{card.name} waits for a choice: {want.__name__}"
    value = getattr(action, CHOICE_FIELD[want])
    opts = options(g, card)
    if value not in opts or type(value) is bool:
        return f"{card.name} may act on: {', '.join(map(str, opts))}; not {value!r}"
    return None


def why_not_jester(g: Villagers, name: str) -> str | None:
    s = g.solo
    if s is None:
        return "the Jester is part of the solo mode only"
    if not s.jester:
        return ("the Jester has already been played (once per game)" if s.mode != "hard"
                else "Hard mode plays without the Jester")
    if g.phase in ("agent", "over"):
        return "the game is over: no event is left to discard"
    if name not in s.face_up:
        return f"{name!r} is not a face-up event (face up: {', '.join(s.face_up) or 'none'})"
    if name in s.begun:
        return f"{name} has already begun to act: the Jester discards only an untouched event"
    return None


def apply(g: Villagers, action: Action) -> None:
    if type(action) is GiveCountess:  # (the most common, asked first)
        apply_give(g, action.slot)
    elif type(action) is PlayJester:
        apply_jester(g, action.event)
    elif type(action) is PayToll:
        apply_toll(g, action.pay)
    elif type(action) is ResolveEvent:
        resolve(g, action.event)
    elif type(action) is PickVillager:
        apply_choice(g, action.slot)
    elif type(action) is PickHandCard:
        apply_choice(g, action.card)
    else:
        assert type(action) is Conscript
        apply_choice(g, action.stack)

