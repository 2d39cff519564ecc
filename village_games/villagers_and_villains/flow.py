"""The round: six phases, each mayor's turn in order from the Start Marker, the King's
Favor decision at a phase's start, the Reset, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from . import build, defend, powers, recruit, rulings, scoring
from .abilities import PHASE_TITLES
from .options import end_size, pool_size, recruit_order

if TYPE_CHECKING:
    from .game import VillagersAndVillains

PHASE_ORDER: tuple[str, ...] = ("recruit", "defend", "pillage", "earning", "build")
NEXT_PHASE = {"recruit": "defend", "defend": "pillage", "pillage": "earning",
              "earning": "build"}


def begin_phase(g: VillagersAndVillains, phase: str) -> None:
    """Start a phase: cards that entered a town in the last phase now act."""
    g.phase = phase
    g.order = []
    if phase == "recruit":
        g.sold.clear()  # a roll sold but never used (an empty pool) is not carried over
    g.fresh.clear()  # Reading (timing ruling): a card acts from the phase after it entered
    if g.loud:
        g.emit(event("phase", "Round {}, {} Phase.", {"round": g.round, "phase": phase},
                     (g.round, PHASE_TITLES[phase])))
    if g.favor_seat is not None:
        # The Favor's holder may move the Start Marker as the phase begins.
        g.order = [g.favor_seat]
        g.turn_idx = 0
        g.turn_state.reset("favor")
        return
    if (phase == "pillage" or phase == "earning") and rulings.play_phase_quietly(g):
        end_phase(g)
        return
    start_turns(g)


# A phase's turn order by (recruit phase?, marker, players), worked out once.
_ORDERS: dict[tuple[bool, int, int], tuple[int, ...]] = {}


def turn_order(recruiting: bool, marker: int, n: int) -> list[int]:
    key = (recruiting, marker, n)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = tuple(recruit_order(marker, n) if recruiting else
                                     [(marker + k) % n for k in range(n)])
    return list(order)


def start_turns(g: VillagersAndVillains) -> None:
    powers.note_phase_abilities(g)
    g.order = turn_order(g.phase == "recruit", g.marker, g.n)
    g.turn_idx = 0
    begin_turn(g)


_STARTS: dict[str, Callable[[VillagersAndVillains, int], bool]] = {}


def _starter(phase: str) -> Callable[[VillagersAndVillains, int], bool]:
    """The function that sets up a mayor's turn in `phase` (True: they have a choice)."""
    _STARTS.update(recruit=recruit.start_recruit, defend=defend.start_defend,
                   pillage=rulings.start_rulings, earning=rulings.start_rulings,
                   build=build.start_build)
    return _STARTS[phase]


def begin_turn(g: VillagersAndVillains) -> None:
    """Set up the next mayor's turn; turns with nothing to decide are played at once.

    A turn played at once leaves its turn state as fresh as it found it, but for what
    its phase's starter sets at every turn (Build's one card), so the next mayor starts
    from that same state without a reset (a fifth or more of all turns are so)."""
    start = _STARTS.get(g.phase) or _starter(g.phase)
    fresh = False
    while g.turn_idx < len(g.order):
        if not fresh:
            g.turn_state.reset()
            fresh = True
        if start(g, g.order[g.turn_idx]):
            return  # the mayor has a choice to make
        g.turn_idx += 1
    end_phase(g)


def end_turn(g: VillagersAndVillains) -> None:
    g.turn_idx += 1
    begin_turn(g)


def end_phase(g: VillagersAndVillains) -> None:
    phase = g.phase
    if phase != "build":
        begin_phase(g, NEXT_PHASE[phase])
        return
    limit = end_size(g.n)
    full = max(map(len, (p.town for p in g.players))) >= limit
    # Reading: the empty deck, like a full town, ends the game once Build/Hire is over
    if full or not g.deck:
        scoring.finish(g, "town" if full else "deck")
        return
    reset(g)
    g.round += 1
    begin_phase(g, "recruit")


def reset(g: VillagersAndVillains) -> None:
    """Phase 6: pass the Start Marker left, clear and refill the Recruitment Pool."""
    g.phase = "reset"
    g.fresh.clear()
    g.marker = (g.marker + 1) % g.n  # Reading: "left" is the next seat up (clockwise)
    if g.loud:
        g.emit(event("phase", "Round {}, Reset Phase: {} takes the Start Marker.",
                     {"round": g.round, "phase": "reset", "marker": g.marker},
                     (g.round, g.names[g.marker])))
    challenges = g.facts.challenges
    keep: list[str] = []
    gone: list[str] = []
    for c in g.pool:
        (keep if c in challenges else gone).append(c)
    favor_card = g.pool[g.favor_pool] if g.favor_pool is not None else None
    g.removed += gone
    g.pool = keep  # challenges slide to the lowest positions
    # Reading: the Favor stays on a challenge that stays in the pool; else it is re-rolled
    g.favor_pool = keep.index(favor_card) if favor_card in keep else None
    if gone and g.loud:
        slide = ("; the challenges slide down" if len(keep) > 1 else
                 "; the challenge slides down" if keep else "")
        g.emit(event("clear", "The {} {} the game{}.", {"removed": gone},
                     (words.and_list([gone[0], *(f"the {c}" for c in gone[1:])]),
                      words.agree(len(gone), "leaves", "leave"), slide)))
    fill = min(pool_size(g.n) - len(g.pool), len(g.deck))
    new = [g.deck.pop() for _ in range(fill)]
    g.pool += new
    if new and g.loud:
        g.emit(event("pool", "New cards in the Recruitment Pool: {}.",
                     {"cards": new, "pool": g.pool[:]}, (", ".join(new),), chance=True,
                     reveals=True))
    if g.advanced and g.favor_seat is None and g.favor_pool is None:
        place_favor(g)
    rulings.reset_income(g)


def place_favor(g: VillagersAndVillains) -> None:
    """The Start Marker's holder rolls a die: the King's Favor goes on that pool position."""
    if not g.pool:
        return  # Reading: an empty pool keeps the Favor in the bank until the next Reset
    die = g.roll_die(g.marker, "where the King's Favor goes")
    # Reading: a roll beyond a short pool puts the Favor on its last card
    g.favor_pool = min(die, len(g.pool)) - 1
    if g.loud:
        g.emit(event("favor", "The King's Favor goes on position {} ({}).",
                     {"position": g.favor_pool + 1}, (g.favor_pool + 1, g.pool[g.favor_pool])))
