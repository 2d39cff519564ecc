"""The King's Favor (advanced game): moving the Start Marker as a phase begins, or the
phase's bonus; once spent it goes to the bank until the next Reset.

After the decision as a phase begins, `dispatch` starts the phase's turns
(`flow.start_turns`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event
from .options import FAVOR_DEFENSE_BONUS, FAVOR_EARNING_BONUS, FAVOR_RECRUIT_BONUS

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def keep(g: VillagersAndVillains, seat: int) -> None:
    if g.loud:
        g.emit(event("favor_keep", "{} keeps the King's Favor.", {"seat": seat}, (g.names[seat],)))


def move_start(g: VillagersAndVillains, seat: int, to: int) -> None:
    g.favor_seat = None
    g.marker = to
    if g.loud:
        g.emit(event("favor_move", "{} spends the King's Favor: {} takes the Start Marker.",
                     {"seat": seat, "to": to}, (g.names[seat], g.names[to])))


def use_bonus(g: VillagersAndVillains, seat: int) -> None:
    """The phase's bonus: +2 to the first die of a recruit or to a DEFENSE roll, no
    Pillage Loss, +1 earning."""
    t = g.turn_state
    g.favor_seat = None
    phase = g.phase
    name = g.names[seat]
    if phase == "recruit":
        # Reading: "add 2 to a recruit roll" ("bij zijn worp", one roll): the first die
        # of the recruit; extra rolls bought or given are rolled without it
        t.favor = True
        if g.loud:
            g.emit(event("favor_use", "{} spends the King's Favor: +{} to the first recruit die.",
                         {"seat": seat}, (name, FAVOR_RECRUIT_BONUS)))
    elif phase == "defend":
        t.bonus += FAVOR_DEFENSE_BONUS
        t.favor = True
        if g.loud:
            g.emit(event("favor_use", "{} spends the King's Favor: +{} to this DEFENSE roll.",
                         {"seat": seat}, (name, FAVOR_DEFENSE_BONUS)))
    elif phase == "pillage":
        # Reading: the Favor cancels the Pillage Loss; a Tax Collector's due is not pillage
        t.avoid = True
        if g.loud:
            g.emit(event("favor_use", "{} spends the King's Favor to avoid losing gold to pillage.",
                         {"seat": seat}, (name,)))
    else:
        if g.loud:
            g.emit(event("favor_use", "{} spends the King's Favor for 1 extra gold.",
                         {"seat": seat}, (name,)))
        g.pay_from_bank(seat, FAVOR_EARNING_BONUS, "the King's Favor")
