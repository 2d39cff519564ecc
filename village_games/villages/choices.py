"""What a seat may do now (`legal_for`) and, for anything else, the rule that forbids it
(`why_not`). The legal list is the one source of truth; `why_not` only explains."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..core import words
from ..core.actions import Action
from .actions import (
    DRAW_DECK,
    DRAW_DISCARD,
    END_TURN,
    REWARDS,
    Add,
    Attack,
    Build,
    BuildAs,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Give,
    Reward,
    act,
    acts,
)
from .battle import defend_options, reward_options
from .cards import CardSet
from .hand_index import HandIndex, index_for
from .legal import Legal, made
from .locations import builds_per_turn, draws_per_turn, gifts_per_turn
from .options import GIFTS, HAND, MAX_PLAYERS, MIN_PLAYERS, SET_SIZE

if TYPE_CHECKING:
    from .game import Villages


def supports(g: Villages, village: list[str]) -> tuple[bool, bool]:
    """(animals may join, buildings may join): a Farmer, a Builder in the village now."""
    cards = g.cards
    return (not cards.farmer_ids.isdisjoint(village),
            not cards.builder_ids.isdisjoint(village))


def attack_targets(g: Villages, p: int) -> tuple[tuple[int, str], ...]:
    """Other players' villages holding a unit or an animal (something to fight for)."""
    # Reading: a village of buildings only cannot be attacked: no reward could be taken
    only_buildings = g.cards.building_ids.issuperset
    out: list[tuple[int, str]] = []
    for s, theirs in enumerate(g.villages):
        if s != p:
            for colour, village in theirs.items():
                if not only_buildings(village):
                    out.append((s, colour))
    return tuple(out)


def attack_senders(g: Villages, p: int) -> tuple[tuple[str, str], ...]:
    """Units `p` may send: from any of their villages (face up) or hired from hand."""
    units = g.cards.unit_ids
    out: list[tuple[str, str]] = []
    for colour, village in g.villages[p].items():
        for c in village:
            if c in units:
                out.append((c, colour))
    for c in g.hands[p]:
        if c in units:
            out.append((c, HAND))
    return tuple(out)


def legal_for(g: Villages, p: int) -> Sequence[Action]:
    """Every legal action of `p` (the seat to act) in the current phase."""
    phase = g.phase
    if phase == "main":
        return main_legal(g, p)
    if phase == "draw":
        if g.deck:
            return _DRAW_BOTH if g.discard else _DRAW_DECK
        return _DRAW_DISCARD if g.discard else _DRAW_NONE
    if phase == "defend":
        return acts(Defend, defend_options(g))
    return acts(Reward, reward_options(g))


def main_legal(g: Villages, p: int) -> Sequence[Action]:
    """After the draw: build, add, give (any order, within the turn's limits), the one
    action (discard or attack) until it is taken, and EndTurn once it is."""
    cards = g.cards
    hand = g.hands[p]
    mine = g.villages[p]
    loc = g.location
    if loc is None:
        may_build, may_give = g.built_n < 1, g.given < GIFTS
    else:
        may_build, may_give = g.built_n < loc.builds, g.given < loc.gifts
    # The hand by village colour and kind, kept up to date card by card: a main-phase
    # move changes a card or two of it
    ix = index_for(g, p)
    units, animals, buildings = ix.units, ix.animals, ix.buildings
    builds: list[tuple[str, ...]] = []
    named: tuple[BuildAs, ...] = ()
    if may_build and ix.big:
        if cards.plain:
            builds = _plain_builds(cards, ix, mine)
        else:
            builds, named = _mixed_builds(cards, ix, mine)
    farmers, builders = cards.farmer_ids, cards.builder_ids
    adds: list[tuple[str, str]] = []
    for v, village in mine.items():  # by village, then in hand order
        group = units.get(v)
        if group:
            for c in group:
                adds.append((c, v))
        if animals and not farmers.isdisjoint(village):
            for c in animals:
                adds.append((c, v))
        if buildings and not builders.isdisjoint(village):
            for c in buildings:
                adds.append((c, v))
    # other players' villages, once: the gifts they may take and (before the turn's
    # action) the attacks they may suffer, as `attack_targets` lists them
    gives: list[tuple[str, int, str]] = []
    targets: list[tuple[int, str]] = []
    need_targets = not g.acted
    if may_give or need_targets:
        only_buildings = cards.building_ids.issuperset
        villages = g.villages
        for s in _OTHERS[g.n][p]:
            theirs = villages[s]
            if theirs:
                for v, village in theirs.items():
                    # Reading: a village of buildings only cannot be attacked
                    if need_targets and not only_buildings(village):
                        targets.append((s, v))
                    if not may_give:
                        continue
                    group = units.get(v)
                    if group:
                        for c in group:
                            gives.append((c, s, v))
                    if animals and not farmers.isdisjoint(village):
                        for c in animals:
                            gives.append((c, s, v))
                    if buildings and not builders.isdisjoint(village):
                        for c in buildings:
                            gives.append((c, s, v))
    if not need_targets:  # the turn's action is taken: a short list, made at once
        return made(named, builds, adds, gives, _END)
    senders = attack_senders(g, p) if targets else ()
    # Reading: a player who can neither discard nor attack ends the turn without an action
    can_end = not hand and not (targets and senders)
    return Legal(named, builds, adds, gives, tuple(hand), targets, senders,
                 _END if can_end else ())


