"""What the solo mode and the Kickstarter expansions add to Villagers' base rules.

The base rule modules import neither `solo/` nor `expansions/`. Each of those registers,
when its package is imported (`village_games.villagers` imports both), the functions it
adds at each moment of a game (`SoloHooks` and `ExpansionHooks` declare each with its
type, so a type checker checks both the base's calls and the modes' functions), its own
action kinds and its own phases; the base calls `SOLO.<hook>` or `EXPANSIONS.<hook>`,
and only in a game of that mode (`g.solo` or `g.ext` set), except for the setup checks,
which every new game asks. A new expansion fills in its table; the base stays as it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import CODEC

if TYPE_CHECKING:  # (types only: the base imports no mode at run time)
    from ..core.actions import Action
    from .cards import CardSet
    from .choices import Choices, Product
    from .expansions.state import ExpansionState
    from .game import Villagers
    from .player import PlayerState
    from .solo.events import EventSet, EventSpec
    from .solo.state import SoloState
    from .state_io import _Reader
    from .views import ExpansionsView, SoloView

__all__ = ["EXPANSIONS", "EXPANSION_HOOKS", "NEXT_TEXT", "PHASES", "RULES", "SOLO",
           "SPECIAL_PARTS", "SOLO_HOOKS", "ExpansionHooks", "Hooks", "PartsMaker", "Rule",
           "SoloHooks", "add_phases", "add_rules"]


class Hooks:
    """One mode's hooks, by name: each mode's subclass declares them with their types (so
    every call the base makes, and every hook a mode registers, is checked); a mode fills
    them in when its package is imported, one assignment per hook or `register(table)`.
    A hook asked before its mode registered says which import is missing; a name that is
    no hook of the mode is refused."""

    def __init__(self, mode: str, names: Iterable[str]) -> None:
        self._mode = mode
        self._names = frozenset(names)

    def register(self, table: Mapping[str, object]) -> None:
        unknown = sorted(set(table) - self._names)
        if unknown:
            raise ValueError(f"the {self._mode} mode has no hook {', '.join(unknown)}; "
                             f"hooks: {', '.join(sorted(self._names))}")
        self.__dict__.update(table)

    def __setattr__(self, name: str, value: object) -> None:
        if not name.startswith("_"):
            self.register({name: value})
        else:
            object.__setattr__(self, name, value)

    if not TYPE_CHECKING:  # (so that a type checker refuses a name that is no hook)
        def __getattr__(self, name: str) -> object:  # (a name not registered reaches here)
            if name.startswith("_"):
                raise AttributeError(name)
            raise RuntimeError(f"the {self._mode} mode has not registered {name!r}: import "
                               f"village_games.villagers, which registers every mode")


class SoloHooks(Hooks):
    """The moments the solo mode adds to (one line each: who calls it)."""

    # setup (game.new): the checked solo mode for this many players, or None
    # (mode, players, expansions, events: the options as given)
    check: Callable[[object, int, object, object], str | None]
    # setup: the event deck a solo game plays with
    events: Callable[[EventSpec], EventSet]
    # setup: the card set with the Countess's own cards
    with_countess: Callable[[CardSet], CardSet]
    # setup: cards per stack in a solo game
    stack_size: int
    # setup: the Countess's starting Gold by mode
    countess_gold: Mapping[str, int]
    # setup: deals the events and readies her village (game, mode, events)
    set_up: Callable[[Villagers, str, EventSet], None]
    # setup, tables, audit: the villager cards a solo game deals from
    solo_deck: Callable[[CardSet], list[str]]
    # protocol (game): the solo mode's own phases
    phases: tuple[str, ...]
    # protocol: solo action kinds offered outside the solo phases (the Jester)
    extra: tuple[type[Action], ...]
    # protocol: the legal list in a solo phase
    choices: Callable[[Villagers], Choices]
    # protocol: a base phase's legal list with the Jester added
    with_jester: Callable[[Villagers, Choices], Choices]
    # protocol: why a solo action is refused
    why_not: Callable[[Villagers, Action], str | None]
    # draft, flow: an event's toll at the start of a phase (game, effect, the phase it
    # interrupts; True: wait for it)
    start_toll: Callable[[Villagers, str, str], bool]
    # draft: what a solo draft turn does after the draft (game, drafted from the Road;
    # True: it waits)
    after_draft: Callable[[Villagers, bool], bool]
    # flow: the Build Phase's solo start (the Countess's choice)
    start_build_phase: Callable[[Villagers], None]
    # flow: the round's end in solo (the events)
    start_event_phase: Callable[[Villagers], None]
    # views: the solo part of an observation (game, every card shown)
    view: Callable[[Villagers, bool], SoloView]
    # saves (state_io): the Countess's row apart from the seats' rows (options, rows ->
    # the seats' rows, hers)
    saved_rows: Callable[[dict[str, Any], list[dict[str, Any]]],
                         tuple[list[dict[str, Any]], dict[str, Any] | None]]
    # saves: the solo mode and events a save names (options, players, expansions)
    read_saved: Callable[[dict[str, Any], int, tuple[str, ...]],
                         tuple[str | None, EventSet | None]]
    # saves: the Countess's village and Gold, read (reader, her row, mode)
    countess_row: Callable[[_Reader, dict[str, Any] | None, str], PlayerState]
    # saves: the solo state, read (game, mode, events, the saved part)
    state_from_dict: Callable[[Villagers, str, EventSet | None, object], SoloState]
    # saves: the solo state's Road slots to deal again, against the Road read
    check_refill: Callable[[Villagers], None]
    # saves: what a saved solo phase waits on is there (an event, a choice)
    check_waiting: Callable[[Villagers], None]
    # saves (saved_draft): where a solo phase stands in the Draft Phase
    draft_moment: Callable[[Villagers], str]
    # views (determinize): the event decks' hidden order dealt again
    reshuffle_events: Callable[[Villagers, random.Random], None]
    # build, padlocks: an event's value while it is in force, else None (game, effect)
    in_force: Callable[[Villagers, str], int | None]
    # build: a villager given to the Countess (Serfdom)
    give: Callable[[Villagers, str], None]


class ExpansionHooks(Hooks):
    """The moments the Kickstarter expansions add to (one line each: who calls it)."""

    # setup (game.new): the checked expansion names for this many players (the option
    # as given, players)
    check: Callable[[object, int], tuple[str, ...]]
    # setup: the card set with the chosen expansions' cards
    with_expansions: Callable[[CardSet, tuple[str, ...]], CardSet]
    # setup: the expansions' state and decks
    set_up: Callable[[Villagers, tuple[str, ...]], None]
    # protocol (game): the Courier's action kinds
    courier_types: tuple[type[Action], ...]
    # protocol: the legal list in the Courier's moment
    courier_choices: Callable[[Villagers], Choices]
    # protocol: why a Courier action is refused
    why_not_courier: Callable[[Villagers, Action], str | None]
    # protocol: the hidden offer of the Courier's moment (game, seat)
    pass_moment: Callable[[Villagers, int], Action | None]
    # protocol: the phases of a pending choice (pick, reward)
    pending_phases: tuple[str, ...]
    # protocol: the legal list of a pending choice
    pending_choices: Callable[[Villagers], Choices]
    # protocol: why a pending choice is refused
    why_not_pending: Callable[[Villagers, Action], str | None]
    # protocol: a draft legal list with the expansions' draft plays (game, seat, list)
    draft_extras: Callable[[Villagers, int, Choices], Choices]
    # protocol: an expansion's draft play?
    is_draft_extra: Callable[[Action], bool]
    # protocol: why an expansion's draft play is refused (game, seat, action)
    why_not_draft_extra: Callable[[Villagers, int, Action], str | None]
    # protocol: an expansion's build play?
    is_build_extra: Callable[[Action], bool]
    # protocol: why an expansion's build play is refused (game, seat, action)
    why_not_build_extra: Callable[[Villagers, int, Action], str | None]
    # build: the expansions' plays on a Build Phase turn (game, seat)
    build_extras: Callable[[Villagers, int], Sequence[Product]]
    # build: the effects that act when their card is placed
    placed_effects: frozenset[str]
    # draft: the Courier's moment before a draft turn
    open_moment: Callable[[Villagers], None]
    # draft, flow: a Development's bonus to a seat (game, seat, "food" or "builders")
    dev_bonus: Callable[[Villagers, int, str], int]
    # flow: Bronze scored at the end of a seat's turn (Profiteers)
    score_bronze: Callable[[Villagers, int], None]
    # flow: the Development Phase at a round's end
    development_phase: Callable[[Villagers], None]
    # market: the Nun's Silver (Saints) (game, seat, Silver by slot)
    nun_value: Callable[[Villagers, int, dict[int, int]], int]
    # table notes: an expansion Special's own action kind -> its effect
    plays: Mapping[type[Action], str]
    # views: the expansions' part of an observation (game, viewer, every card shown)
    view: Callable[[Villagers, int | None, bool], ExpansionsView]
    # views: who acts, as a seat may see it (the Courier's moment is secret)
    seen_to_act: Callable[[Villagers, int | None, bool], list[int]]
    # views (determinize): the Courier's moment closed for a seat not in it
    hide_moment: Callable[[Villagers, int], None]
    # views (determinize): the hand a seat looks through (Noble)
    seen_hand: Callable[[Villagers, int], int | None]
    # views (determinize): dealt-one-per-player cards left in the box
    boxed_cards: Callable[[Villagers], list[str]]
    # views (determinize): which of those stayed in the box, dealt again (game, the
    # unknown cards, rng -> the unknown cards left to deal)
    rebox: Callable[[Villagers, list[str], random.Random], list[str]]
    # saves (state_io): the expansions' state, read (names, players, the saved part)
    state_from_dict: Callable[[tuple[str, ...], int, dict[str, Any]], ExpansionState]
    # saves: a saved Courier's moment that can be open
    check_moment: Callable[[Villagers], None]
    # saves: the Developments a save names
    check_developments: Callable[[ExpansionState], None]
    # saves: Developments dealt to a scenario that names none
    deal_developments: Callable[[Villagers], list[str]]


# The moments a mode may add to, by name (each class above says who calls each)
SOLO_HOOKS = tuple(SoloHooks.__annotations__)
EXPANSION_HOOKS = tuple(ExpansionHooks.__annotations__)
SOLO = SoloHooks("solo", SOLO_HOOKS)
EXPANSIONS = ExpansionHooks("expansions", EXPANSION_HOOKS)

# What every mode adds to the game's dispatch: game.RULES, game.NEXT_TEXT and the phases
# a save may be in are these tables, with the base game's entries put in by game.py
# What applies one kind of action: (game, seat, the action). Each is registered for its
# own kinds and takes those (`_place_coin(g, seat, action: PlaceCoin)`), so the action is
# typed by the function, not here.
Rule = Callable[["Villagers", int, Any], None]
# What makes a Special's Build Phase plays: (game, seat, effect, the hand's names once
# each, what each unlocker may be paid with) -> the parts of the legal list
PartsMaker = Callable[["Villagers", int, str, tuple[str, ...],
                       dict[str, tuple[str | None, ...]]], Sequence["Product"]]
RULES: dict[type[Action], Rule] = {}
NEXT_TEXT: dict[str, str] = {}
PHASES: list[str] = []
# A Special's effect -> what makes its Build Phase plays (build.py puts in the base's)
SPECIAL_PARTS: dict[str, PartsMaker] = {}


def add_rules(rules: Mapping[type[Action], Rule]) -> None:
    """A mode's action kinds and what applies each (also readable from saves and links)."""
    RULES.update(rules)
    CODEC.add(*rules)


def add_phases(next_text: dict[str, str]) -> None:
    """A mode's phases, each with its 'who acts next' line."""
    PHASES.extend(p for p in next_text if p not in PHASES)
    NEXT_TEXT.update(next_text)
