"""The Build Phase turn: placing villagers in chains, Basic Villagers for returned cards,
and the list of everything a builder may do (Special villagers live in specials.py)."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .actions import (
    Build,
    EndTurn,
    PlaceMonk,
    PlaySmuggler,
    PlayTinner,
    TakeBasic,
    UseApprentice,
)
from .choices import Choices, Product
from .hands import distinct_hand, in_hand, play_from_hand, return_from_hand
from .modes import EXPANSIONS, SOLO, SPECIAL_PARTS
from .options import RETURNS_PER_BUILD_PHASE, STACKS
from .padlocks import NO_PADLOCK, pay_unlock, unlock_options, why_not_unlocked
from .road import pile_name
from .specials import (
    apprentice_choices,
    monk_choices,
    smuggler_choices,
    why_not_apprentice,
    why_not_monk,
    why_not_smuggler,
    why_not_tinner,
)
from .village import place, why_not_target

if TYPE_CHECKING:
    from ..core.actions import Action
    from .game import Villagers

NEW_CHAIN: tuple[None] = (None,)
# the kinds of card a hand can hold: villagers of the stacks; a Basic Villager or the
# Founders only once a Schemer took one from a village
HAND_KINDS = ("villager", "basic", "founders")
END_TURN = Product(EndTurn, ())
TINNER = Product(PlayTinner, ())
SPECIAL_ACTIONS = {"monk": "PlaceMonk", "apprentice": "UseApprentice", "tinner": "PlayTinner",
                   "smuggler": "PlaySmuggler"}


def build_choices(g: Villagers, seat: int) -> Choices:
    if g.cover is not None:
        return cover_choices(g, seat)
    me = g.players[seat]
    summary = me._summary or me.summary(g.cards)  # (the method only if none yet)
    open_by_role = summary.open_by_role
    tables = g.tables
    builds = tables.builds
    can_build = g.used < g.limit
    hand = me._distinct or distinct_hand(g, seat)  # (the call only when none is kept)
    parts: list[Product] = []
    n = 0
    paid: dict[str, tuple[str | None, ...]] = {}  # unlocker -> options, for this call
    for name in hand:
        effect, on, lock, card, alone = builds[name]
        if effect is None:
            # (a Basic Villager in hand, the Schemer's doing, goes down without a build)
            if not can_build and name not in tables.supply:
                continue
            if alone is not None:  # (starts a chain, no padlock: its part, made once)
                parts.append(alone)
                n += 1
                continue
            targets = NEW_CHAIN if on is None else open_by_role.get(on)
            if not targets:
                continue
            opts: tuple[str | None, ...] | None
            if lock is None:
                opts = NO_PADLOCK
                size = len(targets)
            else:
                opts = paid.get(lock)
                if opts is None:
                    opts = paid[lock] = unlock_options(g, seat, name)
                if not opts:
                    continue
                size = len(targets) * len(opts)
            part = _new(Product)  # `product(...)`, written out: the longest loop of a build
            part.kind, part.axes, part._n = Build, (card, targets, opts), size
            parts.append(part)
            n += size
            continue
        make = SPECIAL_PARTS.get(effect)
        if make is None:
            continue  # a Draft Phase Special or the Courier: nothing to do here
        for part in make(g, seat, effect, hand, paid):
            if part._n:
                parts.append(part)
                n += part._n
    # (`build_extras`' tests that rule it all out, written out: past a turn's start, with
    # no Bronze villager nor Thief in the village, it has nothing to add)
    if g.ext is not None and (g.used == 0 and g.returns == 0 and not g.tinner
                              or not tables.village_extras.isdisjoint(summary.by_card)):
        for part in EXPANSIONS.build_extras(g, seat):
            parts.append(part)
            n += part._n
    parts.append(END_TURN)
    n += 1
    if g.returns < RETURNS_PER_BUILD_PHASE and hand:
        supply, basics = g.basics, tables.basics  # (`basics_left`, written out: the
        left = supply.values()  # supply holds exactly the basics, in their order, and
        if 0 in left:  # never below 0)
            basics = tuple(compress(basics, left))
        if basics:
            piles = g.stacks  # (`return_stacks`' usual case, written out: not solo, and
            stacks: tuple[int | None, ...] = STACK_NUMBERS  # every stack still on the Road)
            if g.solo is not None or len(piles) != STACKS:
                stacks = return_stacks(g)
            else:
                for pile in piles:
                    if not pile.cards:
                        stacks = return_stacks(g)
                        break
            size = len(basics) * len(hand) * len(stacks)
            part = _new(Product)
            part.kind, part.axes, part._n = TakeBasic, (basics, hand, stacks), size
            parts.append(part)
            n += size
    c = _new(Choices)  # `Choices.of(parts, n)`, written out
    c.parts, c._n, c._last, c._flat = tuple(parts), n, None, None
    return c


_new = object.__new__


# (the Tinner's parts, as `SPECIAL_PARTS` calls every maker)
def _tinner(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
            paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    return [TINNER]


# effect -> its parts maker, one dictionary look-up instead of a chain of tests (the
# Kickstarter expansions add their Specials when they register; an effect not listed does
# nothing in the Build Phase)
SPECIAL_PARTS.update({"monk": monk_choices, "apprentice": apprentice_choices,
                      "tinner": _tinner, "smuggler": smuggler_choices})


def basics_left(g: Villagers) -> tuple[str, ...]:
    """The Basic Villagers whose supply is not empty, in card-file order."""
    supply, basics = g.basics, g.tables.basics
    left = supply.values()  # (in the order of `basics`, and never below 0)
    if 0 in left:
        return tuple(compress(basics, left))
    return basics  # (all of them: the usual case)


def cover_choices(g: Villagers, seat: int) -> Choices:
    """Right after a Monk: only villagers that go on him (or another Monk)."""
    cover = g.cover
    assert cover is not None
    role = g.players[seat].village[cover].role
    parts: list[Product] = []
    for name in distinct_hand(g, seat):
        effect = g.tables.effect.get(name)
        if effect is None and g.tables.on[name] == role:
            parts.append(Product(Build, ((name,), (cover,), unlock_options(g, seat, name))))
        elif effect == "monk":
            parts += monk_choices(g, seat, cover=cover)
    return Choices(parts)


def return_stacks(g: Villagers) -> tuple[int | None, ...]:
    """Where a returned card may go: any stack still on the Road, else the rules decide."""
    # Reading: an emptied stack is out of the game and takes no card back
    if g.solo is not None and SOLO.in_force(g, "serfdom") is not None:
        return NEW_CHAIN  # Serfdom: the card goes to the Countess's village, not a stack
    stacks = g.stacks
    if len(stacks) == STACKS:
        for pile in stacks:  # (a plain loop reads a slot faster than map(attrgetter))
            if not pile.cards:
                break
        else:
            return STACK_NUMBERS  # (the usual case: every stack still on the Road)
    open_ = tuple([j for j in STACK_NUMBERS if stacks[j].cards])
    return open_ or NEW_CHAIN


STACK_NUMBERS = tuple(range(STACKS))


# ------------------------------------------------------------------ legality
def why_not_build(g: Villagers, seat: int, action: Action) -> str | None:
    """None when `action` is legal in this Build Phase turn, else the rule against it."""
    if g.cover is not None:
        role = g.players[seat].village[g.cover].role
        if type(action) is not Build and type(action) is not PlaceMonk or action.on != g.cover:
            return (f"the Monk just placed as {words.a(role)} must be covered at once: build a "
                    f"villager that goes on {words.a(role)} on slot {g.cover}")
    if type(action) is EndTurn:
        return None
    if type(action) is Build:
        return why_not_place(g, seat, action)
    if type(action) is TakeBasic:
        return why_not_basic(g, seat, action)
    if type(action) is PlaceMonk:
        return why_not_monk(g, seat, action)
    if type(action) is UseApprentice:
        return why_not_apprentice(g, seat, action)
    if type(action) is PlayTinner:
        return why_not_tinner(g, seat)
    if type(action) is PlaySmuggler:
        return why_not_smuggler(g, seat, action)
    return ("it is the Build Phase: Build, TakeBasic, a Special villager (PlaceMonk, "
            "UseApprentice, PlayTinner, PlaySmuggler) or EndTurn")


def why_not_place(g: Villagers, seat: int, action: Build) -> str | None:
    name = action.card
    card = g.cards.cards.get(name)
    if card is None or card.kind not in HAND_KINDS:
        return f"there is no villager card called {name!r} to build"
    if not in_hand(g, seat, name):
        return f"{name} is not in your hand"
    if card.effect is not None and card.effect not in EXPANSIONS.placed_effects:
        return (f"{name} is a Special villager: play it with "
                f"{SPECIAL_ACTIONS.get(card.effect, 'its own action')}")
    # Reading: a Basic Villager in hand (taken by a Schemer) is placed without a build:
    # the rulebook leaves Basic Villagers out of the Build Limit however they come
    if g.used >= g.limit and card.kind != "basic":
        return (f"your build limit of {g.limit} is used up this turn (Basic Villagers, the "
                "Tinner and the Smuggler do not count towards it)")
    problem = why_not_target(g, seat, name, action.on)
    if problem:
        return problem
    if action.unlock not in unlock_options(g, seat, name):
        return why_not_unlocked(g, seat, name, action.unlock)
    return None


def why_not_basic(g: Villagers, seat: int, action: TakeBasic) -> str | None:
    if g.returns >= RETURNS_PER_BUILD_PHASE:
        return f"you may take at most {RETURNS_PER_BUILD_PHASE} Basic Villagers per Build Phase"
    basics = g.cards.basics
    if action.basic not in basics:
        return f"{action.basic} is not a Basic Villager ({', '.join(basics)})"
    if g.basics[action.basic] <= 0:
        return f"the {action.basic} supply is empty"
    if not in_hand(g, seat, action.card):
        return f"{action.card} is not in your hand: return a card you hold"
    places = return_stacks(g)
    if action.stack not in places:
        if g.solo is not None and SOLO.in_force(g, "serfdom") is not None:
            return ("Serfdom is in force: the card you give up goes to the Countess's "
                    "village, not to a stack (stack=None)")
        if places == NEW_CHAIN:
            return ("every stack is empty: the returned card goes to the Reserve, or the "
                    "discard pile once the Reserve is empty too (stack=None)")
        return (f"return the card to a stack still on the Road (stack "
                f"{' or '.join(map(str, places))})")
    return None


# ------------------------------------------------------------------ carrying out
def apply_build(g: Villagers, seat: int, action: Build) -> None:
    name, on = action.card, action.on
    if action.unlock is not None:  # Reading: the padlock is paid, then placed
        pay_unlock(g, seat, name, action.unlock)
    secret = play_from_hand(g, seat, name)
    place(g, seat, name, on)
    if name not in g.tables.supply:  # (a Basic Villager does not count: why_not_place)
        g.used += 1
    g.cover = None
    if g.loud:
        p = g.players[seat]
        where = "" if on is None else f" on the {p.village[on].card} (slot {on})"
        if on is not None and p.village[on].card != p.village[on].role:
            where = f" on the Monk standing in for {words.a(p.village[on].role)} (slot {on})"
        g.emit(event("build", "{} builds the {}{}.",
                     {"seat": seat, "card": name, "on": on, "slot": len(p.village) - 1,
                      "shown": secret},
                     (p.name, name, where)))


def apply_basic(g: Villagers, seat: int, action: TakeBasic) -> None:
    p = g.players[seat]
    card, j = action.card, action.stack
    mask = return_from_hand(g, seat, card)
    if g.solo is not None and SOLO.in_force(g, "serfdom") is not None:
        SOLO.give(g, card)
        mask = g.all_seats  # it lies face up in her village
        where = "the Countess's village (Serfdom)"
    elif j is not None:
        g.stacks[j].put(card, mask)
        where = ""  # (`stack {j + 1}`: written only when reported)
    elif g.reserve.cards:
        g.reserve.put(card, mask)
        where = "the Reserve"
    else:
        g.discard.append(card)
        g.discard_known.append(mask)
        where = "the discard pile"
    g.basics[action.basic] -= 1
    place(g, seat, action.basic, None)
    g.returns += 1
    if g.loud:
        where = where or pile_name(j)
        known = mask == g.all_seats
        suit = g.suit_of[card]
        g.emit(event("basic", _returned if known else _returned_face_down,
                     {"seat": seat, "basic": action.basic, "stack": j, "suit": suit,
                      **({"card": card} if known else {"_card": card})},
                     (p.name, card if known else suit, where, action.basic),
                     None if known else _returned, (p.name, card, where, action.basic),
                     () if known else (seat,)))


# (the texts of a return, written only when someone reads the log)
def _returned(name: str, card: str, where: str, basic: str) -> str:
    return f"{name} returns {card} to {where} and takes {words.a(basic)}."


def _returned_face_down(name: str, suit: str, where: str, basic: str) -> str:
    """What the other seats read: only the card's back, its suit, shows."""
    return f"{name} returns {words.a(suit)} villager to {where} and takes {words.a(basic)}."
