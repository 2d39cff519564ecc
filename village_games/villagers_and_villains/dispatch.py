"""Carrying out a legal action: each kind goes to the rules module of its concept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
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


def carry_out(g: VillagersAndVillains, seat: int, a: Action) -> None:
    kind = type(a)
    if kind is Recruit:
        recruit.announce(g, seat, a.position)  # type: ignore[attr-defined]
    elif kind is Roll:
        if g.phase == "recruit":
            recruit.roll(g, seat)
        else:
            defend.roll(g, seat)
            _after_defense(g, seat)
    elif kind is BuyRoll:
        recruit.buy_roll(g, seat)
    elif kind is BuyRollFrom:
        recruit.ask_to_buy_roll(g, seat, a.seat)  # type: ignore[attr-defined]
    elif kind is SellRoll or kind is KeepRoll:
        recruit.answer_sale(g, kind is SellRoll)
    elif kind is Ordinance:
        recruit.ordinance(g, seat, a.position)  # type: ignore[attr-defined]
    elif kind is Attack:
        defend.attack(g, seat, a.challenge, a.hero)  # type: ignore[attr-defined]
    elif kind is DeclareMob:
        defend.declare_mob(g, seat)
    elif kind is Build:
        build.build(g, seat, a.card)  # type: ignore[attr-defined]
    elif kind is Resolve:
        rulings.resolve(g, seat, a.ruling)  # type: ignore[attr-defined]
    elif kind is Pass:
        g.say("pass", "{} ends their turn.", {"seat": seat}, g.names[seat])
        flow.end_turn(g)
    elif kind is UseAbility:
        powers.use_ability(g, seat, a.card)  # type: ignore[attr-defined]
        rulings.settle_turn(g, seat)
    elif kind is PayVend:
        powers.ask_vend(g, seat, a.seat, a.card)  # type: ignore[attr-defined]
    elif kind is AllowVend or kind is RefuseVend:
        powers.answer_vend(g, kind is AllowVend)
        rulings.settle_turn(g, g.order[g.turn_idx])
    elif kind is UseFavor:
        favor.use_bonus(g, seat)
        rulings.settle_turn(g, seat)
    elif kind is KeepFavor:
        favor.keep(g, seat)
    elif kind is MoveStart:
        favor.move_start(g, seat, a.seat)  # type: ignore[attr-defined]
    else:  # the legal list holds nothing else
        raise AssertionError(f"no rule carries out {a}")


def _after_defense(g: VillagersAndVillains, seat: int) -> None:
    """After a DEFENSE roll: the turn goes on while an attempt or a choice remains."""
    if not defend.challenges_in_town(g, seat):
        flow.end_turn(g)
        return
    rulings.settle_turn(g, seat)
