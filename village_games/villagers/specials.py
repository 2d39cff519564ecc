"""The base game's Special villagers: Monk, Apprentice, Tinner and Smuggler.

Monk: stands in for any villager of a chain except its top, so a villager is built on
him at once (2 build actions; two Monks may stand in one chain). Apprentice: swaps in
for a covered villager in any village (never another player's Founders), and the
villager he replaced is placed in your village by the normal rules (1 build action).
Tinner: discarded; padlocks of villagers you play later this turn open for free, if you
like. Smuggler: padlocked (Shipwright), discarded; earns half the printed Gold of one of
your villagers, rounded up. Neither discarded card uses a build action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .actions import PlaceMonk, PlaySmuggler, UseApprentice
from .choices import Product, product
from .hands import distinct_hand, in_hand, play_from_hand
from .padlocks import NO_PADLOCK, pay_unlock, unlock_options, why_not_unlocked
from .village import Slot, capacity, chain_text, place, symbols, why_not_target

if TYPE_CHECKING:
    from .cards import Card
    from .game import Villagers

NEW_CHAIN: tuple[None] = (None,)
GOLD_SIDE, BOTH_SIDES = (False,), (False, True)
Paid = dict[str, tuple[str | None, ...]]  # unlocker -> `unlock_options`, for one legal list

_new = object.__new__  # (a Product made directly, its length known: `product(...)`)


def _hand_count(g: Villagers, seat: int, name: str) -> int:
    p = g.players[seat]
    return p.hand_pub.count(name) + p.hand_sec.count(name)


# ------------------------------------------------------------------ Monk
def can_cover(g: Villagers, seat: int, role: str, monks: int, left: int,
              roles: set[str] | None = None) -> bool:
    """Whether a villager from hand (or another Monk, then one on him) can go on a Monk
    standing in for `role`, with `monks` spare Monks and `left` build actions.
    `roles`: `cover_roles(g, seat)`, when the caller already has it."""
    # Reading: a Monk is placed only when the villager on top of him can follow at once
    if left < 1:
        return False
    if roles is None:
        roles = cover_roles(g, seat)
    if role in roles:
        return True
    if monks >= 1 and left >= 2:
        return any(can_cover(g, seat, nxt, monks - 1, left - 1, roles)
                   for nxt in g.tables.links_on.get(role, ()))
    return False


def cover_roles(g: Villagers, seat: int, hand: tuple[str, ...] | None = None,
                paid: Paid | None = None) -> set[str]:
    """What the ordinary villagers in hand that could be opened now go on. `hand`: the
    distinct hand and `paid` (unlocker -> `unlock_options`, filled in as found), when
    the caller (the Build Phase list) has them."""
    builds = g.tables.builds  # name -> (effect, on, padlock, ...): one read per card
    if paid is None:
        paid = {}
    roles: set[str] = set()
    for name in distinct_hand(g, seat) if hand is None else hand:
        effect, on, lock, _, _ = builds[name]
        if effect is not None or on is None or on in roles:
            continue  # (a role found once is enough: no need to ask the padlock again)
        if lock is not None:
            opts = paid.get(lock)
            if opts is None:
                opts = paid[lock] = unlock_options(g, seat, name)
            if not opts:
                continue
        roles.add(on)
    return roles


def monk_choices(g: Villagers, seat: int, effect: str | None = None,
                 hand: tuple[str, ...] | None = None, paid: Paid | None = None,
                 cover: int | None = None) -> list[Product]:
    """`hand` and `paid`: as for `cover_roles`, when the caller has them; `cover`: the
    slot of a Monk just placed, to be covered now; `effect`: not read (the Build Phase
    list calls every Special's maker alike)."""
    left = g.limit - g.used
    if left < 2:
        return []
    t = g.tables
    roles = cover_roles(g, seat, hand, paid)
    # `can_cover` looks past `roles` only with a second Monk and a third build action
    # (the Monks in hand are counted only then)
    spare = 0
    if left >= 3:
        p = g.players[seat]
        monk = t.by_effect["monk"]
        spare = p.hand_pub.count(monk) + p.hand_sec.count(monk) - 1
    deeper = spare >= 1
    if not roles and not deeper:
        return []  # (nothing in hand could go on him)
    out: list[Product] = []
    if cover is None:
        for role in t.start_roles:
            if role in roles or deeper and can_cover(g, seat, role, spare, left - 1, roles):
                part = _STARTS.get(role)  # (the same part every time: made once)
                if part is None:
                    part = _STARTS[role] = product(PlaceMonk, ((role,), NEW_CHAIN), 1)
                out.append(part)
        me = g.players[seat]
        links_on = t.links_on
        for below, slots in (me._summary or me.summary(g.cards)).open_by_role.items():
            links = links_on.get(below)
            if links is None:
                continue  # (most open villagers: no Monk may stand in on them)
            for role in links:
                if role in roles or deeper and can_cover(g, seat, role, spare, left - 1,
                                                         roles):
                    part = _new(Product)  # (`product(...)`, written out)
                    part.kind, part.axes, part._n = PlaceMonk, ((role,), slots), len(slots)
                    out.append(part)
    else:
        below = g.players[seat].village[cover].role
        for role in t.links_on.get(below, ()):
            if role in roles or deeper and can_cover(g, seat, role, spare, left - 1, roles):
                out.append(product(PlaceMonk, ((role,), (cover,)), 1))
    return out


# role -> PlaceMonk(role, on=None), as a part: a Monk starting a chain (parts are never
# changed once made, so every legal list may share one)
_STARTS: dict[str, Product] = {}


def why_not_monk(g: Villagers, seat: int, action: PlaceMonk) -> str | None:
    monk = g.tables.by_effect["monk"]
    if not in_hand(g, seat, monk):
        return f"you have no {monk} in hand"
    role, on = action.role, action.on
    card = g.cards.cards.get(role)
    if card is None or card.effect is not None:
        return f"{words.a(monk)} stands in for a villager of a production chain, not {role!r}"
    if not card.hint:
        return (f"the {monk} can never be the top of a chain, and nothing is placed on "
                f"{words.a(role)}")
    left = g.limit - g.used
    if left < 2:
        return (f"{words.a(monk)} and the villager built on him take 2 build actions; you "
                f"have {left} left")
    standing_in = f"{words.a(monk)} standing in for {words.a(role)}"
    if on is None:
        if card.on is not None:
            return (f"{standing_in} goes on {words.a(card.on)} "
                    f"(chain {chain_text(g.cards, role)})")
    else:
        village = g.players[seat].village
        if type(on) is not int or not 0 <= on < len(village):
            return f"your village has no slot {on}"
        slot = village[on]
        if card.on is None:
            return f"{standing_in} starts a chain: place him with on=None"
        if slot.role != card.on:
            return (f"{standing_in} goes on {words.a(card.on)} "
                    f"(chain {chain_text(g.cards, role)}); slot {on} is {words.a(slot.role)}")
        if slot.kids >= capacity(slot, g.cards):
            return f"the {slot.card} at slot {on} has no room left (stacking hint)"
    spare = _hand_count(g, seat, monk) - 1
    if not can_cover(g, seat, role, spare, left - 1):
        return (f"nothing in your hand can be built on {standing_in} right now, and he may "
                "not be left on top")
    return None


def apply_monk(g: Villagers, seat: int, action: PlaceMonk) -> None:
    monk = g.tables.by_effect["monk"]
    secret = play_from_hand(g, seat, monk)
    g.cover = place(g, seat, monk, action.on, role=action.role)
    g.used += 1
    if g.loud:
        where = "" if action.on is None else f" on slot {action.on}"
        g.emit(event("monk", "{} places {} standing in for {}{}.",
                     {"seat": seat, "role": action.role, "on": action.on, "slot": g.cover,
                      "shown": secret},
                     (g.player_name(seat), words.a(monk), words.a(action.role), where)))


# ------------------------------------------------------------------ Apprentice
def apprentice_choices(g: Villagers, seat: int, effect: str | None = None,
                       hand: tuple[str, ...] | None = None,
                       paid: Paid | None = None) -> list[Product]:
    """Only non-empty parts. `paid`: as for `cover_roles`, when the caller has it;
    `effect`, `hand`: not read (the Build Phase list calls every Special's maker alike)."""
    if g.used >= g.limit:
        return []
    t = g.tables
    me = g.players[seat]
    open_by_role = (me._summary or me.summary(g.cards)).open_by_role  # (the method if none)
    on_, effects, founders_card, padlock = t.on, t.effect, t.founders, t.padlock
    out: list[Product] = []
    victim = -1
    for p in g.players:
        victim += 1
        k = -1
        for slot in p.village:
            k += 1
            if not slot.kids:
                continue
            name = slot.card
            # Reading: a Monk or Apprentice cannot be swapped out (he could not be placed
            # alone); never another player's Founders
            founders = name == founders_card
            if name in effects or founders and victim != seat:
                continue
            below = on_[name]
            # (every slot `open_by_role` lists takes `name` by the chain rules, so none is
            # filtered out by `why_not_target`, in your own village or another's)
            targets = NEW_CHAIN if below is None else open_by_role.get(below)
            if not targets:
                continue  # (nowhere to place him: an empty part, so no padlock to ask)
            lock = padlock[name]
            opts: tuple[str | None, ...] | None
            if lock is None:
                opts = NO_PADLOCK
            elif lock == name:  # (only then may the slot swapped out be one of the payees)
                opts = unlock_options(g, seat, name, (victim, k))
            else:  # (the same options as without `exclude`: asked once per padlock)
                if paid is None:
                    paid = {}
                opts = paid.get(lock)
                if opts is None:
                    opts = paid[lock] = unlock_options(g, seat, name)
            if not opts:
                continue
            sides = BOTH_SIDES if founders else GOLD_SIDE
            part = _new(Product)  # (`product(...)`, written out)
            part.kind, part.axes = UseApprentice, ((victim,), (k,), targets, opts, sides)
            part._n = len(targets) * len(opts) * len(sides)
            out.append(part)
    return out


def why_not_apprentice(g: Villagers, seat: int, action: UseApprentice) -> str | None:

    apprentice = g.tables.by_effect["apprentice"]
    if not in_hand(g, seat, apprentice):
        return f"you have no {apprentice} in hand"
    if g.used >= g.limit:
        return f"the {apprentice} takes a build action, and your build limit is used up"
    victim, k = action.seat, action.slot
    if type(victim) is not int or not 0 <= victim < g.n:
        return f"there is no seat {victim}"
    village = g.players[victim].village
    if type(k) is not int or not 0 <= k < len(village):
        return f"{g.player_name(victim)}'s village has no slot {k}"
    slot = village[k]
    card = g.cards[slot.card]
    if not slot.kids:
        return (f"the {apprentice} replaces only a covered villager; the {slot.card} at slot "
                f"{k} has nobody on top")
    if card.effect is not None:
        return f"the {apprentice} cannot replace {words.a(slot.card)}"
    if card.kind == "founders" and victim != seat:
        return "Special villagers cannot be used to take another player's Founders"
    problem = why_not_target(g, seat, slot.card, action.on,
                             who=f"the replaced {slot.card}")
    if problem:
        return problem
    if action.food_side and card.kind != "founders":
        return "only the Founders have a Food side to choose (food_side=False)"
    if action.unlock not in unlock_options(g, seat, slot.card, exclude=(victim, k)):
        return why_not_unlocked(g, seat, slot.card, action.unlock, exclude=(victim, k))
    return None


def apply_apprentice(g: Villagers, seat: int, action: UseApprentice) -> None:
    apprentice = g.tables.by_effect["apprentice"]
    secret = play_from_hand(g, seat, apprentice)
    victim = g.players[action.seat]
    old = victim.village[action.slot]
    victim.village[action.slot] = Slot(apprentice, old.role, old.parent, old.kids, 0, False)
    # Reading: coins on the villager taken go to the Supply of the village that had it.
    victim.gold += old.coins
    victim.changed()
    if g.loud:
        g.emit(event("apprentice", "{} swaps {} for {}'s {} (slot {}).",
                     {"seat": seat, "victim": action.seat, "slot": action.slot,
                      "card": old.card, "coins": old.coins, "shown": secret},
                     (g.player_name(seat), words.a(apprentice), victim.name, old.card,
                      action.slot)))
    pay_unlock(g, seat, old.card, action.unlock)  # Reading: opened again in your village
    k = place(g, seat, old.card, action.on, flipped=action.food_side)
    g.used += 1
    if g.loud:
        where = "" if action.on is None else f" on slot {action.on}"
        g.emit(event("build", "{} places the {}{}.",
                     {"seat": seat, "card": old.card, "on": action.on, "slot": k},
                     (g.player_name(seat), old.card, where)))


# ------------------------------------------------------------------ Tinner
def why_not_tinner(g: Villagers, seat: int) -> str | None:
    tinner = g.tables.by_effect["tinner"]
    if not in_hand(g, seat, tinner):
        return f"you have no {tinner} in hand"
    return None


def apply_tinner(g: Villagers, seat: int) -> None:
    tinner = g.tables.by_effect["tinner"]
    secret = play_from_hand(g, seat, tinner)
    _discard(g, tinner)
    g.tinner = True  # Reading: for the rest of this turn, and playable with nothing to open
    if g.loud:
        g.emit(event("tinner", "{} plays {}: padlocks open for free for the rest of the "
                               "turn.", {"seat": seat, "shown": secret},
                     (g.player_name(seat), words.a(tinner))))


# ------------------------------------------------------------------ Smuggler
def smuggler_earnings(card: Card, covered: bool, flipped: bool) -> int:
    """What a Smuggler earns from one villager of your village: half the Gold printed on
    the face that is up, rounded up; nothing from a covered villager (its symbols are out
    of play) or one without printed Gold."""
    # Reading: any villager of your village is a target (the rulebook sets no limit); a
    # covered one's Gold is out of play, so it earns 0, as does one without printed Gold
    if covered:
        return 0
    side = card.flipped if flipped and card.flipped is not None else card
    return (side.gold + 1) // 2


def smuggler_choices(g: Villagers, seat: int, effect: str | None = None,
                     hand: tuple[str, ...] | None = None,
                     paid: Paid | None = None) -> list[Product]:
    """Only a non-empty part. `effect`, `hand`, `paid`: not read (the Build Phase list
    calls every Special's maker alike)."""
    opts = unlock_options(g, seat, g.tables.by_effect["smuggler"])
    if not opts:
        return []
    targets = tuple(range(len(g.players[seat].village)))  # every villager of yours
    part = _new(Product)  # (`product(...)`, written out)
    part.kind, part.axes, part._n = PlaySmuggler, (targets, opts), len(targets) * len(opts)
    return [part]


def why_not_smuggler(g: Villagers, seat: int, action: PlaySmuggler) -> str | None:
    smuggler = g.tables.by_effect["smuggler"]
    if not in_hand(g, seat, smuggler):
        return f"you have no {smuggler} in hand"
    size = len(g.players[seat].village)
    target = action.target
    if type(target) is not int or not 0 <= target < size:
        return (f"the {smuggler} earns from a villager of your village (slot 0 to "
                f"{size - 1}), not {target!r}")
    if action.unlock not in unlock_options(g, seat, smuggler):
        return why_not_unlocked(g, seat, smuggler, action.unlock)
    return None


def apply_smuggler(g: Villagers, seat: int, action: PlaySmuggler) -> None:
    smuggler = g.tables.by_effect["smuggler"]
    pay_unlock(g, seat, smuggler, action.unlock)
    secret = play_from_hand(g, seat, smuggler)
    _discard(g, smuggler)
    p = g.players[seat]
    slot = p.village[action.target]
    earned = smuggler_earnings(g.cards[slot.card], slot.kids > 0, slot.flipped)
    g.bank -= earned
    p.gold += earned
    if g.loud:
        printed = symbols(slot, g.cards[slot.card])[2]
        why = (f"half of {printed} printed Gold" if not slot.kids else
               f"the {slot.card} is covered, so its Gold is out of play")
        g.emit(event("smuggler", "{} plays {} on the {}: {}, {} Gold.",
                     {"seat": seat, "target": action.target, "earned": earned,
                      "shown": secret},
                     (p.name, words.a(smuggler), slot.card, why, earned)))


def _discard(g: Villagers, name: str) -> None:
    g.discard.append(name)
    g.discard_known.append(g.all_seats)
