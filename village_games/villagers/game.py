"""The Villagers game object: setup, the protocol, and dispatch to the rules modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.decks import no_file_paths
from ..core.events import Event, event
from ..core.game import Game
from ..core.info import check_names
from ..core.outcome import Outcome
from ..core.rng import Rng, game_seed
from .actions import (
    CODEC,
    AgentReads,
    Build,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    PlaceCoin,
    PlaceMonk,
    PlaySmuggler,
    PlayTinner,
    TakeBasic,
    UseApprentice,
)
from .build import apply_basic, apply_build, build_choices, why_not_build
from .cards import CardSet, DeckSpec, resolve_deck
from .choices import Choices, Product
from .draft import apply_draft, draft_choices, start_draft, why_not_draft
from .flow import after_coin, end_draft, end_turn
from .market import agent_choices, apply_agent, why_not_agent
from .modes import EXPANSIONS, SOLO, Rule, add_phases
from .modes import NEXT_TEXT as NEXT_TEXT
from .modes import PHASES as PHASES
from .modes import RULES as RULES
from .options import (
    CARDS_PER_STACK_PER_PLAYER,
    COINS_IN_BOX,
    HAND_SIZE,
    INFO,
    ROAD_SLOTS,
    STACKS,
    START_GOLD,
    check_players,
)
from .piles import Pile
from .player import PlayerState
from .road import place_coin
from .specials import apply_apprentice, apply_monk, apply_smuggler, apply_tinner
from .tables import Tables, tables_for
from .village import Slot

if TYPE_CHECKING:  # (types only: nothing of the modes is imported at run time)
    from .expansions.state import ExpansionState
    from .solo.events import EventSpec
    from .solo.state import SoloState
    from .views import VillagersObservation

__all__ = ["Villagers"]

BASE_VERSION, SOLO_VERSION = 1, 2
# The phases and their 'who acts next' lines: the base game's, then what each mode adds
# when it registers (modes.add_phases); "over" has no line, as nobody acts
PHASES[:0] = [p for p in ("draft", "road", "build", "agent", "over") if p not in PHASES]
add_phases({"draft": "{} drafts next.", "road": "{} may put 1 Gold on the Road.",
            "build": "{} builds next.", "agent": "{} chooses what the Agent reads."})


class Villagers(Game["VillagersObservation"]):
    info = INFO
    # Save formats: 1 for a 2-5 player game (unchanged), 2 for a solo game (the Countess's
    # row and the event decks), which a program that knows only format 1 must refuse.
    version = SOLO_VERSION
    readable_versions = (BASE_VERSION,)
    codec = CODEC

    # The state a move reads and writes lives in slots, not in the instance's dict: a slot
    # is a quicker attribute to read and write (about 6 ns against 10 for a dict of some
    # 40 names), and a decision touches dozens. `clone` copies each of them by name (and
    # `copy_record` the core's).
    __slots__ = ("n", "rng", "players", "road", "road_coins", "stacks", "reserve", "discard",
                 "discard_known", "basics", "bank", "round", "phase", "first", "turn",
                 "coin_queue", "limit", "used", "returns", "tinner", "cover", "markets",
                 "agent_queue", "agent_reads", "final_winners", "result", "tiebreak", "ext",
                 "solo", "cards", "tables", "order", "suit_of", "all_seats")

    # state, set by new(), from_dict() and clone()
    n: int
    rng: Rng
    players: list[PlayerState]
    road: list[str | None]
    road_coins: list[int]
    stacks: list[Pile]
    reserve: Pile
    discard: list[str]
    discard_known: list[int]
    basics: dict[str, int]
    bank: int
    round: int
    phase: str
    first: int
    turn: int
    coin_queue: list[int]
    limit: int
    used: int
    returns: int
    tinner: bool
    cover: int | None
    markets: int
    agent_queue: list[list[int]]
    agent_reads: list[list]
    final_winners: list[int]
    result: str
    tiebreak: str
    ext: ExpansionState | None  # the Kickstarter expansions' state (None: base game)
    solo: SoloState | None  # the solo mode's state (None: 2-5 players)

    def __init__(self, cards: CardSet) -> None:  # use new_game() or from_dict()
        super().__init__()
        self.cards = cards  # the deck in play: bots and renderers read card facts here
        self.ext = None
        self.solo = None
        self.version = BASE_VERSION  # (a solo game's is SOLO_VERSION)
        self.tables: Tables = tables_for(cards)
        self.order = self.tables.order
        self.suit_of = self.tables.suit_of

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, names: list[str] | None = None,
            deck: DeckSpec = None, expansions: Any = None, solo_mode: str | None = None,
            events: EventSpec = None) -> Villagers:
        n = check_players(players)
        mode = SOLO.check(solo_mode, n, expansions, events)
        chosen = EXPANSIONS.check(expansions, n)
        base = resolve_deck(deck)
        cards = EXPANSIONS.with_expansions(base, chosen)
        if mode is not None:
            event_set = SOLO.events(events)
            cards = SOLO.with_countess(cards)
        check_names(names, n)
        seed = game_seed(seed)
        if mode is not None:
            pool, per = list(tables_for(cards).solo_deck()), SOLO.stack_size
        else:
            pool = list(tables_for(cards).deck(n, chosen))
            per = CARDS_PER_STACK_PER_PLAYER * n
        if len(pool) < STACKS * per + HAND_SIZE * n:
            raise ValueError(f"the deck {cards.name!r} has {len(pool)} villager cards for "
                             f"{n} players; setup needs {STACKS * per + HAND_SIZE * n}")
        g = cls(cards)
        g.seed = seed
        g.options = {"players": n}
        if mode is not None:
            g.version = SOLO_VERSION
        if names is not None:
            g.options["names"] = list(names)
        if not cards.is_standard:
            g.options["deck"] = cards.saved_form()
        if chosen:
            g.options["expansions"] = list(chosen)
        if mode is not None:
            g.options["solo_mode"] = mode
            if not event_set.is_standard:
                g.options["events"] = event_set.saved_form()
        g.ext = None
        g.set_table(n)
        g.rng = Rng(seed)
        g.rng.shuffle(pool)
        g.stacks = [Pile(pool[j * per:(j + 1) * per]) for j in range(STACKS)]
        dealt = pool[STACKS * per:]
        g.reserve = Pile(dealt[HAND_SIZE * n:])
        founders = g.tables.founders
        g.players = []
        for i in range(n):
            p = PlayerState(g.player_name(i), START_GOLD, [Slot(founders, founders)])
            p.hand_sec = sorted(dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE],
                                key=g.order.__getitem__)
            g.players.append(p)
        if mode is not None:  # her village and Supply: no hand, no Founders
            g.players.append(PlayerState("The Countess", SOLO.countess_gold[mode], [
                Slot("Countess", "Countess", flipped=mode == "beginner")]))
        g.road = list(g.tables.starting_road[:ROAD_SLOTS])
        g.road += [None] * (ROAD_SLOTS - len(g.road))
        g.road_coins = [0] * ROAD_SLOTS
        g.discard, g.discard_known = [], []
        g.basics = dict(g.tables.supply)
        g.bank = COINS_IN_BOX - sum(p.gold for p in g.players)
        g.round, g.first, g.turn = 1, 0, 0  # Reading: seat 0 holds the First Player card
        g.coin_queue = []
        g.limit = g.used = g.returns = 0
        g.tinner, g.cover = False, None
        g.markets = 0
        g.agent_queue, g.agent_reads = [], []
        g.final_winners, g.result, g.tiebreak = [], "", ""
        deck_note = "" if cards.is_standard else f" Deck: {cards.name}."
        g.log.append(event("setup", "A {}-player game begins: six stacks of {} cards, a "
                                    "Reserve of {}, Road: {}.{}",
                           {"players": n}, (n, per, len(g.reserve), ", ".join(
                               c for c in g.road if c), deck_note), chance=True))
        for i, p in enumerate(g.players[:n]):
            suits = ", ".join(g.suit_of[c] for c in p.hand_sec)
            g.log.append(event("deal", "{} is dealt 5 cards ({}).",
                               {"seat": i, "suits": [g.suit_of[c] for c in p.hand_sec],
                                "_cards": p.hand_sec[:]}, (p.name, suits),
                               "{} is dealt {}.", (p.name, ", ".join(p.hand_sec)), (i,),
                               chance=True))
        if chosen:
            EXPANSIONS.set_up(g, chosen)
        g.phase = "draft"
        with g.events_to_log():
            if mode is not None:
                SOLO.set_up(g, mode, event_set)
            start_draft(g)
        return g

    def end_draft(self) -> None:
        """The Draft Phase is over: the order of play (flow.py) goes on. (draft.py asks
        through the game, as flow.py imports draft.py to begin each round's draft.)"""
        end_draft(self)

    def set_table(self, n: int) -> None:
        self.n = n
        self.all_seats = (1 << n) - 1  # knowledge mask: every seat knows the card

    @property
    def num_players(self) -> int:
        return self.n

    # ------------------------------------------------------------ protocol
    def to_act(self) -> list[int]:
        if self.ext is not None and self.ext.courier is not None:
            return [self.ext.courier]  # the Courier's moment, before the drafter's turn
        return [] if self.phase == "over" else [self.turn]

    def may_act(self, player: int) -> bool:
        if self.ext is not None and self.ext.courier is not None:
            return player == self.ext.courier and type(player) is int
        return player == self.turn and type(player) is int and self.phase != "over"

    def choices(self, player: int) -> Sequence[Action]:
        ext = self.ext
        if ext is not None:  # (expansions are never played solo)
            if ext.courier is not None:
                return EXPANSIONS.courier_choices(self)  # (the Courier's moment)
            return EXT_LEGAL[self.phase](self, player)
        phase = self.phase
        maker = BASE_LEGAL.get(phase)
        solo = self.solo
        if maker is None:  # (a solo phase: the Jester included)
            return SOLO.choices(self)
        legal = maker(self, player)
        # (the Jester only while he is at hand: `with_jester`'s own first test)
        if solo is not None and solo.jester and phase != "agent":
            legal = SOLO.with_jester(self, legal)
        return legal

    def _why(self, player: int, action: Action) -> str | None:
        phase = self.phase
        ext = self.ext
        if ext is not None and (ext.courier is not None
                                or type(action) in EXPANSIONS.courier_types):
            return EXPANSIONS.why_not_courier(self, action)
        if self.solo is not None and (phase in SOLO.phases or type(action) in SOLO.extra):
            return SOLO.why_not(self, action)
        if phase == "draft":
            if ext is not None and EXPANSIONS.is_draft_extra(action):
                return EXPANSIONS.why_not_draft_extra(self, player, action)
            return why_not_draft(self, action)
        if ext is not None and phase in EXPANSIONS.pending_phases:
            return EXPANSIONS.why_not_pending(self, action)
        if phase == "build":
            if ext is not None and EXPANSIONS.is_build_extra(action):
                return EXPANSIONS.why_not_build_extra(self, player, action)
            return why_not_build(self, player, action)
        if phase == "road":
            if type(action) is not PlaceCoin:
                return ("the Road is being updated: put 1 Gold from the Bank on a face-up "
                        "villager (PlaceCoin(slot)) or none (PlaceCoin(None))")
            slot = action.slot
            if slot is not None and (not 0 <= slot < ROAD_SLOTS or self.road[slot] is None):
                return f"Road slot {slot} holds no face-up villager"
            return None
        return why_not_agent(self, action)

    def why_illegal(self, player: int, action: Action) -> str:
        return self._why(player, action) or "that is not a legal choice here"

    def turn_marker(self) -> tuple[str, int]:
        return (self.phase, self.turn)

    def next_event(self) -> Event:
        return event("next", NEXT_TEXT[self.phase], {"seat": self.turn},
                     (self.player_name(self.turn),))

    def _apply(self, player: int, action: Action) -> None:
        # each kind of action is offered in one phase only, so a legal action's kind says
        # what to do
        RULES[type(action)](self, player, action)

    def hidden_offer(self, player: int) -> Action | None:
        if self.ext is None:
            return None
        return EXPANSIONS.pass_moment(self, player)  # the Courier is asked in secret

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        # the Countess (players[1] of a solo game) is no seat: her Gold is in the outcome's words
        return [float(p.gold) for p in self.players[:self.n]]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(tuple(self.final_winners), tuple(self.scores()), self.result, self.tiebreak)

    def audit(self) -> list[str]:
        from .audit import audit

        return audit(self)

    # ------------------------------------------------------------ copies and views
    def clone(self, keep_log: bool = True) -> Villagers:
        g = Villagers.__new__(Villagers)
        g.__dict__.update(self.__dict__)  # (the few names not in slots: seed, options, ...)
        g.n, g.bank, g.round, g.phase = self.n, self.bank, self.round, self.phase
        g.first, g.turn, g.limit, g.used, g.returns = (self.first, self.turn, self.limit,
                                                       self.used, self.returns)
        g.tinner, g.cover, g.markets = self.tinner, self.cover, self.markets
        g.result, g.tiebreak, g.ext, g.solo = self.result, self.tiebreak, self.ext, self.solo
        g.cards, g.tables, g.order, g.suit_of = self.cards, self.tables, self.order, self.suit_of
        g.all_seats = self.all_seats
        g.players = [p.copy() for p in self.players]
        g.road = self.road[:]
        g.road_coins = self.road_coins[:]
        g.stacks = [s.copy() for s in self.stacks]
        g.reserve = self.reserve.copy()
        g.discard = self.discard[:]
        g.discard_known = self.discard_known[:]
        g.basics = dict(self.basics)
        g.rng = Rng(self.rng.state)
        g.coin_queue = self.coin_queue[:]
        g.agent_queue = [q[:] for q in self.agent_queue]
        g.agent_reads = [r[:] for r in self.agent_reads]
        g.final_winners = self.final_winners[:]
        if self.ext is not None:
            g.ext = self.ext.copy()
        if self.solo is not None:
            g.solo = self.solo.copy()
        self.copy_record(g, keep_log)  # (the core's fields)
        return g

    def to_dict(self) -> dict[str, Any]:
        from .state_io import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Villagers:
        from .state_io import game_from_dict

        with no_file_paths():  # (a save is text anyone can write)
            return game_from_dict(cls, d)

    def observation(self, player: int | None) -> VillagersObservation:
        from .views import observe

        self.check_seat(player, public=True)
        return observe(self, player)

    def full_observation(self) -> VillagersObservation:
        from .views import observe

        return observe(self, None, everything=True)

    def determinize(self, observer: int, rng: random.Random) -> Villagers:
        from .views import determinize

        self.check_seat(observer)
        return determinize(self, observer, rng)


def _end_turn(g: Villagers, seat: int, action: Action) -> None:
    end_turn(g, seat)


def _play_tinner(g: Villagers, seat: int, action: Action) -> None:
    apply_tinner(g, seat)


def coin_choices(g: Villagers, seat: int) -> Choices:
    """Two players, after the draft: a coin on any face-up villager of the Road, or none."""
    slots = tuple([i for i, c in enumerate(g.road) if c is not None])
    legal = _COINS.get(slots)
    if legal is None:  # (made once per set of filled slots, as the draft's lists are)
        legal = _COINS[slots] = Choices.shared([Product(PlaceCoin, ((None, *slots),))])
    return legal


_COINS: dict[tuple[int, ...], Choices] = {}


def _place_coin(g: Villagers, seat: int, action: PlaceCoin) -> None:
    place_coin(g, seat, action.slot)
    after_coin(g)


# What `_apply` does with each kind of action in the base game (no expansions, not solo)
BASE_RULES: dict[type[Action], Rule] = {
    DraftRoad: apply_draft, DraftStack: apply_draft, DraftReserve: apply_draft,
    PlaceCoin: _place_coin, Build: apply_build, TakeBasic: apply_basic, EndTurn: _end_turn,
    PlaceMonk: apply_monk, UseApprentice: apply_apprentice, PlayTinner: _play_tinner,
    PlaySmuggler: apply_smuggler, AgentReads: apply_agent,
}
# The Build Phase's own actions (an expansion's are `apply_build_extra`'s)
BUILD_RULES: dict[type[Action], Rule] = {kind: BASE_RULES[kind] for kind in (
    Build, TakeBasic, EndTurn, PlaceMonk, UseApprentice, PlayTinner, PlaySmuggler)}

# What `legal_actions` makes in each phase without expansions (a solo game adds the Jester)
BASE_LEGAL: dict[str, Callable[[Villagers, int], Choices]] = {
    "draft": draft_choices, "build": build_choices, "road": coin_choices,
    "agent": agent_choices,
}


def _ext_draft_choices(g: Villagers, seat: int) -> Choices:
    return EXPANSIONS.draft_extras(g, seat, draft_choices(g))


def _pending_choices(g: Villagers, seat: int) -> Choices:
    return EXPANSIONS.pending_choices(g)


# What `legal_actions` makes in each phase with expansions, outside the Courier's moment
# (the general path of `legal_actions`, as a table: expansions are never played solo)
EXT_LEGAL: dict[str, Callable[[Villagers, int], Choices]] = {
    "draft": _ext_draft_choices, "build": build_choices, "road": coin_choices,
    "pick": _pending_choices, "reward": _pending_choices, "agent": agent_choices,
}

# What `_apply` does with each kind of legal action, in every mode: the base game's here,
# each mode's own added when it registers (modes.add_rules). As in the base game, each
# kind is offered in one phase only (the Courier's two only in his moment, the solo
# mode's own only in its phases, the Jester anywhere but always by the solo rules), so a
# legal action's kind says what to do
RULES.update(BASE_RULES)
