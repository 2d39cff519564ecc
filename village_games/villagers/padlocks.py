"""Padlocks: who may be paid to open one, and the payment itself.

The three cases of the rulebook: your own copy of the Unlocking Villager gets 2 Gold from
the Bank; another player's copy gets 2 Gold from your Supply; when nobody has one, you
pay 2 Gold to the Bank. With several copies you pick which; the Bank is never an option
while a copy exists. A Tinner played earlier this turn opens any padlock for free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .actions import parse_unlock, unlock_key
from .modes import SOLO
from .options import UNLOCK_COST
from .village import with_coins

if TYPE_CHECKING:
    from .game import Villagers

NO_PADLOCK: tuple[None] = (None,)


def bank_cost(g: Villagers) -> int:
    """What opening a padlock through the Bank costs (more under the Countess Bank)."""
    if g.solo is None or g.phase != "build":
        return UNLOCK_COST
    cost = SOLO.in_force(g, "bank_unlock")
    return UNLOCK_COST if cost is None else cost


def unlock_options(g: Villagers, seat: int, name: str,
                   exclude: tuple[int, int] | None = None) -> tuple[str | None, ...]:
    """Every legal `unlock` value for `seat` playing `name` now: (None,) when it has no
    padlock, () when it cannot be opened (no copy of yours and too little Gold).
    `exclude` is a slot that stops being that villager in the same move (an Apprentice's
    swap)."""
    unlocker = g.tables.padlock[name]
    if unlocker is None:
        return NO_PADLOCK
    cards = g.cards
    players = g.players
    # Reading: only a real villager of that name unlocks (a Monk standing in never does)
    for p in players:  # (a bare test first: usually no village holds a copy)
        if unlocker in (p._summary or p.summary(cards)).by_card:  # (the method: no summary)
            break
    else:  # (the usual case: no copy in any village, so the Bank is paid)
        if players[seat].gold >= (UNLOCK_COST if g.solo is None else bank_cost(g)):
            return TINNER_OR_BANK if g.tinner else BANK_ONLY
        return TINNER_ONLY if g.tinner else ()
    found: list[tuple[int, tuple[int, ...]]] = []  # (seat, slots) of each copy
    s = 0
    for p in players:
        slots = (p._summary or p.summary(cards)).by_card.get(unlocker)
        if slots is not None:
            found.append((s, slots))
        s += 1
    opts: list[str | None] = ["tinner"] if g.tinner else []
    others: list[str | None] = []
    anywhere = False
    rich = g.players[seat].gold >= UNLOCK_COST
    for s, slots in found:
        keys = _KEYS[s] if s < _SEATS else None
        for k in slots:
            if exclude is not None and (s, k) == exclude:
                continue
            anywhere = True
            if s == seat:
                opts.append(keys[k] if keys is not None and k < _SLOTS else unlock_key(s, k))
            elif rich:
                others.append(keys[k] if keys is not None and k < _SLOTS else unlock_key(s, k))
    if others:
        opts += others
    if not anywhere and g.players[seat].gold >= (UNLOCK_COST if g.solo is None
                                                 else bank_cost(g)):
        opts.append("bank")
    return tuple(opts)


# The options when no village holds the unlocker, made once
BANK_ONLY, TINNER_ONLY, TINNER_OR_BANK = ("bank",), ("tinner",), ("tinner", "bank")

# "SEAT:SLOT" for the seats and slots games reach, made once and shared by every legal
# list (a payment is named by its text; the same text, not a new string each time)
_SEATS, _SLOTS = 6, 48
_KEYS = [[unlock_key(s, k) for k in range(_SLOTS)] for s in range(_SEATS)]


def why_not_unlocked(g: Villagers, seat: int, name: str, unlock: str | None,
                     exclude: tuple[int, int] | None = None) -> str:
    """Why `unlock` cannot open `name`'s padlock, in the game's words."""
    unlocker = g.cards[name].padlock
    if unlocker is None:
        return f"{name} has no padlock: leave unlock empty (None)"
    options = [o for o in unlock_options(g, seat, name, exclude) if o is not None]
    head = f"{name} has a padlock opened by the {unlocker}"
    gold = g.players[seat].gold
    copies = any(sl.card == unlocker and (s, k) != exclude
                 for s, p in enumerate(g.players) for k, sl in enumerate(p.village))
    cost = UNLOCK_COST if copies else bank_cost(g)  # (the price names the real payee's)
    if not options:
        return (f"{head}: nobody you may use has one free to you, and paying {cost} Gold "
                f"needs {cost} Gold in your Supply (you have {gold})")
    if unlock == "bank":
        if not copies:  # (the Bank is refused only for want of Gold: a Tinner is offered)
            return f"{head}: paying the Bank costs {cost} Gold now (you have {gold})"
        return (f"{head}: you may pay the Bank only when no village has {words.a(unlocker)}; "
                f"pay {words.a(unlocker)} instead ({', '.join(options)})")
    if unlock == "tinner":
        return f"{head}: only a Tinner played earlier this turn opens it for free"
    where = parse_unlock(unlock) if isinstance(unlock, str) else None
    if where is not None:
        s, k = where
        if s < len(g.players) and k < len(g.players[s].village):
            found = g.players[s].village[k].card
            if found != unlocker:
                return f"{head}, but slot {k} of {g.player_name(s)}'s village is {words.a(found)}"
            return (f"{head}: paying another player's {unlocker} takes {UNLOCK_COST} Gold from "
                    "your Supply")
    return f"{head}: choose how to open it ({', '.join(options)})"


def pay_unlock(g: Villagers, seat: int, name: str, unlock: str | None) -> None:
    """Carry out a legal payment and report it."""
    if unlock is None:
        return
    me = g.players[seat]
    unlocker = g.cards[name].padlock
    if unlock == "tinner":
        if g.loud:
            g.emit(event("unlock", "The Tinner opens {}'s padlock for free.",
                         {"seat": seat, "card": name, "unlock": unlock}, (name,)))
        return
    if unlock == "bank":
        cost = bank_cost(g)
        me.gold -= cost
        g.bank += cost
        if g.loud:
            g.emit(event("unlock", "Nobody has {}: {} pays {} Gold to the Bank to open the {}.",
                         {"seat": seat, "card": name, "unlock": unlock},
                         (words.a(unlocker), me.name, cost, name)))
        return
    where = parse_unlock(unlock)
    assert where is not None
    s, k = where
    owner = g.players[s]
    slot = owner.village[k]
    owner.village[k] = with_coins(slot, slot.coins + UNLOCK_COST)
    owner.coins_added(UNLOCK_COST)
    if s == seat:
        g.bank -= UNLOCK_COST
        text = "The Bank puts {} Gold on {}'s own {} to open the {}."
        args: tuple = (UNLOCK_COST, me.name, unlocker, name)
    else:
        me.gold -= UNLOCK_COST
        text = "{} pays {} Gold onto {}'s {} to open the {}."
        args = (me.name, UNLOCK_COST, owner.name, unlocker, name)
    if g.loud:
        g.emit(event("unlock", text, {"seat": seat, "card": name, "unlock": unlock,
                                      "paid_seat": s, "paid_slot": k}, args))

