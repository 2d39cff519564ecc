"""The vocabulary of card abilities (advanced game): what each effect word in a deck file
means, when it may be used, and how it changes the game.

A deck file names an effect per ability (`effect = "recruit_bonus"`); this module is the
only place that knows what the words do, so a new card is data, not code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import VillagersAndVillains

PHASES: tuple[str, ...] = ("recruit", "defend", "pillage", "earning", "build", "reset")
PHASE_TITLES = {"recruit": "Recruit", "defend": "Defend", "pillage": "Pillage",
                "earning": "Earning", "build": "Build/Hire", "reset": "Reset"}


@dataclass(frozen=True, slots=True)
class Effect:
    """What an effect word allows. `when`: "declare" (after announcing a recruit or choosing
    a DEFENSE target, before the roll), "turn" (any time in your own turn of that phase) or
    "passive" (it works by itself, with no choice)."""

    phases: tuple[str, ...]
    when: str
    text: str  # "{n}" is the amount

    def describe(self, amount: int) -> str:
        return self.text.format(n=amount, s="" if amount == 1 else "s")


EFFECTS: dict[str, Effect] = {
    "recruit_bonus": Effect(("recruit",), "declare", "+{n} to every die of this recruit"),
    "free_roll": Effect(("recruit",), "declare", "{n} extra recruit roll{s} at no cost"),
    "draw": Effect(("recruit", "defend", "pillage", "earning", "build"), "turn",
                   "draw {n} card{s} from the deck into your hand"),
    "defense_bonus": Effect(("defend",), "declare", "+{n} to this DEFENSE roll"),
    "extra_defense": Effect(("defend",), "turn", "{n} extra TOWN DEFENSE attempt{s}"),
    "reduce_pillage": Effect(("pillage",), "turn", "your Pillage Loss this turn is {n} lower"),
    "tax": Effect(("pillage",), "passive",
                  "every other mayor pays you {n} gold on their Pillage turn"),
    "gain": Effect(("earning",), "turn", "take {n} gold from the bank"),
    "income": Effect(("reset",), "passive", "take {n} gold from the bank at each Reset"),
    "extra_build": Effect(("build",), "turn", "build/hire {n} more card{s} this phase"),
    "discount": Effect(("build",), "turn", "your next build/hire this phase costs {n} less"),
}
VEND_TO: tuple[str, ...] = ("owner", "bank")


@dataclass(frozen=True, slots=True)
class Ability:
    """A card's ability as printed: its phase, effect word and amount, what its owner pays
    the bank to use it (`cost`), and for a VEND card what another mayor pays (`vend`) and
    to whom (`vend_to`)."""

    phase: str
    effect: str
    amount: int = 1
    cost: int = 0
    vend: int | None = None
    vend_to: str = "owner"

    @property
    def when(self) -> str:
        return EFFECTS[self.effect].when

    @property
    def passive(self) -> bool:
        return EFFECTS[self.effect].when == "passive"

    def describe(self) -> str:
        text = f"{PHASE_TITLES[self.phase]}: {EFFECTS[self.effect].describe(self.amount)}"
        if self.cost:
            text += f" (pay {self.cost} gold to the bank)"
        if self.vend is not None:
            to = "the owner" if self.vend_to == "owner" else "the bank"
            text += f"; VEND: other mayors may pay {self.vend} gold to {to} to use it"
        return text


def apply_effect(g: VillagersAndVillains, seat: int, card: str, ability: Ability) -> None:
    """Carry out an active ability for `seat` (its user, who has already paid)."""
    effect, n = ability.effect, ability.amount
    t = g.turn_state
    if effect == "recruit_bonus":
        t.bonus += n
    elif effect == "free_roll":
        t.rolls += n
    elif effect == "defense_bonus":
        t.bonus += n
    elif effect == "extra_defense":
        t.town_left += n
    elif effect == "reduce_pillage":
        t.reduce += n
    elif effect == "gain":
        g.pay_from_bank(seat, n, card)
    elif effect == "extra_build":
        t.builds_left += n
    elif effect == "discount":
        t.discount += n
    elif effect == "draw":
        for _ in range(n):
            g.draw_to_hand(seat, card)
    else:  # passive effects never come here; the loader refuses unknown words
        raise AssertionError(f"no active effect {effect!r}")


def usable_now(g: VillagersAndVillains, seat: int, ability: Ability) -> bool:
    """Whether the ability's effect would do something in `seat`'s turn as it stands (the
    phase and step are already right)."""
    effect = ability.effect
    t = g.turn_state
    if effect == "draw":
        return len(g.deck) >= ability.amount
    if effect == "recruit_bonus":
        return not g.recruit_certain()
    if effect == "free_roll":
        return g.extra_die_useful()
    if effect == "defense_bonus":
        return not g.defense_certain()
    if effect == "reduce_pillage":
        return "pillage" in t.pending and not t.avoid and t.reduce < g.pillage_loss(seat)
    if effect == "discount":
        return t.builds_left > 0
    if effect == "extra_defense":
        return not g.facts.challenges.isdisjoint(g.players[seat].town)
    return True
