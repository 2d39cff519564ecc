"""Bronze symbols (Profiteers): like Silver, but each player scores one at the end of their
own Build Phase turn, every round, including the round the villager was built.

Designer's ruling (rulebook): scored at the end of the player's own turn, at most one
Bronze symbol per player per round; the best value is taken unless the player picked one
(PickBronze) during the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import event
from ..market import count_symbol
from .actions import PickBronze
from .counts import best_silver, chains, coined

if TYPE_CHECKING:
    from ..game import Villagers


def bronze_value(g: Villagers, seat: int, k: int) -> int:
    """What the Bronze symbol of `seat`'s villager at slot `k` earns now."""
    p = g.players[seat]
    slot = p.village[k]
    formula = g.tables.bronze_of.get(slot.card)
    if formula is None or slot.kids:  # Reading: a covered Bronze symbol is out of play
        return 0
    kind = formula.kind
    if kind == "per_symbol":
        return formula.gold * (count_symbol(p._summary or p.summary(g.cards), formula.symbol)
                               // formula.every)
    if kind == "per_coined":
        return formula.gold * coined(p.village)
    if kind == "per_chain":
        return formula.gold * chains(p.village, formula.size)
    return best_silver(g, seat) // 2  # half_silver: the best Silver villager, rounded down


def bronze_slots(g: Villagers, seat: int) -> tuple[int, ...]:
    """Uncovered villagers of `seat` with a Bronze symbol."""
    p = g.players[seat]
    by_card = (p._summary or p.summary(g.cards)).by_card  # (the method only if none yet)
    if g.tables.bronze_set.isdisjoint(by_card):  # (the usual case, without a Python loop)
        return ()
    village = p.village
    # (the names this village holds, in any order: the slots are sorted below)
    found = [k for name in g.tables.bronze_set.intersection(by_card) for k in by_card[name]
             if not village[k].kids]
    if len(found) > 1:
        found.sort()
    return tuple(found)


def bronze_names(g: Villagers) -> tuple[str, ...]:
    """The cards of this deck with a Bronze symbol (worked out once per deck)."""
    return g.tables.bronze


def pick_choices(g: Villagers, seat: int) -> tuple[int, ...]:
    e = g.ext
    assert e is not None
    if e.bronze_round[seat] == g.round or e.bronze_pick is not None:
        return ()  # one pick per turn
    slots = bronze_slots(g, seat)
    return tuple(k for k in slots if k != e.bronze_pick) if len(slots) > 1 else ()


def why_not_pick(g: Villagers, seat: int, action: PickBronze) -> str | None:
    slots = bronze_slots(g, seat)
    if action.slot not in slots:
        return ("pick an uncovered villager of yours with a Bronze symbol (slot "
                f"{' or '.join(map(str, slots)) or 'none'})")
    if len(slots) < 2:
        return "with one Bronze symbol there is nothing to choose: it is scored anyway"
    if g.ext is not None and g.ext.bronze_pick is not None:
        return "you have picked the Bronze symbol to score this turn already"
    if g.ext is not None and g.ext.bronze_round[seat] == g.round:
        return "you have scored a Bronze symbol this round already"
    return None


def apply_pick(g: Villagers, seat: int, action: PickBronze) -> None:
    assert g.ext is not None
    g.ext.bronze_pick = action.slot
    if g.loud:
        card = g.players[seat].village[action.slot].card
        g.emit(event("bronze_pick", "{} will score the {}'s Bronze symbol this turn.",
                     {"seat": seat, "slot": action.slot}, (g.player_name(seat), card)))


def score_bronze(g: Villagers, seat: int) -> None:
    """End of `seat`'s build turn: one Bronze symbol, the picked one or the best."""
    e = g.ext
    assert e is not None
    if e.bronze_round[seat] == g.round:
        return  # (asked first: it needs no look at the village)
    p = g.players[seat]
    by_card = (p._summary or p.summary(g.cards)).by_card  # (the method only if none yet)
    bronze = g.tables.bronze_set
    if bronze.isdisjoint(by_card):  # (the usual case, without a Python loop)
        return
    # (`bronze_slots`, written out without its sort: the best is found by value and slot)
    village = p.village
    slots = []
    for name in bronze.intersection(by_card):
        for k in by_card[name]:
            if not village[k].kids:
                slots.append(k)
    if not slots:
        return
    pick = e.bronze_pick
    if len(slots) == 1:  # (the usual case: nothing to compare)
        k = slots[0]
        earned = bronze_value(g, seat, k)
    else:
        values = {k: bronze_value(g, seat, k) for k in slots}
        k = pick if pick in values else max(slots, key=lambda x: (values[x], -x))
        earned = values[k]
    e.bronze_round[seat] = g.round
    g.bank -= earned
    p.gold += earned
    if g.loud:
        how = "chosen" if pick == k else "the best"
        g.emit(event("bronze", "{}'s {} scores its Bronze symbol ({}): {} Gold.",
                     {"seat": seat, "slot": k, "card": village[k].card, "earned": earned},
                     (p.name, village[k].card, how, earned)))
