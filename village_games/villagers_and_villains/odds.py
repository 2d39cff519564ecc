"""Exact chances for the dice lessons and the play app: a recruit at a position with extra
rolls and bonuses, and a defense with several attempts (Murder Bats need three hits).

Every function returns a Fraction, so a lesson can show the exact value beside a Monte
Carlo estimate, and tests can compare them with brute-force enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .cards import standard_deck
from .options import DIE, FAVOR_DEFENSE_BONUS, FAVOR_RECRUIT_BONUS

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def roll_succeeds(need: int, bonus: int = 0, sides: int = DIE) -> Fraction:
    """The chance that one die plus `bonus` reaches `need`."""
    faces = sum(1 for f in range(1, sides + 1) if f + bonus >= need)
    return Fraction(faces, sides)


def recruit_chance(position: int, extra_rolls: int = 0, bonus: int = 0,
                   free_rolls: int = 0, sides: int = DIE, *, favor: int = 0,
                   sold: bool = False) -> Fraction:
    """The chance to recruit the card at `position` with `extra_rolls` bought rolls,
    `free_rolls` more (a Stable), `bonus` on every die (a Tower's +1) and `favor` more on
    the first die only (the King's Favor's +2):
    1 - (1 - p_first) * (1 - p)^(extra_rolls + free_rolls), with p the chance one die
    reaches the position. `sold` (Pony Express): the first roll was sold and counts as a
    1, bonuses added.

    Position 1 always succeeds (the card in position 1 is what a failure takes anyway)."""
    if position < 1:
        raise ValueError(f"position must be 1 or more, got {position}")
    if extra_rolls < 0 or free_rolls < 0 or favor < 0:
        raise ValueError("extra_rolls, free_rolls and favor must be 0 or more")
    if position == 1:
        return Fraction(1)
    if sold:
        first_miss = Fraction(0 if 1 + bonus + favor >= position else 1)
    else:
        first_miss = 1 - roll_succeeds(position, bonus + favor, sides)
    miss = 1 - roll_succeeds(position, bonus, sides)
    return 1 - first_miss * miss ** (extra_rolls + free_rolls)


def extra_roll_gain(position: int, extra_rolls: int, bonus: int = 0, *,
                    favor: int = 0) -> Fraction:
    """How much one more bought roll adds to the recruit chance (what 1 gold buys)."""
    return recruit_chance(position, extra_rolls + 1, bonus, favor=favor) - recruit_chance(
        position, extra_rolls, bonus, favor=favor)


def defense_chance(defeat: int, bonuses: Sequence[int] = (0,), successes: int = 1,
                   sides: int = DIE) -> Fraction:
    """The chance to defeat a challenge of Defeat Value `defeat` in one turn, rolling one
    attempt per entry of `bonuses` (0 for a TOWN DEFENSE, a hero's Defeat Bonus, +3 for the
    Angry Mob, +2 for the Favor) and needing `successes` successful rolls."""
    if successes < 1:
        raise ValueError("successes must be 1 or more")
    # dist[k] = chance of k successes so far (capped at `successes`)
    dist = [Fraction(0)] * (successes + 1)
    dist[0] = Fraction(1)
    for bonus in bonuses:
        p = roll_succeeds(defeat, bonus, sides)
        new = [Fraction(0)] * (successes + 1)
        for k, w in enumerate(dist):
            if not w:
                continue
            if k == successes:
                new[k] += w
                continue
            new[k + 1] += w * p
            new[k] += w * (1 - p)
        dist = new
    return dist[successes]


def defense_bonuses(heroes: int, hero_bonus: int, town_bonus: int = 0) -> list[int]:
    """One entry per DEFENSE roll of a turn: the town's (with `town_bonus`: the Angry
    Mob's and the Favor's, when spent), then one per hero with its Defeat Bonus."""
    if heroes < 0:
        raise ValueError(f"heroes must be 0 or more, got {heroes}")
    return [town_bonus] + [hero_bonus] * heroes


def defeated_within(defeat: int, rounds: Sequence[Sequence[int]],
                    successes: int = 1) -> Fraction:
    """The chance that a challenge is defeated in one of the rounds, each rolling the
    bonuses it lists (`defense_bonuses`): 1 minus the chance it survives every one."""
    alive = Fraction(1)
    for bonuses in rounds:
        alive *= 1 - defense_chance(defeat, bonuses, successes)
    return 1 - alive


def challenge_facts(deck: Any = None) -> dict[str, tuple[int, int, int]]:
    """Each challenge of the deck (default: the stand-in deck): (Defeat Value, Pillage
    Loss, successful rolls needed in one turn)."""
    cards = deck if deck is not None else standard_deck()
    return {c.name: (c.defeat, c.pillage, c.successes) for c in cards if c.type == "challenge"}


def ability_amount(effect: str, name: str, deck: Any = None) -> int:
    """What the deck's card `name` gives by its `effect` ability (the stand-in deck's
    Tower: +1 on each recruit die; its Stable: 1 free roll)."""
    card = (deck if deck is not None else standard_deck())[name]
    ability = card.ability
    if ability is None or ability.effect != effect:
        raise ValueError(f"the deck's {name} has no {effect} ability")
    return ability.amount


def pool_odds(g: VillagersAndVillains, seat: int, max_extra: int | None = None) -> list[dict]:
    """For the play app: each pool card's exact recruit chance for `seat` with 0, 1, ...
    extra rolls (up to the gold they hold, or `max_extra`), counting a bonus and free rolls
    already declared on their announced recruit."""
    t = g.turn_state
    mine = g.phase == "recruit" and g.turn_idx < len(g.order) and \
        g.order[g.turn_idx] == seat and t.step == "declare"
    bonus = t.bonus if mine else 0
    favor = FAVOR_RECRUIT_BONUS if mine and t.favor else 0
    free = max(0, t.rolls - 1 - t.bought) if mine else 0
    bought = t.bought if mine else 0
    top = g.players[seat].gold if max_extra is None else max_extra
    sold = seat in g.sold  # Pony Express: the base roll counts as a 1
    return [{"position": k, "card": card,
             "chances": [recruit_chance(k, bought + extra, bonus, free, favor=favor,
                                        sold=sold) for extra in range(top + 1)]}
            for k, card in enumerate(g.pool, start=1)]


def defense_odds(g: VillagersAndVillains, seat: int) -> list[dict]:
    """For the play app: for each challenge in `seat`'s town, the exact chance that one
    DEFENSE roll succeeds, by attacker (None = TOWN DEFENSE, else a hero), alone and with
    the Angry Mob (+3) and the King's Favor (+2) where the mayor holds them."""
    card = g.card
    p = g.players[seat]
    mob = g.cards.mob
    has_mob = mob.name in p.hand_pub
    has_favor = g.advanced and g.favor_seat == seat
    heroes = [c for c in p.town if card[c].type == "hero" and c not in g.fresh]
    rows = []
    for c in p.town:
        ch = card[c]
        if ch.type != "challenge":
            continue
        attackers = []
        for hero in (None, *heroes):
            base = card[hero].defense if hero else 0
            row: dict[str, Any] = {"hero": hero, "bonus": base,
                                   "chance": roll_succeeds(ch.defeat, base)}
            if has_mob:
                row["with_mob"] = roll_succeeds(ch.defeat, base + mob.defense)
            if has_favor:
                row["with_favor"] = roll_succeeds(ch.defeat, base + FAVOR_DEFENSE_BONUS)
            attackers.append(row)
        rows.append({"challenge": c, "defeat": ch.defeat, "successes": ch.successes,
                     "attackers": attackers})
    return rows
