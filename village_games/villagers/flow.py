"""The order of play: Draft Phase, Road update, Build Phase, its end, the Markets.

Each function runs the automatic steps that follow a decision, up to the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event
from .draft import start_draft
from .market import first_market, start_second_market
from .modes import EXPANSIONS, SOLO
from .options import BASE_LIMIT, FIRST_MARKET_STACKS, MAX_LIMIT
from .road import finish_two_player_update, reverse_turn_order, update_three_plus

if TYPE_CHECKING:
    from .game import Villagers


def build_limit(builders: int) -> int:
    return min(MAX_LIMIT, BASE_LIMIT + builders)


def end_draft(g: Villagers) -> None:
    if g.n <= 2:  # (solo: the 2-player update, with no Gold from the Countess)
        g.phase = "road"
        g.coin_queue = reverse_turn_order(g)
        g.turn = g.coin_queue[0]
        return
    update_three_plus(g)
    start_build(g)


def after_coin(g: Villagers) -> None:
    g.coin_queue.pop(0)
    if g.coin_queue:
        g.turn = g.coin_queue[0]
        return
    finish_two_player_update(g)
    start_build(g)


def start_build(g: Villagers) -> None:
    g.phase = "build"
    if g.loud:
        g.emit(event("phase", "Round {}: the Build Phase begins.",
                     {"round": g.round, "phase": "build"}, (g.round,)))
    if g.solo is not None:
        SOLO.start_build_phase(g)
    start_turn(g, g.first)


def start_turn(g: Villagers, seat: int) -> None:
    """The build limit is fixed here, from the Builders the village shows now."""
    g.turn = seat
    p = g.players[seat]
    builders = (p._summary or p.summary(g.cards)).builders  # (the method if none yet)
    g.limit = build_limit(builders)
    g.used = g.returns = 0
    g.tinner = False
    g.cover = None
    e = g.ext
    if e is not None:
        e.reset_turn()
        if e.devs and seat in e.holders:  # (`dev_bonus` is 0 for a seat with no token)
            g.limit = build_limit(builders + EXPANSIONS.dev_bonus(g, seat, "builders"))
    if g.loud:
        g.emit(event("turn", "{} builds (build limit {}).",
                     {"seat": seat, "limit": g.limit}, (g.player_name(seat), g.limit)))
    if g.solo is not None:
        SOLO.start_toll(g, "fewer_builds", "build")  # Arson: pay, or build one villager less


def end_turn(g: Villagers, seat: int) -> None:
    if g.ext is not None and g.ext.has("profiteers"):
        EXPANSIONS.score_bronze(g, seat)  # designer's ruling: at the end of the player's own turn
    if g.loud:
        # Reading: nobody else acts during a build turn, so its builds (and the hand cards
        # they showed, data "shown") may be taken back until the turn ends; ending it is final.
        g.emit(event("end_turn", "{} ends the turn.", {"seat": seat}, (g.player_name(seat),),
                     reveals=True))
    nxt = (seat + 1) % g.n
    if nxt != g.first:
        start_turn(g, nxt)
        return
    end_build(g)


def end_build(g: Villagers) -> None:
    """Founders flip where a village has no Food; the First Player card moves on; then a
    Market if one is due, else the next round."""
    g.tinner = False
    founders = g.tables.founders  # (the one card of kind "founders")
    cards = g.cards
    for seat, p in enumerate(g.players):
        if (p._summary or p.summary(cards)).food:  # (the method only if none yet)
            continue
        for k, slot in enumerate(p.village):
            if slot.card == founders and not slot.flipped:
                # Reading: a covered Founders flips too (its face simply stays covered).
                p.village[k] = flipped = slot._replace(flipped=True)
                s = p._own_summary()  # (its counts changed in place: no recount)
                if s is not None and not slot.kids:  # (a covered face counts for nothing)
                    face = g.tables.faces[founders]
                    s._count(slot, face, -1)
                    s._count(flipped, face, 1)
                if g.loud:
                    g.emit(event("flip", "{} has no Food: the Founders turn to their Food side.",
                                 {"seat": seat, "slot": k}, (p.name,)))
    if g.ext is not None and g.ext.devs:
        # Reading: after the Founders flip, before the First Player card moves on
        EXPANSIONS.development_phase(g)  # it goes on with finish_round once every reward is taken
        return
    if g.solo is not None:
        SOLO.start_event_phase(g)  # it goes on with finish_round once every event is resolved
        return
    finish_round(g)


def finish_round(g: Villagers) -> None:
    """The First Player card moves on; then a Market if one is due, else the next round."""
    g.first = (g.first + 1) % g.n
    if g.loud:
        g.emit(event("first", "{} takes the First Player card.", {"seat": g.first},
                     (g.player_name(g.first),)))
    stacks = g.stacks
    # (lists, not generators, for all/any: cheaper for so few stacks; a Market leaves
    # the stacks as they are)
    if g.markets == 0 and all([not stacks[j].cards for j in FIRST_MARKET_STACKS]):
        first_market(g)
    if not any([s.cards for s in stacks]):
        # Reading: if both Markets fall due in the same round, the First comes first.
        start_second_market(g)
        return
    g.round += 1
    start_draft(g)
