"""Where the expansions join the game's turns: their extra legal actions in the Draft and
Build Phases, the reasons an action is refused, and carrying one out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Build
from ..choices import Choices, Product
from ..hands import in_hand
from .actions import (
    BUILD_TYPES,
    DRAFT_TYPES,
    PayFreelancer,
    PickBronze,
    PlayBarbarian,
    PlayBenefactor,
    PlayFlaker,
    PlayNoble,
    PlayPigeoneer,
    PlayProphet,
    PlaySchemer,
    PlaySheriff,
    Recruit,
    TakeCard,
    ThiefSteals,
)
from .bronze import apply_pick, why_not_pick
from .freelancer import apply_freelancer, why_not_freelancer
from .freelancer import choices_at_start as freelancer_start
from .pending import (
    apply_reward,
    apply_take,
    reward_choices,
    why_not_reward,
)
from .pending import pick_choices as card_choices
from .pending import why_not_pick as why_not_take
from .saints import (
    apply_benefactor,
    apply_pigeoneer,
    apply_prophet,
    apply_recruit,
    benefactor_choices,
    prophet_choices,
    why_not_benefactor,
    why_not_pigeoneer,
    why_not_prophet,
    why_not_recruit,
)
from .scoundrels import (
    apply_barbarian,
    apply_flaker,
    apply_noble,
    apply_schemer,
    apply_sheriff,
    apply_thief,
    flaker_choices,
    noble_targets,
    schemer_choices,
    sheriff_choices,
    thief_choices,
    why_not_barbarian,
    why_not_flaker,
    why_not_noble,
    why_not_schemer,
    why_not_sheriff,
    why_not_thief,
)

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..game import Villagers

PENDING_PHASES = ("pick", "reward")
# the Special villagers that are built into a village like any villager (no action of
# their own): they work from there
# Reading: built like any villager (one build action), standing alone
PLACED_EFFECTS = frozenset({"nun", "recruiter", "thief", "freelancer"})
# which card each expansion action plays from hand
PLAYS = {PlayBenefactor: "benefactor", PlayProphet: "prophet", PlayBarbarian: "barbarian",
         PlayFlaker: "flaker", PlayPigeoneer: "pigeoneer", PlayNoble: "noble",
         PlaySchemer: "schemer", PlaySheriff: "sheriff"}
NEW_CHAIN: tuple[None] = (None,)


def _holds(g: Villagers, seat: int, effect: str) -> bool:
    name = g.tables.by_effect.get(effect)
    return name is not None and in_hand(g, seat, name)


# ------------------------------------------------------------------ Draft Phase
# (the Specials played from hand in the Draft Phase: `tables.DRAFT_EFFECTS`; a deck's cards
# with these effects: `Tables.draft_specials`)
RECRUIT = Product(Recruit, ())
BARBARIAN = Product(PlayBarbarian, ())


def draft_extras(g: Villagers, seat: int, legal: Choices) -> Choices:
    """The draft's legal list plus the Draft Phase Specials `seat` can play now."""
    e = g.ext
    if e is None or not ("saints" in e.names or "scoundrels" in e.names):  # (`e.has`)
        return legal
    # Reading: Draft Phase Specials are played on your own draft turn, before its draft
    p = g.players[seat]
    tables = g.tables
    held = tables.draft_specials
    summary = p._summary or p.summary(g.cards)  # (the method only when there is none yet)
    recruiter = tables.by_effect.get("recruiter") in summary.by_card
    pub, sec = p.hand_pub, p.hand_sec
    if held.isdisjoint(pub) and held.isdisjoint(sec):
        # (the usual case, every draft decision: no Draft Phase card in hand, found
        # without building the set of the hand's effects)
        if not recruiter:
            return legal
        effects: set[str | None] = set()
    else:
        effects = set(map(tables.effect.get, held.intersection(pub + sec)))
    parts = list(legal.parts)
    n = legal._n
    # (`why_not_recruit(g, seat) is None`, written out: the Recruiter is in the village)
    if recruiter and not e.recruited and p.gold >= 1 and p.draft_limit - len(p.square) >= 2:
        parts.append(RECRUIT)
        n += 1
    if effects:
        more: list[Product] = []
        if "benefactor" in effects:
            more += benefactor_choices(g, seat)
        if "prophet" in effects:
            more += prophet_choices(g)
        if "barbarian" in effects and why_not_barbarian(g) is None:
            more.append(BARBARIAN)
        if "flaker" in effects:
            more += flaker_choices(g, seat)
        for part in more:  # (each non-empty)
            n += part._n
        parts += more
    return Choices.of(parts, n) if n > legal._n else legal


def why_not_draft_extra(g: Villagers, seat: int, action: Action) -> str | None:
    kind = type(action)
    if type(action) is Recruit:
        return why_not_recruit(g, seat)
    effect = PLAYS[kind]
    if not _holds(g, seat, effect):
        return f"you have no {g.tables.by_effect.get(effect, effect.title())} in hand"
    if type(action) is PlayBenefactor:
        return why_not_benefactor(g, seat, action)
    if type(action) is PlayProphet:
        return why_not_prophet(g, action)
    if type(action) is PlayBarbarian:
        return why_not_barbarian(g)
    assert type(action) is PlayFlaker  # (the last Draft Phase extra)
    return why_not_flaker(g, seat, action)


def apply_draft_extra(g: Villagers, seat: int, action: Action) -> None:
    if type(action) is Recruit:
        apply_recruit(g, seat)
    elif type(action) is PlayBenefactor:
        apply_benefactor(g, seat, action)
    elif type(action) is PlayProphet:
        apply_prophet(g, seat, action)
    elif type(action) is PlayBarbarian:
        apply_barbarian(g, seat)
    else:
        assert type(action) is PlayFlaker  # (the last Draft Phase extra)
        apply_flaker(g, seat, action)