def _new_colours(ix: HandIndex, mine: dict[str, list[str]]) -> list[str]:
    """The colours the hand holds enough units of to found a village that `mine` lacks."""
    colours: list[str] = []
    for v in ix.big:
        if v not in mine:
            colours.append(v)
    return colours


def _plain_builds(cards: CardSet, ix: HandIndex, mine: dict[str, list[str]]
                  ) -> list[tuple[str, ...]]:
    """New villages from a hand of single-colour units: every trio of each colour it has
    enough units of that `mine` lacks, the colours in the order the hand first shows them
    (its first unit's card order), each trio in hand order."""
    units = ix.units
    colours = _new_colours(ix, mine)
    if len(colours) > 1:
        order = cards.order
        colours.sort(key=lambda v: order[units[v][0]])
    builds: list[tuple[str, ...]] = []
    for v in colours:
        builds += combinations(units[v], SET_SIZE)
    return builds


def _mixed_builds(cards: CardSet, ix: HandIndex, mine: dict[str, list[str]]
                  ) -> tuple[list[tuple[str, ...]], tuple[BuildAs, ...]]:
    """New villages from a hand with dual-colour or Light units (`ix.units`: under every
    colour they fit), for the colours it has enough units of that `mine` lacks, in village
    order, each trio in hand order: a trio that can found one colour only is a Build; one
    that could found two (dual-colour cards, perhaps with Light ones) names its colour
    with BuildAs."""
    units = ix.units
    colours = _new_colours(ix, mine)
    if len(colours) > 1:
        colours.sort(key=cards.colour_rank.__getitem__)
    builds: list[tuple[str, ...]] = []
    named: list[BuildAs] = []
    duals, wild = cards.dual_ids, cards.wild_ids
    for v in colours:
        group = units[v]  # in hand order, which is card order
        # units of colour v, perhaps with Light ones but too few of them to fill a trio:
        # every trio founds v only
        if duals.isdisjoint(group) and len(wild.intersection(group)) < SET_SIZE:
            builds += combinations(group, SET_SIZE)
        else:
            _sort_trios(cards, v, group, builds, named)
    return builds, tuple(named)


def _sort_trios(cards: CardSet, v: str, group: list[str], builds: list[tuple[str, ...]],
                named: list[BuildAs]) -> None:
    """Each trio of `group` (units that all fit v) as a Build, a BuildAs naming v, or
    nothing: `cards.founds`, worked out from per-unit colour sets."""
    found_set = cards.found_set
    for trio in combinations(group, SET_SIZE):
        found = None
        for c in trio:
            # Reading: Light units fill places beside at least one unit truly of the colour
            f = found_set[c]
            if f is not None:
                found = f if found is None else found & f
        if found is None:  # Light units alone found nothing
            continue
        # every non-Light unit here fits v, so they share v, and another colour only if
        # all of them are dual-colour cards of the same two colours
        # Reading: a trio that could found two colours names one (BuildAs)
        if len(found) == 1:
            builds.append(trio)
        else:
            named.append(act(BuildAs, *trio, v))


