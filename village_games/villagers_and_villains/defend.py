"""Phase 2, Defend: one TOWN DEFENSE plus one HERO DEFENSE per hero; each attempt picks a
challenge, bonuses are declared, then the die decides. A defeated challenge goes to the
hand and pays its Loot Box."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def has_challenge(g: VillagersAndVillains, seat: int) -> bool:
    return not g.facts.challenges.isdisjoint(g.players[seat].town)


def start_defend(g: VillagersAndVillains, seat: int) -> bool:
    if not has_challenge(g, seat):
        return False
    g.turn_state.town_left = 1
    return True


def attack(g: VillagersAndVillains, seat: int, challenge: str, hero: str | None) -> None:
    t = g.turn_state
    t.challenge, t.hero = challenge, hero
    if hero is None:
        t.town_left -= 1
        t.bonus = 0
    else:
        t.heroes_used.append(hero)
        t.bonus = g.facts.defense[hero]
    t.step = "declare"
    if g.loud:
        how = "a TOWN DEFENSE" if hero is None else \
            f"a HERO DEFENSE with the {hero} (+{t.bonus})"
        g.emit(event("attack", "{} attacks the {} with {}.",
                     {"seat": seat, "challenge": challenge, "hero": hero},
                     (g.names[seat], challenge, how)))


def declare_mob(g: VillagersAndVillains, seat: int) -> None:
    t = g.turn_state
    facts = g.facts
    mob, bonus = facts.mob, facts.mob_defense
    g.players[seat].hand_pub.remove(mob)
    g.removed.append(mob)  # used once, then out of the game
    t.mob = True
    t.bonus += bonus
    if g.loud:
        g.emit(event("mob", "{} sends the Angry Mob (+{}); it leaves the game.",
                     {"seat": seat, "bonus": bonus}, (g.names[seat], bonus)))


def roll(g: VillagersAndVillains, seat: int) -> None:
    t = g.turn_state
    challenge = t.challenge
    assert challenge is not None
    c = g.card[challenge]
    die = g.roll_die(seat, "DEFENSE against the {}, needs {}{}", challenge, c.defeat,
                     f", +{t.bonus}" if t.bonus and g.loud else "")
    total = die + t.bonus
    # Reading: successes against a many-success challenge count within this turn only
    if total >= c.defeat:
        hits = t.hits.get(challenge, 0) + 1
        t.hits[challenge] = hits
        if hits >= c.successes:
            defeat(g, seat, challenge)
        elif g.loud:
            g.emit(event("hit", "{} hits the {} ({} of {} successes needed this turn).",
                         {"seat": seat, "challenge": challenge, "hits": hits},
                         (g.names[seat], challenge, hits, c.successes)))
    elif g.loud:
        g.emit(event("miss", "{} fails against the {} ({} is less than {}).",
                     {"seat": seat, "challenge": challenge, "total": total},
                     (g.names[seat], challenge, total, c.defeat)))
    t.challenge = t.hero = None
    t.bonus = 0
    t.mob = t.favor = False
    t.step = "choose"


def defeat(g: VillagersAndVillains, seat: int, challenge: str) -> None:
    p = g.players[seat]
    p.town.remove(challenge)
    p.hand_pub.append(challenge)
    loot = g.card[challenge].loot
    if g.loud:
        g.emit(event("defeat", "{} defeats the {} and takes it into their hand.",
                     {"seat": seat, "challenge": challenge, "loot": loot},
                     (g.names[seat], challenge)))
    if loot:
        g.pay_from_bank(seat, loot, f"the {challenge}'s Loot Box" if g.loud else "")
