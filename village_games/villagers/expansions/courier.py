"""The Courier (Scoundrels): just before another player's draft turn, take a villager
from the Road straight into your hand; the Road slot is dealt again from the leftmost
stack, as after a draft, and the Courier is discarded.

Reading: the moment comes once before each other player's draft turn (a turn is one
draft here, two with the Recruiter), before any Draft Phase Special of theirs. The
holder is asked (`g.ext.courier` names them, `to_act()` lists only them) and plays the
Courier (PlayCourier) or lets the turn begin (LetDraftGoOn). The card is a secret hand
card, so the other seats' observations show the drafter to act as usual, a pass reports
nothing to them, and `determinize` for them closes the moment (see `hide_moment`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import event
from ..choices import Choices, Product
from ..draft import settle_draft
from ..hands import play_from_hand
from ..road import refill_slot
from ..specials import _discard
from .actions import LetDraftGoOn, PlayCourier

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..game import Villagers

GO_ON = Product(LetDraftGoOn, ())


def holder(g: Villagers) -> int | None:
    """The seat with the Courier in hand, if any (there is one Courier)."""
    name = g.tables.by_effect.get("courier")
    if name is None:
        return None
    players = g.players
    for seat in range(g.n):
        p = players[seat]
        if name in p.hand_pub or name in p.hand_sec:  # (`in_hand`, written out)
            return seat
    return None


def open_moment(g: Villagers) -> None:
    """Called as `g.turn`'s draft turn is about to begin: ask the holder, if it is
    another player and the Road shows a villager to take."""
    e = g.ext
    if e is None or "scoundrels" not in e.names or g.phase != "draft":  # (`e.has`)
        return
    dealt = g.tables.dealt_courier
    if dealt is not None and dealt not in e.dealt:
        return  # the Courier stayed in the box: no hand can hold him
    # (`holder(g)`, written out: every draft turn of a Scoundrels game asks. The drafter's
    # own hand is not looked at: with the one Courier there, no moment opens either)
    name = g.tables.by_effect.get("courier")
    if name is None:
        return
    turn = g.turn
    seat = 0
    for p in g.players:
        if seat != turn and (name in p.hand_sec or name in p.hand_pub):  # (`in_hand`)
            road = g.road  # (a villager on the Road: not every slot empty, without a loop)
            if road.count(None) != len(road):
                e.courier = seat
            return
        seat += 1


def courier_choices(g: Villagers) -> Choices:
    slots = tuple(i for i, c in enumerate(g.road) if c is not None)
    return Choices([Product(PlayCourier, (slots,)), GO_ON])


def why_not_courier(g: Villagers, action: Action) -> str | None:
    e = g.ext
    if e is None or e.courier is None:
        return ("the Courier is played only by its holder, when asked just before another "
                "player's draft turn")
    before = g.player_name(g.turn)
    if type(action) is LetDraftGoOn:
        return None
    if type(action) is not PlayCourier:
        return (f"{before}'s draft turn is about to begin: play the Courier on a Road "
                "villager (PlayCourier(slot)) or let the draft go on (LetDraftGoOn)")
    i = action.slot
    if type(i) is not int or not 0 <= i < len(g.road):
        return f"the Road has slots 1 to {len(g.road)} (slot=0..{len(g.road) - 1})"
    if g.road[i] is None:
        return f"Road slot {i + 1} is empty: the Courier takes a villager from the Road"
    return None


def apply_courier(g: Villagers, seat: int, action: Action) -> None:

    e = g.ext
    assert e is not None
    e.courier = None
    if type(action) is LetDraftGoOn:
        return  # Reading: nothing to report: the others must not learn who held back
    assert type(action) is PlayCourier
    name = g.tables.by_effect["courier"]
    shown = play_from_hand(g, seat, name)
    _discard(g, name)
    i = action.slot
    card = g.road[i]
    assert card is not None
    # Reading: coins on the villager go with it, to the Courier's player, as in a draft
    coins = g.road_coins[i]
    g.road[i] = None
    g.road_coins[i] = 0
    p = g.players[seat]
    p.gold += coins
    p.hand_pub = sorted([*p.hand_pub, card], key=g.order.__getitem__)
    p.hand_changed()
    if g.loud:
        g.emit(event("courier", "Before {}'s turn, {} plays the {} and takes the {} from Road "
                                "slot {} into hand{}.",
                     {"seat": seat, "before": g.turn, "card": card, "slot": i,
                      "coins": coins, "shown": shown},
                     (g.player_name(g.turn), p.name, name, card, i + 1,
                      f" with its {coins} Gold" if coins else ""),
                     reveals=True))
    refill_slot(g, i, reserve_first=False)  # as after a draft: the leftmost stack first
    settle_draft(g)  # (with nothing left to draft, the phase ends here)


def check_moment(g: Villagers) -> None:
    """A saved or hand-written moment must name the holder, before another's draft turn."""
    e = g.ext
    if e is None or e.courier is None:
        return
    seat = e.courier
    if (type(seat) is not int or not 0 <= seat < g.n or g.phase != "draft"
            or seat == g.turn or holder(g) != seat):
        raise ValueError("expansion_state.courier must be the seat holding the Courier, in "
                         "the Draft Phase, before another player's turn")


def pass_moment(g: Villagers, seat: int) -> Action | None:
    """`Game.hidden_offer`: while `seat` is asked about the Courier, letting the draft go
    on is the answer that tells the others nothing."""
    e = g.ext
    return LetDraftGoOn() if e is not None and e.courier == seat else None


def hide_moment(w: Villagers, observer: int) -> None:
    """Determinize: a seat that is not the holder cannot tell whether the moment is open,
    so its worlds never have it open (the drafter simply drafts)."""
    e = w.ext
    if e is not None and e.courier is not None and e.courier != observer:
        e.courier = None


def seen_to_act(g: Villagers, viewer: int | None, everything: bool) -> list[int]:
    """`to_act()` as `viewer` may see it: to the others the drafter is choosing."""
    e = g.ext
    if e is not None and e.courier is not None and not everything and viewer != e.courier:
        return [g.turn]
    return g.to_act()
