"""What the Kickstarter expansions add to the base rules, moment by moment: registered
once, when `village_games.villagers` imports this module (modes.py lists the moments)."""

from __future__ import annotations

from ..modes import EXPANSIONS, SPECIAL_PARTS, add_phases, add_rules
from . import check_expansions
from .actions import BUILD_TYPES, COURIER_TYPES, DRAFT_TYPES, PENDING_TYPES
from .bronze import score_bronze
from .courier import (
    apply_courier,
    check_moment,
    courier_choices,
    hide_moment,
    open_moment,
    pass_moment,
    seen_to_act,
    why_not_courier,
)
from .deck import with_expansions
from .developments import bonus, check_developments, deal_developments, development_phase
from .saints import nun_value
from .setup import set_up
from .state import ExpansionState
from .turns import (
    BUILD_SPECIALS,
    PENDING_PHASES,
    PLACED_EFFECTS,
    PLAYS,
    apply_build_extra,
    apply_draft_extra,
    apply_pending,
    build_extras,
    draft_extras,
    is_build_extra,
    is_draft_extra,
    pending_choices,
    why_not_build_extra,
    why_not_draft_extra,
    why_not_pending,
)
from .views import boxed_cards, expansion_view, rebox, seen_hand

__all__: list[str] = []

EXPANSIONS.register({
    # setup
    "check": check_expansions, "with_expansions": with_expansions, "set_up": set_up,
    # the protocol: the Courier's moment, pending choices, the extra plays of each phase
    "courier_types": COURIER_TYPES, "courier_choices": courier_choices,
    "why_not_courier": why_not_courier, "pass_moment": pass_moment,
    "pending_phases": PENDING_PHASES, "pending_choices": pending_choices,
    "why_not_pending": why_not_pending,
    "draft_extras": draft_extras, "is_draft_extra": is_draft_extra,
    "why_not_draft_extra": why_not_draft_extra,
    "is_build_extra": is_build_extra, "why_not_build_extra": why_not_build_extra,
    # the Draft Phase
    "open_moment": open_moment, "dev_bonus": bonus,
    # the Build Phase
    "build_extras": build_extras, "placed_effects": PLACED_EFFECTS,
    # a turn's end, a round's end, the Markets
    "score_bronze": score_bronze, "development_phase": development_phase,
    "nun_value": nun_value,
    # what a seat sees, and the worlds a search bot deals for it
    "plays": PLAYS, "view": expansion_view, "seen_to_act": seen_to_act,
    "hide_moment": hide_moment, "seen_hand": seen_hand, "boxed_cards": boxed_cards,
    "rebox": rebox,
    # saves: reading the expansions' state
    "state_from_dict": ExpansionState.from_dict, "check_moment": check_moment,
    "check_developments": check_developments, "deal_developments": deal_developments,
})
SPECIAL_PARTS.update(BUILD_SPECIALS)
add_phases({"pick": "{} chooses a card.", "reward": "{} chooses a Development reward."})


# each expansion action kind -> what applies it (game.RULES)
add_rules({
    **dict.fromkeys(DRAFT_TYPES, apply_draft_extra),
    **dict.fromkeys(BUILD_TYPES, apply_build_extra),
    **dict.fromkeys(PENDING_TYPES, apply_pending),
    **dict.fromkeys(COURIER_TYPES, apply_courier),
})