_END = (END_TURN,)
# _OTHERS[n][p]: the seats other than p at a table of n, in seat order
_OTHERS = {n: tuple(tuple(s for s in range(n) if s != p) for p in range(n))
           for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
# The draw choices, made once and shared by every game: plain tuples, which the core reads
# without a call into Python (`len`, indexing, and `apply` looking for the very action)
_DRAW_BOTH = (DRAW_DECK, DRAW_DISCARD)
_DRAW_DECK = (DRAW_DECK,)
_DRAW_DISCARD = (DRAW_DISCARD,)
_DRAW_NONE = ()


# ------------------------------------------------------------------ explanations
def why_not(g: Villages, p: int, action: Action) -> str | None:
    """The rule that forbids `action` now, in the game's words (None: no reason found)."""
    kind = type(action)
    phase = g.phase
    draws = draws_per_turn(g.location)
    if phase == "draw" and kind is not Draw:
        return (f"a turn starts by drawing {words.count(draws, 'card')}: "
                "Draw(source='deck') or Draw(source='discard')")
    if phase == "defend" and kind is not Defend:
        return "a battle is under way: the defender must choose a unit (Defend)"
    if phase == "reward" and kind is not Reward:
        return "the attacker won the battle and must choose a reward (Reward)"
    if phase == "main" and kind in (Draw, Defend, Reward):
        return {Draw: f"you have already drawn your {words.count(draws, 'card')} "
                      "this turn",
                Defend: "no battle is under way", Reward: "no battle is under way"}[kind]
    handler = _WHY.get(kind)
    return handler(g, p, action) if handler is not None else None


def _not_in_hand(g: Villages, p: int, card: str) -> str | None:
    if card not in g.cards:
        return f"there is no card {card!r} in this deck"
    if card not in g.hands[p]:
        return f"the {card} is not in your hand"
    return None


def _join_reason(g: Villages, villages: dict[str, list[str]], card: str, village: str,
                 whose: str) -> str | None:
    if village not in villages:
        return f"{whose} no {village} village"
    kind = g.cards.kind_of[card]
    if kind == "unit":
        if not g.cards.fits(card, village):
            colour = "/".join(g.cards.colours_of[card])
            return (f"{words.a(colour)} unit joins only {words.a(colour)} village, not "
                    f"{words.a(village)} one")
        return None
    animals, buildings = supports(g, villages[village])
    if kind == "animal" and not animals:
        return f"animals need a Farmer in the village: that {village} village has none"
    if kind == "building" and not buildings:
        return f"buildings need a Builder in the village: that {village} village has none"
    return None


def _why_draw(g: Villages, p: int, a: Draw) -> str | None:
    if a.source not in ("deck", "discard"):
        return f"draw from 'deck' or 'discard', not {a.source!r}"
    if a.source == "deck" and not g.deck:
        return "the deck is empty: draw from the discard pile"
    if a.source == "discard" and not g.discard:
        return "the discard pile is empty: draw from the deck"
    return None


def _why_build(g: Villages, p: int, a: Build | BuildAs) -> str | None:
    limit = builds_per_turn(g.location)
    if limit == 0 and g.location is not None:
        return f"no new village may be built this round (the {g.location.name})"
    if g.built_n >= limit:
        return f"you may build only {words.count(limit, 'new village')} per turn"
    trio = (a.first, a.second, a.third)
    for c in trio:
        reason = _not_in_hand(g, p, c)
        if reason:
            return reason
    if len(set(trio)) < SET_SIZE:
        return "a new village needs 3 different cards"
    if any(g.cards.kind_of[c] != "unit" for c in trio):
        return ("grey cards (animals and buildings) never count toward the 3 units of a new "
                "village; add them once it stands")
    if g.cards.plain:
        colours = {g.cards.colour_of[c] for c in trio}
        if len(colours) > 1:
            return "a village is 3 or more units of the same colour"
        colour = colours.pop()
    else:
        found = g.cards.founds(trio)
        if all(c in g.cards.wild_ids for c in trio):
            return "Light units are wild, but they never found a village on their own"
        if not found:
            return "a village is 3 or more units of the same colour (Light units fit any)"
        if type(a) is BuildAs:
            if a.village not in found:
                return (f"these units found {words.a(' or '.join(found))} village, not "
                        f"{words.a(a.village)} one")
            if len(found) == 1:
                return "these units found only one colour: use Build, not BuildAs"
            colour = a.village
        elif len(found) > 1:
            return (f"these units could found {words.a(' or '.join(found))} village: say which "
                    "with BuildAs")
        else:
            colour = found[0]
    if type(a) is BuildAs and g.cards.plain:
        return "BuildAs is for units that could found more than one colour; use Build"
    if colour in g.villages[p]:
        return f"you already have {words.a(colour)} village: add the units to it instead (Add)"
    if list(trio) != sorted(trio, key=g.order.__getitem__):
        return "name the three units in card order, as the legal actions list them"
    return None


def _why_add(g: Villages, p: int, a: Add) -> str | None:
    return _not_in_hand(g, p, a.card) or _join_reason(g, g.villages[p], a.card, a.village,
                                                      "you have")


def _why_give(g: Villages, p: int, a: Give) -> str | None:
    gifts = gifts_per_turn(g.location)
    if g.given >= gifts:
        if gifts == 0 and g.location is not None:
            return f"nobody may give cards this round (the {g.location.name})"
        return f"you may give at most {words.count(gifts, 'card')} per turn"
    if not isinstance(a.seat, int) or not 0 <= a.seat < g.n:
        return f"seat must be from 0 to {g.n - 1}"
    if a.seat == p:
        return "gifts go to other players' villages; add to your own with Add"
    return _not_in_hand(g, p, a.card) or _join_reason(
        g, g.villages[a.seat], a.card, a.village, f"{g.player_name(a.seat)} has")


def _why_discard(g: Villages, p: int, a: Discard) -> str | None:
    if g.acted:
        return "you have already taken this turn's one action (discard 1 card or attack)"
    return _not_in_hand(g, p, a.card)


def _why_attack(g: Villages, p: int, a: Attack) -> str | None:
    if g.acted:
        return "you have already taken this turn's one action (discard 1 card or attack)"
    if not isinstance(a.seat, int) or not 0 <= a.seat < g.n:
        return f"seat must be from 0 to {g.n - 1}"
    if a.seat == p:
        return "you cannot attack your own village"
    village = g.villages[a.seat].get(a.village)
    if village is None:
        return f"{g.player_name(a.seat)} has no {a.village} village"
    if all(g.cards.kind_of[c] == "building" for c in village):
        return "that village has no unit or animal to fight for (buildings cannot be taken)"
    if a.unit not in g.cards:
        return f"there is no card {a.unit!r} in this deck"
    if g.cards.kind_of[a.unit] != "unit":
        return "only units fight: animals and buildings cannot attack"
    if a.source == HAND:
        return _not_in_hand(g, p, a.unit)
    if a.unit not in g.villages[p].get(a.source, ()):
        return (f"the {a.unit} is not in {words.a(a.source)} village of yours (send a unit "
                "from one of your villages, or hire one from your hand with source='hand')")
    return None


def _why_defend(g: Villages, p: int, a: Defend) -> str | None:
    b = g.battle
    assert b is not None
    if a.unit not in g.cards or g.cards.kind_of[a.unit] != "unit":
        return "only units fight: defend with a unit"
    if a.source == HAND:
        return _not_in_hand(g, p, a.unit)
    village = g.villages[p].get(a.source)
    if village is None or a.unit not in village:
        return f"the {a.unit} is not in {words.a(a.source)} village of yours"
    if a.source != b.village and not g.cards[a.unit].archer:
        return ("only an Archer may defend from a village that is not under attack; other "
                f"units come from the {b.village} village or from your hand")
    return None


def _why_reward(g: Villages, p: int, a: Reward) -> str | None:
    b = g.battle
    assert b is not None
    if a.choice not in REWARDS:
        return f"the reward is one of {', '.join(REWARDS)}, not {a.choice!r}"
    if a.choice in ("destroy", "kidnap"):
        if b.defender is None:
            return "there is no defending unit: kidnap a unit or animal of the village"
        if a.card != b.defender:
            return f"{a.choice} names the defending unit, the {b.defender}"
        return None
    village = g.villages[b.seat].get(b.village, [])
    if a.card not in village:
        return f"the {a.card} is not in the attacked {b.village} village"
    if g.cards.kind_of[a.card] == "building":
        return "buildings can never be kidnapped"
    if a.card == b.defender:
        return "to take the defending unit, choose kidnap"
    return None


def _why_end(g: Villages, p: int, a: EndTurn) -> str | None:
    if not g.acted:
        return "you must take one action before ending your turn: discard 1 card or attack"
    return None


# (each takes its own kind of action: the table's values take any, by their key)
_WHY: dict[type[Action], Callable[[Villages, int, Any], str | None]] = {
    Draw: _why_draw, Build: _why_build, BuildAs: _why_build, Add: _why_add, Give: _why_give,
    Discard: _why_discard, Attack: _why_attack, Defend: _why_defend, Reward: _why_reward,
    EndTurn: _why_end}
