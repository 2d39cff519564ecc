"""Villagers solo games played by the heuristic bot, for the solo lesson and experiments:
a whole game against the Countess, and a position at the start of an Event Phase."""

from __future__ import annotations

from ..core.play import play
from ..core.seat import SeatView
from ..villagers import Villagers
from .villagers_bot import VillagersBot

SEAT = 0  # the solo player


def play_solo(mode: str, seed: int) -> Villagers:
    """One whole solo game by the heuristic bot, dealt from `seed`."""
    return play(Villagers.new(players=1, seed=seed, solo_mode=mode), [VillagersBot(seed)])


def event_phase_position(mode: str, seed: int, round_no: int) -> Villagers:
    """A solo game played by the bot from deal `seed` up to the start of round
    `round_no`'s Event Phase (ValueError if the game ends first)."""
    g = Villagers.new(players=1, seed=seed, solo_mode=mode)
    bot = VillagersBot(seed)
    while not (g.phase == "events" and g.round >= round_no):
        if g.is_over():
            raise ValueError(f"game {seed} ended in round {g.round}, before round "
                             f"{round_no}'s Event Phase: choose an earlier round")
        g.apply(SEAT, bot.act(SeatView(g, SEAT)))
    return g


def solo_gold(g: Villagers) -> tuple[int, int]:
    """(your Gold, the Countess's Gold) as the solo player sees them."""
    gold = g.observation(SEAT)["solo"]["gold"]
    return int(gold["you"]), int(gold["countess"])
