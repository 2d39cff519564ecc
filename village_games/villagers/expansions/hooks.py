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

# (one assignment per hook: a type checker holds each to its type in `ExpansionHooks`)
# setup
EXPANSIONS.check = check_expansions
EXPANSIONS.with_expansions = with_expansions
EXPANSIONS.set_up = set_up
# the protocol: the Courier's moment, pending choices, the extra plays of each phase
EXPANSIONS.courier_types = COURIER_TYPES
EXPANSIONS.courier_choices = courier_choices
EXPANSIONS.why_not_courier = why_not_courier
EXPANSIONS.pass_moment = pass_moment
EXPANSIONS.pending_phases = PENDING_PHASES
EXPANSIONS.pending_choices = pending_choices
EXPANSIONS.why_not_pending = why_not_pending
EXPANSIONS.draft_extras = draft_extras
EXPANSIONS.is_draft_extra = is_draft_extra
EXPANSIONS.why_not_draft_extra = why_not_draft_extra
EXPANSIONS.is_build_extra = is_build_extra
EXPANSIONS.why_not_build_extra = why_not_build_extra
# the Draft Phase
EXPANSIONS.open_moment = open_moment
EXPANSIONS.dev_bonus = bonus
# the Build Phase
EXPANSIONS.build_extras = build_extras
EXPANSIONS.placed_effects = PLACED_EFFECTS
# a turn's end, a round's end, the Markets
EXPANSIONS.score_bronze = score_bronze
EXPANSIONS.development_phase = development_phase
EXPANSIONS.nun_value = nun_value
# what a seat sees, and the worlds a search bot deals for it
EXPANSIONS.plays = PLAYS
EXPANSIONS.view = expansion_view
EXPANSIONS.seen_to_act = seen_to_act
EXPANSIONS.hide_moment = hide_moment
EXPANSIONS.seen_hand = seen_hand
EXPANSIONS.boxed_cards = boxed_cards
EXPANSIONS.rebox = rebox
# saves: reading the expansions' state
EXPANSIONS.state_from_dict = ExpansionState.from_dict
EXPANSIONS.check_moment = check_moment
EXPANSIONS.check_developments = check_developments
EXPANSIONS.deal_developments = deal_developments
SPECIAL_PARTS.update(BUILD_SPECIALS)
add_phases({"pick": "{} chooses a card.", "reward": "{} chooses a Development reward."})


# each expansion action kind -> what applies it (game.RULES)
add_rules({
    **dict.fromkeys(DRAFT_TYPES, apply_draft_extra),
    **dict.fromkeys(BUILD_TYPES, apply_build_extra),
    **dict.fromkeys(PENDING_TYPES, apply_pending),
    **dict.fromkeys(COURIER_TYPES, apply_courier),
})
