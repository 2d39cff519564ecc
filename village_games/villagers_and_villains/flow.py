"""The round: six phases, each mayor's turn in order from the Start Marker, the King's
Favor decision at a phase's start, the Reset, and the end of the game.

Above the phase modules (recruit, defend, rulings, build), which it calls to set up
each turn, and below `dispatch`, which calls it after a move: when a turn goes on or
ends is decided here, so no phase module imports it back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from . import build, defend, legal, powers, recruit, rulings, scoring
from .abilities import PHASE_TITLES
from .actions import Pass, Resolve
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
    if (phase == "pillage" or phase == "earning") and play_phase_quietly(g):
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


def settle_turn(g: VillagersAndVillains, seat: int) -> None:
    """After a move of the mayor in `choose`: carry out a last ruling nobody need
    choose, and end the turn once nothing is left but passing (else keep its choices)."""
    if g.turn_state.step != "choose":
        return
    choices = legal.legal_for(g, seat)
    while len(choices) == 1 and type(choices[0]) is Resolve:  # a last ruling: no choice
        rulings.resolve(g, seat, choices[0].ruling)
        choices = legal.legal_for(g, seat)
    if len(choices) == 1 and type(choices[0]) is Pass:
        end_turn(g)
    else:
        g._legal = (seat, choices)


def play_phase_quietly(g: VillagersAndVillains) -> bool:
    """Every turn of a Pillage or Earning phase at once, for a copy nobody reports on,
    when no turn can hold a choice (the basic game, or no town card acts in the phase and
    nobody holds the King's Favor): each turn would only carry out its one ruling, as
    `rulings.start_rulings` does, so the turns are not set up one by one. False: nothing done."""
    if g.loud or (g.advanced and (g.favor_seat is not None
                                         or powers.town_abilities(g, g.phase))):
        return False
    n = g.n
    order = turn_order(False, g.marker, n)
    if g.phase == "pillage":
        for seat in order:
            if g.players[seat].gold > 0:
                loss = g.pillage_loss(seat)
                if loss > 0:
                    g.pay_to_bank(seat, loss)
    else:
        for seat in order:
            gain = rulings.earnings(g, seat)
            if gain > 0:
                g.pay_from_bank(seat, gain, "citizens' earnings")
    # where the turns would have left the phase: after the last one (no fresh turn state:
    # the next phase sets up its own before anything reads it)
    g.order, g.turn_idx = order, n
    return True


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
