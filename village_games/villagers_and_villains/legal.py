"""The legal choices of the mayor who must act, and the rule that forbids anything else.

`legal_for` is the single source of truth (the game caches its tuple until the next move);
`why_not` only words the refusal of an action that is not in it.

Below the modules that carry out moves: it reads the game and changes nothing, so the
phase modules (which ask it whether a turn holds a choice), `flow` and `dispatch` import
it, never the reverse. What each phase offers (the cards one can build, the heroes ready
to defend, the mayors who may sell a roll) is worked out here for that reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action, short_repr
from . import powers
from .abilities import PHASE_TITLES
from .actions import (
    ALLOW_VEND,
    BUY_ROLL,
    DECLARE_MOB,
    KEEP_FAVOR,
    KEEP_ROLL,
    PASS,
    REFUSE_VEND,
    ROLL,
    SELL_ROLL,
    USE_FAVOR,
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
    act,
)
from .cards import TOWN_TYPES
from .options import DIE, MAX_PLAYERS, pool_size

if TYPE_CHECKING:
    from .game import VillagersAndVillains


def favor_bonus_useful(g: VillagersAndVillains, seat: int) -> bool:
    """Whether spending the held Favor for this phase's bonus is possible now."""
    t = g.turn_state
    phase, step = g.phase, t.step
    if phase == "recruit":
        return step == "declare" and not g.recruit_certain()
    if phase == "defend":
        return step == "declare" and not g.defense_certain()
    if phase == "pillage":
        return (step == "choose" and "pillage" in t.pending and not t.avoid
                and g.pillage_loss(seat) > t.reduce)
    return phase == "earning" and step == "choose"


def _useless_roll(g: VillagersAndVillains) -> str:
    """Why an extra recruit die would change nothing now."""
    t = g.turn_state
    if g.recruit_certain():
        return (f"your first roll already reaches position {t.position}: an extra roll "
                "would change nothing")
    return (f"an extra die shows at most {DIE}{f' (+{t.bonus})' if t.bonus else ''}, short "
            f"of position {t.position}: it would change nothing (declare a bonus on every "
            "die first, if you have one)")


# Recruit(1) .. Recruit(size), by the pool's size (at most a five-mayor pool)
RECRUITS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(act(Recruit, k) for k in range(1, size + 1))
    for size in range(pool_size(MAX_PLAYERS) + 1))


_FAVOR_CHOICES: dict[tuple[int, int], tuple[Action, ...]] = {}


def _favor_choices(players: int, marker: int) -> tuple[Action, ...]:
    """The Favor's holder's choices as a phase begins, built once per (players, marker)."""
    key = (players, marker)
    hit = _FAVOR_CHOICES.get(key)
    if hit is None:
        # Reading: the Favor gives the Start Marker to a mayor who does not hold it yet
        hit = _FAVOR_CHOICES[key] = (*(act(MoveStart, s) for s in range(players)
                                       if s != marker), KEEP_FAVOR)
    return hit


# ---------------------------------------------------------------- what each phase offers
def buildable(g: VillagersAndVillains, seat: int) -> list[str]:
    """Cards in hand `seat` can afford to build/hire now (file order, no repeats)."""
    t = g.turn_state
    if t.builds_left <= 0:
        return []
    p = g.players[seat]
    facts = g.facts
    town_cards, price = facts.town_cards, facts.price
    budget = p.gold + t.discount
    out: list[str] = []
    for c in (*p.hand_pub, *p.hand_sec):
        if c in town_cards and price[c] <= budget and c not in out:
            out.append(c)
    return out


def defenders(g: VillagersAndVillains, seat: int) -> tuple[list[str], list[str]]:
    """The challenges in `seat`'s town, and its heroes ready to defend (not used this turn,
    not just arrived), each in town order: one pass over the town (a plain loop: in
    Python 3.11 a comprehension is a function call of its own)."""
    kind = g.facts.kind
    used, fresh = g.turn_state.heroes_used, g.fresh
    challenges: list[str] = []
    heroes: list[str] = []
    for c in g.players[seat].town:
        k = kind[c]
        if k == "challenge":
            challenges.append(c)
        elif k == "hero" and c not in used and c not in fresh:
            heroes.append(c)
    return challenges, heroes


