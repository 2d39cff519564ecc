"""Carrying out a legal action: each kind goes to the rules module of its concept, then
to `flow` for what follows (the turn goes on, ends, or the phase's turns start).

The top of the rules' layering (game <- dispatch <- flow <- phase modules <- legal):
the phase modules only carry out their rule, so none of them calls back up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.events import event
from . import build, defend, favor, flow, powers, recruit, rulings
from .actions import (
    AllowVend,
    Attack,
    Build,
    BuyRoll,
    BuyRollFrom,
    DeclareMob,
    KeepFavor,
    KeepRoll,
    MoveStart,
    Ordinance,
    Pass,
    PayVend,
    Recruit,
    RefuseVend,
    Resolve,
    Roll,
    SellRoll,
    UseAbility,
    UseFavor,
)

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def _recruit(g: VillagersAndVillains, seat: int, a: Recruit) -> None:
    if recruit.announce(g, seat, a.position):  # position 1: taken without a roll
        flow.end_turn(g)


def _roll(g: VillagersAndVillains, seat: int, a: Roll) -> None:
    if g.phase == "recruit":
        recruit.roll(g, seat)  # a card is taken, hit or miss
        flow.end_turn(g)
    else:
        defend.roll(g, seat)
        _after_defense(g, seat)


def _pass(g: VillagersAndVillains, seat: int, a: Pass) -> None:
    if g.loud:
        g.emit(event("pass", "{} ends their turn.", {"seat": seat}, (g.names[seat],)))
    flow.end_turn(g)


def _use_ability(g: VillagersAndVillains, seat: int, a: UseAbility) -> None:
    powers.use_ability(g, seat, a.card)
    flow.settle_turn(g, seat)


def _answer_vend(g: VillagersAndVillains, seat: int, a: AllowVend | RefuseVend) -> None:
    powers.answer_vend(g, type(a) is AllowVend)
    flow.settle_turn(g, g.order[g.turn_idx])


def _use_favor(g: VillagersAndVillains, seat: int, a: UseFavor) -> None:
    favor.use_bonus(g, seat)
    flow.settle_turn(g, seat)


def _build(g: VillagersAndVillains, seat: int, a: Build) -> None:
    build.build(g, seat, a.card)
    flow.settle_turn(g, seat)


def _resolve(g: VillagersAndVillains, seat: int, a: Resolve) -> None:
    rulings.resolve(g, seat, a.ruling)
    flow.settle_turn(g, seat)


def _keep_favor(g: VillagersAndVillains, seat: int, a: KeepFavor) -> None:
    favor.keep(g, seat)
    flow.start_turns(g)


def _move_start(g: VillagersAndVillains, seat: int, a: MoveStart) -> None:
    favor.move_start(g, seat, a.seat)
    flow.start_turns(g)


# Each kind of action and the rule that carries it out (one lookup instead of a chain of
# tests, as every move of a search passes through here).
# (each rule takes its own kind of action: the table's values take any, by their key)
Rule = Callable[["VillagersAndVillains", int, Any], None]
RULES: dict[type[Action], Rule] = {
    Recruit: _recruit,
    Roll: _roll,
    BuyRoll: lambda g, seat, a: recruit.buy_roll(g, seat),
    BuyRollFrom: lambda g, seat, a: recruit.ask_to_buy_roll(g, seat, a.seat),
    SellRoll: lambda g, seat, a: recruit.answer_sale(g, True),
    KeepRoll: lambda g, seat, a: recruit.answer_sale(g, False),
    Ordinance: lambda g, seat, a: recruit.ordinance(g, seat, a.position),
    Attack: lambda g, seat, a: defend.attack(g, seat, a.challenge, a.hero),
    DeclareMob: lambda g, seat, a: defend.declare_mob(g, seat),
    Build: _build,
    Resolve: _resolve,
    Pass: _pass,
    UseAbility: _use_ability,
    PayVend: lambda g, seat, a: powers.ask_vend(g, seat, a.seat, a.card),
    AllowVend: _answer_vend,
    RefuseVend: _answer_vend,
    UseFavor: _use_favor,
    KeepFavor: _keep_favor,
    MoveStart: _move_start,
}


def _after_defense(g: VillagersAndVillains, seat: int) -> None:
    """After a DEFENSE roll: the turn goes on while an attempt or a choice remains."""
    if not defend.has_challenge(g, seat):
        flow.end_turn(g)
        return
    flow.settle_turn(g, seat)
