"""The Scoundrels: Barbarian, Flaker (Draft Phase), Noble, Schemer, Sheriff (Build Phase),
all discarded after use, and the Thief, who stays and steals 3 Gold every Build Phase.

Barbarian: the whole Road is discarded, its coins are yours, and it is dealt again from
the Reserve. Flaker: a villager from any Village Square (yours too) to your hand. Noble:
look at another hand, take a villager that is not a Special. Schemer: a top villager from
any village (yours too) to your hand, a Basic Villager too, and your own Founders (never
another player's); coins on it go to its owner. Sheriff: discard a Thief anywhere (yours
too) and take his coins. (The Courier, played out of turn, is in courier.py.) No Special
takes another player's Founders, from a village, a hand or a Village Square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import event
from ..choices import Product
from ..draft import anything_to_draft, settle_draft
from ..hands import play_from_hand
from ..road import refill_slot
from ..specials import _discard
from .actions import PlayFlaker, PlayNoble, PlaySchemer, PlaySheriff, ThiefSteals
from .pending import start_pick
from .village_ops import remove_slot

if TYPE_CHECKING:
    from ..game import Villagers

THIEF_TAKES = ThiefSteals.gold


def _use(g: Villagers, seat: int, effect: str) -> tuple[str, bool]:
    name = g.tables.by_effect[effect]
    shown = play_from_hand(g, seat, name)
    _discard(g, name)
    return name, shown


# ------------------------------------------------------------------ Barbarian
def why_not_barbarian(g: Villagers) -> str | None:
    road = g.road
    if road.count(None) == len(road):  # (every slot empty, without a Python-level loop)
        return "the Road is empty: the Barbarian has nothing to clear"
    return None


def apply_barbarian(g: Villagers, seat: int) -> None:

    name, shown = _use(g, seat, "barbarian")
    p = g.players[seat]
    taken = sum(g.road_coins)
    p.gold += taken
    cleared = [c for c in g.road if c is not None]
    for i, card in enumerate(g.road):
        if card is not None:
            g.discard.append(card)
            g.discard_known.append(g.all_seats)
        g.road[i] = None
        g.road_coins[i] = 0
    if g.loud:
        g.emit(event("barbarian", "{} plays the {}: the Road ({}) is discarded and its {} "
                                  "Gold go to {}.",
                     {"seat": seat, "cards": cleared, "coins": taken, "shown": shown},
                     (p.name, name, ", ".join(cleared), taken, p.name)))
    for i in range(len(g.road)):
        # Reading: dealt from the Reserve; when it runs out, from the leftmost stack
        refill_slot(g, i, reserve_first=True)
    if not anything_to_draft(g):
        settle_draft(g)  # nothing was left to deal: the Draft Phase ends at once


# ------------------------------------------------------------------ Flaker
def flaker_choices(g: Villagers, seat: int) -> list[Product]:
    founders = g.tables.founders  # (only a Founders returned to the Road can be drafted)
    out = []
    for s, p in enumerate(g.players):
        if p.square:
            cards = tuple(dict.fromkeys(p.square))
            if s != seat and founders in cards:
                cards = tuple([c for c in cards if c != founders])
            if cards:
                out.append(Product(PlayFlaker, ((s,), cards)))
    return out


def why_not_flaker(g: Villagers, seat: int, action: PlayFlaker) -> str | None:
    s = action.seat
    if type(s) is not int or not 0 <= s < g.n:
        return f"there is no seat {s}"
    if action.card not in g.players[s].square:
        return f"there is no {action.card} in {g.player_name(s)}'s Village Square"
    if s != seat and action.card == g.tables.founders:
        return "Special villagers cannot be used to take another player's Founders"
    return None


def apply_flaker(g: Villagers, seat: int, action: PlayFlaker) -> None:
    name, shown = _use(g, seat, "flaker")
    victim = g.players[action.seat]
    victim.square.remove(action.card)
    p = g.players[seat]
    p.hand_pub = sorted([*p.hand_pub, action.card], key=g.order.__getitem__)
    p.hand_changed()
    if g.loud:
        g.emit(event("flaker", "{} plays the {} and takes the {} from {}'s Village Square.",
                     {"seat": seat, "victim": action.seat, "card": action.card,
                      "shown": shown},
                     (p.name, name, action.card, victim.name)))


# ------------------------------------------------------------------ Noble
def noble_targets(g: Villagers, seat: int) -> tuple[int, ...]:
    """Other players with a card in hand that is neither a Special nor the Founders (card
    backs show the suit; the Founders, printed on both sides, show themselves)."""
    barred = g.tables.unstealable
    # (asked on every build decision while a Noble is in hand: a hand holds a card the
    # Noble may take when the barred names do not cover it, tested without a Python-level
    # loop)
    return tuple([s for s, p in enumerate(g.players)
                  if s != seat and not (barred.issuperset(p.hand_pub)
                                        and barred.issuperset(p.hand_sec))])


def why_not_noble(g: Villagers, seat: int, action: PlayNoble) -> str | None:
    if action.seat not in noble_targets(g, seat):
        return ("the Noble steals from another player's hand that holds a villager other "
                "than a Special or the Founders (seat "
                + (" or ".join(map(str, noble_targets(g, seat))) or "none") + ")")
    return None


def apply_noble(g: Villagers, seat: int, action: PlayNoble) -> None:
    name, shown = _use(g, seat, "noble")
    victim = g.players[action.seat]
    if g.loud:
        g.emit(event("noble_look", "{} plays the {} and looks through {}'s hand.",
                     {"seat": seat, "victim": action.seat, "shown": shown},
                     (g.player_name(seat), name, victim.name),
                     reveals=True))  # a hidden hand seen: no undo past this
    barred = g.tables.unstealable
    options = sorted({c for c in victim.hand() if c not in barred}, key=g.order.__getitem__)
    start_pick(g, seat, "noble", options, source=action.seat,
               hand=sorted(victim.hand(), key=g.order.__getitem__))


# ------------------------------------------------------------------ Schemer
def schemer_targets(g: Villagers, seat: int) -> list[tuple[int, int]]:
    """(seat, slot) of every villager `seat`'s Schemer may take: a top villager (nothing
    on it: a lone Basic Villager too) that is not a Special, nor another player's
    Founders."""
    t = g.tables
    return [(s, k) for s, p in enumerate(g.players)
            for k, slot in enumerate(p.village)
            if not slot.kids and slot.card in (t.schemable_own if s == seat else t.schemable)]


def schemer_choices(g: Villagers, seat: int) -> list[Product]:
    """`schemer_targets` by seat, in seat and slot order (asked on every build decision
    while a Schemer is in hand: each slot is tested by one set look-up)."""
    t = g.tables
    out = []
    for s, p in enumerate(g.players):
        names = t.schemable_own if s == seat else t.schemable
        ks = tuple([k for k, slot in enumerate(p.village)
                    if not slot.kids and slot.card in names])
        if ks:
            out.append(Product(PlaySchemer, ((s,), ks)))
    return out


def why_not_schemer(g: Villagers, seat: int, action: PlaySchemer) -> str | None:
    s, k = action.seat, action.slot
    if (s, k) in schemer_targets(g, seat):
        return None
    if s != seat and type(s) is int and type(k) is int and 0 <= s < g.n:
        village = g.players[s].village
        if 0 <= k < len(village) and not village[k].kids and \
                village[k].card == g.tables.founders:
            return "Special villagers cannot be used to take another player's Founders"
    return ("the Schemer takes a top villager (nothing on it) that is not a Special; of "
            "the Founders, only your own")


def apply_schemer(g: Villagers, seat: int, action: PlaySchemer) -> None:
    name, shown = _use(g, seat, "schemer")
    owner = g.players[action.seat]
    slot = remove_slot(g, action.seat, action.slot)
    p = g.players[seat]
    p.hand_pub = sorted([*p.hand_pub, slot.card], key=g.order.__getitem__)
    p.hand_changed()
    if g.loud:
        coins = f" (its {slot.coins} Gold go to {owner.name})" if slot.coins else ""
        g.emit(event("schemer", "{} plays the {} and takes the {} from {}'s village{}.",
                     {"seat": seat, "victim": action.seat, "slot": action.slot,
                      "card": slot.card, "coins": slot.coins, "shown": shown},
                     (p.name, name, slot.card, owner.name, coins)))


# ------------------------------------------------------------------ Sheriff and Thief
def thieves(g: Villagers) -> list[tuple[int, int]]:
    """(seat, slot) of every Thief in a village (read from the villages' counts)."""
    name = g.tables.by_effect.get("thief", "")
    return [(s, k) for s, p in enumerate(g.players)
            for k in p.summary(g.cards).by_card.get(name, ())]


def sheriff_choices(g: Villagers) -> list[Product]:
    return [Product(PlaySheriff, ((s,), (k,))) for s, k in thieves(g)]


def why_not_sheriff(g: Villagers, action: PlaySheriff) -> str | None:
    if (action.seat, action.slot) not in thieves(g):
        return "the Sheriff throws out a Thief: name the seat and slot of one"
    return None


def apply_sheriff(g: Villagers, seat: int, action: PlaySheriff) -> None:
    name, shown = _use(g, seat, "sheriff")
    owner = g.players[action.seat]
    coins = owner.village[action.slot].coins
    owner.village[action.slot] = owner.village[action.slot]._replace(coins=0)
    owner.changed()
    thief = remove_slot(g, action.seat, action.slot)
    _discard(g, thief.card)
    p = g.players[seat]
    p.gold += coins
    if g.loud:
        g.emit(event("sheriff", "{} plays the {}: {}'s Thief is discarded and his {} Gold go "
                                "to {}.",
                     {"seat": seat, "victim": action.seat, "slot": action.slot,
                      "coins": coins, "shown": shown},
                     (p.name, name, owner.name, coins, p.name)))


def thief_choices(g: Villagers, seat: int) -> list[Product]:
    e = g.ext
    assert e is not None
    # Reading: each Thief steals once per Build Phase, on his owner's turn, as an action
    p = g.players[seat]
    own = (p._summary or p.summary(g.cards)).by_card.get(g.tables.by_effect.get("thief", ""), ())
    if not own:  # (the usual case: `thieves(g)` of this seat, read from its village alone)
        return []
    mine = tuple([k for k in own if k not in e.thieves])
    victims = tuple([s for s, p in enumerate(g.players) if s != seat and p.gold >= THIEF_TAKES])
    return [Product(ThiefSteals, (mine, victims))] if mine and victims else []


def why_not_thief(g: Villagers, seat: int, action: ThiefSteals) -> str | None:
    e = g.ext
    assert e is not None
    if (seat, action.slot) not in thieves(g):
        return "there is no Thief of yours at that slot"
    if action.slot in e.thieves:
        return "this Thief has stolen already in this Build Phase"
    v = action.victim
    if type(v) is not int or not 0 <= v < g.n or v == seat:
        return "the Thief steals from another player's Supply"
    if g.players[v].gold < THIEF_TAKES:
        return (f"{g.player_name(v)} has fewer than {THIEF_TAKES} Gold in their Supply; "
                "the Thief cannot steal from them")
    return None


def apply_thief(g: Villagers, seat: int, action: ThiefSteals) -> None:
    e = g.ext
    assert e is not None
    e.thieves.append(action.slot)
    victim, p = g.players[action.victim], g.players[seat]
    victim.gold -= THIEF_TAKES
    slot = p.village[action.slot]
    p.village[action.slot] = slot._replace(coins=slot.coins + THIEF_TAKES)
    p.coins_added(THIEF_TAKES)
    if g.loud:
        g.emit(event("thief", "{}'s Thief takes {} Gold from {}'s Supply.",
                     {"seat": seat, "victim": action.victim, "slot": action.slot},
                     (p.name, THIEF_TAKES, victim.name)))
