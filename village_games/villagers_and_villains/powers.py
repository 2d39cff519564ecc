"""Using card abilities (advanced game): your own, paid or free, and another mayor's VEND
ability, which its owner may refuse. Each card's ability acts once per turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.events import event
from .abilities import Ability, apply_effect, usable_now

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def town_abilities(g: VillagersAndVillains, phase: str) -> list[tuple[int, str, Ability]]:
    """(seat, card, ability) for every town card whose ability works in `phase`."""
    found = g._abilities.get(phase)
    if found is None:
        here, ability = g.phase_cards[phase], g.facts.ability
        found = g._abilities[phase] = []
        for s, p in enumerate(g.players):
            for c in p.town:
                if c in here:
                    found.append((s, c, ability[c]))
    return found


Timed = list[tuple[int, str, Ability]]


def timed_abilities(g: VillagersAndVillains, phase: str) -> tuple[Timed, Timed]:
    """`town_abilities(g, phase)` by timing: those used any time in a turn, and those
    declared before a roll (kept beside them)."""
    key = (phase, "timed")
    found = g._abilities.get(key)
    if found is None:
        timing = g.facts.when
        turn: Timed = []
        declare: Timed = []
        for e in town_abilities(g, phase):
            when = timing[e[1]]
            if when == "turn":
                turn.append(e)
            elif when == "declare":
                declare.append(e)
        found = g._abilities[key] = (turn, declare)
    return found


def note_phase_abilities(g: VillagersAndVillains) -> None:
    """Keep, as the turns of a phase are set up, the town abilities that may be used in
    them (`g.turn_abilities`) and declared before their rolls (`g.declare_abilities`):
    legal lists ask for them before nearly every choice of the advanced game, and most
    often there are none. They hold for the whole phase: a card that enters a town during
    it acts only from the next phase (`ability_options` skips the cards in `g.fresh`), and
    no card with an ability leaves a town."""
    if g.advanced:
        g.turn_abilities, g.declare_abilities = timed_abilities(g, g.phase)


def ability_options(g: VillagersAndVillains, seat: int,
                    found: list[tuple[int, str, Ability]]) -> tuple[Action, ...]:
    """UseAbility / PayVend choices for `seat` now among `found`, this phase's town
    abilities of one timing (`g.turn_abilities`: any time in the turn, or
    `g.declare_abilities`: before a roll)."""
    fresh, used = g.fresh, g.turn_state.used
    gold = g.players[seat].gold
    facts = g.facts
    out: list[Action] = []
    for s, c, ab in found:
        if c in fresh:
            continue
        own = s == seat
        if own:
            price = ab.cost
        elif ab.vend is None:
            continue
        else:
            price = ab.vend
        if price > gold or (used and f"{s}:{c}" in used) or not usable_now(g, seat, ab):
            continue
        out.append(facts.use[c] if own else facts.pay_vend[s, c])
    return tuple(out)


def use_ability(g: VillagersAndVillains, seat: int, name: str) -> None:
    ab = g.card[name].ability
    assert ab is not None
    g.turn_state.used.append(f"{seat}:{name}")
    if ab.cost:
        g.pay_to_bank(seat, ab.cost)
    if g.loud:
        g.emit(event("ability", "{} uses the {}{}: {}.",
                     {"seat": seat, "card": name, "paid": ab.cost},
                     (g.names[seat], name, f" (pays {ab.cost} gold)" if ab.cost else "",
                      ab.describe())))
    apply_effect(g, seat, name, ab)


def ask_vend(g: VillagersAndVillains, seat: int, owner: int, name: str) -> None:
    t = g.turn_state
    # Reading: once per turn means once per card per mayor's turn; a refusal uses it up
    t.used.append(f"{owner}:{name}")
    t.vend = [owner, name, t.step]
    t.step = "vend"
    ab = g.card[name].ability
    assert ab is not None
    if g.loud:
        g.emit(event("vend_ask", "{} offers {} gold to use {}'s {} (VEND).",
                     {"seat": seat, "owner": owner, "card": name, "price": ab.vend},
                     (g.names[seat], ab.vend, g.names[owner], name)))


def answer_vend(g: VillagersAndVillains, allow: bool) -> None:
    t = g.turn_state
    assert t.vend is not None
    owner, name, step = t.vend
    t.vend = None
    t.step = step
    seat = g.order[g.turn_idx]
    ab = g.card[name].ability
    assert ab is not None and ab.vend is not None
    if not allow:
        if g.loud:
            g.emit(event("vend_refuse", "{} refuses {} the use of the {}.",
                         {"seat": owner, "to": seat, "card": name},
                         (g.names[owner], g.names[seat], name)))
        return
    if ab.vend_to == "owner":
        g.pay_seat(seat, owner, ab.vend)
    else:
        g.pay_to_bank(seat, ab.vend)
    if g.loud:
        g.emit(event("vend_allow", "{} lets {} use the {} for {} gold: {}.",
                     {"seat": owner, "to": seat, "card": name, "price": ab.vend},
                     (g.names[owner], g.names[seat], name, ab.vend, ab.describe())))
    apply_effect(g, seat, name, ab)