def roll_sellers(g: VillagersAndVillains, seat: int) -> list[int]:
    """Pony Express: mayors who may still sell `seat` their recruit roll this turn: their
    recruit turn in this phase is still to come, not sold yet, not asked this turn."""
    later = g.order[g.turn_idx + 1:]
    used = g.turn_state.used
    return [s for s in dict.fromkeys(later)
            if s != seat and s not in g.sold and f"roll:{s}" not in used]


# ---------------------------------------------------------------- the legal list
def legal_for(g: VillagersAndVillains, seat: int) -> tuple[Action, ...]:
    t = g.turn_state
    step = t.step
    if step == "favor":
        return _favor_choices(g.n, g.marker)
    if step == "vend":
        return (ALLOW_VEND, REFUSE_VEND)
    if step == "sell":
        return (SELL_ROLL, KEEP_ROLL)
    phase = g.phase
    adv = g.advanced
    out: list[Action]
    if phase == "recruit":
        if step == "choose":
            recruits = RECRUITS[len(g.pool)]
            if g.ordinance and seat not in g.ordinance_used and g.deck:
                recruits += tuple(act(Ordinance, k) for k in range(1, len(g.pool) + 1))
            if g.turn_abilities:
                return recruits + powers.ability_options(g, seat, g.turn_abilities)
            return recruits
        out = [ROLL]
        # Reading: extra rolls and bonuses that cannot change the result are not offered
        # (an extra die that cannot reach the card either: declare a bonus first)
        if not g.recruit_certain():
            if g.players[seat].gold >= 1 and g.extra_die_reaches():  # (so it is useful)
                out.append(BUY_ROLL)
                if g.pony_express:
                    out += [act(BuyRollFrom, s) for s in roll_sellers(g, seat)]
            if adv:
                if g.favor_seat == seat:
                    out.append(USE_FAVOR)
                if g.declare_abilities:
                    out += powers.ability_options(g, seat, g.declare_abilities)
        return tuple(out)
    if phase == "defend":
        if step == "choose":
            out = []
            challenges, heroes = defenders(g, seat)
            attack = g.facts.attack
            for c in challenges:
                if t.town_left > 0:
                    out.append(attack[c, None])
                for h in heroes:
                    out.append(attack[c, h])
            if g.turn_abilities:
                out += powers.ability_options(g, seat, g.turn_abilities)
            out.append(PASS)
            return tuple(out)
        out = [ROLL]
        if not g.defense_certain():
            if t.mob is False and g.facts.mob in g.players[seat].hand_pub:
                out.append(DECLARE_MOB)
            if adv:
                if g.favor_seat == seat:
                    out.append(USE_FAVOR)
                if g.declare_abilities:
                    out += powers.ability_options(g, seat, g.declare_abilities)
        return tuple(out)
    if phase == "build":
        builds = g.facts.build
        out = list(map(builds.__getitem__, buildable(g, seat)))  # no comprehension call
        if g.turn_abilities:
            out += powers.ability_options(g, seat, g.turn_abilities)
        out.append(PASS)
        return tuple(out)
    # pillage and earning: the turn's rulings, in the order the mayor likes
    resolves = g.facts.resolve
    out = list(map(resolves.__getitem__, dict.fromkeys(t.pending)))
    if adv and g.favor_seat == seat and favor_bonus_useful(g, seat):
        out.append(USE_FAVOR)
    if g.turn_abilities:
        out += powers.ability_options(g, seat, g.turn_abilities)
    if not t.pending:
        out.append(PASS)
    return tuple(out)


# ---------------------------------------------------------------- refusals in words
def why_not(g: VillagersAndVillains, seat: int, action: Action) -> str:
    reason = _why(g, seat, action)
    return reason or f"{action} is not a legal choice here"


