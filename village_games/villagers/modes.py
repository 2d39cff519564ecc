"""What the solo mode and the Kickstarter expansions add to Villagers' base rules.

The base rule modules import neither `solo/` nor `expansions/`. Each of those registers,
when its package is imported (`village_games.villagers` imports both), a table of the
functions it adds at each moment of a game (see `SOLO_HOOKS` and `EXPANSION_HOOKS`), its
own action kinds and its own phases; the base calls `SOLO.<hook>` or `EXPANSIONS.<hook>`,
and only in a game of that mode (`g.solo` or `g.ext` set), except for the setup checks,
which every new game asks. A new expansion fills in its table; the base stays as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import CODEC

__all__ = ["EXPANSIONS", "EXPANSION_HOOKS", "NEXT_TEXT", "PHASES", "RULES", "SOLO",
           "SPECIAL_PARTS",
           "SOLO_HOOKS", "Hooks", "add_phases", "add_rules"]

# The moments a mode may add to, by the name the base calls (one line each: who calls it)
SOLO_HOOKS = {
    "check": "setup (game.new): the checked solo mode for this many players, or None",
    "events": "setup: the event deck a solo game plays with",
    "with_countess": "setup: the card set with the Countess's own cards",
    "stack_size": "setup: cards per stack in a solo game",
    "countess_gold": "setup: the Countess's starting Gold by mode",
    "set_up": "setup: deals the events and readies her village",
    "solo_deck": "setup, tables, audit: the villager cards a solo game deals from",
    "phases": "protocol (game): the solo mode's own phases",
    "extra": "protocol: solo action kinds offered outside the solo phases (the Jester)",
    "choices": "protocol: the legal list in a solo phase",
    "with_jester": "protocol: a base phase's legal list with the Jester added",
    "why_not": "protocol: why a solo action is refused",
    "start_toll": "draft, flow: an event's toll at the start of a phase (True: wait for it)",
    "after_draft": "draft: what a solo draft turn does after the draft (True: it waits)",
    "start_build_phase": "flow: the Build Phase's solo start (the Countess's choice)",
    "start_event_phase": "flow: the round's end in solo (the events)",
    "view": "views: the solo part of an observation",
    "saved_rows": "saves (state_io): the Countess's row apart from the seats' rows",
    "read_saved": "saves: the solo mode and events a save names",
    "countess_row": "saves: the Countess's village and Gold, read",
    "state_from_dict": "saves: the solo state, read",
    "check_refill": "saves: the solo state's Road slots to deal again, against the Road read",
    "check_waiting": "saves: what a saved solo phase waits on is there (an event, a choice)",
    "draft_moment": "saves (saved_draft): where a solo phase stands in the Draft Phase",
    "reshuffle_events": "views (determinize): the event decks' hidden order dealt again",
    "in_force": "build, padlocks: an event's value while it is in force, else None",
    "give": "build: a villager given to the Countess (Serfdom)",
}
EXPANSION_HOOKS = {
    "check": "setup (game.new): the checked expansion names for this many players",
    "with_expansions": "setup: the card set with the chosen expansions' cards",
    "set_up": "setup: the expansions' state and decks",
    "courier_types": "protocol (game): the Courier's action kinds",
    "courier_choices": "protocol: the legal list in the Courier's moment",
    "why_not_courier": "protocol: why a Courier action is refused",
    "pass_moment": "protocol: the hidden offer of the Courier's moment",
    "pending_phases": "protocol: the phases of a pending choice (pick, reward)",
    "pending_choices": "protocol: the legal list of a pending choice",
    "why_not_pending": "protocol: why a pending choice is refused",
    "draft_extras": "protocol: a draft legal list with the expansions' draft plays",
    "is_draft_extra": "protocol: an expansion's draft play?",
    "why_not_draft_extra": "protocol: why an expansion's draft play is refused",
    "is_build_extra": "protocol: an expansion's build play?",
    "why_not_build_extra": "protocol: why an expansion's build play is refused",
    "build_extras": "build: the expansions' plays on a Build Phase turn",
    "placed_effects": "build: the effects that act when their card is placed",
    "open_moment": "draft: the Courier's moment before a draft turn",
    "dev_bonus": "draft, flow: a Development's bonus to a seat (food, builders)",
    "score_bronze": "flow: Bronze scored at the end of a seat's turn (Profiteers)",
    "development_phase": "flow: the Development Phase at a round's end",
    "nun_value": "market: the Nun's Silver (Saints)",
    "plays": "table notes: an expansion Special's own action kind -> its effect",
    "view": "views: the expansions' part of an observation",
    "seen_to_act": "views: who acts, as a seat may see it (the Courier's moment is secret)",
    "hide_moment": "views (determinize): the Courier's moment closed for a seat not in it",
    "seen_hand": "views (determinize): the hand a seat looks through (Noble)",
    "boxed_cards": "views (determinize): dealt-one-per-player cards left in the box",
    "rebox": "views (determinize): which of those stayed in the box, dealt again",
    "state_from_dict": "saves (state_io): the expansions' state, read",
    "check_moment": "saves: a saved Courier's moment that can be open",
    "check_developments": "saves: the Developments a save names",
    "deal_developments": "saves: Developments dealt to a scenario that names none",
}


class Hooks:
    """One mode's hooks, by name: filled by `register`; a hook asked before its mode
    registered says which import is missing."""

    def __init__(self, mode: str, names: Iterable[str]) -> None:
        self._mode = mode
        self._names = frozenset(names)

    def register(self, table: dict[str, Any]) -> None:
        unknown = sorted(set(table) - self._names)
        if unknown:
            raise ValueError(f"the {self._mode} mode has no hook {', '.join(unknown)}; "
                             f"hooks: {', '.join(sorted(self._names))}")
        self.__dict__.update(table)

    def __getattr__(self, name: str) -> Any:  # (only a name not registered reaches here)
        if name.startswith("_"):
            raise AttributeError(name)
        raise RuntimeError(f"the {self._mode} mode has not registered {name!r}: import "
                           f"village_games.villagers, which registers every mode")


SOLO = Hooks("solo", SOLO_HOOKS)
EXPANSIONS = Hooks("expansions", EXPANSION_HOOKS)

# What every mode adds to the game's dispatch: game.RULES, game.NEXT_TEXT and the phases
# a save may be in are these tables, with the base game's entries put in by game.py
RULES: dict[type, Callable[[Any, int, Any], None]] = {}
NEXT_TEXT: dict[str, str] = {}
PHASES: list[str] = []
# A Special's effect -> what makes its Build Phase plays (build.py puts in the base's)
SPECIAL_PARTS: dict[str, Callable[..., Any]] = {}


def add_rules(rules: dict[type, Callable[[Any, int, Any], None]]) -> None:
    """A mode's action kinds and what applies each (also readable from saves and links)."""
    RULES.update(rules)
    CODEC.add(*rules)


def add_phases(next_text: dict[str, str]) -> None:
    """A mode's phases, each with its 'who acts next' line."""
    PHASES.extend(p for p in next_text if p not in PHASES)
    NEXT_TEXT.update(next_text)
