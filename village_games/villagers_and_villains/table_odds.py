"""The live odds a table shows beside the choices, worked out from one seat's observation.

`odds.pool_odds(game, seat)` and `odds.defense_odds(game, seat)` read a game object; a
table draws observations (the step-by-step view shows the table as it was several events
ago), so these give the same numbers from what the observation holds: the pool, the
mayor's gold, the announced recruit's bonus and rolls, the town, the Angry Mob, the Favor,
the cards that entered a town this phase and the Pony Express rolls sold. The tests check
that both ways agree on every position of many seeded games.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from .cards import CardSet
from .odds import recruit_chance, roll_succeeds
from .options import FAVOR_DEFENSE_BONUS, FAVOR_RECRUIT_BONUS

if TYPE_CHECKING:
    from .views import TurnView, VVObservation


class PoolOdds(TypedDict):
    """A pool card's recruit chance with 0, 1, ... extra rolls."""

    position: int
    card: str
    chances: list[Fraction]


class AttackerOdds(TypedDict):
    """One DEFENSE roll against a challenge: by TOWN DEFENSE (`hero` None) or a hero."""

    hero: str | None
    bonus: int
    chance: Fraction
    with_mob: NotRequired[Fraction]  # with the Angry Mob, when the mayor holds it
    with_favor: NotRequired[Fraction]  # with the King's Favor, when the mayor holds it


class DefenseOdds(TypedDict):
    challenge: str
    defeat: int
    successes: int
    attackers: list[AttackerOdds]


def _declaring(obs: VVObservation, seat: int) -> TurnView | None:
    """The turn record when `seat` has announced a recruit and not yet rolled."""
    t = obs.get("turn")
    if (obs["phase"] == "recruit" and t is not None and t.get("seat") == seat
            and t.get("step") == "declare"):
        return t
    return None


def pool_odds_seen(obs: VVObservation, seat: int,
                   max_extra: int | None = None) -> list[PoolOdds]:
    """Each pool card's exact recruit chance for `seat` with 0, 1, ... extra rolls (up to
    the gold they hold, or `max_extra`), as `odds.pool_odds` gives it."""
    t = _declaring(obs, seat)
    bonus = t["bonus"] if t else 0
    favor = FAVOR_RECRUIT_BONUS if t and t.get("favor") else 0
    free = max(0, t["rolls"] - 1 - t["bought"]) if t else 0
    bought = t["bought"] if t else 0
    top = obs["players"][seat]["gold"] if max_extra is None else max_extra
    pony = obs.get("pony_express")
    sold = seat in (pony["sold"] if pony else [])
    rows: list[PoolOdds] = []
    for slot in obs["pool"]:
        k = slot["position"]
        chances: list[Fraction] = [recruit_chance(k, bought + extra, bonus, free,
                                                  favor=favor, sold=sold)
                                   for extra in range(top + 1)]
        rows.append({"position": k, "card": slot["card"], "chances": chances})
    return rows


def defense_odds_seen(obs: VVObservation, cards: CardSet, seat: int) -> list[DefenseOdds]:
    """For each challenge in `seat`'s town, the chance one DEFENSE roll beats it, by
    attacker (None = TOWN DEFENSE, else a hero that did not arrive this phase), alone and
    with the Angry Mob and the King's Favor where the mayor holds them (as
    `odds.defense_odds`)."""
    card = cards.cards
    p = obs["players"][seat]
    mob = cards.mob
    favor = obs.get("favor") or {}
    has_favor = bool(obs.get("advanced")) and favor.get("where") == "mayor" and \
        favor.get("seat") == seat
    fresh = set(obs.get("fresh") or [])
    heroes = [c for c in p["town"] if card[c].type == "hero" and c not in fresh]
    rows: list[DefenseOdds] = []
    for c in p["town"]:
        ch = card[c]
        if ch.type != "challenge":
            continue
        attackers: list[AttackerOdds] = []
        for hero in (None, *heroes):
            base = card[hero].defense if hero else 0
            row: AttackerOdds = {"hero": hero, "bonus": base,
                                   "chance": roll_succeeds(ch.defeat, base)}
            if p["angry_mob"]:
                row["with_mob"] = roll_succeeds(ch.defeat, base + mob.defense)
            if has_favor:
                row["with_favor"] = roll_succeeds(ch.defeat, base + FAVOR_DEFENSE_BONUS)
            attackers.append(row)
        rows.append({"challenge": c, "defeat": ch.defeat, "successes": ch.successes,
                     "attackers": attackers})
    return rows


def announced_odds(obs: VVObservation, cards: CardSet, seat: int) -> dict[str, Fraction] | None:
    """For a recruit or DEFENSE `seat` has announced and not yet rolled: the chance as it
    stands (`now`), with one more bought roll (`roll`, recruits), with the King's Favor's
    bonus (`favor`) and with the Angry Mob (`mob`, defenses). None when nothing is
    announced. A DEFENSE's chance is that of this one roll succeeding."""
    t = obs.get("turn")
    if t is None or t.get("seat") != seat or t.get("step") != "declare":
        return None
    if obs["phase"] == "recruit":
        rows = pool_odds_seen(obs, seat, max_extra=1)
        k = t["position"]
        if not 1 <= k <= len(rows):
            return None
        now, roll = rows[k - 1]["chances"]
        favor_obs: VVObservation = {**obs, "turn": {**t, "favor": True}}  # +2 on the 1st die
        favor = pool_odds_seen(favor_obs, seat, max_extra=0)[k - 1]["chances"][0]
        return {"now": now, "roll": roll, "favor": favor}
    challenge = t["challenge"]
    if obs["phase"] == "defend" and challenge:
        defeat = cards.cards[challenge].defeat
        return {"now": roll_succeeds(defeat, t["bonus"]),
                "favor": roll_succeeds(defeat, t["bonus"] + FAVOR_DEFENSE_BONUS),
                "mob": roll_succeeds(defeat, t["bonus"] + cards.mob.defense)}
    return None


# the ability effects that change the chance of an announced recruit or DEFENSE roll, and
# the turn record's number each adds to
_CHANCE_EFFECTS: dict[str, dict[str, Literal["bonus", "rolls"]]] = {
    "recruit": {"recruit_bonus": "bonus", "free_roll": "rolls"},
    "defend": {"defense_bonus": "bonus"}}


def ability_odds(obs: VVObservation, cards: CardSet, seat: int,
                 card: str) -> dict[str, Fraction] | None:
    """For `card`'s ability (of `seat`'s own town, or another mayor's paid for by VEND) used
    on the recruit or DEFENSE `seat` has announced: the chance as it stands (`now`) and
    with the ability (`after`). None when nothing is announced or the ability does not
    change the chance (it draws a card, gains gold...)."""
    t = obs.get("turn")
    c = cards.cards.get(card)
    if t is None or t.get("seat") != seat or t.get("step") != "declare" or c is None:
        return None
    ability = c.ability
    if ability is None:
        return None
    key = _CHANCE_EFFECTS.get(obs["phase"], {}).get(ability.effect)
    if key is None:
        return None
    now = announced_odds(obs, cards, seat)
    if now is None:
        return None
    turn = t.copy()
    turn[key] = t[key] + ability.amount
    changed: VVObservation = {**obs, "turn": turn}
    after = announced_odds(changed, cards, seat)
    return None if after is None else {"now": now["now"], "after": after["now"]}