def _why(g: VillagersAndVillains, seat: int, a: Action) -> str | None:
    t = g.turn_state
    step, phase, kind = t.step, g.phase, type(a)
    title = PHASE_TITLES.get(phase, phase)
    p = g.players[seat]
    if step == "favor":
        if type(a) is MoveStart:
            to = a.seat
            if type(to) is not int or not 0 <= to < g.n:
                return f"MoveStart needs a seat from 0 to {g.n - 1}, got {short_repr(to)}"
            if to == g.marker:
                return f"{g.names[to]} already holds the Start Marker"
        return (f"the {title} Phase begins and you hold the King's Favor: keep it "
                "(KeepFavor) or spend it to give the Start Marker to another mayor "
                "(MoveStart(seat))")
    if step == "vend":
        return "another mayor asks to use your VEND ability: answer AllowVend or RefuseVend"
    if step == "sell":
        return "another mayor asks to buy your recruit roll: answer SellRoll or KeepRoll"
    if kind in (SellRoll, KeepRoll):
        return "nobody is asking to buy your recruit roll"
    if kind is BuyRollFrom:
        if not g.pony_express:
            return "the Pony Express variant is not in play in this game"
        if phase != "recruit" or step != "declare":
            return ("a recruit roll is bought after announcing your card, before rolling "
                    "(Pony Express)")
        if p.gold < 1:
            return "a roll costs 1 gold and you have none"
        if not g.extra_die_useful():
            return _useless_roll(g)
        return ("only a mayor whose recruit turn is still to come in this phase, who has not "
                "sold it and was not asked this turn, can sell you their roll")
    if kind in (KeepFavor, MoveStart):
        return "the King's Favor moves the Start Marker only as a phase begins"
    if kind in (AllowVend, RefuseVend):
        return "no VEND request is waiting for your answer"
    if type(a) is Ordinance:
        if not g.ordinance:
            return "the Ordinance variant is not in play in this game"
        if seat in g.ordinance_used:
            return "each mayor uses the Ordinance once per game, and you have used yours"
        if phase != "recruit" or step != "choose":
            return "the Ordinance is used on your Recruit turn, before announcing a card"
        if not g.deck:
            return "the deck is empty: nothing could replace the card"
        return (f"the Recruitment Pool has positions 1 to {len(g.pool)}, got "
                f"{short_repr(a.position)}")
    if kind is UseAbility or kind is PayVend:
        return _why_ability(g, seat, a)
    if kind is UseFavor:
        if not g.advanced:
            return "the King's Favor is part of the advanced game"
        if g.favor_seat != seat:
            return "you do not hold the King's Favor"
        if phase == "build":
            return ("in the Build/Hire Phase the King's Favor can only move the Start Marker "
                    "as the phase begins")
        if phase in ("recruit", "defend") and step != "declare":
            return ("the King's Favor's bonus is declared before rolling: announce your "
                    "recruit or choose your DEFENSE first")
        return "the King's Favor's bonus would change nothing now"
    if phase == "recruit":
        if step == "choose":
            if type(a) is Recruit:
                pos = a.position
                return (f"the Recruitment Pool has positions 1 to {len(g.pool)}, got "
                        f"{short_repr(pos)}")
            return "announce the pool card you want first: Recruit(position)"
        if kind is BuyRoll:
            if p.gold < 1:
                return "an extra roll costs 1 gold and you have none"
            return _useless_roll(g)
        if kind is Recruit:
            return f"you have announced card {t.position}: declare bonuses, then Roll"
        return "you have announced your card: buy extra rolls or declare bonuses, then Roll"
    if phase == "defend":
        if step == "choose":
            if type(a) is Attack:
                return _why_attack(g, seat, a)
            if kind is Roll or kind is DeclareMob:
                return ("choose the challenge and the defense first: Attack(challenge, "
                        "hero)")
            return "in the Defend Phase you attack a challenge (Attack) or stop (Pass)"
        if kind is DeclareMob:
            if g.cards.mob.name not in p.hand_pub:
                return "you no longer hold the Angry Mob"
            if t.mob:
                return "the Angry Mob is already declared for this roll"
            return "this DEFENSE roll cannot fail: the Angry Mob would change nothing"
        return "your DEFENSE is declared: add bonuses (before rolling) or Roll"
    if phase == "build":
        if type(a) is Build:
            name = a.card
            if not isinstance(name, str) or not p.has_in_hand(name):
                return f"{short_repr(name)} is not a card in your hand"
            card = g.card[name]
            if card.type not in TOWN_TYPES:
                return f"the {name} cannot be built or hired (only buildings, citizens, heroes)"
            if t.builds_left <= 0:
                return "a mayor may add only 1 card to the town in the Build/Hire Phase"
            price = max(0, card.price - t.discount)
            return f"the {name} costs {price} gold and you have {p.gold}"
        return "in the Build/Hire Phase you build/hire a card from your hand (Build) or Pass"
    if phase in ("pillage", "earning"):
        if kind is Pass and t.pending:
            return f"carry out your rulings first ({', '.join(t.pending)}), in any order"
        if type(a) is Resolve:
            return (f"no ruling {short_repr(a.ruling)} waits on your turn"
                    + (f"; yours are {', '.join(t.pending)}" if t.pending else ""))
        return f"in the {title} Phase you carry out your rulings (Resolve) and Pass"
    return None


