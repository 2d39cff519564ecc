"""A saved turn agrees with the game around it: the phase's turn order, whose turn it is
and what that turn holds (a pool position, a challenge in the mayor's own town, ...).

A save is a file anyone can edit, and the rules trust these to be as play leaves them:
a save that breaks one would crash at the next legal move, half-changed. So the loader
refuses it with a ValueError naming the field and what it may be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import short_repr
from . import flow
from .options import pool_size

if TYPE_CHECKING:
    from .game import VillagersAndVillains

# The steps a turn of each phase may be in (a phase's first step may be "favor")
PHASE_STEPS = {"recruit": ("favor", "choose", "declare", "vend", "sell"),
               "defend": ("favor", "choose", "declare", "vend"),
               "pillage": ("favor", "choose", "vend"), "earning": ("favor", "choose", "vend"),
               "build": ("favor", "choose", "vend")}


def check_saved_turn(g: VillagersAndVillains) -> None:
    """The turn order, the pool and the turn state of a loaded save (its names are
    already known to be cards of the game)."""
    check_pool(g)
    check_order(g)
    if g.phase == "over":
        return
    step = _check_step(g)
    seat = g.order[g.turn_idx]
    if g.phase == "recruit":
        _check_recruit(g, step)
    elif g.phase == "defend":
        _check_defend(g, seat, step)
    elif g.phase in ("pillage", "earning"):
        _check_pending(g, seat)


def check_pool(g: VillagersAndVillains) -> None:
    """The Reset fills the pool up to its size and nothing adds to it; the King's Favor
    lies on one of its cards (the Reset reads that card)."""
    size = pool_size(g.n)
    if len(g.pool) > size:
        raise ValueError(f"pool must hold at most {size} cards with {g.n} mayors, got "
                         f"{len(g.pool)}")
    if g.favor_pool is not None and g.favor_pool >= len(g.pool):
        allowed = (f"null or a pool index from 0 to {len(g.pool) - 1}" if g.pool else
                   "null while the pool is empty")
        raise ValueError(f"favor_pool must be {allowed}, got {g.favor_pool}")


def check_order(g: VillagersAndVillains) -> None:
    """`order` is what `flow` builds as a phase begins: the Favor's holder alone while
    they decide, else every seat from the Start Marker clockwise (each once; twice each in
    a two-mayor Recruit Phase). A finished game keeps its last Build/Hire order, all
    turns played."""
    step = g.turn_state.step
    if g.phase == "over":
        want, where = flow.turn_order(False, g.marker, g.n), "the finished game's last phase"
    elif step == "favor":
        if g.favor_seat is None:
            raise ValueError("turn.step favor: the King's Favor's holder decides as a phase "
                             "begins, but favor_seat is null")
        want, where = [g.favor_seat], "the King's Favor's holder's decision"
    else:
        want = flow.turn_order(g.phase == "recruit", g.marker, g.n)
        where = f"the {g.phase} phase with the Start Marker at seat {g.marker}"
    if g.order != want:
        raise ValueError(f"order must be {want} for {where}, got {short_repr(g.order)}")
    if g.phase == "over":
        if g.turn_idx != len(want):
            raise ValueError(f"turn_idx must be {len(want)} (every turn played) once the game "
                             f"is over, got {g.turn_idx}")
    elif step == "favor" and g.turn_idx != 0:
        raise ValueError(f"turn_idx must be 0 while the King's Favor's holder decides, got "
                         f"{g.turn_idx}")


def _check_step(g: VillagersAndVillains) -> str:
    """The turn's step fits the phase; a request waiting for an answer (turn.vend) names
    its card and the step the turn goes back to. Returns that step (the turn's own)."""
    t = g.turn_state
    steps = PHASE_STEPS[g.phase]
    if t.step not in steps:
        raise ValueError(f"turn.step must be one of {', '.join(steps)} in the {g.phase} "
                         f"phase, got {t.step}")
    if t.step not in ("vend", "sell"):
        return t.step
    if t.vend is None:
        raise ValueError(f"turn.vend must hold the request while turn.step is {t.step}, "
                         "got null")
    asker = g.order[g.turn_idx]
    owner, card, back = t.vend
    if owner == asker:
        raise ValueError(f"turn.vend: seat {owner} is asked by their own turn; it must be "
                         f"another mayor than seat {asker}")
    if back not in ("choose", "declare") or back not in steps:
        allowed = ", ".join(s for s in ("choose", "declare") if s in steps)
        raise ValueError(f"turn.vend: the step to go back to must be {allowed} in the "
                         f"{g.phase} phase, got {back}")
    if t.step == "sell":
        if not g.pony_express or card != "roll" or back != "declare":
            raise ValueError("turn.step sell: turn.vend must be [seller, \"roll\", "
                             "\"declare\"] in a game with the Pony Express")
        return back
    ability = g.card[card].ability if card != "roll" else None
    if card not in g.players[owner].town or ability is None or ability.vend is None \
            or ability.phase != g.phase:
        raise ValueError(f"turn.vend: {short_repr(card)} must be a VEND card of this phase "
                         f"in seat {owner}'s town")
    return back


def _check_recruit(g: VillagersAndVillains, step: str) -> None:
    """An empty pool skips every recruit turn; an announced card (card 1 is taken at
    once) is one of the pool's."""
    if not g.pool and step != "favor":
        raise ValueError("pool: a recruit turn needs a card in the Recruitment Pool (an "
                         "empty pool skips the Recruit Phase)")
    position = g.turn_state.position
    if step == "declare" and not 2 <= position <= len(g.pool):
        raise ValueError(f"turn.position must be a pool position from 2 to {len(g.pool)} "
                         f"while a recruit is announced (card 1 is taken without a roll), "
                         f"got {position}")


def _check_defend(g: VillagersAndVillains, seat: int, step: str) -> None:
    """A declared DEFENSE is against a challenge in the defending mayor's own town (a
    HERO DEFENSE with one of their heroes)."""
    if step != "declare":
        return
    t = g.turn_state
    town = g.players[seat].town
    kind = g.facts.kind
    if t.challenge is None or t.challenge not in town or kind[t.challenge] != "challenge":
        mine = [c for c in town if kind[c] == "challenge"]
        raise ValueError(f"turn.challenge must be a challenge in the town of seat {seat}, "
                         f"whose turn it is ({', '.join(mine) or 'none there'}), got "
                         f"{short_repr(t.challenge)}")
    if t.hero is not None and (t.hero not in town or kind[t.hero] != "hero"):
        mine = [c for c in town if kind[c] == "hero"]
        raise ValueError(f"turn.hero must be null or a hero in the town of seat {seat}, "
                         f"whose turn it is ({', '.join(mine) or 'none there'}), got "
                         f"{short_repr(t.hero)}")


def _check_pending(g: VillagersAndVillains, seat: int) -> None:
    """A Pillage turn's rulings are its Pillage Loss and other mayors' taxing cards; an
    Earning turn's, its earnings."""
    for ruling in g.turn_state.pending:
        if g.phase == "earning":
            ok = ruling == "earnings"
        elif ruling == "pillage":
            ok = True
        else:
            ability = g.card[ruling].ability
            ok = ability is not None and ability.effect == "tax" and any(
                ruling in p.town for s, p in enumerate(g.players) if s != seat)
        if not ok:
            allowed = ("earnings" if g.phase == "earning" else
                       "pillage, or a taxing card in another mayor's town")
            raise ValueError(f"turn.pending: {short_repr(ruling)} is no ruling of seat "
                             f"{seat}'s {g.phase} turn (allowed: {allowed})")
