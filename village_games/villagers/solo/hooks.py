"""What the solo mode adds to the base rules, moment by moment: registered once, when
`village_games.villagers` imports this module (modes.py lists the moments)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modes import SOLO, add_phases, add_rules
from . import check_solo, set_up
from .actions import SOLO_ACTIONS, PlayJester
from .countess import STACK_SIZE, START_GOLD, give, solo_deck, with_countess
from .events import resolve_events
from .phases import (
    NEXT_TEXT,
    SOLO_PHASES,
    after_draft,
    apply,
    in_force,
    legal,
    start_build_phase,
    start_event_phase,
    start_toll,
    why_not,
    with_jester,
)
from .saved_phase import check_waiting
from .state_io import check_refill, countess_row, draft_moment, read_solo, solo_rows, solo_state
from .views import reshuffle_events, solo_view

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..game import Villagers

__all__: list[str] = []

# (one assignment per hook: a type checker holds each to its type in `SoloHooks`)
# setup
SOLO.check = check_solo
SOLO.events = resolve_events
SOLO.with_countess = with_countess
SOLO.stack_size = STACK_SIZE
SOLO.countess_gold = START_GOLD
SOLO.set_up = set_up
SOLO.solo_deck = solo_deck
# the protocol: the solo phases, and the Jester offered outside them
SOLO.phases = SOLO_PHASES
SOLO.extra = (PlayJester,)
SOLO.choices = legal
SOLO.with_jester = with_jester
SOLO.why_not = why_not
# the Draft Phase
SOLO.start_toll = start_toll
SOLO.after_draft = after_draft
# the Build Phase: its start, the events in force, Serfdom's gift
SOLO.start_build_phase = start_build_phase
SOLO.in_force = in_force
SOLO.give = give
# a round's end
SOLO.start_event_phase = start_event_phase
# what the player sees, and the worlds a search bot deals
SOLO.view = solo_view
SOLO.reshuffle_events = reshuffle_events
# saves: reading the Countess's row and the solo state
SOLO.saved_rows = solo_rows
SOLO.read_saved = read_solo
SOLO.countess_row = countess_row
SOLO.state_from_dict = solo_state
SOLO.check_refill = check_refill
SOLO.draft_moment = draft_moment
SOLO.check_waiting = check_waiting
add_phases(NEXT_TEXT)


def _apply(g: Villagers, seat: int, action: Action) -> None:
    apply(g, action)


add_rules(dict.fromkeys(SOLO_ACTIONS, _apply))  # every solo action kind (game.RULES)