# ------------------------------------------------------------------ Build Phase
NO_PARTS: tuple[Product, ...] = ()


# (each below: what an expansion Special in hand may do in the Build Phase, called with
# the Build Phase list's distinct hand and padlock options found so far, which these
# Specials do not read)
def _placed(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
            paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    if g.used >= g.limit:
        return []
    made = g.tables.placed_parts.get(effect)  # (made once per deck)
    if made is None:
        name = g.tables.by_effect[effect]
        made = g.tables.placed_parts[effect] = [Product(Build, ((name,), NEW_CHAIN,
                                                                 NEW_CHAIN))]
    return made[:]  # (a fresh list: the caller may keep it)


def _pigeoneer(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
               paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    return [Product(PlayPigeoneer, ())] if why_not_pigeoneer(g) is None else []


def _noble(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
           paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    return [Product(PlayNoble, (noble_targets(g, seat),))]


def _schemer(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
             paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    return schemer_choices(g, seat)


def _sheriff(g: Villagers, seat: int, effect: str, hand: tuple[str, ...],
             paid: dict[str, tuple[str | None, ...]]) -> list[Product]:
    return sheriff_choices(g)


# effect -> its Build Phase parts maker (some parts may be empty). Absent: the Draft Phase
# Specials (`tables.DRAFT_EFFECTS`) and the Courier, which do nothing in the Build Phase,
# so the Build Phase list skips them without a call
BUILD_SPECIALS = {**dict.fromkeys(sorted(PLACED_EFFECTS), _placed), "pigeoneer": _pigeoneer,
                  "noble": _noble, "schemer": _schemer, "sheriff": _sheriff}


def build_extras(g: Villagers, seat: int) -> Sequence[Product]:
    """Build-turn actions that come from the village, not the hand (each part non-empty).

    Every build decision asks, and nearly always the answer is nothing: the tests that
    rule each part out are written out here, before any list is made."""
    e = g.ext
    assert e is not None
    p = g.players[seat]
    by_card = (p._summary or p.summary(g.cards)).by_card  # (the method only if none yet)
    names = e.names  # (`e.has`, written out)
    out: list[Product] | None = None
    if g.used == 0 and g.returns == 0 and not g.tinner and "profiteers" in names:
        out = freelancer_start(g, seat)  # (`freelancer._at_start`, written out)
    tables = g.tables
    if tables.village_extras.isdisjoint(by_card):
        return out or NO_PARTS  # (the usual case: no Bronze villager nor Thief in the village)
    if "profiteers" in names and e.bronze_round[seat] != g.round and e.bronze_pick is None:
        bronze = tables.bronze_set  # (`pick_choices`, written out)
        if not bronze.isdisjoint(by_card):
            village = p.village
            found = [k for name in bronze.intersection(by_card) for k in by_card[name]
                     if not village[k].kids]
            if len(found) > 1:  # (with one, there is nothing to choose)
                found.sort()
                if out is None:
                    out = []
                out.append(Product(PickBronze, (tuple(found),)))
    if "scoundrels" in names and by_card.get(tables.by_effect.get("thief", "")):
        thieves = thief_choices(g, seat)  # (asked only when a Thief is in the village)
        if thieves:
            out = thieves if out is None else out + thieves
    return out or NO_PARTS


def why_not_build_extra(g: Villagers, seat: int, action: Action) -> str | None:
    kind = type(action)
    if type(action) is PayFreelancer:
        return why_not_freelancer(g, seat, action)
    if type(action) is ThiefSteals:
        return why_not_thief(g, seat, action)
    if type(action) is PickBronze:
        return why_not_pick(g, seat, action)
    effect = PLAYS[kind]
    if not _holds(g, seat, effect):
        return f"you have no {g.tables.by_effect.get(effect, effect.title())} in hand"
    if type(action) is PlayPigeoneer:
        return why_not_pigeoneer(g)
    if type(action) is PlayNoble:
        return why_not_noble(g, seat, action)
    if type(action) is PlaySchemer:
        return why_not_schemer(g, seat, action)
    assert type(action) is PlaySheriff  # (the last Build Phase extra)
    return why_not_sheriff(g, action)


def apply_build_extra(g: Villagers, seat: int, action: Action) -> None:
    if type(action) is PayFreelancer:
        apply_freelancer(g, seat, action)
    elif type(action) is ThiefSteals:
        apply_thief(g, seat, action)
    elif type(action) is PickBronze:
        apply_pick(g, seat, action)
    elif type(action) is PlayPigeoneer:
        apply_pigeoneer(g, seat)
    elif type(action) is PlayNoble:
        apply_noble(g, seat, action)
    elif type(action) is PlaySchemer:
        apply_schemer(g, seat, action)
    else:
        assert type(action) is PlaySheriff  # (the last Build Phase extra)
        apply_sheriff(g, seat, action)


# ------------------------------------------------------------------ pending choices
def pending_choices(g: Villagers) -> Choices:
    return card_choices(g) if g.phase == "pick" else reward_choices(g)


def why_not_pending(g: Villagers, action: Action) -> str | None:
    return why_not_take(g, action) if g.phase == "pick" else why_not_reward(g, action)


def apply_pending(g: Villagers, seat: int, action: Action) -> None:
    if g.phase == "pick":
        assert type(action) is TakeCard  # (the only move of a pick)
        apply_take(g, seat, action)
    else:
        apply_reward(g, seat, action)


def is_draft_extra(action: Action) -> bool:
    return type(action) in DRAFT_TYPES


def is_build_extra(action: Action) -> bool:
    return type(action) in BUILD_TYPES