def _why_attack(g: VillagersAndVillains, seat: int, a: Attack) -> str:
    t = g.turn_state
    town = g.players[seat].town
    if not isinstance(a.challenge, str) or a.challenge not in town or \
            g.card[a.challenge].type != "challenge":
        return f"{short_repr(a.challenge)} is not a challenge in your town"
    if a.hero is None:
        return "you have used your TOWN DEFENSE this turn"
    if not isinstance(a.hero, str) or a.hero not in town or g.card[a.hero].type != "hero":
        return f"{short_repr(a.hero)} is not a hero in your town"
    if a.hero in t.heroes_used:
        return f"the {a.hero} has already defended this turn (one HERO DEFENSE per hero)"
    return f"the {a.hero} entered your town this phase and acts only from the next one"


def _why_ability(g: VillagersAndVillains, seat: int, a: Action) -> str:
    if not g.advanced:
        return "card abilities are part of the advanced game"
    name = getattr(a, "card", None)
    owner = seat if type(a) is UseAbility else getattr(a, "seat", None)
    if type(owner) is not int or not 0 <= owner < g.n:
        return f"PayVend needs a seat from 0 to {g.n - 1}, got {short_repr(owner)}"
    if not isinstance(name, str) or name not in g.players[owner].town:
        whose = "your town" if owner == seat else f"{g.names[owner]}'s town"
        return f"{short_repr(name)} is not in {whose}"
    ab = g.card[name].ability
    if ab is None:
        return f"the {name} has no ability"
    if type(a) is PayVend:
        if owner == seat:
            return f"the {name} is yours: use it with UseAbility"
        if ab.vend is None:
            return f"the {name} is not a VEND card: only its owner may use it"
    elif ab.passive:
        return f"the {name}'s ability works by itself; nobody uses it"
    if ab.phase != g.phase:
        return f"the {name}'s ability works in the {PHASE_TITLES[ab.phase]} Phase"
    if name in g.fresh:
        return f"the {name} entered a town this phase: it acts from the next phase"
    if f"{owner}:{name}" in g.turn_state.used:
        return f"the {name}'s ability has been used or asked for this turn (once per turn)"
    price = ab.cost if type(a) is UseAbility else ab.vend
    if price is not None and price > g.players[seat].gold:
        return f"using the {name} costs {price} gold and you have {g.players[seat].gold}"
    if ab.when == "declare" and g.turn_state.step != "declare":
        return (f"the {name}'s bonus is declared before rolling: announce your recruit or "
                "choose your DEFENSE first")
    if ab.when == "turn" and g.turn_state.step == "declare":
        return f"the {name}'s ability is not a bonus to a roll: roll first"
    return f"the {name}'s ability would change nothing now"

